/**
 * The last step of `npm run build`: Pagefind indexes the built site into build/pagefind/, from the
 * copies of its pages that scripts/lib/search-pages.ts makes (the shipped pages stay as built).
 * Pagefind's own search UIs are not written: the site's search box and results page use its JS API.
 * Its word index is then cut into smaller chunks (src/internals/pagefind-chunks.ts; its flag pagefind-rechunk, src/internals), so that a query
 * fetches less of it.
 * Beside Pagefind's files, build/pagefind/words/ holds the words of the index for the typo
 * correction (src/lib/search.ts): one JSON array per first letter, the words on most pages first.
 *
 * Usage: tsx scripts/index-search.ts [--dir build]
 */
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import {parseArgs} from 'node:util';
import {searchFactsFile, type OperationFacts} from '../lib/api-render/search-facts';
import {wordsFile} from '../src/lib/search';
import {operationVerbs} from '../src/lib/search-synonyms';
import {internalOn} from '../src/internals';
import {rechunk} from '../src/internals/pagefind-chunks';
import {excludedFromIndex, indexedWords, pageToIndex, routeOf} from './lib/search-pages';

/** The pages read and handed to Pagefind at a time. */
const batchSize = 32;

/**
 * The CBOR bytes of a chunk of the word index, about 5 KB gzip. On the bench's three queries, 8,000
 * against Pagefind's own chunks of about 25 KB gzip: 97 KB rather than 112 at first use, 21 rather
 * than 41 for the second query and 39 rather than 71 for the misspelled one.
 */
const chunkBytes = 8000;

/** Pagefind's prebuilt search UIs, which the site does not load. */
const unusedFiles = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

function fail(errors: string[]): never {
  throw new Error(`Pagefind: ${errors.join('; ')}`);
}

/**
 * The order pages are given to Pagefind in, which it keeps among pages of equal score: the page that
 * explains a topic, then the guide, then the rest (a query that matches only the readers' words of
 * several titles, such as "underwriting", finds the concept Onboarding before the guide Onboard sellers).
 */
function addOrder(file: string): number {
  return file.startsWith('concepts/') ? 0 : file.startsWith('guides/') ? 1 : 2;
}

/**
 * Writes the words of the index, one file per first letter (every letter, an empty list for a letter
 * no word begins with), with the verbs the search reads in a query's place (operationVerbs): words
 * the search knows, which are never corrected.
 */
async function writeWords(buildDir: string, pagesWith: Map<string, number>): Promise<void> {
  const verbs = operationVerbs.flatMap(({readers}) => readers).filter((verb) => !pagesWith.has(verb));
  const words = [...pagesWith]
    .sort(([a, onA], [b, onB]) => onB - onA || a.localeCompare(b))
    .map(([word]) => word)
    .concat(verbs);
  await mkdir(join(buildDir, wordsFile('a'), '..'), {recursive: true});
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') {
    await writeFile(join(buildDir, wordsFile(letter)), JSON.stringify(words.filter((word) => word.startsWith(letter))));
  }
}

export async function indexSearch(buildDir: string, projectDir = '.'): Promise<{pages: number; seconds: number}> {
  const started = performance.now();
  const operations = new Map(
    Object.entries(JSON.parse(await readFile(join(projectDir, searchFactsFile), 'utf8')) as Record<string, OperationFacts>),
  );
  // Pagefind's Node API is an ES module only.
  const {close, createIndex} = await import('pagefind');
  const {index, errors} = await createIndex({forceLanguage: 'en', excludeSelectors: excludedFromIndex});
  if (!index) fail(errors);
  const entries = await readdir(buildDir, {recursive: true, withFileTypes: true});
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(buildDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort((a, b) => addOrder(a) - addOrder(b) || a.localeCompare(b));
  /** On how many pages each word is. */
  const pagesWith = new Map<string, number>();
  let pages = 0;
  // A batch of pages at a time, read at once and handed to Pagefind in order: memory stays the same
  // whatever the number of pages (all of them at once ran out of heap at 5,000 operations).
  for (let start = 0; start < files.length; start += batchSize) {
    const batch = files.slice(start, start + batchSize);
    const read = await Promise.all(
      batch.map(async (file) => {
        const html = await readFile(join(buildDir, file), 'utf8');
        const url = routeOf(html);
        if (url === undefined) return undefined;
        const content = pageToIndex(html, url, operations.get(url));
        return content === undefined ? undefined : {url, content};
      }),
    );
    const responses = await Promise.all(read.map((page) => page && index.addHTMLFile(page)));
    for (const [at, response] of responses.entries()) {
      if (!response) continue;
      if (response.errors.length > 0) fail(response.errors);
      for (const word of indexedWords(read[at]!.content)) pagesWith.set(word, (pagesWith.get(word) ?? 0) + 1);
      pages += 1;
    }
  }
  const outputPath = join(buildDir, 'pagefind');
  await rm(outputPath, {recursive: true, force: true});
  const written = await index.writeFiles({outputPath});
  if (written.errors.length > 0) fail(written.errors);
  await close();
  if (internalOn('pagefind-rechunk')) await rechunk(outputPath, chunkBytes);
  for (const name of await readdir(outputPath)) {
    if (unusedFiles.test(name)) await rm(join(outputPath, name));
  }
  await writeWords(buildDir, pagesWith);
  return {pages, seconds: (performance.now() - started) / 1000};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({options: {dir: {type: 'string', default: 'build'}}});
  indexSearch(values.dir).then(
    ({pages, seconds}) =>
      console.log(`[SUCCESS] Pagefind indexed ${pages} pages into ${join(values.dir, 'pagefind')} in ${seconds.toFixed(1)} s.`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
