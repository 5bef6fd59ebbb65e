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
  /** The page, at the section that matched best. */
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

let loading: Promise<Pagefind> | undefined;

/** Loads Pagefind once per visit; the promise is shared by every caller. */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const pagefind = (await import(/* webpackIgnore: true */ pagefindScript)) as Pagefind;
    await pagefind.options({ranking: searchRanking});
    await pagefind.init();
    // Loads the filter index (a few hundred bytes), without which searches count no kinds.
    await pagefind.filters();
    return pagefind;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

function score(sub: SubResult): number {
  return sub.weighted_locations.reduce((sum, location) => sum + location.balanced_score, 0);
}

function toHit(id: string, data: ResultData): SearchHit {
  const best = [...data.sub_results].sort((a, b) => score(b) - score(a))[0];
  const title = data.meta.title ?? data.url;
  return {
    id,
    url: best?.url ?? data.url,
    title,
    section: best && best.title !== title ? best.title : undefined,
    excerpt: excerptParts(best?.excerpt ?? data.excerpt),
    kind: data.meta.kind,
    method: data.meta.method,
  };
}

const words = new Map<string, Promise<string[]>>();

/** The index's words that begin with `letter`, fetched once per visit. */
function knownWords(letter: string): Promise<string[]> {
  let loading = words.get(letter);
  if (!loading) {
    loading = fetch(wordsFile(letter)).then((response) => {
      if (!response.ok) throw new Error(`${wordsFile(letter)}: ${response.status}`);
      return response.json() as Promise<string[]>;
    });
    loading.catch(() => words.delete(letter));
    words.set(letter, loading);
  }
  return loading;
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
  const forCorrected =
    corrected === undefined ? undefined : {query: corrected, found: await pagefind.search(searchQuery(corrected), options)};
  const chosen =
    forCorrected && forCorrected.found.results.length > 0
      ? forCorrected
      : {query, found: await pagefind.search(searchQuery(query), options)};
  const {results, totalFilters} = chosen.found;
  // The best results are loaded at once (the box shows as many), to put a page in words first.
  const best = await Promise.all(
    results.slice(0, dropdownHits).map(async (result) => {
      const data = await result.data();
      return {hit: toHit(result.id, data), score: result.score, operation: data.meta.method !== undefined};
    }),
  );
  const ordered = preferProse(searchQuery(chosen.query), best).map(({hit}) => hit);
  return {
    corrected: chosen === forCorrected ? corrected : undefined,
    total: results.length,
    hits: async (from, to) => [
      ...ordered.slice(from, to),
      ...(await Promise.all(results.slice(Math.max(from, dropdownHits), to).map(async (result) => toHit(result.id, await result.data())))),
    ],
    kinds: totalFilters.kind ?? {},
  };
}

/** The words marked in a hit's excerpt: what the article highlights when the reader opens it. */
export function markedWords(hit: SearchHit): string[] {
  return [...new Set(hit.excerpt.filter((part) => part.marked).flatMap((part) => part.text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []))];
}
