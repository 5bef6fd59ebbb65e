/**
 * Try it with Plaza's sandbox API configured (PLAZA_TRY_IT_URL, tests/lib/try-it-site.ts), pointed at
 * the project's own sandbox server on 127.0.0.1 (`npm run sandbox`, started here on the port the
 * build names): the policy lets the pages connect to that host and no other, the panel refuses live
 * and publishable keys, a request with a pasted sandbox key reaches the server, the key staying in
 * memory only, and the target chosen and the IDs made there carry to the next pages. The server checks its every answer against the specs and logs one that does not
 * fit; a test fails on anything it logs.
 */
import type {Page} from '@playwright/test';
import {serveBuild, type Served} from '../../scripts/lib/site-copy';
import {tryItPort, tryItSite} from '../lib/try-it-site';
import {expect, open, present, startSandbox, test, type StartedSandbox} from './fixtures';

let served: Served | undefined;
let sandbox: StartedSandbox | undefined;

test.describe.configure({mode: 'default'});

test.beforeAll(async () => {
  sandbox = await startSandbox(tryItPort());
  served = await serveBuild(tryItSite.build);
});

test.afterEach(() => {
  expect(sandbox?.errors(), 'what the sandbox server logged as wrong').toBe('');
});

test.afterAll(() => {
  served?.stop();
  sandbox?.process.kill();
});

const origin = () => present(served, 'the served build').origin;
const sandboxUrl = () => `http://127.0.0.1:${tryItPort()}`;

async function openRemotePanel(page: Page) {
  await open(page, `${origin()}/api/financial/create-payment`);
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const region = page.getByRole('region', {name: 'Try it'});
  await region.getByRole('radio', {name: /Plaza's sandbox API/}).check();
  return region;
}

test('the content security policy lets the pages connect to the configured host, and to no other', async ({page}) => {
  const response = await page.request.get(`${origin()}/api/financial/create-payment`);
  const policy = response.headers()['content-security-policy'] ?? '';
  const connect = present(/(?:^|; )connect-src ([^;]*)/.exec(policy)?.[1], 'the connect-src directive');
  expect(connect.split(' ')).toEqual(["'self'", sandboxUrl()]);
  expect(policy).not.toContain("'unsafe-eval'");
});

test('live and publishable keys are refused with the reason, and nothing is sent', async ({page}) => {
  const region = await openRemotePanel(page);
  await expect(region.getByRole('radio', {name: /Plaza's sandbox API/})).toBeChecked();
  await expect(region.getByText(sandboxUrl())).toBeVisible();
  const key = region.getByLabel(/^Sandbox secret key/);
  const send = region.getByRole('button', {name: 'Send request'});
  // A live key is known however it is pasted: with spaces around it, in capitals, or after `Bearer `.
  for (const live of [
    'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    ' sk_live_4eC39HqLyjWDarjtT1zdp7dc ',
    'SK_LIVE_4EC39HQLYJWDARJTT1ZDP7DC',
    'Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  ]) {
    await key.fill(live);
    await expect(region.getByText(/^Live keys move real money, so Try it refuses them/), JSON.stringify(live)).toBeVisible();
    await expect(send).toBeDisabled();
  }
  await key.fill('pk_test_4eC39HqLyjWDarjtT1zdp7dc');
  await expect(region.getByText(/^A publishable key only works in the web SDKs/)).toBeVisible();
  await expect(send).toBeDisabled();
});

test('a request with a pasted sandbox key reaches the configured sandbox, and the key is kept in memory only', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const key = `sk_test_tryiturl${Date.now()}`;
  const region = await openRemotePanel(page);
  // Pasted as an Authorization header's value, with a space: the key alone is sent.
  await region.getByLabel(/^Sandbox secret key/).fill(` Bearer ${key}`);
  const sent = page.waitForRequest((request) => request.url().startsWith(`${sandboxUrl()}/v1/payments`));
  await region.getByRole('button', {name: 'Send request'}).click();
  expect((await sent).headers()['x-api-key']).toBe(key);
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  const id = present(/"id": "(pay_\w+)"/.exec((await region.getByLabel('Response body').textContent()) ?? '')?.[1], 'the payment ID');
  // The server has it: the request went there, and opened the key's account.
  const stored = await fetch(`${sandboxUrl()}/v1/payments/${id}`, {headers: {'X-API-KEY': key}});
  expect(stored.status).toBe(200);

  await region.getByRole('button', {name: 'Copy as cURL'}).click();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toContain(`curl -X POST '${sandboxUrl()}/v1/payments'`);
  expect(command).not.toContain(key);
  expect(page.url()).not.toContain(key);
  const stores = await page.evaluate(() => JSON.stringify([{...localStorage}, {...sessionStorage}, document.cookie]));
  expect(stores).not.toContain(key);
  // Nor is it in the document: the field's value is never written into an attribute.
  const secret = key.slice('sk_test_'.length);
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  expect(html.includes(secret), 'a part of the key in document.documentElement.outerHTML').toBe(false);
  await expect(region.getByLabel(/^Sandbox secret key/)).toHaveValue(` Bearer ${key}`);
});

test('the target chosen and the objects made on the configured sandbox carry to the next pages, and back', async ({page}) => {
  const key = `sk_test_carried${Date.now()}`;
  await open(page, `${origin()}/api/accounts/create-customer`);
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  let region = page.getByRole('region', {name: 'Try it'});
  await region.getByRole('radio', {name: /Plaza's sandbox API/}).check();
  await region.getByLabel(/^Sandbox secret key/).fill(key);
  await region.getByRole('button', {name: 'Send request'}).click();
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  const created = present(await region.getByLabel('Response body').textContent(), 'the answer of Create customer');
  const customer = present(/"id": "(cus_\w+)"/.exec(created)?.[1], 'the customer ID');

  // By a link, as a reader goes: the next page's panel sends to the same target, for the customer made there.
  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: /Get customer by ID$/})
    .click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get customer by ID');
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  region = page.getByRole('region', {name: 'Try it'});
  await expect(region.getByRole('radio', {name: /Plaza's sandbox API/})).toBeChecked();
  await expect(region.getByLabel(/^customer_id\b/)).toHaveValue(customer);
  const sent = page.waitForRequest((request) => request.url() === `${sandboxUrl()}/v1/customers/${customer}`);
  await region.getByRole('button', {name: 'Send request'}).click();
  expect((await sent).headers()['x-api-key']).toBe(key);
  await expect(region.locator('[data-status]')).toHaveText('200 OK');
  await expect(region.getByLabel('Response body')).toContainText(`"id": "${customer}"`);

  await page.goBack();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Create customer');
  await expect(region.getByRole('radio', {name: /Plaza's sandbox API/})).toBeChecked();
  await expect(region.getByLabel('Response body')).toHaveText(created);
});
