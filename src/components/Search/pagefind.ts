/**
 * The browser's side of search: loads Pagefind's own script from /pagefind/ (written by
 * scripts/index-search.ts) the first time it is needed, corrects misspelled words from the index's
 * own words, and turns Pagefind's results into hits the search box and the results page render as text.
 */
import {
  correctQuery,
  excerptParts,
  preferProse,
  preferWholeTitle,
  dropdownHits,
  relaxedRanking,
  searchKinds,
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
  meta: {title?: string; kind?: SearchKind; method?: string; reference?: string};
  sub_results: SubResult[];
};

type PagefindResult = {id: string; score: number; data: () => Promise<ResultData>};

type Pagefind = {
  options: (options: object) => Promise<void>;
  init: () => Promise<void>;
  /** A term of null finds every page of the filters. */
  search: (term: string | null, options?: {filters?: Record<string, string[]>}) => Promise<{results: PagefindResult[]}>;
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
  /** Whether some pages found lack a word of the query, or a word no page holds was left out of it (find). */
  partial: boolean;
  /** Every page found, best first: `hits(from, to)` renders a slice of them. */
  total: number;
  hits: (from: number, to: number) => Promise<SearchHit[]>;
  /**
   * How many of the pages found are of each kind (before the kind filter): the results page's
   * buttons. The box does not ask, and so does not fetch the kind filter.
   */
  kinds: () => Promise<Partial<Record<SearchKind, number>>>;
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

/**
 * Pagefind with its searches run one at a time. Searches run at once (the words of a query, or the
 * queries of a reader typing) ranked the same query differently from one run to the next.
 */
function oneAtATime(pagefind: Pagefind): Pagefind {
  let last: Promise<unknown> = Promise.resolve();
  return {
    ...pagefind,
    search: (term, options) => {
      const next = last.then(() => pagefind.search(term, options));
      last = next.catch(() => undefined);
      return next;
    },
  };
}

const pagefindOnce = once(async () => {
  const pagefind = (await import(/* webpackIgnore: true */ pagefindScript)) as Pagefind;
  await pagefind.options({ranking: searchRanking});
  await pagefind.init();
  return oneAtATime(pagefind);
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
 * The pages found for `searched` (a query as searchQuery makes it), best first: Pagefind's, and for
 * a query of three words or more those that lack some of its words (relaxedRanking; `indexed` is how
 * many pages the index holds). A word no page holds is left out of a query of several (a misspelling
 * the correction could not place).
 */
async function find(pagefind: Pagefind, searched: string, indexed: number): Promise<{results: PagefindResult[]; partial: boolean}> {
  const words = searched.split(' ');
  const whole = await pagefind.search(searched);
  if (words.length < 2) return {results: whole.results, partial: false};
  const each = [];
  for (const word of words) {
    const found = await pagefind.search(word);
    if (found.results.length > 0) each.push({word, ...found});
  }
  if (each.length === 0) return {results: whole.results, partial: false};
  const all = each.length === words.length ? whole : await pagefind.search(each.map(({word}) => word).join(' '));
  // A page keeps the result (and so the excerpt) of the whole query, else of the word that scored it best.
  const pages = new Map<string, PagefindResult>();
  for (const result of each.flatMap(({results}) => results)) {
    if (result.score > (pages.get(result.id)?.score ?? -1)) pages.set(result.id, result);
  }
  for (const result of all.results) pages.set(result.id, result);
  // Each ranked result keeps Pagefind's own object: its worker forgets a result's data once the
  // browser collects that object, so a copy that outlives it would load nothing.
  const results = relaxedRanking(
    all.results,
    each.map(({results}) => results),
    indexed,
  ).map(({id, score}) => {
    const result = pages.get(id)!;
    return {id, score, data: () => result.data()};
  });
  return {results, partial: each.length < words.length || results.length > all.results.length};
}

/**
 * The pages of each kind, found once per visit by Pagefind's filter alone (a few hundred bytes):
 * the kind filter and counts of the results, which hold pages that Pagefind's own filter counts
 * leave out (relaxedRanking).
 */
const pagesOfKind = once(async (kind) => {
  const pagefind = await loadPagefind();
  return new Set((await pagefind.search(null, {filters: {kind: [kind]}})).results.map(({id}) => id));
});

/**
 * How many pages the index holds, counted once per visit: a search for null without filters finds
 * every page, from Pagefind's metadata alone.
 */
const pagesIndexed = once(async () => (await (await loadPagefind()).search(null)).results.length);

/**
 * Searches for `query`, only among pages of `kind` when it is given. A query with a misspelled word
 * searches for the corrected one instead, unless that finds nothing; a failure to load the words
 * only skips the correction. Among the best results, a page whose title the query says whole
 * (preferWholeTitle), then a page in words (preferProse), may come first.
 */
export async function search(query: string, kind?: SearchKind): Promise<SearchResults> {
  const pagefind = await loadPagefind();
  const corrected = await correctQuery(query, knownWords).catch(() => undefined);
  const indexed = await pagesIndexed(pagefindScript);
  const run = async (typed: string) => {
    const searched = searchQuery(typed);
    return {typed, searched, found: await find(pagefind, searched, indexed)};
  };
  let attempt = corrected === undefined ? undefined : await run(corrected);
  if (!attempt || attempt.found.results.length === 0) attempt = await run(query);
  const {typed, searched} = attempt;
  const found = attempt.found.results;
  const shown = kind && (await pagesOfKind(kind));
  const results = shown ? found.filter(({id}) => shown.has(id)) : found;
  // The best results are loaded at once (the box shows as many), to order them by their titles and kinds.
  const best = await Promise.all(
    results.slice(0, dropdownHits).map(async (result) => {
      const data = await result.data();
      return {
        hit: toHit(result.id, data),
        score: result.score,
        operation: data.meta.method !== undefined || data.meta.reference !== undefined,
      };
    }),
  );
  const ordered = preferProse(searched, preferWholeTitle(searched, best)).map(({hit}) => hit);
  return {
    corrected: typed === query ? undefined : typed,
    partial: attempt.found.partial,
    total: results.length,
    hits: async (from, to) => [
      ...ordered.slice(from, to),
      ...(await Promise.all(results.slice(Math.max(from, dropdownHits), to).map(async (result) => toHit(result.id, await result.data())))),
    ],
    kinds: async () =>
      Object.fromEntries(
        await Promise.all(
          searchKinds.map(async (option) => {
            const pages = await pagesOfKind(option.kind);
            return [option.kind, found.filter(({id}) => pages.has(id)).length];
          }),
        ),
      ),
  };
}
