/**
 * The last step of `npm run build`: Pagefind indexes the built site into build/pagefind/, from the
 * copies of its pages that scripts/lib/search-pages.ts makes (the shipped pages stay as built).
 * Pagefind's own search UIs are not written: the site's search box and results page use its JS API.
 *
 * Usage: tsx scripts/index-search.ts [--dir build]
 */
import {readdir, readFile, rm} from 'node:fs/promises';
import {join, relative, sep} from 'node:path';
import {parseArgs} from 'node:util';
import {searchFactsFile, type OperationFacts} from '../lib/api-render/search-facts';
import {excludedFromIndex, pageToIndex} from './lib/search-pages';

/** Pagefind's prebuilt search UIs, which the site does not load. */
const unusedFiles = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

function fail(errors: string[]): never {
  throw new Error(`Pagefind: ${errors.join('; ')}`);
}

/** The route of a built page: build/guides/x/index.html is /guides/x. */
function routeOf(buildDir: string, file: string): string {
  const path = relative(buildDir, file).split(sep).join('/');
  return `/${path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
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
    .map((entry) => join(entry.parentPath, entry.name));
  // Every page at once: Pagefind's service parses them while the next ones are read.
  const added = await Promise.all(
    files.map(async (file) => {
      const route = routeOf(buildDir, file);
      const content = pageToIndex(await readFile(file, 'utf8'), route, operations.get(route));
      if (content === undefined) return 0;
      const response = await index.addHTMLFile({url: route, content});
      if (response.errors.length > 0) fail(response.errors);
      return 1;
    }),
  );
  const pages = added.reduce<number>((sum, one) => sum + one, 0);
  const outputPath = join(buildDir, 'pagefind');
  await rm(outputPath, {recursive: true, force: true});
  const written = await index.writeFiles({outputPath});
  if (written.errors.length > 0) fail(written.errors);
  await close();
  for (const name of await readdir(outputPath)) {
    if (unusedFiles.test(name)) await rm(join(outputPath, name));
  }
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
