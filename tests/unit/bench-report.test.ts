import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parseScalingSizes} from '../../bench/run';
import {
  calibratedSlowdown,
  mainThreadCpu,
  median,
  resultOf,
  type FormFactor,
  type LighthouseResult,
  type LighthouseRun,
} from '../../bench/lib/lighthouse';
import {hostSpeed, renderMarkdown, type Results} from '../../bench/lib/report';
import {commitAbSection, noScriptSection, stockSection} from '../../bench/lib/report-pairs';
import {withoutScripts} from '../../bench/lib/no-script';

const KB = 1024;
const GB = 1024 * 1024 * 1024;

type RunFigures = Pick<
  LighthouseRun,
  'performance' | 'tbtMs' | 'cls' | 'loadAverage' | 'benchmarkIndex' | 'cpuSlowdown' | 'raw' | 'mainThreadCpuMs' | 'scriptBytes'
> & {
  warnings?: string[];
};

/** A page's runs with these figures (the others as a clean run has them), and their medians. */
function lighthouseOf(path: string, formFactor: FormFactor, figures: RunFigures[]): LighthouseResult {
  const runs = figures.map((run) => ({
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1800,
    totalByteWeight: 260_000,
    warnings: [],
    ...run,
  }));
  return resultOf(path, formFactor, runs);
}

