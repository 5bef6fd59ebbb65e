/**
 * The bench's results: their shape (bench/results.json) and their rendering as bench/RESULTS.md,
 * with the targets of the performance issue beside the figures.
 */
import type {AbRun} from './ab';
import type {CommitAb} from './ab-commit';
import {defaultSlowdown, lighthouseRuns, median, type LighthouseResult} from './lighthouse';
import type {NoScriptBench} from './no-script';
import type {PageWeight} from './page-weight';
import type {PipelineRun} from './pipeline';
import {levers} from './levers';
import type {SandboxBench} from './sandbox';
import type {StockBench} from './stock-docusaurus';
import type {TryItBench} from './try-it';
import type {ScalingRun} from './scaling';
import {benchQueries, type SearchIndex, type Transfer} from './search-index';
import {cls, gb, kb, mb, ms, orDash, runsCell, scoreAndTbt, seconds, table, targets, verdict} from './report-format';
import {abSection, commitAbSection, noScriptSection, stockSection} from './report-pairs';

export type Machine = {
  cpus: number;
  cpuModel: string;
  totalMemoryBytes: number;
  node: string;
  chromium: string;
  lighthouse: string;
};

export type Results = {
  date: string;
  commit: {hash: string; dirty: boolean};
  machine: Machine;
  build: {cold: PipelineRun; warm: PipelineRun};
  /** build/ right after the cold build. */
  output: {htmlPages: number; bytes: number};
  pageWeight: PageWeight[];
  search: SearchIndex;
  lighthouse: LighthouseResult[];
  ab: AbRun[];
  /** Absent from the results of runs before it was measured. */
  stock?: StockBench;
  /** The same HTML with no scripts, in turns with the site; absent from the results of runs before it was measured. */
  noScript?: NoScriptBench;
  /** The A/B against an earlier commit, when `--ab-commit` named one. */
  abCommit?: CommitAb;
  scaling: ScalingRun[];
  /** Absent from the results of runs before the sandbox existed. */
  sandbox?: SandboxBench;
  /** Absent from the results of runs before Try it existed. */
  tryIt?: TryItBench;
};

function buildSection(results: Results): string {
  const rows = (['cold', 'warm'] as const).map((name) => {
    const run = results.build[name];
    return [
      name,
      seconds(run.wallMs),
      gb(run.peakTreeRssBytes),
      gb(run.peakProcessRssBytes),
      verdict(run.wallMs < targets.buildWallMs && run.peakTreeRssBytes < targets.buildPeakBytes),
    ];
  });
  return [
    '## Build',
    '',
    'The site steps of `npm run build`: `docusaurus build` (which writes the API reference), the search indexing, the headers and the move into `build/`. Cold: `.docusaurus`, `generated` (the stamp of the reference included), `build` and `node_modules/.cache` removed first; warm: run again right after.',
    'Peak memory is the largest sum of the resident set sizes of the whole process tree, sampled every 100 ms (shared pages count once per process).',
    '',
    table(['run', 'wall time', 'peak memory (process tree)', 'largest single process', 'target: < 90 s and < 2 GB'], rows),
    '',
    `Output of the cold build: ${results.output.htmlPages} HTML pages, ${mb(results.output.bytes)} in \`build/\`.`,
  ].join('\n');
}

function pageWeightSection(results: Results): string {
  const rows = results.pageWeight.map((weight) => {
    const target = targets.jsBeforeInteractiveBytes[weight.path];
    return [
      `\`${weight.path}\``,
      kb(weight.jsGzipBytes),
      String(weight.jsFiles),
      kb(weight.cssGzipBytes),
      String(weight.cssFiles),
      target === undefined ? '–' : `≤ ${kb(target)}: ${verdict(weight.jsGzipBytes <= target)}`,
    ];
  });
  return [
    '## JavaScript and CSS before the page is interactive',
    '',
    'Requests of resource type `script` or `stylesheet` that Chromium makes until `html[data-has-hydrated="true"]` is attached and no request has been in flight for 1 s;',
    'not the `<link rel="prefetch">` requests for other routes (resource type `other`). Sizes are the build files gzipped at level 9.',
    '',
    table(['page', 'JS (gzip)', 'JS files', 'CSS (gzip)', 'CSS files', 'target for JS'], rows),
  ].join('\n');
}

