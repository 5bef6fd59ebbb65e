import AxeBuilder from '@axe-core/playwright';
import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

/** Every request for a file of the search (Pagefind's script, worker, WebAssembly, index and fragments). */
function recordSearchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/pagefind/')) seen.push(path);
  });
  return seen;
}

const box = (page: Page) => page.getByRole('combobox', {name: 'Search'});
const options = (page: Page) => page.getByRole('listbox', {name: 'Search results'}).getByRole('option');

async function typeQuery(page: Page, query: string): Promise<void> {
  await box(page).focus();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await box(page).fill(query);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
}

test('nothing of the search is downloaded before the reader uses the box; hovering it starts loading', async ({page}) => {
  const requests = recordSearchRequests(page);
  await open(page, '/');
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await page.waitForLoadState('networkidle');
  await open(page, '/guides/');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);

  await box(page).hover();
  await expect.poll(() => requests).toContain('/pagefind/pagefind.js');
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  // Nothing of the index itself is fetched until there is something to search for.
  expect(requests.filter((path) => path.startsWith('/pagefind/fragment/'))).toEqual([]);
});

test('the box says "Loading..." until the search is ready', async ({page}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/pagefind/pagefind.js', async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/');
  await box(page).focus();
  await expect(box(page)).toHaveAttribute('placeholder', 'Loading...');
  await expect(box(page)).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await expect(box(page)).toHaveAttribute('aria-busy', 'false');
  await expect(box(page)).toBeFocused();
});

test('Ctrl+K focuses the search box from anywhere on the page and starts loading', async ({page}) => {
  const requests = recordSearchRequests(page);
  await open(page, '/api/');
  await page.getByRole('heading', {level: 1}).click();
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await expect.poll(() => requests).toContain('/pagefind/pagefind.js');
});

test('the placeholder reads "Search ⌘+K" on a Mac, where ⌘+K focuses the box', async ({page}) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', {get: () => 'MacIntel'}));
  await open(page, '/');
  await expect(box(page)).toHaveAttribute('placeholder', 'Search ⌘+K');
  await page.keyboard.press('Meta+k');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search ⌘+K');
});

test('a query with stop words shows results with their kind, section and marked words', async ({page}) => {
  await open(page, '/');
  await typeQuery(page, 'refund a payment');
  const first = options(page).first();
  await expect(first).toContainText('Refund payments');
  await expect(first).toContainText('Guide');
  await expect(first.locator('mark').first()).toHaveText(/refund|payment/i);
  expect(await options(page).count()).toBeGreaterThan(3);
  // An API operation says its method.
  await box(page).fill('POST /v1/payments');
  await expect(options(page).filter({hasText: 'Create payment'}).first()).toContainText('API reference · POST');
});

