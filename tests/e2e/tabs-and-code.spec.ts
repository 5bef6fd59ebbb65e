import type {Page} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import {test, expect, open, present, waitForHydration} from './fixtures';

// Tab groups are the theme's own, in a guide written by hand and in an API page whose samples are
// kept as data (src/components/StaticTree): the server's HTML holds each group's first tab, and once
// the page has loaded, choosing another tab shows its panel in place of the first one's.
for (const path of ['/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment']) {
  test(`${path}: a tab group shows the chosen tab's panel, and only it`, async ({page}) => {
    await open(page, path);
    const group = page.getByRole('main').locator('.tabs-container').first();
    // The group's own tabs and panels, not those of a group inside one of its panels.
    const tabs = group.locator(':scope > [role="tablist"] > [role="tab"]');
    const panels = group.locator(':scope > div > [role="tabpanel"]');
    const shown = panels.filter({visible: true});
    expect(await tabs.count()).toBeGreaterThan(1);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(shown).toHaveCount(1);
    const first = (await shown.textContent())!;

    // A lazy group (the API page's examples) renders the chosen panel only; another keeps them all, hidden.
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'false');
    await expect(shown).toHaveCount(1);
    await expect(shown).not.toHaveText(first);
    await expect(shown.locator('pre').first()).toBeVisible();
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

// The theme builds every code block and tab group again once the page has hydrated, unless the
// site keeps them (src/internals/kept-from-hydration.tsx): the server's elements must still be the
// page's once its scripts are done.
for (const path of ['/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment']) {
  test(
    `${path}: hydration keeps the code blocks and tab groups the server built`,
    {tag: ['@internal-kept-from-hydration', '@internal-ssr-template']},
    async ({page}) => {
      // The page's scripts start after its first paint (src/internals/ssr-template.ts), so at
      // DOMContentLoaded these are the server's elements.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as {serverElements: Element[]}).serverElements = Array.from(
            document.querySelectorAll('main pre, main .tabs-container'),
          );
        });
      });
      await open(page, path);
      // Whatever the hydration scheduled has run once the main thread is idle.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
      const {held, kept} = await page.evaluate(() => {
        const elements = (window as unknown as {serverElements: Element[]}).serverElements;
        return {held: elements.length, kept: elements.filter((element) => element.isConnected).length};
      });
      expect(held).toBeGreaterThan(2);
      expect(kept).toBe(held);
    },
  );
}

// Code is highlighted when the site is built (src/plugins/code-tokens.ts): no page loads Prism,
// and every code block in a language Prism knows is highlighted all the same, on the server's
// page and after a language is chosen on the client.
test('pages highlight their code without loading Prism', {tag: '@internal-prism-left-out'}, async ({page}) => {
  const scripts: Promise<{url: string; body: string}>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((body) => ({url: response.url(), body})));
  });
  for (const path of ['/', '/guides/payments/authorize-and-capture-payments', '/api/financial/create-payment']) {
    await open(page, path);
    // Another language's tab is rendered in the browser, from the same tokens.
    const languages = page
      .getByRole('main')
      .getByRole('tablist')
      .filter({has: page.getByRole('tab', {name: 'cURL', exact: true})});
    if (path !== '/') await languages.first().getByRole('tab').last().click();
    // An operation page fetches that language's samples (src/components/Sample): wait for them.
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const blocks = await page.locator('main pre.prism-code:visible').evaluateAll((pres) =>
      pres.map((pre) => ({
        language: pre.className.match(/language-(\S+)/)?.[1],
        highlighted: pre.querySelectorAll('.token:not(.plain)').length,
      })),
    );
    expect(blocks.length, path).toBeGreaterThan(0);
    for (const block of blocks) expect(block.highlighted, `${path}: a ${block.language} block`).toBeGreaterThan(0);
  }
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(3);
  // Prism's core names its hooks with this string; the site's own code never does.
  expect(loaded.filter(({body}) => body.includes('before-tokenize')).map(({url}) => url)).toEqual([]);
});

// An operation page's module holds its request samples in cURL only; the other five languages come
// from the page's sample file, fetched the first time one of them is shown (src/components/Sample).
const samplesOf = (page: Page) => page.getByRole('complementary', {name: 'Request and response samples'});
const isSampleFile = (url: string | URL) => new URL(url).pathname.startsWith('/samples/');
const otherLanguages = ['Node.js', 'Python', 'PHP', 'Java', 'C#'];

/** The line of a sample that reads the secret key, without backslashes (as a script's string would hold it, escapes removed). */
const keyLine = (code: string) =>
  present(
    code.split('\n').find((line) => line.includes('PLAZA_SECRET_KEY')),
    `a line with the key in ${code}`,
  )
    .trim()
    .replaceAll('\\', '');

test("an operation page's scripts hold its cURL samples only; the other languages are fetched once, when first shown", async ({page}) => {
  const scripts: Promise<string>[] = [];
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
    if (isSampleFile(response.url())) fetched.push(response.url());
  });
  await open(page, '/api/financial/create-payment');
  const samples = samplesOf(page);
  const curl = await samples.locator('pre.language-bash:visible').first().innerText();
  expect(fetched).toEqual([]);
  const shown = new Map<string, string>();
  for (const label of otherLanguages) {
    await samples.getByRole('tab', {name: label, exact: true}).first().click();
    await expect(samples.locator('[aria-busy="true"]')).toHaveCount(0);
    shown.set(label, await samples.locator('pre:visible').first().innerText());
  }
  expect(fetched).toHaveLength(1);
  const code = (await Promise.all(scripts)).join('\n').replaceAll('\\', '');
  // The search finds a sample that is there (cURL), and none of the others.
  expect(code).toContain(keyLine(curl));
  for (const [label, text] of shown) expect(code, label).not.toContain(keyLine(text));
});

test('a fetched sample takes the same room before and after it arrives, and says it is loading', async ({page}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(isSampleFile, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, '/api/financial/create-payment');
  const samples = samplesOf(page);
  const below = samples.getByRole('heading', {name: 'Responses'});
  await samples.getByRole('tab', {name: 'Python', exact: true}).first().click();
  const loading = samples.locator('[aria-busy="true"]');
  await expect(loading).toContainText('Loading…');
  const before = present(await below.boundingBox(), 'the Responses heading').y;
  release();
  await expect(samples.locator('pre.language-python:visible')).toContainText('import requests');
  await expect(loading).toHaveCount(0);
  expect(present(await below.boundingBox(), 'the Responses heading').y).toBe(before);
});

test('a sample that cannot be fetched says so, in words axe finds clear, points to the Markdown twin, and is fetched again next time', async ({
  page,
  allowConsole,
}) => {
  allowConsole(/Failed to load resource/);
  await page.route(isSampleFile, (route) => route.abort());
  const samples = samplesOf(page);
  const alert = samples.getByRole('alert');
  for (const mode of ['dark', 'light']) {
    await page.goto(`/api/financial/create-payment?docusaurus-theme=${mode}`);
    await waitForHydration(page);
    await samples.getByRole('tab', {name: 'Python', exact: true}).first().click();
    await expect(alert).toContainText('This sample did not load.');
    await expect(alert.getByRole('link', {name: 'this page as Markdown'})).toHaveAttribute('href', '/api/financial/create-payment.md');
    const results = await new AxeBuilder({page}).include('.api-samples').analyze();
    expect(results.violations.map((v) => `${mode}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.unroute(isSampleFile);
  await samples.getByRole('tab', {name: 'Java', exact: true}).first().click();
  await expect(samples.locator('pre.language-java:visible')).toContainText('HttpClient');
});