function transfer(figure: Transfer): string {
  return `${kb(figure.bytes)} in ${figure.files} files`;
}

function searchSection(results: Results): string {
  const {search} = results;
  const indexMs = results.build.cold.indexMs;
  return [
    '## Search',
    '',
    `Pagefind's index of ${search.pages} pages. Transfers are what Chromium fetches from \`/pagefind/\` when the navbar's box is first used for “${benchQueries[0]}”, then for “${benchQueries[1]}”, then for the misspelled “${benchQueries[2]}” (with the index's words its correction reads),`,
    "each file as the server sends it compressed (Pagefind's index files are gzip already; its script, worker and JSON gzipped at level 9).",
    '',
    table(
      ['figure', 'measured', 'target'],
      [
        [
          'first use of the search box',
          transfer(search.firstUse),
          `≤ ${kb(targets.searchFirstUseBytes)}: ${verdict(search.firstUse.bytes <= targets.searchFirstUseBytes)}`,
        ],
        [
          'a second query',
          transfer(search.secondQuery),
          `≤ ${kb(targets.searchSecondQueryBytes)}: ${verdict(search.secondQuery.bytes <= targets.searchSecondQueryBytes)}`,
        ],
        [
          'a misspelled query',
          transfer(search.misspelledQuery),
          `≤ ${kb(targets.searchSecondQueryBytes)}: ${verdict(search.misspelledQuery.bytes <= targets.searchSecondQueryBytes)}`,
        ],
        ['index on disk (`build/pagefind/`)', `${kb(search.diskBytes)} in ${search.diskFiles} files`, '–'],
        [
          'indexing step of the cold build',
          seconds(indexMs),
          `≤ ${seconds(targets.searchIndexingMs)}: ${verdict(indexMs <= targets.searchIndexingMs)}`,
        ],
      ],
    ),
  ].join('\n');
}

/** The host as Lighthouse measured it: its benchmarkIndex over every run of the results (median, lowest, highest). */
export function hostSpeed(results: Results): string {
  const runs = [
    ...results.lighthouse,
    ...results.ab.flatMap((run) => (run.ok ? [...run.with, ...run.without] : [])),
    ...(results.abCommit?.ok ? [...results.abCommit.now, ...results.abCommit.then] : []),
    ...(results.stock?.ok ? [...results.stock.site, ...results.stock.stock] : []),
    ...(results.noScript?.ok ? [...results.noScript.site, ...results.noScript.bare] : []),
  ].flatMap((result) => result.runs);
  // A phone run is a pair: the raw 4× run measured the index its twin was calibrated to, and both count.
  const indexes = runs
    .flatMap((run) => [run.benchmarkIndex, run.raw?.benchmarkIndex])
    .filter((value): value is number => typeof value === 'number');
  if (indexes.length === 0) return 'Lighthouse benchmarkIndex of the host: not recorded.';
  const middle = median(indexes) ?? 0;
  return `Lighthouse benchmarkIndex of the host: median ${Math.round(middle)} (${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))} over ${indexes.length} runs; higher is faster).`;
}

