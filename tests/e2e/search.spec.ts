import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

const indexFile = /\/(search-doc|lunr-index)-(\d+)\.json$/;

function recordIndexRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (indexFile.test(path)) seen.push(path);
  });
  return seen;
}

// A searchbox until the index loads, then a combobox: found by its label either way.
const box = (page: Page) => page.getByLabel('Search', {exact: true});

test('the index loads only on the first interaction with the search box, as exactly two files', async ({page}) => {
  const requests = recordIndexRequests(page);
  await open(page, '/');
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await page.waitForLoadState('networkidle');
  await open(page, '/guides/');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);

  await box(page).focus();
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  expect(requests).toHaveLength(2);
  const [first, second] = requests.map((path) => indexFile.exec(path)!);
  expect(new Set([first[1], second[1]])).toEqual(new Set(['search-doc', 'lunr-index']));
  expect(first[2]).toBe(second[2]);

  // Further interactions reuse what was loaded.
  await box(page).hover();
  await box(page).click();
  expect(requests).toHaveLength(2);

  // On the next page the box is ready at once, and does not take the focus by itself.
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'SDKs', exact: true}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'SDKs'})).toBeVisible();
  await expect(box(page)).toBeEnabled();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await expect(box(page)).not.toBeFocused();
});

test('hovering the search box starts loading the index', async ({page}) => {
  const requests = recordIndexRequests(page);
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
  await box(page).hover();
  await expect.poll(() => requests.length).toBe(2);
});

test('the box says "Loading..." until the index is ready', async ({page}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(indexFile, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/');
  // Focus rather than click: the pointer's hover alone swaps in the plugin's box, disabled while
  // the index is held, and a click would then wait for it to be enabled.
  await box(page).focus();
  await expect(box(page)).toHaveAttribute('placeholder', 'Loading...');
  release();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search Ctrl+K');
  await expect(box(page)).toBeFocused();
});

test('Ctrl+K focuses the search box from anywhere on the page', async ({page}) => {
  const requests = recordIndexRequests(page);
  await open(page, '/api/');
  // Put the focus in the article (on its heading: a click at a fixed spot could land on a link).
  await page.getByRole('heading', {level: 1}).click();
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  expect(requests).toHaveLength(2);
});

test('the placeholder reads "Search ⌘+K" on a Mac', async ({page}) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'platform', {get: () => 'MacIntel'}));
  await open(page, '/');
  await expect(box(page)).toHaveAttribute('placeholder', 'Search ⌘+K');
  await page.keyboard.press('Meta+k');
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveAttribute('placeholder', 'Search ⌘+K');
});

test('choosing a result opens the page with the matched word highlighted', async ({page}) => {
  await open(page, '/');
  await box(page).focus();
  await expect(box(page)).toBeFocused();
  await box(page).pressSequentially('idempotency', {delay: 30});
  const suggestion = page.locator('.ds-suggestion').first();
  await expect(suggestion).toBeVisible();
  await suggestion.click();
  await page.waitForURL((url) => url.pathname !== '/');
  const marks = page.locator('article mark');
  await expect(marks.first()).toBeVisible();
  await expect(marks.first()).toHaveText(/idempotency/i);
});
