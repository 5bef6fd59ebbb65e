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
 * adds: a guide's or concept's title again as `topic` (a task phrase finds the guide before the API
 * operation of the same words), and an API operation's method and path as `endpoint` and the
 * names of its request fields as `fields`.
 */
export const searchRanking = {
  metaWeights: {title: 5, topic: 3, endpoint: 1, fields: 1},
};

/** A piece of an excerpt: text, marked when it matched the query. */
export type ExcerptPart = {text: string; marked: boolean};

const entities: Record<string, string> = {'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'"};

/** Text escaped as HTML (as Pagefind's excerpts and the built pages hold it) as plain text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (entity) => entities[entity]);
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
