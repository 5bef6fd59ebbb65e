/**
 * The copy of a built page that Pagefind indexes (scripts/index-search.ts): the shipped HTML is
 * never changed. Only the article of a doc page with a kind (src/lib/search.ts) is indexed, without
 * its heading links and the parts of an API operation page marked `data-pagefind-ignore` (header
 * parameters, response fields, samples: see lib/api-render/operation-page.ts). The copy carries
 * metadata that the search matches and ranks (searchRanking):
 * - every page, the readers' words for the words of its title (src/lib/search-synonyms.ts) as `aliases`,
 *   and the phrases of its front matter's `keywords` (what readers type when the page is the answer,
 *   in words it may not use: "lost my API key") as `keywords`;
 * - an API operation page, the facts the model gives of it (lib/api-render/search-facts.ts): its
 *   method and path as `endpoint`, its operationId as `operation`, the names of its request fields
 *   as `fields` (`changes` for a PUT or PATCH). Its endpoint line is indexed at the end of its first
 *   section rather than under its title, so that an excerpt starts with the operation's own words;
 * - any other page of an API's reference (a resource's page, which lists the operations of a tag, or
 *   the API's introduction) `reference`, which the search reads as it reads an operation
 *   (preferProse), and no `topic`;
 * - any other page, its title again as `topic`, the codes its tables define as `fields`, and on a
 *   concept page the headings of its sections as `sections`.
 * It also gives the words of the indexed text to the typo correction (`indexedWords`).
 */
import escape from 'lodash/escape';
import {Parser} from 'htmlparser2';
import {decodeEntities, kindOfRoute, plainWords} from '../../src/lib/search';
import type {OperationFacts} from '../../lib/api-render/search-facts';
import {titleSynonyms} from '../../src/lib/search-synonyms';
import {apis} from '../../lib/api-model/specs';

/**
 * How much an operation's method and path count, on Pagefind's scale where an h1 weighs 7 and body
 * text 1: enough for "POST /v1/payments" to find Create payment, not so much that the excerpt of a
 * page found by its title moves from the title to the endpoint.
 */
const endpointWeight = 5;

const articleStart = '<div class="theme-doc-markdown markdown">';
/** Where the indexed part of the copy starts: the article's tag, marked as Pagefind's body, before its end. */
const indexedStart = '<div class="theme-doc-markdown markdown" data-pagefind-body';

/**
 * How much the article of a plugin page weighs, on Pagefind's scale where body text weighs 1 (its
 * title and topic are metadata, and weigh as any page's). A plugin page walks a store owner through
 * a platform's admin, and tells in passing of refunds, captures, test mode and payouts: its words
 * put it before the guide or concept of a task ("test mode and live mode keys", "dark mode card
 * fields"). Chosen on the tuning set of tests/e2e/search-relevance.spec.ts: 0.5, 0.3 and 0.2 put
 * 725, 726 and 725 of 828 queries first and 791, 792 and 792 in the top 3, against 724 and 789 at 1.
 */
const pluginTextWeight = 0.3;

/** A table of codes, as the build minifies it: its first column is headed "Code". */
const codeTable = /<table><thead><tr><th>Code<th>[\s\S]*?<\/table>/g;

/**
 * How much the cells after the code of each row of a table of codes weigh, on Pagefind's scale where
 * body text weighs 1. A catalog's causes and remedies name in passing the words of many tasks
 * ("register the domain again", "capture within 7 days"), and /api/errors came before the page of
 * the task a query names. The codes themselves are found as the page's `fields` (codesDefined).
 * Chosen on the tuning set of tests/e2e/search-relevance.spec.ts: 0.1, 0.3 and 0.6 put 609, 610 and 607
 * of 701 queries first, against 606 with no weight.
 */
const codeTableTextWeight = 0.3;

