import AxeBuilder from '@axe-core/playwright';
import {test, expect, waitForHydration} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * The not-found page (src/theme/NotFound/Content): the path asked for, a search box filled with its
 * words, and the closest pages the site's search finds for them, or the main sections.
 */

const closestPages = (page: Page) => page.locator('main section').filter({has: page.getByRole('heading', {name: 'Closest pages'})});
const mainSections = (page: Page) => page.locator('main section').filter({has: page.getByRole('heading', {name: 'Main sections'})});
const box = (page: Page) => page.getByRole('searchbox', {name: 'Search the documentation'});

/** Opens a missing path, checks that it answers 404, and waits until React has hydrated the page. */
async function openMissing(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await waitForHydration(page);
}

/** Whether `href` is the page at `path`, at any section and with any parameters. */
function isPage(href: string | null, path: string): boolean {
  return href !== null && new RegExp(`^${path}(?=[?#]|$)`).test(href);
}

test.beforeEach(({allowConsole}) => {
  // The browser logs the page's own 404 answer.
  allowConsole(/status of 404/);
});

test('a mistyped guide path shows the path, a filled search box, and the guide first among the closest pages', async ({page}) => {
  const path = '/guides/payments/proces-card-payment';
  await openMissing(page, path);
  await expect(page).toHaveTitle(/^Page Not Found \| /);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  await expect(page.locator('main p code')).toHaveText(path);
  await expect(page.locator('main p').filter({has: page.locator('code')})).toHaveText(`The page at ${path} does not exist.`);
  await expect(box(page)).toHaveValue('guides payments proces card payment');
  const links = closestPages(page).getByRole('link');
  await expect(links).toHaveCount(5);
  const href = await links.first().getAttribute('href');
  expect(isPage(href, '/guides/payments/process-card-payments'), `first closest page: ${href}`).toBe(true);
  await expect(links.first()).toContainText('Process card payments');
  await expect(mainSections(page)).toHaveCount(0);
});

test('a mistyped operation path lists the operation first among the closest pages', async ({page}) => {
  // "api financial create paymnt" finds nothing (no page says "financial"): the page name's words do.
  await openMissing(page, '/api/financial/create-paymnt');
  const first = closestPages(page).getByRole('link').first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  expect(isPage(href, '/api/financial/create-payment'), `first closest page: ${href}`).toBe(true);
  await expect(first).toContainText('API reference · POST');
  await expect(first).toContainText('Create payment');
  // The box holds the words that found them, so that its results page finds them too.
  await expect(box(page)).toHaveValue('create paymnt');
  await page.getByRole('button', {name: 'Search', exact: true}).click();
  await expect(page).toHaveURL(/\/search\?q=create\+paymnt$/);
  await expect(page.locator('main ul li a').first()).toContainText('Create payment');
});

test('submitting the search box opens the results page for its words', async ({page}) => {
  await openMissing(page, '/guides/payments/proces-card-payment');
  await expect(box(page)).toHaveValue('guides payments proces card payment');
  await page.getByRole('button', {name: 'Search', exact: true}).click();
  await expect(page).toHaveURL(/\/search\?q=guides\+payments\+proces\+card\+payment$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Results for “guides payments proces card payment”');
  await expect(page.locator('main ul li a').first()).toBeVisible();

  // What the reader types instead, with Enter.
  await openMissing(page, '/guides/payments/proces-card-payment');
  await box(page).fill('refund a payment');
  await box(page).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=refund\+a\+payment$/);
  await expect(page.locator('main ul li a').first()).toContainText('Refund payments');
});

test('while the search loads the page says so; when it cannot load, the main sections show and no error', async ({page, allowConsole}) => {
  // The browser logs the refused script; the page itself shows no error.
  allowConsole(/ERR_FAILED/);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/pagefind/pagefind.js', async (route) => {
    await held;
    await route.abort();
  });
  await openMissing(page, '/guides/payments/proces-card-payment');
  const status = page.locator('main').getByRole('status');
  await expect(status).toHaveText('Searching for the closest pages…');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(mainSections(page)).toHaveCount(0);
  release();
  await expect(mainSections(page).getByRole('link')).toHaveText([/^Guides/, /^API reference/, /^SDKs/]);
  expect(
    await mainSections(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
  ).toEqual(['/guides/', '/api/', '/sdks/']);
  await expect(status).toHaveText('');
  await expect(closestPages(page)).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/error|could not/i);
  await expect(box(page)).toHaveValue('guides payments proces card payment');
});

test('a path of IDs alone shows the main sections without searching', async ({page}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await openMissing(page, '/2024/05/3f9k.html');
  await expect(mainSections(page).getByRole('link')).toHaveCount(3);
  await expect(box(page)).toHaveValue('');
  await expect(page.locator('main').getByRole('status')).toHaveText('');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);
});

test('a path that looks like HTML is shown as text and runs nothing', async ({page}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openMissing(page, '/guides/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
  await expect(page.locator('main p code')).toHaveText('/guides/<img src=x onerror=alert(1)>');
  await expect(page.locator('main').getByRole('status')).not.toHaveText(/Searching/);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no violations on the not-found page with its closest pages in ${mode} mode`, async ({page}) => {
    await openMissing(page, `/guides/payments/proces-card-payment?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await expect(closestPages(page).getByRole('link')).toHaveCount(5);
    const results = await new AxeBuilder({page}).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  for (const [name, path] of [
    ['a mistyped guide', '/guides/payments/proces-card-payment'],
    ['a long path without a place to break', `/guides/${'x'.repeat(120)}`],
  ] as const) {
    test(`the not-found page for ${name} does not scroll sideways`, async ({page}) => {
      await openMissing(page, path);
      await expect(page.locator('main').getByRole('status')).not.toHaveText(/Searching/);
      await expect(page.locator('main section h2')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      const main = (await page.locator('main').boundingBox())!;
      expect(main.x + main.width).toBeLessThanOrEqual(390);
    });
  }
});
