/**
 * Runs the Lighthouse CLI (the project's own devDependency) on one URL with the bench's Chromium,
 * mobile (Lighthouse's default) or desktop (--preset=desktop), and keeps the four category
 * scores and the figures the targets are about. A measurement is three runs and their median:
 * a single run swings by ten points of performance with what else the machine is doing, so each
 * run also keeps the machine's load average when it started, and Lighthouse's own measure of the
 * host's speed (its benchmarkIndex: hosts of the same kind differ, and a slower one scores lower).
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
  /** Lighthouse's runtime error or run warnings, when it had any. */
  warnings: string[];
};

/** One page in one form factor: the median of its runs, figure by figure, and the runs. */
export type LighthouseResult = {
  path: string;
  formFactor: FormFactor;
  median: LighthouseFigures;
  runs: LighthouseRun[];
};

/** How many runs make a measurement. */
export const lighthouseRuns = 3;

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

/**
 * Standing in for a slower host. Lighthouse slows the CPU it measures by a constant factor (4 on
 * phones, none on desktop), whatever the host, and its docs suggest calibrating that factor by the
 * host's benchmarkIndex. With `--as-benchmark-index N` the bench multiplies both factors by this
 * host's benchmarkIndex over N, so that the figures estimate a host of benchmarkIndex N: an
 * estimate, as a slower CPU is not slower at everything in the same proportion.
 */
export type HostEmulation = {benchmarkIndex: number; hostBenchmarkIndex: number; scale: number};

const cpuSlowdown: Record<FormFactor, number> = {mobile: 4, desktop: 1};
let emulation: HostEmulation | undefined;

/** The CPU slowdown of a form factor, with the emulated host's scale when there is one. */
export const slowdownOf = (formFactor: FormFactor, scale = emulation?.scale ?? 1): number =>
  Math.round(cpuSlowdown[formFactor] * scale * 100) / 100;

/** The scale that makes a host of `hostBenchmarkIndex` stand in for one of `benchmarkIndex`: never below 1, as a slow host cannot stand in for a faster one. */
export const emulationScale = (hostBenchmarkIndex: number, benchmarkIndex: number): number =>
  Math.max(1, hostBenchmarkIndex / benchmarkIndex);

async function runOnce(baseUrl: string, path: string, formFactor: FormFactor): Promise<LighthouseRun> {
  const args = [
    `${baseUrl}${path}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromiumFlags.join(' ')}`,
  ];
  if (formFactor === 'desktop') args.push('--preset=desktop');
  if (emulation) args.push(`--throttling.cpuSlowdownMultiplier=${slowdownOf(formFactor)}`);
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
    warnings,
  };
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

const resultOf = (path: string, formFactor: FormFactor, runs: LighthouseRun[]): LighthouseResult => ({
  path,
  formFactor,
  median: medianFigures(runs),
  runs,
});

/** Runs Lighthouse `lighthouseRuns` times, one after the other, on one page. */
export async function runLighthouse(baseUrl: string, path: string, formFactor: FormFactor): Promise<LighthouseResult> {
  const runs: LighthouseRun[] = [];
  for (let run = 0; run < lighthouseRuns; run++) runs.push(await runOnce(baseUrl, path, formFactor));
  return resultOf(path, formFactor, runs);
}

/**
 * Makes every later Lighthouse run of this process stand in for a host of `benchmarkIndex`: this
 * host's own is the median of three runs on phones on `path`, before any slowdown is changed.
 */
export async function emulateHost(
  baseUrl: string,
  path: string,
  benchmarkIndex: number,
  log: (message: string) => void,
): Promise<HostEmulation> {
  log(`Lighthouse mobile ${path}, ${lighthouseRuns} runs, for this host's benchmarkIndex`);
  const measured = (await runLighthouse(baseUrl, path, 'mobile')).runs.map((run) => run.benchmarkIndex ?? null);
  const hostBenchmarkIndex = median(measured);
  if (hostBenchmarkIndex === null) throw new Error('--as-benchmark-index: Lighthouse reported no benchmarkIndex for this host');
  emulation = {benchmarkIndex, hostBenchmarkIndex, scale: emulationScale(hostBenchmarkIndex, benchmarkIndex)};
  log(
    `CPU slowdown ${slowdownOf('mobile')} on phones, ${slowdownOf('desktop')} on desktop: a host of benchmarkIndex ${benchmarkIndex}, from this one's ${Math.round(hostBenchmarkIndex)}`,
  );
  return emulation;
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
      for (const side of [0, 1] as const) runs[side].push(await runOnce(baseUrls[side], path, 'mobile'));
    }
    for (const side of [0, 1] as const) sides[side].push(resultOf(path, 'mobile', runs[side]));
  }
  return sides;
}

/** Lighthouse on each page in each form factor, page by page, on a site served at `baseUrl`. */
export async function lighthouseAll(
  baseUrl: string,
  pages: string[],
  formFactors: FormFactor[],
  log: (message: string) => void,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const path of pages) {
    for (const formFactor of formFactors) {
      log(`Lighthouse ${formFactor} ${path}`);
      results.push(await runLighthouse(baseUrl, path, formFactor));
    }
  }
  return results;
}
