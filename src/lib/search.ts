/**
 * What the build's indexing step (scripts/index-search.ts) and the browser's search box and results
 * page share: the kinds of page a result can be, found from its route, how Pagefind ranks, and the
 * typo correction over the index's own words.
 */
import {operationVerbs} from './search-synonyms';

export const searchKinds = [
  {kind: 'Guide', prefix: '/guides/'},
  {kind: 'Concept', prefix: '/concepts/'},
  {kind: 'API reference', prefix: '/api/'},
  {kind: 'SDK', prefix: '/sdks/'},
  {kind: 'Plugin', prefix: '/plugins/'},
] as const;

export type SearchKind = (typeof searchKinds)[number]['kind'];

/** The kind of the page at a route, or undefined for a page search does not index (home, 404, /search). */
export function kindOfRoute(route: string): SearchKind | undefined {
  return searchKinds.find(({prefix}) => route.startsWith(prefix))?.kind;
}

/**
 * Pagefind's ranking options (https://pagefind.app/docs/ranking/), set in the browser before the
 * first search. Besides the page's title, it weighs the metadata that scripts/lib/search-pages.ts
 * adds:
 * - every page's title again as `topic`, except an API operation's (a task phrase finds the guide
 *   before the operation of the same words);
 * - the readers' words for its title as `aliases` (src/lib/search-synonyms.ts), weighed as the title;
 * - the phrases of its front matter's `keywords` as `keywords`, weighed as body text: they bring the
 *   words of a long question that the page never uses, and weighed more, their common words ("card",
 *   "hold") put the page before the one a short query names;
 * - a concept page's section headings as `sections`;
 * - an operation's method and path as `endpoint`, its operationId as `operation`, and the names of
 *   its request fields as `fields`, or as `changes` for an operation that replaces or changes (Create
 *   webhook before Update webhook).
 * pageLength 0 does not penalize a long page, so that a catalog such as /api/errors is found by one
 * of its codes; termFrequency 0.3 makes a term repeated on a page count for less, so that the many
 * mentions of "dispute case" on an operation page do not outrank the page titled Dispute cases;
 * termSimilarity 4 ranks a word matched whole above a longer word it begins (payout for "pay"). The
 * figures were chosen with, and any change must pass, tests/e2e/search-relevance.spec.ts.
 */
export const searchRanking = {
  metaWeights: {title: 7, topic: 4, aliases: 7, keywords: 1, sections: 2, endpoint: 2.5, operation: 1, fields: 2, changes: 1},
  pageLength: 0,
  termFrequency: 0.3,
  termSaturation: 1.6,
  termSimilarity: 4,
};

/**
 * Words that say nothing about what a reader looks for. Pagefind finds only pages holding every word
 * of a query, so a page that never says "how" or "to" would be missed for "how to refund"; they are
 * left out of a query unless it holds nothing else.
 */
const stopWords = new Set(
  'a about an and are as at be by can could did do does for from how i if in into is it my of on or should that the there this through to up was were what when where which will with would you your'.split(
    ' ',
  ),
);

/** The readers' verbs of operationVerbs, as lists of words, the longest first. */
const verbs = operationVerbs
  .flatMap(({readers, title}) => readers.map((reader) => ({words: reader.split(' '), title})))
  .sort((a, b) => b.words.length - a.words.length);

/**
 * The query Pagefind searches for: the reader's with a leading verb of another API in the words of
 * Plaza's reference (operationVerbs), then without its stop words unless they are all it has.
 */
export function searchQuery(query: string): string {
  let words = query.trim().split(/\s+/);
  const start = words.findIndex((word) => !stopWords.has(word.toLowerCase()));
  const verb = verbs.find((candidate) => candidate.words.every((word, index) => words[start + index]?.toLowerCase() === word));
  const after = words[start + (verb?.words.length ?? 0)]?.toLowerCase();
  // A verb alone is a word to find, not an operation, and so is a noun ("a list of events").
  if (verb && after !== undefined && after !== 'of') {
    words = [...words.slice(0, start), ...verb.title.split(' '), ...words.slice(start + verb.words.length)];
  }
  const kept = words.filter((word) => !stopWords.has(word.toLowerCase()));
  return (kept.length > 0 ? kept : words).join(' ');
}

