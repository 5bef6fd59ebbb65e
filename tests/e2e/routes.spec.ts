import {test, expect, open, sitemapPaths} from './fixtures';

const siteTitle = 'Plaza Developer Documentation';

// Every hand-written route the product spec names (the API reference's routes are checked
// against the operation list in api-reference.spec.ts).
const requiredRoutes = [
  '/',
  ...[
    '',
    'authentication',
    'errors',
    'idempotency',
    'ip-addresses',
    'pagination',
    'rate-limits',
    'request-correlation',
    'testing',
    'webhook-events',
  ].map((page) => `/api/${page}`),
  '/category/accounts',
  '/category/payments',
  ...['', 'accounts', 'api-keys', 'dispute-cases', 'fraud-details-and-prevention', 'onboarding', 'transactions', 'webhooks'].map(
    (page) => `/concepts/${page}`,
  ),
  ...[
    '',
    'marketplaces/onboard-sellers',
    'marketplaces/transfer-funds-to-sellers',
    'payment-methods/collect-apple-pay',
    'payment-methods/collect-bank-accounts',
    'payment-methods/collect-cards',
    'payment-methods/collect-google-pay',
    'payment-methods/collect-verified-bank-accounts',
    'payments/authorize-and-capture-payments',
    'payments/cancel-payments',
    'payments/process-ach-payments',
    'payments/process-apple-pay-payments',
    'payments/process-card-payments',
    'payments/process-google-pay-payments',
    'payouts/cancel-payouts',
    'payouts/process-ach-payouts',
    'payouts/process-card-payouts',
    'production-checklist',
    'refunds/cancel-refunds',
    'refunds/refund-payments',
    'transactions/search-and-view-transactions',
    'transactions/view-settlements',
  ].map((page) => `/guides/${page}`),
  ...['', 'bigcommerce-payments', 'magento-payments', 'shopify-credit', 'shopify-payments', 'woocommerce-payments'].map(
    (page) => `/plugins/${page}`,
  ),
  ...['', 'web/javascript', 'web/react'].map((page) => `/sdks/${page}`),
];

test('every page in the sitemap answers 200 with its heading and a "Page | Site title" title', async ({page}) => {
  // Over 200 pages: read each one's server-rendered HTML; the browser tests of each page type
  // (content, API reference, layout) render them.
  const paths = await sitemapPaths(page);
  expect(paths).toEqual(expect.arrayContaining(requiredRoutes));
  const problems: string[] = [];
  for (const path of paths) {
    const response = await page.request.get(path);
    const html = await response.text();
    const title = /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const wantedTitle = path === '/' ? title === siteTitle : title.endsWith(` | ${siteTitle}`);
    if (response.status() !== 200) problems.push(`${path}: status ${response.status()}`);
    else if (!/<h1[\s>]/.test(html)) problems.push(`${path}: no h1`);
    else if (!wantedTitle) problems.push(`${path}: title "${title}"`);
  }
  expect(problems).toEqual([]);
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

// Browsers still ask for /favicon.ico now and then, whatever icon the page declares (a CI
// run saw Chromium do so on an API page), and so do feed readers and bookmark tools.
test('the icon the pages declare and /favicon.ico both answer with an image', async ({page, request}) => {
  await open(page, '/');
  const declared = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(declared).toBeTruthy();
  const svg = await request.get(declared!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');

  const ico = await request.get('/favicon.ico');
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toBe('image/x-icon');
  const bytes = await ico.body();
  // An ICO file: reserved 0, type 1, then the number of images, each entry pointing at a PNG.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  const count = bytes.readUInt16LE(4);
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const offset = bytes.readUInt32LE(6 + 16 * i + 12);
    expect(bytes.subarray(offset, offset + 8).toString('hex'), `image ${i}`).toBe('89504e470d0a1a0a');
  }
});
