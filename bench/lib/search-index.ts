/**
 * The search (Pagefind, written to build/pagefind/ by scripts/index-search.ts): its size on disk and
 * what a reader's browser downloads for it. Chromium opens the home page of the served build, types
 * a first query into the navbar's box (first use: Pagefind's script, worker, WebAssembly, metadata,
 * the index chunks and the fragments of the results shown) and then a second query (the chunks and
 * fragments it adds). Each file is sized as the server sends it compressed: Pagefind's index files
 * are gzip already and are counted as they are on disk; its script, worker and JSON as their
 * build file gzipped at level 9.
 */
import {chromium, type Page} from '@playwright/test';
import {readFileSync, statSync} from 'node:fs';
import {extname, join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {chromiumFlags, chromiumPath} from '../../scripts/lib/chromium';
import {serveBuild} from '../../scripts/lib/site-copy';
import {gzipBytes, treeStats} from './files';

export type Transfer = {bytes: number; files: number};

export type SearchIndex = {
  /** Pages Pagefind indexed. */
  pages: number;
  /** build/pagefind/ on disk. */
  diskBytes: number;
  diskFiles: number;
  /** The first query typed into the box, everything of the search included. */
  firstUse: Transfer;
  /** A second, different query right after. */
  secondQuery: Transfer;
  /** A third, misspelled, right after: what its correction adds. */
  misspelledQuery: Transfer;
};

export const benchQueries = ['refund a payment', 'POST /v1/payments', 'idempotancy keys'] as const;

/** No request in flight for this long: the search has fetched all it needs. */
const quietMs = 1000;
const timeoutMs = 120_000;

/** The bytes the server sends for a file of build/pagefind/. */
export function transferBytes(file: string): number {
  return ['.js', '.json'].includes(extname(file)) ? gzipBytes(file) : statSync(file).size;
}

/** Types `query` into the navbar's box and returns the paths of build/pagefind/ it requested. */
async function searchFor(page: Page, query: string, requested: () => string[]): Promise<string[]> {
  const before = requested().length;
  const box = page.getByRole('combobox', {name: 'Search'});
  await box.fill(query);
  await page.getByRole('link', {name: /^See all \d+ results$/}).waitFor({timeout: timeoutMs});
  let count = -1;
  while (count !== requested().length) {
    count = requested().length;
    await sleep(quietMs);
  }
  return requested().slice(before);
}

function transfer(buildDir: string, paths: string[]): Transfer {
  const files = [...new Set(paths)];
  return {bytes: files.reduce((sum, path) => sum + transferBytes(join(buildDir, path)), 0), files: files.length};
}

/** Measures the search of the build in `buildDir`, served on a free port of 127.0.0.1. */
export async function measureSearchIndex(buildDir: string): Promise<SearchIndex> {
  const entry = JSON.parse(readFileSync(join(buildDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, {page_count: number}>;
  };
  const disk = treeStats(join(buildDir, 'pagefind'));
  const served = await serveBuild(buildDir);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    const page = await browser.newPage();
    const paths: string[] = [];
    page.on('request', (request) => {
      const path = decodeURIComponent(new URL(request.url()).pathname);
      if (path.startsWith('/pagefind/')) paths.push(path);
    });
    await page.goto(`${served.origin}/`, {timeout: timeoutMs});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: timeoutMs});
    if (paths.length > 0) throw new Error(`the home page fetched ${paths.join(', ')} before the search box was used`);
    // Focusing the box fetches Pagefind's script: that is part of the first use too.
    await page.getByRole('combobox', {name: 'Search'}).focus();
    await searchFor(page, benchQueries[0], () => paths);
    const first = [...paths];
    const second = await searchFor(page, benchQueries[1], () => paths);
    const misspelled = await searchFor(page, benchQueries[2], () => paths);
    return {
      pages: Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0),
      diskBytes: disk.bytes,
      diskFiles: disk.files,
      firstUse: transfer(buildDir, first),
      secondQuery: transfer(
        buildDir,
        second.filter((path) => !first.includes(path)),
      ),
      misspelledQuery: transfer(
        buildDir,
        misspelled.filter((path) => !first.includes(path) && !second.includes(path)),
      ),
    };
  } finally {
    await browser.close();
    served.stop();
  }
}