/** The first words of the reference's operation titles that searchQuery puts first, and the HTTP methods. */
const apiVerbs = new Set([...operationVerbs.map(({title}) => title.split(' ')[0]), 'get', 'post', 'put', 'patch', 'delete']);

/**
 * Whether a query is put as the API puts it, rather than in words: an operation's verb first (as
 * searchQuery leaves it), a method, or a code, path or identifier (an underscore, a slash, camelCase).
 */
function apiShaped(query: string): boolean {
  return apiVerbs.has(query.split(' ')[0]?.toLowerCase() ?? '') || /[_/]|\p{Ll}\p{Lu}/u.test(query);
}

/** How many hits the navbar's box shows (the results page has the rest), and preferWholeTitle and preferProse order. */
export const dropdownHits = 8;

/** A text's words for comparing a title with a query: lowercased, stop words out, a plural's "s" off. */
function titleWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])
    .filter((word) => !stopWords.has(word))
    .map((word) => word.replace(/(?<=\w{3})s$/, ''));
}

/**
 * The best results with the first whose title the query says whole moved first, when it scores at
 * least half of the first: "update a payment" opens Update payment, not Update Google Pay payment
 * method, whose longer title Pagefind scores as high for the same two words. The title must also
 * be at least half of the query: "rotate a secret API key without downtime" holds the title API keys,
 * and asks more than it.
 */
export function preferWholeTitle<T extends {score: number; hit: {title: string}}>(query: string, best: T[]): T[] {
  const [first] = best;
  const asked = new Set(titleWords(query));
  return toFront(
    best,
    best.findIndex(({score, hit}) => {
      const words = titleWords(hit.title);
      return score >= (first?.score ?? 0) * 0.5 && words.length * 2 >= asked.size && words.every((word) => asked.has(word));
    }),
  );
}

/**
 * The best results (Pagefind's order, best first) with a page in words first when the query is in
 * words: a guide, concept, topic, SDK or plugin page that scores at least 25% of the reference page
 * above it (`operation`: an operation's, or a resource's that lists the operations of a tag) moves
 * before it. Pagefind weighs an operation's title as much as a guide's, and "seller accounts" would
 * open Get seller accounts before the concept that explains them.
 */
export function preferProse<T extends {score: number; operation: boolean}>(query: string, best: T[]): T[] {
  const [first] = best;
  if (!first?.operation || apiShaped(query)) return best;
  return toFront(
    best,
    best.findIndex((hit) => !hit.operation && hit.score >= first.score * 0.25),
  );
}

/** `best` with its entry at `index` moved first; as it is when `index` is 0 or -1 (none). */
function toFront<T>(best: T[], index: number): T[] {
  return index > 0 ? [best[index]!, ...best.filter((_, other) => other !== index)] : best;
}

/** A page a search found, with the score Pagefind gave it. */
export type ScoredPage = {id: string; score: number};

/**
 * What a word of a query that a page lacks costs it, as a factor of the scores of the words it
 * holds: a page that lacks a word comes before one that holds every word only when it holds the rest
 * far better (in its title, say, where the other says them in passing).
 */
export const missingWordCost = 0.25;

/**
 * How much of missingWordCost a word that every page holds is spared: lacking a word that many pages
 * hold ("plaza", "need", "money") says less about whether a page is the one a reader wants.
 */
export const commonWordRelief = 0.5;

/**
 * What lacking a word costs a page (a factor of its score), from the share of the pages that hold
 * the word: missingWordCost for a word few pages hold, rising in proportion to the share, to half
 * way to nothing (commonWordRelief) for a word on every page.
 */
export function lackingCost(share: number): number {
  return missingWordCost + (1 - missingWordCost) * commonWordRelief * share;
}

/**
 * The pages found for a query of several words, best first. `all` holds the pages that hold every
 * word (Pagefind's search of the whole query) and `each` the pages of each word searched alone, for
 * the words some page holds; `pages` is how many pages the index holds. Pagefind finds only pages
 * holding every word, so one word that the right page never uses ("how long can I hold funds before
 * capturing") would keep it out. Here a page that lacks words is found too, scored by the words it
 * holds (their scores added, as Pagefind adds them) times the cost of each word it lacks
 * (lackingCost), as long as those costs come to no less than lacking one rare word of three or four,
 * or two of five or more. A query of two words finds the pages of either word only when no page
 * holds both.
 */
