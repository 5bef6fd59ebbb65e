/**
 * What the build's indexing step (scripts/index-search.ts) and the browser's search box and results
 * page share: the kinds of page a result can be, found from its route, and how Pagefind ranks.
 */

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
 * adds: every page's title again as `topic`, except an API operation's (a task phrase finds the
 * guide before the operation of the same words), and an operation's method and path as `endpoint`
 * and the names of its request fields as `fields`. pageLength 0 does not penalize a long page, so
 * that a catalog such as /api/errors is found by one of its codes; termFrequency 0.3 makes a term
 * repeated on a page count for less, so that the many mentions of "dispute case" on an operation
 * page do not outrank the page titled Dispute cases; termSimilarity 4 ranks a word matched whole
 * above a longer word it begins (payout for "pay"). The figures were chosen with, and any change
 * must pass, tests/e2e/search-relevance.spec.ts.
 */
export const searchRanking = {
  metaWeights: {title: 7, topic: 4, endpoint: 2.5, fields: 3},
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
  'a an and are as at be by can do does for from how i in into is it my of on or should the to what when where which with you your'.split(
    ' ',
  ),
);

/** The query Pagefind searches for: the reader's, without its stop words unless they are all it has. */
export function searchQuery(query: string): string {
  const words = query.trim().split(/\s+/);
  const kept = words.filter((word) => !stopWords.has(word.toLowerCase()));
  return (kept.length > 0 ? kept : words).join(' ');
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