function lighthouseSection(results: Results): string {
  const rows = results.lighthouse.map((run) => {
    const {median} = run;
    const others = [median.accessibility, median.bestPractices, median.seo].every((score) => score === targets.otherCategories);
    const performance = run.formFactor === 'desktop' || (median.performance ?? 0) >= targets.mobilePerformance;
    const stable = median.cls !== null && cls(median.cls) === cls(0);
    return [
      `\`${run.path}\``,
      run.formFactor,
      orDash(median.performance, String),
      orDash(median.accessibility, String),
      orDash(median.bestPractices, String),
      orDash(median.seo, String),
      orDash(median.lcpMs, ms),
      orDash(median.tbtMs, ms),
      orDash(median.cls, cls),
      orDash(median.totalByteWeight, kb),
      orDash(median.scriptBytes ?? null, kb),
      orDash(median.mainThreadCpuMs ?? null, ms),
      run.rawMedian ? scoreAndTbt(run.rawMedian) : '–',
      runsCell(run),
      verdict(performance && others && stable),
    ];
  });
  const warnings = results.lighthouse.flatMap((run) =>
    run.runs.flatMap((one, index) => one.warnings.map((warning) => `- \`${run.path}\` (${run.formFactor}, run ${index + 1}): ${warning}`)),
  );
  return [
    `## Lighthouse ${results.machine.lighthouse}`,
    '',
    `Host: ${results.machine.cpus} × ${results.machine.cpuModel}. ${hostSpeed(results)}`,
    '',
    "Mobile is Lighthouse's default (simulated slow 4G and CPU); desktop is `--preset=desktop`. The site starts in dark mode, as Lighthouse sees it.",
    `Each page is measured ${lighthouseRuns} times, in rounds that measure every page once, so that all pages share the machine's minutes; the table shows the median of each figure, and each run's performance, TBT, the machine's load average over the minute before it started (a load near or above ${results.machine.cpus}, the number of cores, means something else was running) and Lighthouse's benchmarkIndex of the host (BI: higher is faster; hosts of the same kind differ).`,
    '',
    `**Phone figures are calibrated to the host.** Lighthouse slows the CPU ${defaultSlowdown.mobile}× on phones whatever the host, a factor meant for a host of benchmarkIndex about 1,533. So each phone run is a pair (\`bench/lib/lighthouse.ts\`): a run at ${defaultSlowdown.mobile}×, which measures the host's benchmarkIndex, then at once the run that counts, with the CPU slowed by the factor Lighthouse's calculator gives for that index (1× at 150, 2× at 800, 3× at 1,300, one more per 233 above). The table's phone figures are the calibrated runs'; the raw ${defaultSlowdown.mobile}× medians are in their own column, and each run shows its factor and its raw twin.`,
    '',
    "JavaScript is the bytes of script the page loaded, as transferred. Main-thread CPU is the time the renderers' main threads ran during the load, summed from the trace's thread times: the page's own cost, which neither the slowdown (Lighthouse simulates it from this unslowed trace) nor the neighbours' load (a thread waiting for a core is not running) lengthens.",
    '',
    table(
      [
        'page',
        'form factor',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'LCP',
        'TBT',
        'CLS',
        'total bytes',
        'JavaScript',
        'main-thread CPU',
        `raw ${defaultSlowdown.mobile}× on phones: performance · TBT`,
        'runs: performance · TBT · load · benchmarkIndex',
        'target: mobile performance ≥ 95, the others 100, CLS 0',
      ],
      rows,
    ),
    ...(warnings.length ? ['', 'Lighthouse warned:', '', ...warnings] : []),
  ].join('\n');
}

/** A scaling run's size (`unit` after the number), with the lever it was built with. */
const scalingLabel = (run: ScalingRun, unit = ''): string => `${run.operations}${unit}${run.lever ? `, ${run.lever}` : ''}`;

/** Each phase's time and peak memory, run by run: the cold build of the site, then each scaling size. */
function phasesTable(results: Results): string {
  const runs: [string, PipelineRun][] = [
    ['the site, cold', results.build.cold],
    ...results.scaling.flatMap((run): [string, PipelineRun][] => (run.ok ? [[scalingLabel(run, ' operations'), run]] : [])),
  ];
  const names = [...new Set(runs.flatMap(([, run]) => run.phases.map((phase) => phase.name)))];
  const rows = runs.map(([label, run]) => [
    label,
    ...names.map((name) => {
      const phase = run.phases.find((one) => one.name === name);
      return phase ? `${seconds(phase.ms)} · ${gb(phase.peakTreeRssBytes)}` : '–';
    }),
  ]);
  return table(['run', ...names.map((name) => `${name}: time · peak memory`)], rows);
}

/**
 * What a reader downloads at each scaling size: the JavaScript before interaction of each measured
 * page (as above), and its multiple of the committed site's.
 */
