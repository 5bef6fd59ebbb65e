/**
 * The JavaScript and CSS that a page of the build executes before it is interactive: the
 * requests whose Playwright resourceType() is `script` or `stylesheet`, made from navigation
 * until the page has hydrated (html[data-has-hydrated="true"]) and the network has then been
 * idle for a second. Docusaurus' <link rel="prefetch"> requests for other routes have the
 * resourceType `other` and load later at idle priority: they are not counted. Each file is
 * sized as its build file gzipped at level 9.
 */
import {chromium, type Browser, type Page, type Request} from '@playwright/test';
import {join} from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {chromiumFlags, chromiumPath} from '../../scripts/lib/chromium';
import {gzipBytes} from './files';

export type PageWeight = {path: string; jsGzipBytes: number; jsFiles: number; cssGzipBytes: number; cssFiles: number};

/** No request in flight for this long after hydration: the network is idle. */
const quietMs = 1000;
/** The most a page may take to load, hydrate and go quiet, even on a busy machine. */
const pageTimeoutMs = 300_000;

/**
 * Opens `url` in a new page and resolves once it has hydrated and no request has been in flight
 * for `quietMs`. `onRequest` sees every request made until then.
 */
async function loadUntilIdle(browser: Browser, url: string, onRequest: (request: Request) => void): Promise<Page> {
  const page = await browser.newPage();
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  let recording = true;
  page.on('request', (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
    if (recording) onRequest(request);
  });
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  const deadline = Date.now() + pageTimeoutMs;
  await page.goto(url, {waitUntil: 'load', timeout: pageTimeoutMs});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: Math.max(1, deadline - Date.now())});
  while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
    if (Date.now() > deadline) {
      const pending = [...inFlight].map((request) => request.url()).join(', ');
      throw new Error(`${url} did not go quiet within ${pageTimeoutMs / 1000} s; in flight: ${pending}`);
    }
    await sleep(50);
  }
  recording = false;
  return page;
}

/**
 * Measures each path twice, each time in a new browser context (nothing cached): the first visit
 * is not counted, it lets the server compress every file it serves (scripts/serve-build.ts does
 * that once per file, on the first request, which takes seconds for the largest chunks); the
 * second is measured. The server is then warm for whatever measures the same pages next.
 */
export async function measurePageWeights(baseUrl: string, buildDir: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    const weights: PageWeight[] = [];
    for (const path of paths) {
      await (await loadUntilIdle(browser, `${baseUrl}${path}`, () => undefined)).close();
      const requests: Request[] = [];
      await (await loadUntilIdle(browser, `${baseUrl}${path}`, (request) => requests.push(request))).close();
      const files = {script: new Set<string>(), stylesheet: new Set<string>()};
      for (const request of requests) {
        const type = request.resourceType();
        if (type !== 'script' && type !== 'stylesheet') continue;
        const url = new URL(request.url());
        if (url.origin !== baseUrl) throw new Error(`${path} loads ${type} ${url.href} from outside the build`);
        files[type].add(decodeURIComponent(url.pathname));
      }
      const sum = (set: Set<string>) => [...set].reduce((total, file) => total + gzipBytes(join(buildDir, file)), 0);
      weights.push({
        path,
        jsGzipBytes: sum(files.script),
        jsFiles: files.script.size,
        cssGzipBytes: sum(files.stylesheet),
        cssFiles: files.stylesheet.size,
      });
    }
    return weights;
  } finally {
    await browser.close();
  }
}