test('arrow keys move through the results, Enter opens one and Escape closes the list', async ({page}) => {
  await open(page, '/');
  await typeQuery(page, 'cancel a refund');
  await expect(options(page).nth(1)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options(page).nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await page.keyboard.press('ArrowUp');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(box(page)).not.toHaveAttribute('aria-activedescendant');

  // Down opens the list again on its first result; Enter opens that page.
  await page.keyboard.press('ArrowDown');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
  // The option's heading holds its kind, then its title.
  const title = await options(page).first().locator('span > span').nth(1).textContent();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', {level: 1})).toHaveText(title!);
});

test('choosing a result opens the page at the matched section with the matched words marked', async ({page}) => {
  await open(page, '/');
  await typeQuery(page, 'idempotency');
  await options(page).first().click();
  await page.waitForURL((url) => url.pathname !== '/');
  expect(new URL(page.url()).searchParams.get('highlight')).toMatch(/idempotency/);
  const marks = page.locator('article mark');
  await expect(marks.first()).toBeVisible();
  expect(await marks.count()).toBeGreaterThan(1);
  for (const text of await marks.allTextContents()) expect(text).toMatch(/^idempotency$/i);
});

test('each result of the dropdown is a link to its page: Ctrl and middle clicks open it in a new tab', async ({page, context}) => {
  await open(page, '/');
  await typeQuery(page, 'cancel a refund');
  const first = options(page).first();
  await expect(first).toContainText('Cancel refunds');
  expect(await first.evaluate((option) => option.tagName)).toBe('A');
  // An address that "Copy link" copies as it is: the page, the matched words to mark and, for a
  // section, its anchor.
  const href = await first.evaluate((link) => (link as HTMLAnchorElement).href);
  expect(new URL(href).pathname).toBe('/guides/refunds/cancel-refunds');
  expect(new URL(href).searchParams.get('highlight')).toMatch(/refund/);
  for (const click of [{modifiers: ['ControlOrMeta' as const]}, {button: 'middle' as const}]) {
    const opened = context.waitForEvent('page');
    await first.click(click);
    const tab = await opened;
    await expect(tab.getByRole('heading', {level: 1})).toHaveText('Cancel refunds');
    await tab.close();
    // The reader stays where they were, with the list open for the next result.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  }
  // A plain click follows the link in the same tab.
  await first.click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Cancel refunds');
  expect(page.context().pages()).toHaveLength(1);
});

test('a result found in a section links to that section, on the results page as in the dropdown', async ({page}) => {
  await open(page, '/search?q=micro-deposits');
  const links = page.locator('main ul li a');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((link) => (link as HTMLAnchorElement).href));
  const withSection = hrefs.filter((href) => new URL(href).hash !== '');
  expect(withSection.length).toBeGreaterThan(0);
  const target = new URL(withSection[0]!);
  await page.goto(target.pathname + target.search + target.hash);
  await expect(page.locator(`[id="${decodeURIComponent(target.hash.slice(1))}"]`)).toBeInViewport();
});

/** The path of the first page the results page finds for `query`, and what its status says. */
async function firstFound(page: Page, query: string): Promise<{path: string; status: string}> {
  await open(page, `/search?${new URLSearchParams({q: query})}`);
  const status = page.getByRole('status').last();
  await expect(status).toHaveText(/\d+ pages?/);
  const href = await page.locator('main ul li a').first().getAttribute('href');
  return {path: new URL(href!, 'http://x').pathname, status: (await status.textContent()) ?? ''};
}

test('a misspelled word is corrected from the index’s own words: the page the right spelling finds comes first', async ({page}) => {
  for (const [typed, meant] of [
    ['setlements', 'settlements'],
    ['idempotancy key', 'idempotency key'],
    ['benficial owner', 'beneficial owner'],
    ['how to cancle a payout', 'how to cancel a payout'],
  ] as const) {
    const right = await firstFound(page, meant);
    expect(right.status).not.toMatch(/Showing results for/);
    const corrected = await firstFound(page, typed);
    expect(corrected.status).toMatch(new RegExp(`^Showing results for “${meant}”: \\d+ pages\\.$`));
    expect(corrected.path, typed).toBe(right.path);
  }
  // The navbar's box says it too.
  await open(page, '/');
  await typeQuery(page, 'setlements');
  await expect(page.getByText('Showing results for “settlements”')).toBeVisible();
  // Words the index knows, codes and words still being typed are searched as typed.
  for (const query of ['settl', 'card_declnd', 'onboarding']) {
    await open(page, `/search?${new URLSearchParams({q: query})}`);
    const status = page.getByRole('status').last();
    await expect(status).toHaveText(/\d+ pages?\.$|^No pages match/);
    await expect(status).not.toHaveText(/Showing/);
  }
});

test('the words a result asks its page to mark are words of that page, never cells run together', async ({page}) => {
  test.setTimeout(180_000);
  for (const query of ['cancel a refund', 'ownership percentage', 'POST /v1/refunds']) {
    await open(page, `/search?${new URLSearchParams({q: query})}`);
    await expect(page.locator('main ul li a').first()).toBeVisible();
    const hrefs = (await page.locator('main ul li a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))).slice(
      0,
      6,
    );
    for (const href of hrefs) {
      const words = new URL(href).searchParams.get('highlight')?.split(' ') ?? [];
      await open(page, new URL(href).pathname);
      const text = (await page.locator('article').innerText()).toLowerCase();
      for (const word of words) {
        const whole = new RegExp(`(^|[^\\p{L}\\p{N}_])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}_])`, 'u');
        expect(text, `${query}: "${word}" is no word of ${new URL(href).pathname}`).toMatch(whole);
      }
    }
  }
});

test('an API operation’s excerpt starts with its title and description, not its operationId or path', async ({page}) => {
  await open(page, '/api/financial/cancels-a-refund');
  const description = (await page.locator('article .api-operation__part p:not(.api-endpoint)').first().textContent())!.replace(/\s+/g, ' ');
  await open(page, '/search?q=cancels+a+refund');
  const hit = page.locator('main ul li a[href^="/api/financial/cancels-a-refund"]').first();
  const excerpt = (await hit.locator(':scope > span').nth(1).textContent())!;
  expect(excerpt.startsWith(`Cancels a refund. ${description.split(' ').slice(0, 6).join(' ')}`), excerpt).toBe(true);
  expect(excerpt).not.toMatch(/cancelsARefund|POST \/v1/);
});

test('the results page lists every hit, filters by kind, and the dropdown links to it', async ({page}) => {
  await open(page, '/');
  await typeQuery(page, 'payment');
  const all = page.getByRole('link', {name: /^See all \d+ results$/});
  const total = Number((await all.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(20);
  await all.click();
  await expect(page).toHaveURL(/\/search\?q=payment$/);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Results for “payment”');
  await expect(page.getByRole('status').last()).toHaveText(`${total} pages.`);
  const hits = page.locator('main ul li a');
  await expect(hits).toHaveCount(20);
  await page.getByRole('button', {name: 'Show more results'}).click();
  await expect(hits).toHaveCount(Math.min(40, total));

  const guides = page.getByRole('button', {name: /^Guide \(\d+\)$/});
  const guideCount = Number((await guides.textContent())!.match(/\d+/)![0]);
  await guides.click();
  await expect(page).toHaveURL(/\/search\?q=payment&kind=Guide$/);
  await expect(guides).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').last()).toHaveText(`${guideCount} pages of kind Guide.`);
  await expect(hits).toHaveCount(Math.min(20, guideCount));
  for (const href of await hits.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
    expect(href).toMatch(/^\/guides\//);
  }
  for (const kind of await hits.locator('span span').first().allTextContents()) expect(kind).toBe('Guide');
});

test('results found by a query of several words still open after the browser collects garbage', async ({page}) => {
  // Pagefind's worker forgets a result's data once the browser collects that result object: the
  // ranking of a query of several words must keep each result it ranks, not a copy of it.
  await open(page, `/search?${new URLSearchParams({q: 'how to cancel a payout'})}`);
  const status = page.getByRole('status').last();
  await expect(status).toHaveText(/\d+ pages\./);
  const total = Number((await status.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(20);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  // The collector's clean-up callbacks run as tasks of their own, after this one.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));
  await page.getByRole('button', {name: 'Show more results'}).click();
  await expect(page.locator('main ul li a')).toHaveCount(Math.min(40, total));
});

test('more results that cannot load leave those shown, say so, and load when asked again', async ({page}) => {
  await open(page, '/search?q=payment');
  const status = page.getByRole('status').last();
  await expect(status).toHaveText(/^\d+ pages\.$/);
  const counted = (await status.textContent())!;
  const hits = page.locator('main ul li a');
  await expect(hits).toHaveCount(20);
  await page.route('**/pagefind/fragment/**', (route) => route.abort());
  const more = page.getByRole('button', {name: 'Show more results'});
  await more.click();
  await expect(status).toHaveText('Search could not load. Check your connection and try again.');
  await expect(hits).toHaveCount(20);
  await page.unroute('**/pagefind/fragment/**');
  await more.click();
  await expect(hits).toHaveCount(40);
  await expect(status).toHaveText(counted);
});

test('Enter without a chosen result opens the results page for the query', async ({page}) => {
  await open(page, '/guides/');
  await typeQuery(page, 'webhook signature');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=webhook\+signature$/);
  await expect(page.locator('main ul li a').first()).toBeVisible();
});

const badQueries = [
  '!!! ??? ...',
  'x'.repeat(500),
  '.*+?^${}()|[]\\',
  '💳🚀',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
];

test('bad queries show no error and inject nothing, in the box and on the results page', async ({page}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await open(page, '/');
  for (const query of badQueries) {
    await typeQuery(page, query);
    await expect(page.getByRole('listbox', {name: 'Search results'}).locator('..').getByRole('status')).toBeVisible();
    await open(page, `/search?${new URLSearchParams({q: query})}`);
    await expect(page.getByRole('status').last()).not.toHaveText('Searching…');
    await expect(page.getByRole('status').last()).not.toHaveText(/could not load/);
  }
  expect(await page.locator('img[src="x"], main script').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}, hasTouch: true});

  test('the navbar box searches, its results fit the screen and a tap opens one', async ({page}) => {
    await open(page, '/guides/');
    await expect(box(page)).toBeVisible();
    await box(page).tap();
    await box(page).fill('onboard a seller');
    const first = options(page).first();
    await expect(first).toContainText('Onboard sellers');
    const list = page.getByRole('listbox', {name: 'Search results'});
    const bounds = (await list.boundingBox())!;
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(390);
    await first.tap();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Onboard sellers');
  });
});

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no violations in the open dropdown and on the results page in ${mode} mode`, async ({page}) => {
    await page.goto(`/?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    await typeQuery(page, 'capture a payment');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    const violations = async () =>
      (await new AxeBuilder({page}).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await violations()).toEqual([]);

    await page.goto(`/search?q=capture+a+payment&kind=Guide&docusaurus-theme=${mode}`);
    await expect(page.locator('main ul li a').first()).toBeVisible();
    expect(await violations()).toEqual([]);
  });
}
