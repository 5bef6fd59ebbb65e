import {spawn, type ChildProcess} from 'node:child_process';
import {test as base, expect, type ConsoleMessage, type Page} from '@playwright/test';

/**
 * The shared test fixture: every page fails its test on an uncaught page error, on any breach of
 * the Content-Security-Policy that the server sends (build/_headers), or on an unexpected console
 * error, unless the test declares what it expects with allowConsole().
 */
type Fixtures = {
  allowConsole: (pattern: RegExp) => void;
};

/** Where each page's Content-Security-Policy breaches go: the sink of the test that uses the page now. */
const policySinks = new WeakMap<Page, (violation: string) => void>();

/** Sends the page's policy breaches to `sink`; a page kept across tests is set up once and gets each test's sink. */
async function watchPolicy(page: Page, sink: (violation: string) => void): Promise<void> {
  if (!policySinks.has(page)) {
    await page.exposeFunction('reportPolicyViolation', (violation: string) => policySinks.get(page)?.(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as {reportPolicyViolation: (violation: string) => void}).reportPolicyViolation;
        report(
          `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline script or style'} (${event.sourceFile}:${event.lineNumber}) on ${location.pathname}`,
        );
      });
    });
  }
  policySinks.set(page, sink);
}

export const test = base.extend<Fixtures>({
  allowConsole: [
    async ({page}, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      const onError = (error: Error) => problems.push(`page error: ${error.message}`);
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error' && !allowed.some((pattern) => pattern.test(message.text()))) {
          problems.push(`console error: ${message.text()} (${message.location().url} on ${page.url()})`);
        }
      };
      page.on('pageerror', onError);
      page.on('console', onConsole);
      await watchPolicy(page, (violation) => problems.push(`Content-Security-Policy violation: ${violation}`));
      await use((pattern) => allowed.push(pattern));
      page.off('pageerror', onError);
      page.off('console', onConsole);
      expect(problems, 'the page logged errors').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/**
 * A value that a test reads from its data (an entry of a spec or fixture, a match in a page) and
 * needs: a missing one fails the test saying what was missing, instead of a TypeError further on.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

/** Opens a path and waits until React has hydrated the page. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/**
 * Puts the page in a colour mode, as the mode switch does, and waits for Infima's colour transitions
 * to end, so that colours are read (or judged by axe) as they settle, not halfway. A transition the
 * change cancels rejects its `finished`: it is over all the same.
 */
export async function showColourMode(page: Page, mode: string): Promise<void> {
  await page.evaluate(async (theme) => {
    document.documentElement.setAttribute('data-theme', theme);
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  }, mode);
}

/** The paths of every page in the build, read from its sitemap. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc = '']) => new URL(loc).pathname);
}

/** `npm run sandbox` started by a test: its process, its origin, and what it logged to stderr so far. */
export type StartedSandbox = {process: ChildProcess; origin: string; errors: () => string};

/**
 * `npm run sandbox -- --port <port>`, as the README runs it (port 0: any free one); resolves once it
 * listens. What it logs to stderr is kept: an answer the specs do not allow is one line there.
 */
export function startSandbox(port: number): Promise<StartedSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--port', String(port)]);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const origin = /Plaza sandbox on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (origin) resolve({process: child, origin, errors: () => errors});
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the sandbox stopped (${code}): ${output}`)));
  });
}
