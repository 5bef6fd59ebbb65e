/**
 * What Try it costs a reader, on the served build: the bytes that opening the panel on an operation
 * page downloads (every file requested from the press of "Try it" until the panel has answered its
 * first request, the worker's own downloads included, each sized as its build file gzipped at level
 * 9), and the time from that press to the first answer shown, with the CPU slowed down as
 * Lighthouse's mobile preset slows it (4×), median of `tryItRuns` runs, each in a new browser context.
 *
 * Run on its own against a build: `npx tsx bench/lib/try-it.ts` (after `npm run build`).
 */
import {chromium, type Browser} from '@playwright/test';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromiumFlags, chromiumPath} from '../../scripts/lib/chromium';
import {serveBuild} from '../../scripts/lib/site-copy';
import {gzipBytes} from './files';
import {median} from './lighthouse';

export type TryItBench = {
  path: string;
  /** The CPU slowdown of the timed runs (Lighthouse's mobile preset: 4). */
  cpuSlowdown: number;
  files: {path: string; gzipBytes: number}[];
  openGzipBytes: number;
  /** From the press of "Try it" to the first answer, each run. */
  firstAnswerMs: number[];
  firstAnswerMedianMs: number;
};

export const tryItPath = '/api/financial/create-payment';
export const tryItRuns = 3;
const cpuSlowdown = 4;
const timeoutMs = 120_000;

/** One run in a new context: the files requested after the press, and the time to the first answer. */
async function openOnce(browser: Browser, origin: string): Promise<{paths: string[]; ms: number}> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}${tryItPath}`, {waitUntil: 'load', timeout: timeoutMs});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: timeoutMs});
    await page.waitForLoadState('networkidle', {timeout: timeoutMs});
    const paths: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === origin) paths.push(decodeURIComponent(url.pathname));
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuSlowdown});
    const started = await page.evaluate(() => performance.now());
    await page.getByRole('button', {name: 'Try it', exact: true}).click();
    const send = page.getByRole('button', {name: 'Send request'});
    await send.click({timeout: timeoutMs});
    await page.locator('[data-status]').waitFor({timeout: timeoutMs});
    const ms = (await page.evaluate(() => performance.now())) - started;
    return {paths, ms};
  } finally {
    await context.close();
  }
}

export async function measureTryIt(origin: string, buildDir: string): Promise<TryItBench> {
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    const runs = [];
    for (let run = 0; run < tryItRuns; run++) runs.push(await openOnce(browser, origin));
    const files = [...new Set(runs[0]?.paths ?? [])].map((path) => ({path, gzipBytes: gzipBytes(join(buildDir, path))}));
    const firstAnswerMs = runs.map((run) => run.ms);
    return {
      path: tryItPath,
      cpuSlowdown,
      files,
      openGzipBytes: files.reduce((total, file) => total + file.gzipBytes, 0),
      firstAnswerMs,
      firstAnswerMedianMs: median(firstAnswerMs) ?? 0,
    };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = fileURLToPath(new URL('../../build', import.meta.url));
  serveBuild(buildDir)
    .then(async (served) => {
      try {
        console.log(JSON.stringify(await measureTryIt(served.origin, buildDir), null, 2));
      } finally {
        served.stop();
      }
    })
    .catch((error: unknown) => {
      console.error(`bench try-it failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
