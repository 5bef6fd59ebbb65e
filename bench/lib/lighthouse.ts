/**
 * Runs the Lighthouse CLI (the project's own devDependency) on one URL with the bench's Chromium,
 * mobile (Lighthouse's default) or desktop (--preset=desktop), and keeps the four category
 * scores and the figures the targets are about. A measurement is five runs and their median:
 * a single run swings by ten points of performance with what else the machine is doing, so each
 * run also keeps the machine's load average when it started, and Lighthouse's own measure of the
 * host's speed (its benchmarkIndex: hosts of the same kind differ, and a slower one scores lower).
 *
 * A phone figure is calibrated to the host. Lighthouse slows the CPU 4× on phones whatever the host,
 * a factor meant for a host of benchmarkIndex about 1,533; on a slower host 4× stands for a slower
 * phone, and on a shared host the index moves from one minute to the next. So each phone run is a
 * pair: a run at Lighthouse's 4×, which measures the index, then at once the run that counts, with
 * the CPU slowed by the factor Lighthouse's calculator gives for that index. Both are kept: the raw
 * 4× figures are reported beside the calibrated ones.
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromiumFlags, chromiumPath} from '../../scripts/lib/chromium';
import {packageVersion} from './files';

export type FormFactor = 'mobile' | 'desktop';

/** The figures of one run, or the median of several. */
export type LighthouseFigures = {
  /** Category scores from 0 to 100; null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalByteWeight: number | null;
  /** The bytes of JavaScript the page loaded (transferred); absent in results from before it was kept. */
  scriptBytes?: number | null;
  /**
   * The CPU time of the renderers' main threads over the load, from the trace's thread time: what the
   * page cost the CPU, which the neighbours' load does not lengthen (unslowed: Lighthouse simulates
   * the slowdown from this trace). Absent in results from before it was kept.
   */
  mainThreadCpuMs?: number | null;
};

export type LighthouseRun = LighthouseFigures & {
  /** The machine's load average over the last minute when the run started. */
  loadAverage: number;
  /** Lighthouse's benchmarkIndex of the host during the run (higher is faster); null in results from before it was kept. */
  benchmarkIndex?: number | null;
  /** How many times Lighthouse slowed the CPU (absent in results from before it was kept: 4 on phones, 1 on desktop). */
  cpuSlowdown?: number;
  /** On phones, the run at Lighthouse's own 4× made just before this one, whose benchmarkIndex set this one's slowdown. */
  raw?: LighthouseFigures & {benchmarkIndex: number | null};
  /** Lighthouse's runtime error or run warnings, when it had any. */
  warnings: string[];
};

/** One page in one form factor: the median of its runs, figure by figure, and the runs. */
export type LighthouseResult = {
  path: string;
  formFactor: FormFactor;
  median: LighthouseFigures;
  /** On phones, the median of the raw 4× runs. */
  rawMedian?: LighthouseFigures;
  runs: LighthouseRun[];
};

/** How many runs make a measurement. */
export const lighthouseRuns = 5;

/** The parts of Lighthouse's JSON report (its "LHR") that the bench reads. */
type Report = {
  lighthouseVersion: string;
  categories: Record<string, {score: number | null} | undefined>;
  audits: Record<string, {numericValue?: number; details?: {items?: {resourceType?: string; transferSize?: number}[]}} | undefined>;
  runWarnings: string[];
  runtimeError?: {code: string; message: string};
  environment?: {benchmarkIndex?: number};
};

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const cli = require.resolve('lighthouse/cli/index.js');

export const lighthouseVersion = (): string => packageVersion('lighthouse');

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, ...args], {env: {...process.env, CHROME_PATH: chromiumPath}}, (error, _stdout, stderr) =>
      error ? reject(new Error(`lighthouse failed: ${stderr.trim() || error.message}`)) : resolve(),
    );
  });
}

/** The parts of a Chrome trace that `mainThreadCpu` reads. */
export type Trace = {
  traceEvents: {name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: {name?: string}}[];
};

/**
 * The CPU time, in ms, of the top-level tasks of every renderer main thread in a trace: the sum of
 * their thread durations (`tdur`, the time the thread ran, not the time it waited for a core). A
 * task inside another one is counted with it. Null when the trace has no thread times.
 */
export function mainThreadCpu(trace: Trace): number | null {
  const events = trace.traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = events
    .filter((event) => event.ph === 'X' && event.name === 'RunTask' && mainThreads.has(`${event.pid}:${event.tid}`))
    .sort((a, b) => a.ts - b.ts);
  const ends = new Map<string, number>();
  let micros = 0;
  let timed = false;
  for (const task of tasks) {
    const thread = `${task.pid}:${task.tid}`;
    if (task.ts < (ends.get(thread) ?? -Infinity)) continue;
    ends.set(thread, task.ts + (task.dur ?? 0));
    if (typeof task.tdur !== 'number') continue;
    micros += task.tdur;
    timed = true;
  }
  return timed ? micros / 1000 : null;
}

/** Lighthouse's own CPU slowdown: 4× on phones, none on desktop. */
export const defaultSlowdown: Record<FormFactor, number> = {mobile: 4, desktop: 1};

