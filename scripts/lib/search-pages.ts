/**
 * The copy of a built page that Pagefind indexes (scripts/index-search.ts): the shipped HTML is
 * never changed. Only the article of a doc page with a kind (src/lib/search.ts) is indexed, without
 * its heading links and the parts of an API operation page marked `data-pagefind-ignore` (header
 * parameters, response fields, samples: see src/plugins/api-pages); the copy carries the page's
 * kind as a filter and, on an API operation page, the facts the model gives of it (lib/api-render/search-facts.ts:
 * its method and path, its operationId and the names of its request fields) as metadata that the search matches and ranks (searchRanking); on
 * other pages, the codes their tables define, as fields.
 */
import escape from 'lodash/escape';
import {decodeEntities, kindOfRoute} from '../../src/lib/search';
import type {OperationFacts} from '../../lib/api-render/search-facts';

/** How much an operation's method and path count, on Pagefind's scale where an h1 weighs 7 and body text 1 (10 at most). */
const endpointWeight = 10;

const articleStart = '<div class="theme-doc-markdown markdown">';

/**
 * The codes a page's tables define: the tables whose first column is headed "Code" (the error
 * catalog's, Plaza.js's error codes, the ACH return codes), each row's first cell that is one code.
 * A page that defines a code ranks for it as an operation ranks for its request fields.
 */
export function codesDefined(html: string): string[] {
  const tables = [...html.matchAll(/<table><thead><tr><th>Code<th>[\s\S]*?<\/table>/g)].map(([table]) => table);
  const codes = tables.flatMap((table) =>
    [...table.matchAll(/<tr><td><code>([A-Za-z][A-Za-z0-9_]*)<\/code><td>/g)].map(([, code]) => code ?? ''),
  );
  return [...new Set(codes)];
}

/**
 * The HTML to index for the page at `route`, or undefined when search leaves the page out: a page
 * without a kind, or without a doc article (the generated category pages, which only list cards).
 */
export function pageToIndex(html: string, route: string, operation?: OperationFacts): string | undefined {
  const kind = kindOfRoute(route);
  if (!kind || !html.includes(articleStart)) return undefined;
  const title = decodeEntities(/<header><h1>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
  const facts: Record<string, string> = {
    kind,
    // Every page but an API operation repeats its title as its topic, which searchRanking weighs on
    // top of the title: a task phrase finds the guide before the operation of the same words.
    ...(operation
      ? {method: operation.method, endpoint: operation.endpoint, fields: operation.fields}
      : {topic: title, fields: codesDefined(html).join(' ')}),
  };
  const tags = Object.entries(facts)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `<span data-pagefind-meta="${key}:${escape(value)}"></span>`);
  tags.push(`<span data-pagefind-filter="kind:${escape(kind)}"></span>`);
  return (
    html
      .replace(articleStart, `<div class="theme-doc-markdown markdown" data-pagefind-body>${tags.join('')}`)
      // The minified HTML leaves out the closing tags of cells and items, and Pagefind would run their words together.
      .replace(/<(td|th|li|dt|dd|br)\b/g, ' <$1')
      .replace(
        '<p class=api-endpoint>',
        `${operation ? `<p>${escape(operation.operation)}</p>` : ''}<p class=api-endpoint data-pagefind-weight=${endpointWeight}>`,
      )
  );
}

/**
 * What Pagefind leaves out of the articles it indexes: the theme's heading links. (The parts of an
 * API operation page that search skips are marked where the page is written, src/plugins/api-pages.)
 */
export const excludedFromIndex = ['.hash-link', 'pre'];