function readerWeightTable(results: Results): string {
  const today = new Map(results.pageWeight.map((weight) => [weight.path, weight.jsGzipBytes]));
  const paths = results.pageWeight.map((weight) => weight.path);
  const growth = (path: string, bytes: number) => bytes / (today.get(path) ?? Number.NaN);
  const rows = [
    ['the site (committed specs)', ...paths.map((path) => kb(today.get(path) ?? 0)), '–'],
    ...results.scaling.flatMap((run) =>
      run.ok
        ? [
            [
              scalingLabel(run),
              ...paths.map((path) => {
                const weight = run.pageWeight.find((one) => one.path === path);
                return weight ? `${kb(weight.jsGzipBytes)} (${growth(path, weight.jsGzipBytes).toFixed(2)}×)` : '–';
              }),
              verdict(
                Object.entries(targets.scalingJsGrowth).every(([path, most]) => {
                  const weight = run.pageWeight.find((one) => one.path === path);
                  return weight !== undefined && growth(path, weight.jsGzipBytes) <= most;
                }),
              ),
            ],
          ]
        : [],
    ),
  ];
  const limits = Object.entries(targets.scalingJsGrowth).map(([path, most]) => `\`${path}\` ≤ ${most}×`);
  return [
    "What a reader downloads: the JavaScript before interaction (gzip) of each page, measured as above on the copy, and its multiple of the committed site's.",
    '',
    table(['operations', ...paths.map((path) => `\`${path}\``), `target: ${limits.join(', ')}`], rows),
  ].join('\n');
}

function scalingSection(results: Results): string {
  if (results.scaling.length === 0)
    return `## Scaling\n\nNot run (\`--scaling none\`).\n\nWhere the time and memory of the cold build go:\n\n${phasesTable(results)}`;
  const today = results.search;
  const rows = results.scaling.map((run) =>
    run.ok
      ? [
          scalingLabel(run),
          String(run.htmlPages),
          seconds(run.wallMs),
          `${(run.wallMs / 1000 / run.operations).toFixed(3)} s`,
          gb(run.peakTreeRssBytes),
          gb(run.peakProcessRssBytes),
          seconds(run.indexMs),
          kb(run.search.diskBytes),
          transfer(run.search.firstUse),
          transfer(run.search.secondQuery),
          transfer(run.search.misspelledQuery),
          verdict(
            run.search.firstUse.bytes <= today.firstUse.bytes &&
              run.search.secondQuery.bytes <= today.secondQuery.bytes &&
              run.search.misspelledQuery.bytes <= today.misspelledQuery.bytes,
          ),
          verdict(run.peakTreeRssBytes <= targets.scalingPeakBytes),
        ]
      : [
          scalingLabel(run),
          `failed: ${run.error.split('\n')[0]}`,
          orDash(run.wallMs, (ms) => `${seconds(ms)} until then`),
          orDash(run.peakTreeRssBytes, (bytes) => `${gb(bytes)} until then`),
          ...Array<string>(9).fill('–'),
        ],
  );
  return [
    '## Scaling',
    '',
    'The pipeline, cold, on a copy of the project whose specs hold N operations: the committed ones and generated ones under extra tags (`bench/generate-specs.ts`); then its search, measured as above.',
    '',
    table(
      [
        'operations',
        'HTML pages',
        'wall time',
        'per operation',
        'peak memory (process tree)',
        'largest single process',
        'search indexing',
        'index on disk',
        'search first use',
        'second query',
        'misspelled query',
        'target: search transfers no larger than today',
        `target: peak memory ≤ ${gb(targets.scalingPeakBytes)}`,
      ],
      rows,
    ),
    '',
    readerWeightTable(results),
    '',
    "The largest size is also built with each of the framework's levers on time and memory (`bench/lib/levers.ts`; `--levers none` skips them), one at a time:",
    '',
    ...levers.map((lever) => `- ${lever.name}: ${lever.what}`),
    '',
    'Where the time and memory go, phase by phase: the generation of the API pages (and the start of `docusaurus build`), the phases Docusaurus times when `DOCUSAURUS_PERF_LOGGER=true`,',
    "then the search index and the headers. Peak memory is the process tree's largest sample during the phase.",
    '',
    phasesTable(results),
  ].join('\n');
}