const results: Results = {
  date: '2026-11-23T16:00:00.000Z',
  commit: {hash: '0123456789abcdef0123456789abcdef01234567', dirty: false},
  machine: {cpus: 2, cpuModel: 'Test CPU', totalMemoryBytes: 24 * GB, node: 'v20.20.2', chromium: 'Chromium 156', lighthouse: '13.5.0'},
  build: {
    cold: {
      wallMs: 120_000,
      indexMs: 8_500,
      peakTreeRssBytes: 3 * GB,
      peakProcessRssBytes: 2 * GB,
      htmlPages: 275,
      buildBytes: 38_000_000,
      phases: [
        {name: 'API pages generated', ms: 20_000, peakTreeRssBytes: 0.5 * GB},
        {name: 'SSG', ms: 30_000, peakTreeRssBytes: 3 * GB},
      ],
    },
    warm: {
      wallMs: 60_000,
      indexMs: 7_000,
      peakTreeRssBytes: 1.5 * GB,
      peakProcessRssBytes: 1 * GB,
      htmlPages: 275,
      buildBytes: 39_000_000,
      phases: [],
    },
  },
  output: {htmlPages: 275, bytes: 38_000_000},
  pageWeight: [
    {path: '/', jsGzipBytes: 150 * KB, jsFiles: 5, cssGzipBytes: 48 * KB, cssFiles: 1},
    {path: '/guides/payments/authorize-and-capture-payments', jsGzipBytes: 200 * KB, jsFiles: 9, cssGzipBytes: 48 * KB, cssFiles: 1},
    {path: '/api/financial/create-payment', jsGzipBytes: 3400 * KB, jsFiles: 11, cssGzipBytes: 48 * KB, cssFiles: 1},
  ],
  search: {
    pages: 267,
    diskBytes: 1500 * KB,
    diskFiles: 300,
    firstUse: {bytes: 140 * KB, files: 9},
    secondQuery: {bytes: 61 * KB, files: 6},
    misspelledQuery: {bytes: 20 * KB, files: 4},
  },
  lighthouse: [
    lighthouseOf('/', 'mobile', [
      {performance: 97, tbtMs: 90, cls: 0.00004, loadAverage: 0.4},
      {performance: 91, tbtMs: 310, cls: 0, loadAverage: 2.6},
      {performance: 96, tbtMs: 120, cls: 0, loadAverage: 0.5},
    ]),
    lighthouseOf('/', 'desktop', [
      {performance: 80, tbtMs: 200, cls: 0.02, loadAverage: 0.3, warnings: ['slow page']},
      {performance: 82, tbtMs: 180, cls: 0.02, loadAverage: 0.3},
      {performance: 81, tbtMs: 190, cls: 0.02, loadAverage: 0.3},
    ]),
  ],
  ab: [
    {
      internal: 'Tabs',
      what: 'swizzle of Tabs',
      ok: true,
      with: [lighthouseOf('/', 'mobile', [{performance: 98, tbtMs: 110, cls: 0, loadAverage: 0.7}])],
      without: [lighthouseOf('/', 'mobile', [{performance: 90, tbtMs: 300, cls: 0, loadAverage: 0.6}])],
    },
    {
      internal: 'DocCard',
      what: 'swizzle of DocCard',
      ok: true,
      with: [lighthouseOf('/', 'mobile', [{performance: 97, tbtMs: 130, cls: 0, loadAverage: 0.4}])],
      without: [lighthouseOf('/', 'mobile', [{performance: 96, tbtMs: 160, cls: 0, loadAverage: 0.5}])],
    },
    {internal: 'ssr-template', what: 'the HTML template', ok: false, error: 'bench A/B: docusaurus.config.ts holds the line 0 times\nmore'},
  ],
  scaling: [
    {
      operations: 200,
      ok: true,
      wallMs: 200_000,
      indexMs: 12_000,
      peakTreeRssBytes: 4 * GB,
      peakProcessRssBytes: 3 * GB,
      htmlPages: 290,
      buildBytes: 40_000_000,
      phases: [{name: 'SSG', ms: 45_000, peakTreeRssBytes: 4 * GB}],
      search: {
        pages: 290,
        diskBytes: 1600 * KB,
        diskFiles: 320,
        firstUse: {bytes: 139 * KB, files: 9},
        secondQuery: {bytes: 60 * KB, files: 6},
        misspelledQuery: {bytes: 20 * KB, files: 4},
      },
      pageWeight: [
        {path: '/', jsGzipBytes: 150 * KB, jsFiles: 5, cssGzipBytes: 48 * KB, cssFiles: 1},
        {path: '/guides/payments/authorize-and-capture-payments', jsGzipBytes: 210 * KB, jsFiles: 9, cssGzipBytes: 48 * KB, cssFiles: 1},
        {path: '/api/financial/create-payment', jsGzipBytes: 3400 * KB, jsFiles: 11, cssGzipBytes: 48 * KB, cssFiles: 1},
      ],
    },
    {operations: 2000, ok: false, error: 'the build failed\nmore lines', wallMs: 300_000, peakTreeRssBytes: 20 * GB},
    {
      operations: 2000,
      lever: 'one SSG thread',
      ok: true,
      wallMs: 400_000,
      indexMs: 20_000,
      peakTreeRssBytes: 5 * GB,
      peakProcessRssBytes: 4 * GB,
      htmlPages: 2090,
      buildBytes: 400_000_000,
      phases: [{name: 'SSG', ms: 90_000, peakTreeRssBytes: 5 * GB}],
      search: {
        pages: 2090,
        diskBytes: 2600 * KB,
        diskFiles: 2100,
        firstUse: {bytes: 139 * KB, files: 9},
        secondQuery: {bytes: 61 * KB, files: 6},
        misspelledQuery: {bytes: 20 * KB, files: 4},
      },
      pageWeight: [
        {path: '/guides/payments/authorize-and-capture-payments', jsGzipBytes: 240 * KB, jsFiles: 9, cssGzipBytes: 48 * KB, cssFiles: 1},
        {path: '/api/financial/create-payment', jsGzipBytes: 3570 * KB, jsFiles: 11, cssGzipBytes: 48 * KB, cssFiles: 1},
      ],
    },
  ],
  tryIt: {
    path: '/api/financial/create-payment',
    cpuSlowdown: 4,
    files: [
      {path: '/assets/js/panel.js', gzipBytes: 10 * KB},
      {path: '/try-it/specs.json', gzipBytes: 250 * KB},
    ],
    openGzipBytes: 260 * KB,
    firstAnswerMs: [900, 1200, 1000],
    firstAnswerMedianMs: 1000,
  },
};

