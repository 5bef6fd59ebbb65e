import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, open, present, sitemapPaths} from './fixtures';

/**
 * The Markdown twins, llms.txt and llms-full.txt, the rel=alternate link of every page and the
 * "Copy page" button, against the production build. The pages are read from the build itself:
 * every HTML file and the route its canonical link names.
 */

const buildDir = path.resolve('build');

type HtmlPage = {route: string; file: string; html: string};

/** The attributes of each `<tag ...>` in minified HTML (attribute values may be unquoted). */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].map(([, attributes = '']) =>
    Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)(?:=("[^"]*"|'[^']*'|[^\s>]+))?/g)].map(([, key, value = '']) => [
        key,
        value.replace(/^["']|["']$/g, ''),
      ]),
    ),
  );

const htmlPages: HtmlPage[] = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('.html') && file !== '404.html')
  .map((file) => {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const canonical = tags(html, 'link').find((link) => link.rel === 'canonical')?.href;
    if (!canonical) throw new Error(`${file} has no canonical link`);
    return {route: new URL(canonical).pathname, file, html};
  });

const twinOf = (route: string) => (route.endsWith('/') ? `${route}index.md` : `${route}.md`);

/** The `<link rel="alternate" type="text/markdown">` hrefs in a page's HTML. */
const alternates = (html: string) =>
  tags(html, 'link')
    .filter((link) => link.rel === 'alternate' && link.type === 'text/markdown')
    .map((link) => link.href);

/** The page title of an HTML page without the site's suffix. */
const titleOf = (html: string) =>
  present(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1], 'a <title>').replace(/ \| Plaza Developer Documentation$/, '');

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

test('the pages read from the build include every page of the sitemap', async ({page}) => {
  const routes = new Set(htmlPages.map(({route}) => route));
  for (const route of await sitemapPaths(page)) expect(routes.has(route), route).toBe(true);
});

test('every HTML page has a Markdown twin headed by its title, declared by rel=alternate', async ({request}) => {
  for (const {route, file, html} of htmlPages) {
    expect(alternates(html), `${file}: one rel=alternate link to its twin`).toEqual([twinOf(route)]);
    const response = await request.get(twinOf(route));
    expect(response.status(), `${twinOf(route)}`).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    const markdown = await response.text();
    const lines = markdown.split('\n');
    expect(lines[0], `${twinOf(route)} starts with the page's title`).toBe(`# ${decode(titleOf(html))}`);
    expect(lines.slice(1).filter((line) => line.trim()).length, `${twinOf(route)} has content`).toBeGreaterThan(0);
  }
});

test('the not-found page declares no twin', async ({page, allowConsole}) => {
  allowConsole(/status of 404/);
  const html = readFileSync(path.join(buildDir, '404.html'), 'utf8');
  expect(alternates(html)).toEqual([]);
  await page.goto('/no-such-page');
  await expect(page.locator('h1')).toHaveText('Page Not Found');
  await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveCount(0);
});

test('the rel=alternate link follows client-side navigation', async ({page}) => {
  await open(page, '/guides/');
  const link = page.locator('link[rel="alternate"][type="text/markdown"]');
  await expect(link).toHaveAttribute('href', '/guides/index.md');
  await page.locator('.theme-doc-sidebar-menu a', {hasText: 'Cancel payments'}).click();
  await expect(page).toHaveURL(/\/guides\/payments\/cancel-payments$/);
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', '/guides/payments/cancel-payments.md');
});

