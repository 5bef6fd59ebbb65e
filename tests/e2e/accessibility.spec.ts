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
      allowConsole(/status of 404/);
      await page.goto(`${path}?docusaurus-theme=${mode}`);
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({page}).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}
