/**
 * `npm run bench`: measures the current checkout — the build pipeline cold and warm, its output,
 * the JavaScript and CSS of four pages before they are interactive, the search index, Lighthouse
 * on the same pages (mobile and desktop), and how the build scales with the number of API
 * operations, and what the framework's levers on a large build are worth (the largest scaling size
 * built with each, bench/lib/levers.ts) — and what each framework internal the site replaces is
 * worth (the A/B: the site built without it, Lighthouse on phones in turns with the site as it is)
 * — and the local sandbox server under load (bench/lib/sandbox.ts), and what opening Try it downloads
 * and how long it takes to its first answer on a slowed CPU (bench/lib/try-it.ts)
 * — and stock Docusaurus building the same guides and concepts, on phones in turns with the site (bench/lib/stock-docusaurus.ts)
 * — and the site's own HTML with its scripts taken out, on phones in turns with the site (bench/lib/no-script.ts)
 * — and, with --ab-commit, Lighthouse on phones in turns with an earlier commit built aside (bench/lib/ab-commit.ts)
 * — and writes bench/results.json and bench/RESULTS.md.
 *
 * Usage: npm run bench [-- --scaling 200,500,1000,2000,5000 | --scaling none] [--ab all | --ab none | --ab prefetch-once,ssr-template]
 *                      [--levers all | --levers none | --levers 'one SSG thread'] [--ab-commit <commit>]
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import {cpus, totalmem} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseArgs} from 'node:util';
import {serveBuild} from '../scripts/lib/site-copy';
import {countOperations} from './generate-specs';
import {chromiumVersion} from '../scripts/lib/chromium';
import {parseAbInternals, runAb, type AbRun} from './lib/ab';
import {runCommitAb, type CommitAb} from './lib/ab-commit';
import {lighthouseAll, lighthouseVersion, type LighthouseResult} from './lib/lighthouse';
import {measureNoScript} from './lib/no-script';
import {measurePageWeights, type PageWeight} from './lib/page-weight';
import {runPipeline} from './lib/pipeline';
import {renderMarkdown, type Results} from './lib/report';
import {parseLevers, type Lever} from './lib/levers';
import {measureSandbox} from './lib/sandbox';
import {runScaling, type ScalingRun} from './lib/scaling';
import {measureSearchIndex} from './lib/search-index';
import {measureStock} from './lib/stock-docusaurus';
import {measureTryIt, tryItPath, type TryItBench} from './lib/try-it';

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const logDir = join(projectDir, 'bench', 'tmp', 'logs');

/** Home, a guide with a diagram, an API operation, and a category of the API reference. */
export const pages = ['/', '/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment', '/category/payments'];

