/**
 * Runs the Lighthouse CLI (the project's own devDependency) on one URL with the bench's Chromium,
 * mobile (Lighthouse's default) or desktop (--preset=desktop), and keeps the four category
 * scores and the figures the targets are about.
 */
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {chromiumFlags, chromiumPath} from '../../scripts/lib/chromium';

export type FormFactor = 'mobile' | 'desktop';

export type LighthouseResult = {
  path: string;
  formFactor: FormFactor;
  /** Category scores from 0 to 100; null when Lighthouse could not score the category. */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  totalByteWeight: number | null;
  /** Lighthouse's runtime error or run warnings, when it had any. */
  warnings: string[];
};

/** The parts of Lighthouse's JSON report (its "LHR") that the bench reads. */
type Report = {
  lighthouseVersion: string;
  categories: Record<string, {score: number | null} | undefined>;
  audits: Record<string, {numericValue?: number} | undefined>;
  runWarnings: string[];
  runtimeError?: {code: string; message: string};
};

export const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

const cli = require.resolve('lighthouse/cli/index.js');

export function lighthouseVersion(): string {
  return (JSON.parse(readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as {version: string}).version;
}

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

export async function runLighthouse(baseUrl: string, path: string, formFactor: FormFactor): Promise<LighthouseResult> {
  const args = [
    `${baseUrl}${path}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${chromiumFlags.join(' ')}`,
  ];
  if (formFactor === 'desktop') args.push('--preset=desktop');
  const report = JSON.parse(await run(args)) as Report;
  const score = (id: string) => {
    const value = report.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => report.audits[id]?.numericValue ?? null;
  const warnings = [...(report.runtimeError ? [`${report.runtimeError.code}: ${report.runtimeError.message}`] : []), ...report.runWarnings];
  return {
    path,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalByteWeight: numeric('total-byte-weight'),
    warnings,
  };
}