test('--scaling takes comma-separated operation counts or "none"', () => {
  assert.deepEqual(parseScalingSizes('200,500,1000,2000'), [200, 500, 1000, 2000]);
  assert.deepEqual(parseScalingSizes('300'), [300]);
  assert.deepEqual(parseScalingSizes('none'), []);
  for (const wrong of ['', '200,', 'abc', '0', '-5', '1.5']) assert.throws(() => parseScalingSizes(wrong), /--scaling/, wrong);
});

test("a phone run's CPU slowdown is the one Lighthouse's calculator gives for the host's benchmarkIndex", () => {
  // The calculator's anchors: 1x at 150 and below, 2x at 800, 3x at 1,300, then one more per 233.
  for (const [index, slowdown] of [
    [100, 1],
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
    [1766, 5],
    [1999, 6],
  ] as const)
    assert.equal(calibratedSlowdown(index), slowdown, String(index));
  // Between anchors, a straight line: halfway from 800 to 1,300 is halfway from 2x to 3x.
  assert.equal(calibratedSlowdown(1050), 2.5);
  assert.equal(calibratedSlowdown(475), 1.5);
});

test("main-thread CPU is the thread time of the renderers' top-level tasks, a nested task counted once", () => {
  const name = (pid: number, tid: number, thread: string) => ({name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: {name: thread}});
  const task = (pid: number, tid: number, ts: number, dur: number, tdur?: number) => ({name: 'RunTask', ph: 'X', pid, tid, ts, dur, tdur});
  const traceEvents = [
    name(1, 10, 'CrBrowserMain'),
    name(2, 20, 'CrRendererMain'),
    name(3, 30, 'CrRendererMain'),
    name(2, 21, 'Compositor'),
    task(1, 10, 0, 5_000, 4_000), // the browser's: not counted
    task(2, 20, 1_000, 10_000, 6_000),
    task(2, 20, 2_000, 1_000, 900), // inside the task before: counted with it
    task(2, 21, 1_000, 10_000, 9_000), // not a main thread
    task(3, 30, 500, 3_000, 2_500), // a second renderer (the blank page Lighthouse starts from)
  ];
  assert.equal(mainThreadCpu({traceEvents}), (6_000 + 2_500) / 1000);
  // A trace without thread times says so, rather than 0.
  assert.equal(mainThreadCpu({traceEvents: [name(2, 20, 'CrRendererMain'), task(2, 20, 0, 1_000)]}), null);
});

test('a calibrated phone run shows its slowdown, the index it came from and its raw 4x twin; the table gives the raw median beside', () => {
  const raw = (performance: number, tbtMs: number, benchmarkIndex: number) => ({
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1800,
    tbtMs,
    cls: 0,
    totalByteWeight: 260_000,
    benchmarkIndex,
  });
  const calibrated = lighthouseOf('/', 'mobile', [
    {performance: 97, tbtMs: 120, cls: 0, loadAverage: 0.2, benchmarkIndex: 1100, cpuSlowdown: 2.6, raw: raw(90, 400, 1100)},
    {performance: 95, tbtMs: 160, cls: 0, loadAverage: 0.3, benchmarkIndex: 1300, cpuSlowdown: 3, raw: raw(86, 500, 1300)},
    {performance: 96, tbtMs: 140, cls: 0, loadAverage: 0.2, benchmarkIndex: 1250, cpuSlowdown: 2.9, raw: raw(88, 450, 1250)},
  ]);
  const markdown = renderMarkdown({...results, lighthouse: [calibrated], ab: []});
  const row = markdown.split('\n').find((line) => line.startsWith('| `/` | mobile |')) ?? '';
  // The raw column is the median of the raw runs: 88 and 450 ms.
  assert.match(row, /\| 88 · 450 ms \| 97 · 120 ms · load 0\.20 · BI 1100 · 2\.6× for BI 1100, at 4×: 90 · 400 ms<br>/);
  assert.match(markdown, /\*\*Phone figures are calibrated to the host\.\*\*/);
  // Both runs of each pair measured the host: six indexes.
  assert.equal(
    hostSpeed({...results, lighthouse: [calibrated], ab: []}),
    'Lighthouse benchmarkIndex of the host: median 1250 (1100 to 1300 over 6 runs; higher is faster).',
  );
});

