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
import {loadavg} from 'node:os';
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
  audits: Record<string, {numericValue?: number} | undefined>;
  runWarnings: string[];
  runtimeError?: {code: string; message: string};
  environment?: {benchmarkIndex?: number};
};

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const cli = require.resolve('lighthouse/cli/index.js');

export const lighthouseVersion = (): string => packageVersion('lighthouse');

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {env: {...process.env, CHROME_PATH: chromiumPath}, maxBuffer: 256 * 1024 * 1024},
      (error, stdout, stderr) => (error ? reject(new Error(`lighthouse failed: ${stderr.trim() || error.message}`)) : resolve(stdout)),
    );
  });
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
  const args = [
    `${baseUrl}${path}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromiumFlags.join(' ')}`,
  ];
  if (formFactor === 'desktop') args.push('--preset=desktop');
  if (cpuSlowdown !== defaultSlowdown[formFactor]) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`);
  const loadAverage = loadavg()[0] ?? 0;
  const report = JSON.parse(await run(args)) as Report;
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
export function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  const middle = Math.floor(known.length / 2);
  const upper = known[middle];
  if (upper === undefined) return null;
  const lower = known[middle - 1];
  return known.length % 2 || lower === undefined ? upper : (lower + upper) / 2;
}

const figures = ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'tbtMs', 'cls', 'totalByteWeight'] as const;

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