/** The scaling sizes of `--scaling`: comma-separated operation counts, or "none". */
export function parseScalingSizes(value: string): number[] {
  if (value === 'none') return [];
  const sizes = value.split(',').map((part) => part.trim());
  for (const size of sizes) {
    if (!/^[1-9]\d*$/.test(size)) throw new Error(`--scaling takes operation counts such as 200,500 or "none", not "${value}"`);
  }
  return sizes.map(Number);
}

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function git(args: string[]): string {
  return execFileSync('git', args, {cwd: projectDir, encoding: 'utf8'}).trim();
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      scaling: {type: 'string', default: '200,500,1000,2000,5000'},
      ab: {type: 'string', default: 'all'},
      levers: {type: 'string', default: 'all'},
      'ab-commit': {type: 'string'},
    },
  });
  const scalingSizes = parseScalingSizes(values.scaling);
  const abInternals = parseAbInternals(values.ab);
  // The levers are tried at the largest scaling size, so without scaling there is none to try.
  const levers = scalingSizes.length ? parseLevers(values.levers) : [];
  const committedOperations = countOperations(projectDir);
  const tooSmall = scalingSizes.filter((size) => size < committedOperations);
  if (tooSmall.length)
    throw new Error(`--scaling: the specs already hold ${committedOperations} operations, more than ${tooSmall.join(', ')}`);
  mkdirSync(logDir, {recursive: true});
  const date = new Date().toISOString();
  // The results files of an earlier run do not make the checkout "dirty".
  const dirty = git(['status', '--porcelain', '--', '.', ':!bench/results.json', ':!bench/RESULTS.md']) !== '';
  const commit = {hash: git(['rev-parse', 'HEAD']), dirty};
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    totalMemoryBytes: totalmem(),
    node: process.version,
    chromium: chromiumVersion(),
    lighthouse: lighthouseVersion(),
  };

  log(`cold build (logs in ${logDir})`);
  const cold = await runPipeline(projectDir, true, join(logDir, 'build-cold.log'));
  const output = {htmlPages: cold.htmlPages, bytes: cold.buildBytes};
  log('warm build');
  const warm = await runPipeline(projectDir, false, join(logDir, 'build-warm.log'));
  log('search');
  const search = await measureSearchIndex(join(projectDir, 'build'));

  const buildDir = join(projectDir, 'build');
  const served = await serveBuild(buildDir);
  let pageWeight: PageWeight[];
  let lighthouse: LighthouseResult[];
  let tryIt: TryItBench;
  try {
    log(`page weight of ${pages.join(', ')}`);
    // Also leaves the server with every file of these pages compressed, as a CDN would have them.
    pageWeight = await measurePageWeights(served.origin, buildDir, pages);
    lighthouse = await lighthouseAll(served.origin, pages, ['mobile', 'desktop'], log);
    log(`Try it on ${tryItPath}`);
    tryIt = await measureTryIt(served.origin, buildDir);
  } finally {
    served.stop();
  }

  // Each size with the site's settings, then the largest with each lever.
  const largest = Math.max(...scalingSizes);
  const scalingRuns: {operations: number; lever?: Lever}[] = [
    ...scalingSizes.map((operations) => ({operations})),
    ...levers.map((lever) => ({operations: largest, lever})),
  ];
  const scaling: ScalingRun[] = [];
  for (const {operations, lever} of scalingRuns) {
    const label = lever ? `${operations}-${lever.name.replace(/\W+/g, '-')}` : String(operations);
    log(`scaling: ${operations} operations${lever ? `, ${lever.name}` : ''}`);
    const run = await runScaling(operations, join(logDir, `scaling-${label}.log`), pages, lever);
    log(run.ok ? `${run.htmlPages} HTML pages, ${(run.wallMs / 1000).toFixed(1)} s` : `failed: ${run.error}`);
    scaling.push(run);
  }

  const ab: AbRun[] = [];
  for (const internal of abInternals) {
    log(`A/B: the site without ${internal.name}`);
    const run = await runAb(internal, buildDir, pages, join(logDir, `ab-${internal.name}.log`), log);
    if (!run.ok) log(`failed: ${run.error}`);
    ab.push(run);
  }

  log('stock Docusaurus on the same guides and concepts');
  const stock = await measureStock(buildDir, join(logDir, 'stock-docusaurus.log'), log);
  if (!stock.ok) log(`failed: ${stock.error}`);

  // The pages of the issue's phone targets: the bench's four and a concept page.
  const noScript = await measureNoScript(buildDir, [...pages, '/concepts/'], log);
  if (!noScript.ok) log(`failed: ${noScript.error}`);

  let abCommit: CommitAb | undefined;
  if (values['ab-commit']) {
    abCommit = await runCommitAb(projectDir, values['ab-commit'], buildDir, pages, join(logDir, 'ab-commit.log'), log);
    if (!abCommit.ok) log(`failed: ${abCommit.error}`);
  }

  log('sandbox: server under load');
  const sandbox = await measureSandbox();

  const results: Results = {
    date,
    commit,
    machine,
    build: {cold, warm},
    output,
    pageWeight,
    search,
    lighthouse,
    ab,
    stock,
    noScript,
    ...(abCommit ? {abCommit} : {}),
    scaling,
    sandbox,
    tryIt,
  };
  const markdown = renderMarkdown(results);
  writeFileSync(join(projectDir, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(projectDir, 'bench', 'RESULTS.md'), markdown);
  console.log(`\n${markdown}`);
  log('wrote bench/results.json and bench/RESULTS.md');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
