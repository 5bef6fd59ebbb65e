import {test, expect, waitForHydration} from './fixtures';

test('the site renders and works when browser storage throws', async ({page}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Storage is disabled', 'SecurityError');
      },
    });
  });

  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  expect(warnings.some((text) => text.includes('browser storage is not available'))).toBe(true);

  // The colour mode still switches, only without being remembered.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // The announcement bar still closes, and navigation still works.
  await page.locator('.theme-announcement-bar').getByRole('button', {name: 'Close'}).click();
  await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'API', exact: true}).click();
  await expect(page.getByRole('heading', {level: 1, name: 'API overview'})).toBeVisible();
});
