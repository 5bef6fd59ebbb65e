import {test, expect, open} from './fixtures';
import type {Page} from '@playwright/test';

/** The files the page has asked the browser to prefetch, one entry per <link rel=prefetch>. */
const prefetchLinks = (page: Page): Promise<string[]> =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.href));

const scriptsLoaded = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => entry.name),
  );

for (const path of ['/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment']) {
  test(
    `${path}: the links in view prefetch their pages, each file once, and the next page needs nothing more`,
    {tag: '@internal-prefetch-once'},
    async ({page}) => {
      await open(page, path);
      const next = page.locator('a.pagination-nav__link--next');
      await next.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      // Links in view prefetch when the browser is idle, which on a busy machine can come after the
      // network is: wait until no prefetch has been added for a second.
      let count = -1;
      await expect
        .poll(
          async () => {
            const previous = count;
            count = (await prefetchLinks(page)).length;
            return count === previous;
          },
          {intervals: [1000]},
        )
        .toBe(true);

      const prefetched = await prefetchLinks(page);
      expect(prefetched.length, 'files prefetched').toBeGreaterThan(0);
      expect(prefetched.length, 'each file is prefetched once').toBe(new Set(prefetched).size);
      for (const file of prefetched) {
        expect(new URL(file).pathname, file).toMatch(/^\/assets\/js\/[\w~.-]+\.js$/);
        expect((await page.request.get(file)).status(), file).toBe(200);
      }

      // The next page's code was prefetched (or already loaded): following the link loads no
      // script that the page had not asked for in advance.
      const before = new Set(await scriptsLoaded(page));
      const nextTitle = (await next.locator('.pagination-nav__label').textContent())!.trim();
      await next.click();
      await expect(page.getByRole('heading', {level: 1})).toHaveText(nextTitle);
      const loadedForNext = (await scriptsLoaded(page)).filter((script) => !before.has(script));
      expect(loadedForNext.length, 'scripts the next page loaded').toBeGreaterThan(0);
      expect(loadedForNext.filter((script) => !prefetched.includes(script))).toEqual([]);
    },
  );
}