export function sandboxSection(sandbox: SandboxBench | undefined): string {
  if (!sandbox) return '## Sandbox\n\nNot measured.';
  const {load} = sandbox;
  const nonSuccess = Object.entries(load.nonSuccess).map(([status, count]) => `${count} × ${status}`);
  return [
    '## Sandbox',
    '',
    `The local sandbox server (\`npm run sandbox\`) under ${load.requests} requests, ${load.concurrency} in flight, spread over ${load.keys} keys: in each ten, two creates (a customer, a card payment), four reads of what the key created and four lists (\`bench/lib/sandbox.ts\`).`,
    "The bench's server lifts the 25 requests a second of each key, so that the figures measure the server, not the rate limit.",
    '',
    table(
      ['figure', 'measured', 'target'],
      [
        ['throughput', `${Math.round(load.requestsPerSecond)} requests/s (${seconds(load.wallMs)} in all)`, '–'],
        ['latency p50 · p99', `${load.p50Ms.toFixed(1)} ms · ${load.p99Ms.toFixed(1)} ms`, '–'],
        ['answers other than 2xx', nonSuccess.length ? nonSuccess.join(', ') : 'none', '–'],
      ],
    ),
  ].join('\n');
}

export function tryItSection(tryIt: TryItBench | undefined): string {
  if (!tryIt) return '## Try it\n\nNot measured.';
  const runs = tryIt.firstAnswerMs.map((ms) => `${Math.round(ms)}`).join(' · ');
  return [
    '## Try it',
    '',
    `Opening Try it on \`${tryIt.path}\` and sending its prefilled request to the sandbox in the browser (\`bench/lib/try-it.ts\`): the files requested from the press of "Try it" until the first answer shows, the worker's included, each sized as its build file gzipped at level 9; and the time from the press to that answer with the CPU slowed ${tryIt.cpuSlowdown}× as Lighthouse's mobile preset slows it (a new browser context each run, so nothing is cached).`,
    '',
    table(
      ['figure', 'measured', 'target'],
      [
        [
          'downloaded on opening',
          `${kb(tryIt.openGzipBytes)} in ${tryIt.files.length} files`,
          `≤ ${kb(targets.tryItOpenBytes)}: ${verdict(tryIt.openGzipBytes <= targets.tryItOpenBytes)}`,
        ],
        ['press to first answer (median)', `${Math.round(tryIt.firstAnswerMedianMs)} ms (runs: ${runs} ms)`, '–'],
      ],
    ),
    '',
    table(
      ['file', 'gzip'],
      tryIt.files.map((file) => [`\`${file.path}\``, kb(file.gzipBytes)]),
    ),
  ].join('\n');
}

export function renderMarkdown(results: Results): string {
  const {machine, commit} = results;
  return [
    '# Benchmark results',
    '',
    `Measured ${results.date} on commit \`${commit.hash.slice(0, 12)}\`${commit.dirty ? ' with uncommitted changes' : ''}:`,
    `${machine.cpus} × ${machine.cpuModel}, ${gb(machine.totalMemoryBytes)} of memory, Node.js ${machine.node}, ${machine.chromium}.`,
    `Build and scaling figures are single runs as measured, Lighthouse figures medians of ${lighthouseRuns} runs; wall times depend on whatever else the machine was doing. KB, MB and GB are 1,024, 1,024² and 1,024³ bytes.`,
    '',
    'Reproduce: `npm install && npm run bench` (`npm run bench -- --scaling 200,500` for other scaling sizes, `--scaling none` to skip scaling; `--ab prefetch-once,ssr-template` to A/B only some internals, `--ab none` to skip the A/B; `--ab-commit <commit>` to A/B against an earlier commit). All figures are in `bench/results.json`.',
    '',
    buildSection(results),
    '',
    pageWeightSection(results),
    '',
    searchSection(results),
    '',
    lighthouseSection(results),
    '',
    abSection(results.ab),
    '',
    stockSection(results.stock),
    '',
    noScriptSection(results.noScript),
    '',
    commitAbSection(results.abCommit),
    '',
    scalingSection(results),
    '',
    sandboxSection(results.sandbox),
    '',
    tryItSection(results.tryIt),
    '',
  ].join('\n');
}