test('RESULTS.md shows every figure with a verdict against its target', () => {
  const markdown = renderMarkdown(results);
  const row = (start: string) => markdown.split('\n').find((line) => line.startsWith(start)) ?? '';
  assert.match(row('| cold |'), /120\.0 s \| 3\.00 GB \| 2\.00 GB \| \*\*FAIL\*\*/);
  assert.match(row('| warm |'), /60\.0 s \| 1\.50 GB \| 1\.00 GB \| pass/);
  assert.match(row('| `/` |'), /150\.0 KB \| 5 \| 48\.0 KB \| 1 \| ≤ 200\.0 KB: pass/);
  assert.match(row('| `/api/financial/create-payment` |'), /≤ 450\.0 KB: \*\*FAIL\*\*/);
  // Medians figure by figure: performance 96 of 97, 91, 96; TBT 120 ms of 90, 310, 120.
  assert.match(row('| `/` | mobile |'), /^\| `\/` \| mobile \| 96 \| 100 \| 100 \| 100 \| 1800 ms \| 120 ms \| 0\.000 \|/);
  // Each run with the load average it started at.
  assert.match(row('| `/` | mobile |'), /\| 97 · 90 ms · load 0\.40<br>91 · 310 ms · load 2\.60<br>96 · 120 ms · load 0\.50 \|/);
  // CLS is judged as Lighthouse shows it, to three decimals: 0.00004 shows as 0.000.
  assert.match(row('| `/` | mobile |'), /0\.000 \| .* \| pass \|$/);
  assert.match(row('| `/` | desktop |'), /0\.020 \| .* \| \*\*FAIL\*\* \|$/);
  assert.match(markdown, /- `\/` \(desktop, run 1\): slow page/);
  // Scaling: the search transfers against today's, the peak memory against 4 GB.
  assert.match(
    row('| 200 |'),
    /\| 290 \| 200\.0 s \| 1\.000 s \| 4\.00 GB \| 3\.00 GB \| 12\.0 s \| 1600\.0 KB \| 139\.0 KB in 9 files \| 60\.0 KB in 6 files \| 20\.0 KB in 4 files \| pass \| pass \|$/,
  );
  assert.match(row('| 2000 |'), /failed: the build failed \| 300\.0 s until then \| 20\.00 GB until then \|( – \|){9}$/);
  assert.match(
    row('| 2000, one SSG thread |'),
    /\| 2090 \| 400\.0 s \| 0\.200 s \| 5\.00 GB \| .* \| 61\.0 KB in 6 files \| 20\.0 KB in 4 files \| pass \| \*\*FAIL\*\* \|$/,
  );
  assert.match(markdown, /^- one SSG thread: `DOCUSAURUS_SSG_WORKER_THREAD_COUNT=1`/m);
  // What a reader downloads at each size, against the committed site's: the guide and the operation
  // page may grow by 10% at most. At 200 operations the guide grew 1.05×; with the lever 1.20×. A page
  // a run did not measure is a dash.
  assert.match(row('| the site (committed specs) |'), /\| 150\.0 KB \| 200\.0 KB \| 3400\.0 KB \| – \|$/);
  assert.match(row('| 200 | 150'), /^\| 200 \| 150\.0 KB \(1\.00×\) \| 210\.0 KB \(1\.05×\) \| 3400\.0 KB \(1\.00×\) \| pass \|$/);
  assert.match(row('| 2000, one SSG thread | –'), /\| – \| 240\.0 KB \(1\.20×\) \| 3570\.0 KB \(1\.05×\) \| \*\*FAIL\*\* \|$/);
  assert.match(
    markdown,
    /target: `\/guides\/payments\/authorize-and-capture-payments` ≤ 1\.1×, `\/api\/financial\/create-payment` ≤ 1\.1×/,
  );
  // Search: first use within 150 KB, the second query over 60 KB, a misspelled one within, indexing within 10 s.
  assert.match(row('| first use of the search box |'), /\| 140\.0 KB in 9 files \| ≤ 150\.0 KB: pass \|$/);
  assert.match(row('| a second query |'), /\| 61\.0 KB in 6 files \| ≤ 60\.0 KB: \*\*FAIL\*\* \|$/);
  assert.match(row('| a misspelled query |'), /\| 20\.0 KB in 4 files \| ≤ 60\.0 KB: pass \|$/);
  assert.match(row('| index on disk'), /\| 1500\.0 KB in 300 files \| – \|$/);
  assert.match(row('| indexing step of the cold build |'), /\| 8\.5 s \| ≤ 10\.0 s: pass \|$/);
  assert.match(markdown, /Pagefind's index of 267 pages/);
  // Try it: what opening it downloads against 250 KB, and its first answer.
  assert.match(row('| downloaded on opening |'), /\| 260\.0 KB in 2 files \| ≤ 250\.0 KB: \*\*FAIL\*\* \|$/);
  assert.match(row('| press to first answer (median) |'), /\| 1000 ms \(runs: 900 · 1200 · 1000 ms\) \|/);
  // Phase by phase, for the cold build and each scaling size that ran; a phase a run lacks is a dash.
  assert.match(row('| the site, cold |'), /\| 20\.0 s · 0\.50 GB \| 30\.0 s · 3\.00 GB \|$/);
  assert.match(row('| 200 operations |'), /\| – \| 45\.0 s · 4\.00 GB \|$/);
  assert.equal(row('| 2000 operations |'), '');
  assert.match(row('| 2000 operations, one SSG thread |'), /\| – \| 90\.0 s · 5\.00 GB \|$/);
  // A/B, each side measured in turns: on /, 110 ms with Tabs and 300 ms without (it saves 190 ms);
  // 130 ms with DocCard and 160 ms without (30 ms). The site's own Lighthouse section (120 ms) is not the "with".
  assert.match(row('| Tabs | swizzle of Tabs |'), /\| 190 ms on `\/` \| keep \|$/);
  assert.match(row('| DocCard | swizzle of DocCard |'), /\| 30 ms on `\/` \| \*\*remove\*\* \|$/);
  assert.match(row('| ssr-template |'), /failed: bench A\/B: docusaurus\.config\.ts holds the line 0 times \| – \|$/);
  assert.match(
    row('| Tabs | `/` |'),
    /\| 110 ms \| 300 ms \| 190 ms \| 98 \| 90 \| 98 · 110 ms · load 0\.70 \| 90 · 300 ms · load 0\.60 \|$/,
  );
  assert.match(markdown, /commit `0123456789ab`:/);
});

test('the median of Lighthouse figures leaves out missing ones and averages the middle pair', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, null, 1, 3, 2]), 2.5);
  assert.equal(median([null, null]), null);
  assert.equal(median([]), null);
});

