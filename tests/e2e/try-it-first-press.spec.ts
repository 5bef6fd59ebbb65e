/**
 * Try it on the first press: every operation page, loaded afresh (a new sandbox account, as a
 * reader arriving from search has: the sandbox lives in a worker of the page), answers its
 * prefilled request with a 2xx when the reader presses Send without touching the form. The account
 * starts with the objects the examples name (sandbox/core/seed.ts), an upload starts with a sample
 * file, and a time the API takes only near the present is filled in from now
 * (`x-plaza-example-from-now`). And the quickstart's blocks, copied with their Copy buttons,
 * succeed against a fresh `npm run sandbox`.
 */
import {readCurl} from '../../lib/curl';
import {multipart} from '../../lib/page-run';
import {pathOperations} from '../../lib/api-model/specs';
import {model} from '../lib/specs';
import type {Page} from '@playwright/test';
import {expect, open, present, startSandbox, test} from './fixtures';

/**
 * The operation pages open one after another in one tab per worker: each page load starts its own
 * sandbox in its own worker, as a new tab would, without the cost of a new tab and context per test.
 */
const inTab = test.extend<object, {tab: Page}>({
  tab: [
    async ({browser}, provide) => {
      const context = await browser.newContext();
      await provide(await context.newPage());
      await context.close();
    },
    {scope: 'worker'},
  ],
  page: async ({tab}, provide) => provide(tab),
});

const pages = model.apis.flatMap((api) =>
  pathOperations(api.operations).map(({operationId, route}) => ({id: String(operationId), path: route})),
);

for (const {id, path} of pages) {
  inTab(`${path} answers its prefilled request with a 2xx on the first press`, async ({page}) => {
    await open(page, path);
    await page.getByRole('button', {name: 'Try it', exact: true}).click();
    const region = page.getByRole('region', {name: 'Try it'});
    const send = region.getByRole('button', {name: 'Send request'});
    await expect(send).toBeEnabled();
    await send.click();
    const status = region.locator('[data-status]');
    await expect(status).toBeVisible();
    const answered = Number(await status.getAttribute('data-status'));
    // A refusal's body says why; a 204 has none to read.
    const why = answered < 300 ? '' : await region.getByLabel('Response body').textContent();
    expect(answered, `${id} answered ${answered}: ${why}`).toBeLessThan(300);
  });
}

test(
  "the quickstart's blocks, copied with their Copy buttons, succeed against a fresh `npm run sandbox`",
  {tag: '@internal-copy-fresh-keys'},
  async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const server = await startSandbox(0);
    try {
      await open(page, '/guides/quickstart');
      const blocks = page.getByRole('main').locator('.theme-code-block').filter({hasText: 'curl -X'});
      const count = await blocks.count();
      expect(count).toBeGreaterThanOrEqual(3);
      const keys = new Set<string>();
      for (let index = 0; index < count; index++) {
        const block = blocks.nth(index);
        await block.hover();
        await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        const request = present(readCurl(copied), `a curl command to the Plaza API in block ${index + 1}`);
        if (request.host !== 'api.sandbox.plaza.example') continue;
        // Only the key is the reader's own, as the page tells them to export it.
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            value.replace(/\$\{?PLAZA_SECRET_KEY\}?/g, 'sk_test_copiedquickstart1'),
          ]),
        );
        const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
        if (key) keys.add(key);
        const form = request.form ? multipart(request.form) : undefined;
        const response = await fetch(`${server.origin}${request.target}`, {
          method: request.method,
          headers: form ? {...headers, 'content-type': form.type} : headers,
          body: form?.body ?? request.body,
        });
        expect(response.status, `block ${index + 1} ${request.method} ${request.target}: ${await response.text()}`).toBeLessThan(300);
      }
      // The copies carried keys of their own, not the ones the page writes.
      expect(keys.size).toBeGreaterThan(0);
      for (const key of keys) await expect(page.getByRole('main')).not.toContainText(key);
      expect(server.errors(), 'what the sandbox server logged as wrong').toBe('');
    } finally {
      server.process.kill();
    }
  },
);
