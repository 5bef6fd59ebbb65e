import {readFileSync} from 'node:fs';
import {test, expect, open} from './fixtures';

test('the navbar has the brand, Guides, API, SDKs, the source link, search and the colour toggle', async ({page}) => {
  await open(page, '/api/');
  const navbar = page.getByRole('navigation', {name: 'Main'});
  await expect(navbar.getByRole('link', {name: 'Plaza Developers'}).first()).toHaveAttribute('href', '/');

  for (const [name, href] of [
    ['Guides', '/guides/'],
    ['API', '/api/'],
    ['SDKs', '/sdks/'],
  ] as const) {
    await expect(navbar.getByRole('link', {name, exact: true})).toHaveAttribute('href', href);
  }
  await expect(navbar.getByRole('link', {name: 'API', exact: true})).toHaveClass(/navbar__link--active/);

  const source = navbar.getByRole('link', {name: 'Source repository'});
  await expect(source).toHaveAttribute('href', /^https:\/\//);
  await expect(source).toHaveAttribute('target', '_blank');
  await expect(source).toHaveAttribute('rel', /noopener/);
  await expect(navbar.getByRole('combobox', {name: 'Search'})).toBeVisible();
  await expect(navbar.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();

  await navbar.getByRole('link', {name: 'Guides', exact: true}).click();
  await expect(page).toHaveURL(/\/guides\/$/);
  await expect(page.getByRole('heading', {level: 1, name: 'Guides'})).toBeVisible();
});

test('the navbar stays fixed at the top while the page scrolls', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 500});
  await open(page, '/');
  await page.mouse.wheel(0, 1500);
  await page.waitForFunction(() => window.scrollY > 500);
  const box = await page.getByRole('navigation', {name: 'Main'}).boundingBox();
  expect(box?.y).toBe(0);
});

test('the source link, the colour toggle and the search box stand apart, in that order, on wide screens', async ({page}) => {
  // The search box is placed by CSS in space the right-hand items keep for it (src/css/custom.css).
  await open(page, '/guides/');
  const navbar = page.getByRole('navigation', {name: 'Main'});
  const items = [
    navbar.getByRole('link', {name: 'Source repository'}),
    navbar.getByRole('button', {name: /Switch between dark and light mode/}),
    navbar.getByRole('combobox', {name: 'Search'}),
  ];
  for (const width of [997, 1280, 1600]) {
    await page.setViewportSize({width, height: 800});
    // Each item's left and right edges, then the viewport's right edge: every edge at or after the one before.
    const edges = (await Promise.all(items.map((item) => item.boundingBox()))).flatMap((box) => (box ? [box.x, box.x + box.width] : []));
    expect(edges, `at ${width} px`).toHaveLength(items.length * 2);
    expect([...edges, width], `at ${width} px`).toEqual([...edges, width].sort((a, b) => a - b));
  }
});

test('the logo is full above 996 px, compact at 996 px and below, and follows the colour mode', async ({page}) => {
  const bar = page.locator('.navbar__inner');
  const full = bar.locator('img[src$="logo-dark.svg"], img[src$="logo-light.svg"]');
  const compact = bar.locator('img[src$="logo-compact.svg"]');

  await page.setViewportSize({width: 997, height: 800});
  await open(page, '/');
  await expect(full.and(page.locator('[src$="logo-dark.svg"]'))).toBeVisible();
  await expect(compact).toBeHidden();

  await page.setViewportSize({width: 996, height: 800});
  await expect(compact).toBeVisible();
  await expect(full.first()).toBeHidden();

  await page.setViewportSize({width: 1280, height: 800});
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(bar.locator('img[src$="logo-light.svg"]')).toBeVisible();
  await expect(bar.locator('img[src$="logo-dark.svg"]')).toBeHidden();
});

test('the footer has link columns, a logo and the copyright line with the site version', async ({page}) => {
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('.footer__title')).not.toHaveCount(0);
  await expect(footer.getByRole('link', {name: 'Guides'})).toHaveAttribute('href', '/guides/');
  await expect(footer.getByRole('img', {name: 'Plaza'})).toBeVisible();
  const {version} = JSON.parse(readFileSync('package.json', 'utf8')) as {version: string};
  await expect(footer).toContainText(`Copyright © ${new Date().getFullYear()} Plaza. Documentation v${version}.`);
});