test("each Lighthouse run shows the host's benchmarkIndex, and the results say the host's median and range", () => {
  const withIndex: Results = {
    ...results,
    lighthouse: [
      lighthouseOf('/', 'mobile', [
        {performance: 96, tbtMs: 150, cls: 0, loadAverage: 0.2, benchmarkIndex: 1449.5},
        {performance: 95, tbtMs: 180, cls: 0, loadAverage: 0.3, benchmarkIndex: 1402},
      ]),
    ],
    ab: [],
  };
  const markdown = renderMarkdown(withIndex);
  assert.match(markdown, /\| 96 · 150 ms · load 0\.20 · BI 1450<br>95 · 180 ms · load 0\.30 · BI 1402 \|/);
  assert.equal(hostSpeed(withIndex), 'Lighthouse benchmarkIndex of the host: median 1426 (1402 to 1450 over 2 runs; higher is faster).');
  assert.match(markdown, /^Host: 2 × Test CPU\. Lighthouse benchmarkIndex of the host: median 1426/m);
  // Results from before the index was kept say so.
  assert.equal(hostSpeed(results), 'Lighthouse benchmarkIndex of the host: not recorded.');
});

test('the A/B against an earlier commit shows the TBT the changes since then save on each page, or why it failed', () => {
  const now = [
    lighthouseOf('/guides/', 'mobile', [
      {performance: 96, tbtMs: 180, cls: 0, loadAverage: 0.4, benchmarkIndex: 1450},
      {performance: 94, tbtMs: 220, cls: 0, loadAverage: 0.5, benchmarkIndex: 1440},
      {performance: 95, tbtMs: 200, cls: 0, loadAverage: 0.4, benchmarkIndex: 1445},
    ]),
  ];
  const then = [
    lighthouseOf('/guides/', 'mobile', [
      {performance: 80, tbtMs: 700, cls: 0, loadAverage: 0.4},
      {performance: 78, tbtMs: 760, cls: 0, loadAverage: 0.5},
      {performance: 79, tbtMs: 730, cls: 0, loadAverage: 0.4},
    ]),
  ];
  const section = commitAbSection({commit: '42f4031aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', subject: 'Search: more', ok: true, now, then});
  assert.match(section, /against `42f4031aaaaa` \(Search: more\)/);
  const row = section.split('\n').find((line) => line.startsWith('| `/guides/` |')) ?? '';
  // Medians: now 200 ms and 95, then 730 ms and 79; saved 530 ms.
  assert.match(row, /^\| `\/guides\/` \| 200 ms \| 730 ms \| 530 ms \| 95 \| 79 \| 96 · 180 ms · load 0\.40 · BI 1450<br>/);
  assert.match(
    commitAbSection({
      commit: '42f4031aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      subject: 'Search: more',
      ok: false,
      error: '"npm run build" failed\nmore',
    }),
    /`42f4031aaaaa` Search: more: failed: "npm run build" failed$/,
  );
  assert.match(commitAbSection(undefined), /Not run \(`--ab-commit <commit>` runs it\)\./);
  assert.match(
    renderMarkdown({...results, abCommit: {commit: 'a'.repeat(40), subject: 'x', ok: true, now, then}}),
    /## A\/B against an earlier commit/,
  );
});

