import {test, expect, waitForHydration} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * Blocks every script that the page did not load before it hydrated. Prefetching is off
 * (the browser asks to save data), so the next page's chunks are not loaded in advance.
 */
async function blockNewChunks(page: Page): Promise<{unblock: () => void; blocked: string[]}> {
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'connection', {get: () => ({saveData: true, effectiveType: '4g'})}),
  );
  const seen = new Set<string>();
  const blocked: string[] = [];
  let blocking = false;
  await page.route('**/assets/js/*.js', (route) => {
    const path = new URL(route.request().url()).pathname;
    if (blocking && !seen.has(path)) {
      blocked.push(path);
      return route.abort('failed');
    }
    seen.add(path);
    return route.continue();
  });
  await page.goto('/');
  await waitForHydration(page);
  blocking = true;
  return {unblock: () => (blocking = false), blocked};
}

test('a failed route preload logs a warning and reloads the page', async ({page, allowConsole}) => {
  allowConsole(/Failed to load resource|ChunkLoadError|Loading chunk/);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const {blocked} = await blockNewChunks(page);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'SDKs', exact: true}).click();
  await reloaded;
  expect(blocked.length).toBeGreaterThan(0);
  expect(warnings.some((text) => /ChunkLoadError|Loading chunk/.test(text))).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/sdks/');
});

test('a page whose code cannot load shows the error with a Retry button, and Retry recovers', async ({page, allowConsole}) => {
  allowConsole(/Failed to load resource|ChunkLoadError|Loading chunk/);
  const {unblock} = await blockNewChunks(page);
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'SDKs', exact: true}).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/This page could not finish loading: Loading chunk \d+ failed/);
  const retry = alert.getByRole('button', {name: 'Retry'});
  await expect(retry).toBeFocused();
  await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');

  unblock();
  await retry.click();
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1, name: 'SDKs'})).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
