/**
 * The targets of the performance issues, and the formatting that the sections of bench/RESULTS.md
 * share (bench/lib/report.ts, bench/lib/report-pairs.ts).
 */
import {defaultSlowdown, type LighthouseFigures, type LighthouseResult} from './lighthouse';

export const KB = 1024;
export const MB = 1024 * KB;
export const GB = 1024 * MB;

/** The targets of the issue. */
export const targets = {
  buildWallMs: 90_000,
  buildPeakBytes: 2 * GB,
  jsBeforeInteractiveBytes: {
    '/': 200 * KB,
    '/guides/payments/authorize-and-capture-payments': 300 * KB,
    '/api/financial/create-payment': 450 * KB,
    '/category/payments': 250 * KB,
  } as Record<string, number>,
  mobilePerformance: 95,
  otherCategories: 100,
  searchFirstUseBytes: 150 * KB,
  searchSecondQueryBytes: 60 * KB,
  searchIndexingMs: 10_000,
  /** An internal stays when it saves at least this much median TBT on phones on some page. */
  internalTbtWinMs: 50,
  /** The peak memory of a scaling run (the issue's is at 2,000 operations, where CI runners have 7 GB). */
  scalingPeakBytes: 4 * GB,
  /** A scaling run's JavaScript before interaction on these pages, as a multiple of the committed site's. */
  scalingJsGrowth: {
    '/guides/payments/authorize-and-capture-payments': 1.1,
    '/api/financial/create-payment': 1.1,
  } as Record<string, number>,
  /** A page's main-thread CPU on phones, as a multiple of the same HTML's with no scripts (issue 58: the operation page). */
  noScriptCpuRatio: {'/api/financial/create-payment': 1.3} as Record<string, number>,
  /** What opening Try it on an operation page downloads, until its first answer, gzipped. */
  tryItOpenBytes: 250 * KB,
};

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
export const gb = (bytes: number) => `${(bytes / GB).toFixed(2)} GB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const verdict = (ok: boolean) => (ok ? 'pass' : '**FAIL**');
export const orDash = <T>(value: T | null, format: (value: T) => string) => (value === null ? '–' : format(value));
/** CLS as Lighthouse shows it, to three decimals; the target of 0 is judged on that. */
export const cls = (value: number) => value.toFixed(3);

export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

export const ms = (value: number) => `${Math.round(value)} ms`;

/** Performance and TBT of one run or median: `95 · 180 ms`. */
export const scoreAndTbt = (figures: LighthouseFigures): string => `${orDash(figures.performance, String)} · ${orDash(figures.tbtMs, ms)}`;

/**
 * Each run's performance score and TBT, with the load average the machine had when it started and
 * Lighthouse's benchmarkIndex; for a calibrated phone run, also the slowdown, the index it came from
 * (the raw run's) and that raw 4× run's score and TBT.
 */
export function runsCell(run: LighthouseResult): string {
  return run.runs
    .map(
      (one) =>
        `${scoreAndTbt(one)} · load ${one.loadAverage.toFixed(2)}` +
        `${typeof one.benchmarkIndex === 'number' ? ` · BI ${Math.round(one.benchmarkIndex)}` : ''}` +
        (one.raw
          ? ` · ${one.cpuSlowdown}× for BI ${orDash(one.raw.benchmarkIndex, (index) => String(Math.round(index)))}, at ${defaultSlowdown.mobile}×: ${scoreAndTbt(one.raw)}`
          : ''),
    )
    .join('<br>');
}

/** What an internal saves on a page: median TBT on phones without it minus with it, measured in turns. */
export function tbtSaved(withIt: LighthouseResult, without: LighthouseResult): number | null {
  if (withIt.median.tbtMs === null || without.median.tbtMs === null) return null;
  return without.median.tbtMs - withIt.median.tbtMs;
}

/** The cells of one page of an A/B, ours first: median TBT of each, what ours saves, median performance of each, and the runs of each. */
export function pairCells(ours: LighthouseResult, other: LighthouseResult): string[] {
  return [
    orDash(ours.median.tbtMs, ms),
    orDash(other.median.tbtMs, ms),
    orDash(tbtSaved(ours, other), ms),
    orDash(ours.median.performance, String),
    orDash(other.median.performance, String),
    runsCell(ours),
    runsCell(other),
  ];
}