test('stock Docusaurus on the same text shows both sites on each page, what the site saves, and how the host ran', () => {
  const page = '/guides/payments/authorize-and-capture-payments';
  const site = [
    lighthouseOf(page, 'mobile', [
      {performance: 77, tbtMs: 1100, cls: 0, loadAverage: 0.4, benchmarkIndex: 1500},
      {performance: 79, tbtMs: 900, cls: 0, loadAverage: 0.5, benchmarkIndex: 1600},
      {performance: 78, tbtMs: 1000, cls: 0, loadAverage: 0.4, benchmarkIndex: 1700},
    ]),
  ];
  const stock = [
    lighthouseOf(page, 'mobile', [
      {performance: 70, tbtMs: 1500, cls: 0, loadAverage: 0.4, benchmarkIndex: 1200},
      {performance: 69, tbtMs: 1700, cls: 0, loadAverage: 0.5, benchmarkIndex: 1300},
      {performance: 71, tbtMs: 1400, cls: 0, loadAverage: 0.4, benchmarkIndex: 1400},
    ]),
  ];
  const weight = (jsGzipBytes: number) => [{path: page, jsGzipBytes, jsFiles: 12, cssGzipBytes: 20 * KB, cssFiles: 1}];
  const run = {ok: true as const, docusaurus: '3.10.2', site, stock, siteWeight: weight(188 * KB), stockWeight: weight(150 * KB)};
  const section = stockSection(run);
  assert.match(section, /^Docusaurus 3\.10\.2 with its docs plugin and classic theme/m);
  const row = section.split('\n').find((line) => line.startsWith(`| \`${page}\` |`)) ?? '';
  // Medians: the site 1,000 ms and 78, the stock site 1,500 ms and 70; the site saves 500 ms.
  assert.match(
    row,
    /^\| `[^`]+` \| 188\.0 KB \| 150\.0 KB \| 1000 ms \| 1500 ms \| 500 ms \| 78 \| 70 \| 77 · 1100 ms · load 0\.40 · BI 1500<br>/,
  );
  // The host's speed counts the runs of both sites.
  assert.match(hostSpeed({...results, stock: run}), /median 1450 \(1200 to 1700 over 6 runs/);
  assert.match(
    stockSection({ok: false, error: 'docusaurus build of the stock site failed (x.log)\nmore'}),
    /Failed: docusaurus build of the stock site failed \(x\.log\)$/,
  );
  assert.match(stockSection(undefined), /Not measured\.$/);
  assert.match(renderMarkdown({...results, stock: run}), /## The framework alone: stock Docusaurus on the same text/);
});

test('the page with no scripts keeps its HTML and data, and loses every script and script hint', () => {
  const kept = [
    '<html data-theme=dark><head><title>Create a payment</title>',
    '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
    '<link rel=stylesheet href=/assets/css/styles.css>',
    '<link rel=preload as=image href=/img/logo.svg>',
    '</head><body><p>Node.js, and <code>&lt;script&gt;</code> in a sample.</p>',
    '<a href=/sdks/node.js>Node SDK</a>',
  ];
  const running = [
    '<script>document.documentElement.setAttribute("data-theme","dark")</script>',
    '<script type="module" src="/assets/js/main.js"></script>',
    '<script>\n!function(n){n.forEach(function(s){document.body.appendChild(s)})}(["/a.js"])\n</script >',
    '<link rel="preload" href="/assets/js/runtime~main.js" as="script">',
    '<link rel=modulepreload href=/assets/js/chunk.mjs>',
    '<link rel=prefetch href=/assets/js/other.js>',
  ];
  const html = kept.flatMap((part, index) => [part, running[index] ?? '']).join('') + '</body></html>';
  assert.equal(withoutScripts(html), `${kept.join('')}</body></html>`);
});

test('the scripts section gives main-thread CPU against the same HTML with no scripts, with the operation page judged on its ratio', () => {
  const cpu = (path: string, values: number[], performance = 90) =>
    lighthouseOf(
      path,
      'mobile',
      values.map((mainThreadCpuMs) => ({performance, tbtMs: 200, cls: 0, loadAverage: 0.2, mainThreadCpuMs, scriptBytes: 130 * KB})),
    );
  const operation = '/api/financial/create-payment';
  const markdown = noScriptSection({
    ok: true,
    site: [cpu('/', [700, 640, 660]), cpu(operation, [600, 650, 620])],
    bare: [cpu('/', [300, 310, 290], 100), cpu(operation, [500, 480, 520], 100)],
  });
  const row = (path: string) => markdown.split('\n').find((line) => line.startsWith(`| \`${path}\` |`)) ?? '';
  // Medians: 660 against 300 on the home page, not judged; 620 against 500 on the operation page.
  assert.match(row('/'), /^\| `\/` \| 130\.0 KB \| 660 ms \| 300 ms \| 2\.20× \| 90 · 200 ms \| 100 · 200 ms \|.* \| – \|$/);
  assert.match(row(operation), /\| 620 ms \| 500 ms \| 1\.24× \|.*\| ≤ 1\.3×: pass \|$/);
  const slower = noScriptSection({ok: true, site: [cpu(operation, [700])], bare: [cpu(operation, [500])]});
  assert.match(slower, /\| 1\.40× \|.*\| ≤ 1\.3×: \*\*FAIL\*\* \|$/m);
  assert.match(noScriptSection({ok: false, error: 'cannot copy build\nstack'}), /Failed: cannot copy build$/);
  assert.match(noScriptSection(undefined), /Not measured\.$/);
});
