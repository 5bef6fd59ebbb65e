import {test, expect, open} from './fixtures';

// Tab groups are hydrated where the server wrote them, not thrown away and built again once the
// page has loaded (src/theme/Tabs). Code blocks are the theme's own, which builds each one again
// after hydration: taking that swizzle out cost phones less than 50 ms (bench/RESULTS.md).
for (const path of ['/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment']) {
  test(`${path}: tab groups are hydrated, not built again after loading`, async ({page}) => {
    await page.addInitScript(() => {
      const inserted: string[] = [];
      Object.assign(window, {inserted});
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          for (const node of records.flatMap((record) => Array.from(record.addedNodes))) {
            if (!(node instanceof Element)) continue;
            for (const element of [node, ...Array.from(node.querySelectorAll('.tabs-container'))]) {
              if (element.matches('.tabs-container')) inserted.push(element.className);
            }
          }
        }).observe(document.body, {childList: true, subtree: true});
      });
    });
    await open(page, path);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.tabs-container').count()).toBeGreaterThan(0);
    expect(await page.locator('.theme-code-block').count()).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as {inserted: string[]}).inserted)).toEqual([]);
  });
}

test('tabs answer the keyboard: the arrow keys move between tabs, Enter chooses one', async ({page}) => {
  await open(page, '/api/webhook-events');
  const tabs = page.getByRole('main').getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toHaveAttribute('tabindex', '0');
  await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');

  await tabs.first().focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(count - 1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  // Moving the focus does not choose a tab; Enter does.
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'false');
  const label = (await tabs.nth(1).textContent())!;
  await expect(page.getByRole('tabpanel').first().locator('pre'), label).toBeVisible();
});

test('a language chosen once is the one shown, and the only one, when another page loads', async ({page}) => {
  await open(page, '/api/financial/create-payment');
  const samples = page.getByRole('complementary', {name: 'Request and response samples'});
  const python = samples.getByRole('tab', {name: 'Python', exact: true}).first();
  await python.click();
  await expect(python).toHaveAttribute('aria-selected', 'true');

  // The server's HTML shows the default language (cURL); once loaded, the page shows Python only.
  const html = await (await page.request.get('/api/accounts/create-customer')).text();
  expect(html).toContain('language-bash');
  expect(html).not.toContain('language-python');
  await open(page, '/api/accounts/create-customer');
  await expect(python).toHaveAttribute('aria-selected', 'true');
  await expect(samples.locator('pre.language-python:visible')).toHaveCount(1);
  await expect(samples.locator('pre.language-bash:visible')).toHaveCount(0);
});