/**
 * The phone CPU slowdown that Lighthouse's calculator (linked from its throttling docs) gives for a
 * host's benchmarkIndex: 1× at 150 or less, 2× at 800, 3× at 1,300, in a straight line between,
 * and one more for each 233 past 1,300 (so 4× at about 1,533, the host Lighthouse's default is
 * meant for). Rounded to hundredths, as the report prints it.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.round(slowdown * 100) / 100;
}

async function runOnce(
  baseUrl: string,
  path: string,
  formFactor: FormFactor,
  cpuSlowdown = defaultSlowdown[formFactor],
): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-lighthouse-'));
  const args = [
    `${baseUrl}${path}`,
    '--output=json',
    `--output-path=${join(dir, 'run.json')}`,
    // The trace, beside the report as run-0.trace.json, for the main thread's CPU time.
    '--save-assets',
    '--quiet',
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromiumFlags.join(' ')}`,
  ];
  if (formFactor === 'desktop') args.push('--preset=desktop');
  if (cpuSlowdown !== defaultSlowdown[formFactor]) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`);
  const loadAverage = loadavg()[0] ?? 0;
  let report: Report;
  let mainThreadCpuMs: number | null;
  try {
    await run(args);
    report = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Report;
    mainThreadCpuMs = mainThreadCpu(JSON.parse(readFileSync(join(dir, 'run-0.trace.json'), 'utf8')) as Trace);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  const score = (id: string) => {
    const value = report.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => report.audits[id]?.numericValue ?? null;
  const warnings = [...(report.runtimeError ? [`${report.runtimeError.code}: ${report.runtimeError.message}`] : []), ...report.runWarnings];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalByteWeight: numeric('total-byte-weight'),
    scriptBytes: report.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? null,
    mainThreadCpuMs,
    loadAverage,
    benchmarkIndex: report.environment?.benchmarkIndex ?? null,
    cpuSlowdown,
    warnings,
  };
}

/**
 * One measurement of a page: on desktop one run; on phones the pair described at the top, the run at
 * the calibrated slowdown carrying the raw 4× one.
 */
async function measureOnce(baseUrl: string, path: string, formFactor: FormFactor): Promise<LighthouseRun> {
  const first = await runOnce(baseUrl, path, formFactor);
  if (formFactor === 'desktop') return first;
  if (first.benchmarkIndex === null || first.benchmarkIndex === undefined)
    throw new Error(`Lighthouse reported no benchmarkIndex for ${path}, so its phone slowdown cannot be calibrated`);
  const calibrated = await runOnce(baseUrl, path, formFactor, calibratedSlowdown(first.benchmarkIndex));
  return {...calibrated, raw: {...figuresOf(first), benchmarkIndex: first.benchmarkIndex}};
}

/** The middle value (the mean of the two middle ones for an even count), or null when there is none. */
export function median(values: (number | null | undefined)[]): number | null {
  const known = values.filter((value): value is number => typeof value === 'number').sort((a, b) => a - b);
  const middle = Math.floor(known.length / 2);
  const upper = known[middle];
  if (upper === undefined) return null;
  const lower = known[middle - 1];
  return known.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
}

const figures = [
  'performance',
  'accessibility',
  'bestPractices',
  'seo',
  'lcpMs',
  'tbtMs',
  'cls',
  'totalByteWeight',
  'scriptBytes',
  'mainThreadCpuMs',
] as const;

/** Each figure's median over the runs: the median TBT need not come from the run of the median score. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return Object.fromEntries(figures.map((figure) => [figure, median(runs.map((run) => run[figure]))])) as LighthouseFigures;
}

const figuresOf = (run: LighthouseFigures): LighthouseFigures =>
  Object.fromEntries(figures.map((figure) => [figure, run[figure]])) as LighthouseFigures;

export function resultOf(path: string, formFactor: FormFactor, runs: LighthouseRun[]): LighthouseResult {
  const raw = runs.flatMap((run) => (run.raw ? [run.raw] : []));
  return {path, formFactor, median: medianFigures(runs), ...(raw.length ? {rawMedian: medianFigures(raw)} : {}), runs};
}

/** How many runs each side of an A/B gets per page. */
export const abRuns = 5;

/**
 * Lighthouse on phones on each page of two sites, `abRuns` times each, their runs alternating
 * (first, second, first, second, …) so that both sides see the same minutes of the machine: a
 * difference between them is the sites', not a busier moment of one side.
 */
export async function lighthousePaired(
  baseUrls: [string, string],
  pages: string[],
  log: (message: string) => void,
): Promise<[LighthouseResult[], LighthouseResult[]]> {
  const sides: [LighthouseResult[], LighthouseResult[]] = [[], []];
  for (const path of pages) {
    log(`Lighthouse mobile ${path}, ${abRuns} runs on each side, alternating`);
    const runs: [LighthouseRun[], LighthouseRun[]] = [[], []];
    for (let run = 0; run < abRuns; run++) {
      for (const side of [0, 1] as const) runs[side].push(await measureOnce(baseUrls[side], path, 'mobile'));
    }
    for (const side of [0, 1] as const) sides[side].push(resultOf(path, 'mobile', runs[side]));
  }
  return sides;
}

/**
 * Lighthouse on each page in each form factor, on a site served at `baseUrl`: `lighthouseRuns`
 * rounds, each measuring every page once, so that each page's runs are spread over the same minutes
 * as the others' rather than one page having the machine's quiet minutes and another its busy ones.
 */
export async function lighthouseAll(
  baseUrl: string,
  pages: string[],
  formFactors: FormFactor[],
  log: (message: string) => void,
): Promise<LighthouseResult[]> {
  const measured = pages.flatMap((path) => formFactors.map((formFactor) => ({path, formFactor, runs: [] as LighthouseRun[]})));
  for (let round = 1; round <= lighthouseRuns; round++) {
    log(`Lighthouse round ${round} of ${lighthouseRuns}: ${pages.join(', ')} (${formFactors.join(' and ')})`);
    for (const page of measured) page.runs.push(await measureOnce(baseUrl, page.path, page.formFactor));
  }
  return measured.map(({path, formFactor, runs}) => resultOf(path, formFactor, runs));
}
