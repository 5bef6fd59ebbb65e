import AxeBuilder from '@axe-core/playwright';
import {test, expect, open} from './fixtures';

test('the skip link is the first tab stop and moves focus to the content', async ({page}) => {
  await open(page, '/guides/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', {name: 'Skip to main content'});
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  // The next tab stop is inside the main content, past the navbar and the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

const pages = [
  ['home', '/'],
  ['a docs page', '/api/'],
  ['an API operation page', '/api/financial/create-payment'],
  ['an API operation page with a file upload', '/api/accounts/upload-business-document'],
  ['an API category page', '/category/payments'],
  ['an API info page', '/api/accounts/accounts-api'],
  ['the webhook event catalogue', '/api/webhook-events'],
  ['the not-found page', '/no-such-page'],
] as const;

for (const mode of ['dark', 'light'] as const) {
  for (const [name, path] of pages) {
    test(`axe finds no violations on ${name} in ${mode} mode`, async ({page, allowConsole}) => {
      // axe takes about 50 s over the 35 payloads of the catalogue on this 2-core machine, and
      // hydrating its page can take more than the 10 s an expectation waits while another test runs.
      const catalogue = path === '/api/webhook-events';
      test.slow(catalogue);
      allowConsole(/status of 404/);
      await page.goto(`${path}?docusaurus-theme=${mode}`);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: catalogue ? 30_000 : undefined});
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({page}).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('a table wider than the screen is a named group that the keyboard can scroll, and axe finds no violations', async ({page}) => {
    await open(page, '/api/errors');
    const regions = page.getByRole('group', {name: 'Table, scrolls sideways'});
    expect(await regions.count()).toBeGreaterThan(0);
    const region = regions.first();
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
    const results = await new AxeBuilder({page}).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test('tables that fit stay out of the tab order', async ({page}) => {
  await open(page, '/api/pagination');
  const wrappers = page.locator('.table-scroll');
  expect(await wrappers.count()).toBeGreaterThan(0);
  for (const wrapper of await wrappers.all()) {
    expect(await wrapper.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    await expect(wrapper).not.toHaveAttribute('tabindex');
  }
});
