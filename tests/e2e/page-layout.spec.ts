import {test, expect, open, sitemapPaths} from './fixtures';

test('the table of contents lists exactly the h2 and h3 headings of the page', async ({page}) => {
  await open(page, '/api/');
  const headings = await page
    .locator('article :is(h2, h3, h4)[id]')
    .evaluateAll((nodes) => nodes.map((node) => ({level: node.tagName, id: node.id})));
  expect(headings.some((heading) => heading.level === 'H4')).toBe(true);
  const expected = headings.filter((heading) => heading.level !== 'H4').map((heading) => `#${heading.id}`);

  const toc = page.locator('.table-of-contents').first();
  await expect(toc).toBeVisible();
  const links = await toc.getByRole('link').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
  expect(links).toEqual(expected);
  // h3 entries sit in lists nested under their h2.
  expect(await toc.locator('li ul').count()).toBeGreaterThan(0);
});

test('code blocks are highlighted in every extra language, in both colour modes', async ({page}) => {
  await open(page, '/api/');
  for (const language of ['bash', 'json', 'javascript', 'python', 'php', 'java', 'csharp']) {
    const block = page.locator(`pre.language-${language}`).first();
    await expect(block, language).toBeAttached();
    expect(await block.locator('.token').count(), language).toBeGreaterThan(3);
  }
  const color = async (mode: string) => {
    await open(page, `/api/?docusaurus-theme=${mode}`);
    return page
      .locator('pre.language-json .token.property')
      .first()
      .evaluate((node) => getComputedStyle(node).color);
  };
  expect(await color('dark')).not.toBe(await color('light'));
});

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}});

  test('no page is wider than the screen: wide tables and code scroll inside themselves', async ({page}) => {
    test.slow(); // about 55 pages, one after the other
    // Every page but the generated operation pages, and of those the two introductions and the largest.
    const generated = /^\/api\/(accounts|financial)\//;
    const extra = ['/api/accounts/accounts-api', '/api/financial/payments-api', '/api/financial/create-payment'];
    const routes = [...(await sitemapPaths(page)).filter((route) => !generated.test(route)), ...extra];
    const tooWide: string[] = [];
    for (const route of routes) {
      await open(page, route);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) tooWide.push(`${route} (${overflow} px)`);
    }
    expect(tooWide).toEqual([]);
  });
});