test('a twin keeps the text, tables and code of its page, with its tabs, partials and diagrams', async ({page, request}) => {
  // This guide has tabs, the imported partial of sandbox values, a diagram, admonitions and tables.
  await open(page, '/guides/payment-methods/collect-cards');
  const markdown = await (await request.get('/guides/payment-methods/collect-cards.md')).text();
  const squash = (text: string) => text.replace(/\s+/g, ''); // the HTML's lines are spans, without their newlines
  for (const text of await page.locator('article .markdown :is(h2, h3)').allInnerTexts()) {
    const heading = text.replace(/\u200b/g, '').trim(); // without the anchor link's zero-width space
    expect(markdown, `heading "${heading}"`).toMatch(new RegExp(`^#{2,3} ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  }
  // Every code block, the hidden tabs included (the guides' tabs are all in the HTML).
  const blocks = await page.locator('article .markdown pre code').evaluateAll((codes) => codes.map((code) => code.textContent ?? ''));
  expect(blocks.length).toBeGreaterThan(3);
  for (const block of blocks) expect(squash(markdown), 'a code block').toContain(squash(block));
  // Tables become Markdown tables, cell for cell.
  const row = await page.locator('article .markdown table tbody tr').first().locator('td').allInnerTexts();
  const firstCell = present(row[0], 'a cell in the first table row');
  const line = markdown.split('\n').find((candidate) => candidate.startsWith('| ') && candidate.replace(/`/g, '').includes(firstCell));
  for (const cell of row) expect(line?.replace(/`/g, ''), 'the first table row').toContain(cell);
  // Diagrams as their mermaid source, links to other pages as links to their twins, no MDX left.
  expect(markdown).toMatch(/^```mermaid$/m);
  expect(markdown).toContain('](https://docs.plaza.example/api/authentication.md');
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  expect(prose).not.toMatch(/^import |<Tabs|<TabItem|<SandboxValues|^:::/m);
});

test('an API operation twin gives the endpoint, parameters, schemas and examples', async ({page, request}) => {
  await open(page, '/api/financial/create-payment');
  const markdown = await (await request.get('/api/financial/create-payment.md')).text();
  const endpoint = (await page.locator('.api-endpoint').innerText()).replace(/\s+/g, ' ');
  expect(markdown).toContain(endpoint.replace(/^(\w+) (\S+)$/, '$1 `$2`'));
  expect(markdown).toMatch(/^### Body$|^### Request body$/m);
  expect(markdown).toMatch(/^\| `amount` required \| integer \|/m);
  expect(markdown).toMatch(/^## Responses$/m);
  // The samples in all six languages and the response examples, not only the tab on show.
  for (const label of ['cURL', 'Node.js', 'Python', 'PHP', 'Java', 'C#']) expect(markdown).toContain(`**${label}**`);
  expect(markdown).toMatch(/^```json$/m);
});

test('llms.txt lists every page once, by section, and every link resolves', async ({request}) => {
  const response = await request.get('/llms.txt');
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  const lines = text.split('\n');
  expect(lines[0]).toBe('# Plaza Developer Documentation');
  expect(lines.find((line) => line.startsWith('>'))).toMatch(/^> \S.{100,}/);
  expect(lines.filter((line) => line.startsWith('## '))).toEqual([
    '## Guides',
    '## Concepts',
    '## API topics',
    '## Accounts API',
    '## Payments API',
    '## SDKs',
    '## Plugins',
    '## Optional',
  ]);
  const entries = lines.filter((line) => line.startsWith('- '));
  for (const entry of entries) expect(entry).toMatch(/^- \[[^\]]+\]\(https:\/\/docs\.plaza\.example\/\S+\.md\)(: \S.*)?$/);
  const urls = entries.map((entry) => present(/\]\(https:\/\/docs\.plaza\.example(\/\S+\.md)\)/.exec(entry)?.[1], `the link of ${entry}`));
  expect(new Set(urls).size, 'no page twice').toBe(urls.length);
  expect([...urls].sort()).toEqual(htmlPages.map(({route}) => twinOf(route)).sort());
  for (const url of urls) expect((await request.get(url)).status(), url).toBe(200);
  // Doc pages carry their front matter's description.
  const webhooks = entries.find((entry) => entry.includes('/concepts/webhooks.md'));
  const html = htmlPages.find(({route}) => route === '/concepts/webhooks')!.html;
  const description = decode(tags(html, 'meta').find((meta) => meta.name === 'description')!.content);
  expect(webhooks).toContain(`: ${description}`);
});

test('llms-full.txt holds every twin, in sidebar order', async ({page, request}) => {
  const full = await (await request.get('/llms-full.txt')).text();
  const sections = full.split('\n---\n\n');
  expect(sections.length).toBe(htmlPages.length);
  const order: string[] = [];
  for (const section of sections) {
    const url = present(/^<!-- https:\/\/docs\.plaza\.example(\/\S+\.md) -->\n\n/.exec(section)?.[1], 'the address heading a section');
    expect(section.slice(section.indexOf('-->') + 5)).toBe(await (await request.get(url)).text());
    order.push(url);
  }
  // The guides sidebar, as a reader sees it, in the same order.
  await open(page, '/guides/');
  const sidebar = await page
    .locator('.theme-doc-sidebar-menu a.menu__link[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const positions = sidebar
    .filter((href) => !href.startsWith('/api') && !href.startsWith('/sdks'))
    .map((href) => order.indexOf(twinOf(href)));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
});

test.describe('Copy page', () => {
  test.use({permissions: ['clipboard-read', 'clipboard-write']});

  for (const route of ['/guides/payments/cancel-payments', '/api/accounts/create-customer', '/category/payments']) {
    test(`puts the twin of ${route} on the clipboard, from the keyboard`, async ({page, request}) => {
      await open(page, route);
      const button = page.getByRole('button', {name: 'Copy page'});
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
      await expect(page.getByRole('status').filter({hasText: 'on the clipboard'})).toHaveCount(1);
      const expected = await (await request.get(twinOf(route))).text();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', twinOf(route));
    });
  }

  test('says so when the twin cannot be fetched', async ({page, allowConsole}) => {
    allowConsole(/Failed to load resource/);
    await open(page, '/guides/payments/cancel-payments');
    await page.route('**/*.md', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('button', {name: 'Copy failed'})).toBeVisible();
    await expect(page.getByRole('status').filter({hasText: 'could not be copied'})).toHaveCount(1);
  });
});
