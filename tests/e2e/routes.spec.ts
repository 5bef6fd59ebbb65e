import {test, expect, open, sitemapPaths} from './fixtures';

const siteTitle = 'Plaza Developer Documentation';

// The routes the spec names that exist so far; later pages join through the sitemap.
const requiredRoutes = ['/', '/guides/', '/api/', '/sdks/'];

test('every page in the sitemap answers with a titled, rendered page', async ({page}) => {
  const paths = await sitemapPaths(page);
  expect(paths).toEqual(expect.arrayContaining(requiredRoutes));
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('h1').first(), path).toBeVisible();
    await expect(page, path).toHaveTitle(path === '/' ? siteTitle : new RegExp(` \\| ${siteTitle}$`));
  }
});

test('/x, /x/ and /x.html reach the same page', async ({page}) => {
  for (const variant of ['/guides', '/guides/', '/guides.html']) {
    const response = await page.goto(variant);
    expect(response?.status(), variant).toBe(200);
    await expect(page.locator('html'), variant).toHaveAttribute('data-has-hydrated', 'true');
    expect(new URL(page.url()).pathname, variant).toMatch(/^\/guides\/?$/);
    await expect(page.getByRole('heading', {level: 1, name: 'Guides'}), variant).toBeVisible();
    await expect(page, variant).toHaveTitle(`Guides | ${siteTitle}`);
  }
});

test('an unknown path shows the not-found page with status 404', async ({page, allowConsole}) => {
  allowConsole(/status of 404/);
  const response = await page.goto('/no-such-page/anywhere');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
  await expect(page).toHaveTitle(`Page Not Found | ${siteTitle}`);
});

test('a client-side navigation to an unknown path shows the not-found page', async ({page}) => {
  await open(page, '/');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/still/not/here');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
});

test('titles are "Page | Site title", and the site title alone on the home page', async ({page}) => {
  await open(page, '/');
  await expect(page).toHaveTitle(siteTitle);
  await open(page, '/api/');
  await expect(page).toHaveTitle(`API overview | ${siteTitle}`);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('API overview');
});