export function relaxedRanking(all: ScoredPage[], each: ScoredPage[][], pages: number): ScoredPage[] {
  if (each.length < 3 && all.length > 0) return all;
  const floor = missingWordCost ** (each.length >= 5 ? 2 : 1);
  const found = new Set(all.map(({id}) => id));
  const partial = new Map<string, {score: number; held: Set<number>}>();
  for (const [word, wordPages] of each.entries()) {
    for (const {id, score} of wordPages) {
      if (found.has(id)) continue;
      const page = partial.get(id) ?? {score: 0, held: new Set<number>()};
      page.score += score;
      page.held.add(word);
      partial.set(id, page);
    }
  }
  const costs = each.map((wordPages) => lackingCost(wordPages.length / pages));
  const more = [...partial].flatMap(([id, {score, held}]) => {
    const cost = costs.reduce((product, wordCost, word) => (held.has(word) ? product : product * wordCost), 1);
    return cost >= floor ? [{id, score: score * cost}] : [];
  });
  // A stable sort: of equal scores, a page holding every word stays first.
  return [...all, ...more].sort((a, b) => b.score - a.score);
}

/** A piece of an excerpt: text, marked when it matched the query. */
export type ExcerptPart = {text: string; marked: boolean};

const entities: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'"};

/** Text escaped as HTML (as Pagefind's excerpts and the built pages hold it) as plain text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => entities[entity] ?? entity);
}

/**
 * Pagefind's excerpt (its text escaped as HTML, the matched words in <mark> elements) as pieces of
 * plain text to render as React text: nothing of it is ever inserted as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  excerpt.split(/(<mark>.*?<\/mark>)/s).forEach((piece) => {
    const marked = piece.startsWith('<mark>') && piece.endsWith('</mark>');
    const text = decodeEntities(marked ? piece.slice(6, -7) : piece);
    if (text !== '') parts.push({text, marked});
  });
  return parts;
}

/**
 * The words the typo correction knows in a text: runs of the letters a to z, three or more,
 * lowercased, from tokens without digits (an ID such as pay_3f9k gives none) split at underscores.
 */
export function plainWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])
    .filter((token) => !/\p{N}/u.test(token))
    .flatMap((token) => token.split('_'))
    .filter((word) => /^[a-z]{3,}$/.test(word));
}

/**
 * Where the indexing step writes the index's words that begin with `letter`, most frequent first:
 * one small file per letter, so that a query fetches only the letters its words begin with.
 */
export function wordsFile(letter: string): string {
  return `/pagefind/words/${letter}.json`;
}

/**
 * The edits (a letter added, dropped, changed, or two neighbours swapped) between two words, or
 * `max + 1` as soon as it is known to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let cost = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, (before[j - 2] ?? 0) + 1);
      row.push(cost);
    }
    if (Math.min(...row) > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * The word of the index that `word` was meant to be, from `known` (the index's words of its first
 * letter, most frequent first): the nearest within one edit, or two for a word of nine letters or
 * more, the more frequent of equals. Undefined when `word` is a word of the index or begins one (a
 * word still being typed), has fewer than four letters, or none is near enough.
 */
export function correctWord(word: string, known: string[]): string | undefined {
  if (word.length < 4 || known.some((candidate) => candidate.startsWith(word))) return undefined;
  const max = word.length >= 9 ? 2 : 1;
  let best: string | undefined;
  let distance = max + 1;
  for (const candidate of known) {
    const edits = editDistance(word, candidate, Math.min(max, distance - 1));
    if (edits < distance) {
      best = candidate;
      distance = edits;
    }
  }
  return best;
}

/**
 * The reader's query with each misspelled word replaced by the word of the index it was meant to
 * be (correctWord), or undefined when no word is misspelled. `known` gives the index's words that
 * begin with a letter. Only words of letters alone are corrected: a code, an ID or a path is not.
 */
export async function correctQuery(query: string, known: (letter: string) => Promise<string[]>): Promise<string | undefined> {
  const words = query.trim().split(/\s+/);
  const corrected = await Promise.all(
    words.map(async (word) => {
      const lower = word.toLowerCase();
      return /^[a-z]{4,}$/.test(lower) ? (correctWord(lower, await known(lower.charAt(0))) ?? word) : word;
    }),
  );
  return corrected.some((word, index) => word !== words[index]) ? corrected.join(' ') : undefined;
}
