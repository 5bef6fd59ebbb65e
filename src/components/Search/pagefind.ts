/**
 * The browser's side of search: loads Pagefind's own script from /pagefind/ (written by
 * scripts/index-search.ts) the first time it is needed, corrects misspelled words from the index's
 * own words, and turns Pagefind's results into hits the search box and the results page render as text.
 */
import {
  correctQuery,
  excerptParts,
  preferProse,
  dropdownHits,
  searchQuery,
  searchRanking,
  wordsFile,
  type ExcerptPart,
  type SearchKind,
} from '@site/src/lib/search';
import {highlightUrl} from './highlight';

type SubResult = {title: string; url: string; excerpt: string; weighted_locations: {weight: number; balanced_score: number}[]};

type ResultData = {
  url: string;
  excerpt: string;
  meta: {title?: string; kind?: SearchKind; method?: string};
  sub_results: SubResult[];
};

type Pagefind = {
  options: (options: object) => Promise<void>;
  init: () => Promise<void>;
  filters: () => Promise<Record<string, Record<string, number>>>;
  search: (
    term: string,
    options?: {filters?: Record<string, string[]>},
  ) => Promise<{
    results: {id: string; score: number; data: () => Promise<ResultData>}[];
    /** Pages of each filter value among all the pages found, whatever the filter. */
    totalFilters: Record<string, Record<string, number>>;
  }>;
};

export type SearchHit = {
  id: string;
  /** The page, at the section that matched best, asking it to mark the words the excerpt marks (./highlight.ts). */
  url: string;
  title: string;
  /** The heading of that section, when it is not the page's title. */
  section?: string;
  excerpt: ExcerptPart[];
  kind?: SearchKind;
  method?: string;
};

export type SearchResults = {
  /** The reader's query with its misspelled words corrected, when the pages found are for it. */
  corrected?: string;
  /** Every page found, best first: `hits(from, to)` renders a slice of them. */
  total: number;
  hits: (from: number, to: number) => Promise<SearchHit[]>;
  /** How many of the pages found are of each kind (before the kind filter). */
  kinds: Partial<Record<SearchKind, number>>;
};

/** Pagefind's script, written after the site is bundled: fetched as is, never bundled by webpack. */
const pagefindScript = '/pagefind/pagefind.js';

/**
 * `load` made to run once per visit for each key: every caller shares its promise, and a failure is
 * forgotten, so that the next call tries again.
 */
function once<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const loading = new Map<string, Promise<T>>();
  return (key) => {
    let promise = loading.get(key);
    if (!promise) {
      promise = load(key);
      loading.set(key, promise);
      promise.catch(() => loading.delete(key));
    }
    return promise;
  };
}

const pagefindOnce = once(async () => {
  const pagefind = (await import(/* webpackIgnore: true */ pagefindScript)) as Pagefind;
  await pagefind.options({ranking: searchRanking});
  await pagefind.init();
  // Loads the filter index (a few hundred bytes), without which searches count no kinds.
  await pagefind.filters();
  return pagefind;
});

/** Loads Pagefind once per visit. */
export function loadPagefind(): Promise<Pagefind> {
  return pagefindOnce(pagefindScript);
}

/** The index's words that begin with a letter (src/lib/search.ts, wordsFile), fetched once per visit. */
const knownWords = once(async (letter) => {
  const response = await fetch(wordsFile(letter));
  if (!response.ok) throw new Error(`${wordsFile(letter)}: ${response.status}`);
  return (await response.json()) as string[];
});

function score(sub: SubResult): number {
  return sub.weighted_locations.reduce((sum, location) => sum + location.balanced_score, 0);
}

/** The words marked in an excerpt: what the article highlights when the reader opens it. */
function markedWords(excerpt: ExcerptPart[]): string[] {
  return [...new Set(excerpt.filter((part) => part.marked).flatMap((part) => part.text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []))];
}

function toHit(id: string, data: ResultData): SearchHit {
  const best = [...data.sub_results].sort((a, b) => score(b) - score(a))[0];
  const title = data.meta.title ?? data.url;
  const excerpt = excerptParts(best?.excerpt ?? data.excerpt);
  return {
    id,
    url: highlightUrl(best?.url ?? data.url, markedWords(excerpt)),
    title,
    section: best && best.title !== title ? best.title : undefined,
    excerpt,
    kind: data.meta.kind,
    method: data.meta.method,
  };
}

/**
 * Searches for `query`, only among pages of `kind` when it is given. A query with a misspelled word
 * searches for the corrected one instead, unless that finds nothing; a failure to load the words
 * only skips the correction. Among the best results, a page in words may come first (preferProse).
 */
export async function search(query: string, kind?: SearchKind): Promise<SearchResults> {
  const pagefind = await loadPagefind();
  const options = kind ? {filters: {kind: [kind]}} : {};
  const corrected = await correctQuery(query, knownWords).catch(() => undefined);
  const run = async (typed: string) => {
    const searched = searchQuery(typed);
    return {typed, searched, ...(await pagefind.search(searched, options))};
  };
  let found = corrected === undefined ? undefined : await run(corrected);
  if (!found || found.results.length === 0) found = await run(query);
  const {results, totalFilters} = found;
  // The best results are loaded at once (the box shows as many), to put a page in words first.
  const best = await Promise.all(
    results.slice(0, dropdownHits).map(async (result) => {
      const data = await result.data();
      return {hit: toHit(result.id, data), score: result.score, operation: data.meta.method !== undefined};
    }),
  );
  const ordered = preferProse(found.searched, best).map(({hit}) => hit);
  return {
    corrected: found.typed === query ? undefined : found.typed,
    total: results.length,
    hits: async (from, to) => [
      ...ordered.slice(from, to),
      ...(await Promise.all(results.slice(Math.max(from, dropdownHits), to).map(async (result) => toHit(result.id, await result.data())))),
    ],
    kinds: totalFilters.kind ?? {},
  };
}