/**
 * The codes a page's tables define: the tables whose first column is headed "Code" (the error
 * catalog's, Plaza.js's error codes, the ACH return codes), each row's first cell that is one code.
 * A page that defines a code ranks for it as an operation ranks for its request fields.
 */
export function codesDefined(html: string): string[] {
  const tables = [...html.matchAll(codeTable)].map(([table]) => table);
  const codes = tables.flatMap((table) =>
    [...table.matchAll(/<tr><td><code>([A-Za-z][A-Za-z0-9_]*)<\/code><td>/g)].map(([, code]) => code ?? ''),
  );
  return [...new Set(codes)];
}

/** A word of a title as synonyms are matched: lowercase, without a plural's s. */
function titleWord(word: string): string {
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

const synonymEntries = titleSynonyms.map(({title, readers}) => ({words: title.split(' ').map(titleWord), readers}));

/**
 * The readers' words for a page's title (src/lib/search-synonyms.ts): those of every entry whose
 * words the title holds in a row.
 */
export function aliasesOf(title: string): string[] {
  const words = (title.match(/[\p{L}\p{N}]+/gu) ?? []).map(titleWord);
  const aliases = new Set<string>();
  words.forEach((_, at) => {
    for (const entry of synonymEntries) {
      if (entry.words.every((word, index) => words[at + index] === word)) entry.readers.forEach((reader) => aliases.add(reader));
    }
  });
  return [...aliases];
}

/**
 * The texts of a page's h2 and h3 headings, each followed by its hash link in the built HTML. A
 * concept page is organized by topic, so its headings name what it explains ("Available and
 * pending balance").
 */
function sectionHeadings(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>(.*?)<a /g)].map(([, heading]) => textOf(heading ?? ''));
}

/**
 * The phrases of a page's front matter `keywords`, which Docusaurus writes into the page's head as
 * one comma-separated meta tag.
 */
export function keywordsOf(html: string): string[] {
  // The minified HTML quotes an attribute's value only when it must.
  const [, quoted, bare] = /<meta [^>]*name="?keywords"?[^>]* content=(?:"([^"]*)"|([^\s>"]+))/.exec(html) ?? [];
  return decodeEntities(quoted ?? bare ?? '')
    .split(',')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

/** The text of a fragment of the built HTML, without its tags. */
function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<[^>]+>/g, ''));
}

/**
 * The route of a built page: the path of its canonical link. Its file does not say it, since
 * build/guides/x/index.html is /guides/x but build/sdks/index.html is /sdks/ (a folder's index page).
 */
export function routeOf(html: string): string | undefined {
  const href = /<link [^>]*\brel="?canonical"? href="?([^" >]+)/.exec(html)?.[1];
  return href === undefined ? undefined : new URL(href).pathname;
}

/**
 * The HTML to index for the page at `route`, or undefined when search leaves the page out: a page
 * without a kind, or without a doc article (the generated category pages, which only list cards).
 */
export function pageToIndex(html: string, route: string, operation?: OperationFacts): string | undefined {
  const kind = kindOfRoute(route);
  if (!kind || !html.includes(articleStart)) return undefined;
  const title = textOf(/<header><h1>(.*?)<\/h1>/s.exec(html)?.[1] ?? '');
  const facts: Record<string, string> = {
    kind,
    aliases: aliasesOf(title).join(' '),
    keywords: keywordsOf(html).join(' '),
    // Every page but an API operation repeats its title as its topic, which searchRanking weighs on
    // top of the title: a task phrase finds the guide before the operation of the same words. The
    // request fields of an operation that replaces or changes a resource weigh less than those of
    // one that creates it with them.
    ...(operation
      ? {
          method: operation.method,
          endpoint: operation.endpoint,
          operation: operation.operation,
          [/^(PUT|PATCH)$/.test(operation.method) ? 'changes' : 'fields']: operation.fields,
        }
      : apis.some((api) => route.startsWith(`${api.route}/`))
        ? // A resource's page or the introduction of an API's reference is reference, as an operation is.
          {reference: 'resource'}
        : {topic: title, fields: codesDefined(html).join(' '), sections: kind === 'Concept' ? sectionHeadings(html).join(' ') : ''}),
  };
  const tags = Object.entries(facts)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `<span data-pagefind-meta="${key}:${escape(value)}"></span>`);
  tags.push(`<span data-pagefind-filter="kind:${escape(kind)}"></span>`);
  return (
    html
      .replace(articleStart, `${indexedStart}${kind === 'Plugin' ? ` data-pagefind-weight=${pluginTextWeight}` : ''}>${tags.join('')}`)
      // The cells after a code weigh less (codeTableTextWeight).
      .replace(codeTable, (table) => table.replace(/(?<!<tr>)<td>/g, `<td data-pagefind-weight=${codeTableTextWeight}>`))
      // Pagefind runs together the words of elements that touch: the minified HTML leaves out the
      // closing tags of cells, rows and items, and a field's name touches its "required" badge.
      .replace(/<(td|th|tr|li|dt|dd|br|p|div)\b/g, ' <$1')
      .replace(/(<\/[a-z][a-z0-9]*>)(?=<[a-z])/g, '$1 ')
      // The endpoint line under the title is indexed at the end of the page's first section instead
      // (before its first h2), so that the excerpt of a page found by its title starts with the
      // operation's own words, and a page found by its endpoint is linked at its top.
      .replace('<p class=api-endpoint>', '<p class=api-endpoint data-pagefind-ignore>')
      .replace(/<h2 |<\/div><\/article>/, (next) =>
        operation ? `<p data-pagefind-weight=${endpointWeight}>${escape(operation.endpoint)}</p>${next}` : next,
      )
      // The icons of the cards of a category page are no words.
      .replace(/[\u{1F4C4}\u{1F5C3}]\u{FE0F}?/gu, '')
  );
}

/**
 * What Pagefind leaves out of the articles it indexes: the theme's heading links. (The parts of an
 * API operation page that search skips are marked where the page is written, lib/api-render/operation-page.ts.)
 */
export const excludedFromIndex = ['.hash-link', 'pre'];

/**
 * Whether the typo correction leaves an element's words out: what Pagefind leaves out
 * (excludedFromIndex and `data-pagefind-ignore`), and code, which holds IDs and names rather than
 * words a reader misspells.
 */
function notWords(name: string, attributes: Record<string, string>): boolean {
  const classes = (attributes.class ?? '').split(' ');
  return (
    'data-pagefind-ignore' in attributes ||
    ['code', 'script', 'style'].includes(name) ||
    excludedFromIndex.some((selector) => (selector.startsWith('.') ? classes.includes(selector.slice(1)) : name === selector))
  );
}

/**
 * The words of the text and metadata that Pagefind indexes in `html` (a copy pageToIndex made), as
 * plainWords reads them: what the typo correction of the search knows (scripts/index-search.ts
 * writes them).
 */
export function indexedWords(html: string): Set<string> {
  let text = '';
  let skipped = 0;
  const open: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // Metadata is matched too: its value follows the name and a colon.
        const meta = attributes['data-pagefind-meta'];
        if (meta !== undefined) text += ` ${meta.slice(meta.indexOf(':') + 1)} `;
        const skip = notWords(name, attributes);
        open.push(skip);
        if (skip) skipped += 1;
        text += ' ';
      },
      ontext(chunk) {
        if (skipped === 0) text += chunk;
      },
      onclosetag() {
        if (open.pop()) skipped -= 1;
        text += ' ';
      },
    },
    {decodeEntities: true},
  );
  // Only the indexed article is read: the navbar and sidebar around it grow with the site.
  const start = html.indexOf(indexedStart);
  const end = html.indexOf('</article>', start);
  parser.end(start < 0 ? '' : html.slice(start, end < 0 ? undefined : end));
  return new Set(plainWords(text));
}
