/**
 * The site built from hostile specs (tests/fixtures/hostile-specs.ts) shows every hostile string as
 * text and runs none of it, at build time or in the browser.
 *
 * The build runs in a temporary copy of the project whose specs/ holds the fixture. Which checks
 * apply there:
 * - the spec check (`npm run specs:check`, the rules the build applies before it writes the reference)
 *   is run on its own and must reject the fixture, naming every hostile field on one line each; the
 *   build itself then takes the specs as foreign (PLAZA_FOREIGN_SPECS=true: Plaza's own rules, the
 *   unsafe-text check among them, do not apply), to prove the pages are safe even when a hostile
 *   string passes the check;
 * - broken links only warn (with the same variable): the guides link to 140-odd operations of the
 *   real specs that the small fixture does not have. Everything else the build checks still applies.
 */
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {hostile, sentinelFile, sentinelGlobal, writeHostileSpecs} from '../fixtures/hostile-specs';
import {buildCopy, copyProject, runIn, serveBuild, type Served} from '../../scripts/lib/site-copy';
import {expect, open, test} from './fixtures';

let copy = '';
let served: Served | undefined;
let origin = '';

test.describe.configure({mode: 'serial', timeout: 20 * 60_000});

test.beforeAll(async () => {
  // Copying, generating and building take minutes, on a busy machine up to ten.
  test.setTimeout(20 * 60_000);
  copy = mkdtempSync(join(tmpdir(), 'plaza-hostile-'));
  copyProject(copy);
  writeHostileSpecs(join(copy, 'specs'));
  console.log(`hostile specs: building in ${copy}`);
  buildCopy(copy);
  served = await serveBuild(join(copy, 'build'));
  origin = served.origin;
});

test.afterAll(async () => {
  served?.stop();
  if (copy) rmSync(copy, {recursive: true, force: true});
});

test('the spec check rejects the fixture, one line per problem, every problem', () => {
  const check = runIn(copy, 'npx', ['tsx', 'scripts/check-specs.ts']);
  expect(check.status).toBe(1);
  expect(check.output).not.toMatch(/^\s+at /m);
  const unsafe = check.output.split('\n').filter((line) => line.includes('contains'));
  for (const pointer of [
    '#/info/description',
    '#/paths/~1v1~1payments/post/responses/201/description',
    '#/paths/~1v1~1payments/post/parameters/0/description',
  ]) {
    expect(
      unsafe.some((line) => line.includes(pointer)),
      `${pointer} in:\n${check.output}`,
    ).toBe(true);
  }
});

test('no hostile snippet ran during the build', () => {
  expect(existsSync(join(copy, sentinelFile))).toBe(false);
});

test('the samples of the hostile operations parse in their languages', () => {
  const samples = runIn(copy, 'npx', ['tsx', '--test', 'tests/unit/api-samples.test.ts']);
  expect(samples.status, samples.output).toBe(0);
});

const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text of a Markdown document, as a reader of the Markdown sees it. */
function markdownText(markdown: string): string {
  const parts: string[] = [];
  const walk = (node: {type: string; value?: string; children?: unknown[]}): void => {
    if (node.type === 'text' || node.type === 'inlineCode') parts.push(node.value ?? '');
    else if (node.type === 'break') parts.push(' ');
    node.children?.forEach((child) => walk(child as typeof node));
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'listItem') parts.push(' ');
  };
  walk(unified().use(remarkParse).use(remarkGfm).parse(markdown));
  return words(parts.join(''));
}

for (const item of hostile) {
  test(`${item.field}: shown as text on ${item.route} and in its Markdown twin, never run`, async ({page}) => {
    await open(page, `${origin}${item.route}`);
    const main = words(await page.locator('main').innerText());
    expect(main).toContain(words(item.shown));
    expect(await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], sentinelGlobal)).toBeUndefined();
    await expect(page.locator('main iframe, main style, main script, a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);

    const twin = await page.request.get(`${origin}${item.route}.md`);
    expect(twin.ok()).toBe(true);
    expect(markdownText(await twin.text())).toContain(words(item.shown));
  });
}

test('Try it on the hostile operations builds its form and answers, running none of their text', async ({page}) => {
  const routes = [...new Set(hostile.map((item) => item.route))].filter((route) => /^\/api\/\w+\/[\w-]+$/.test(route));
  let panels = 0;
  for (const route of routes) {
    await open(page, `${origin}${route}`);
    const button = page.getByRole('button', {name: 'Try it', exact: true});
    if ((await button.count()) === 0) continue;
    await button.click();
    const region = page.getByRole('region', {name: 'Try it'});
    await region.getByRole('button', {name: 'Send request'}).click();
    await expect(region.locator('[data-status]'), route).toBeVisible();
    expect(await page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], sentinelGlobal)).toBeUndefined();
    await expect(page.locator('main iframe, main style, main script, a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
    panels += 1;
  }
  expect(panels, `Try it panels opened on ${routes.join(', ')}`).toBeGreaterThan(0);
});

test('the fixture pages hold no hostile strings as markup', () => {
  const html = readFileSync(join(copy, 'build', 'api', 'financial', 'create-payment', 'index.html'), 'utf8');
  expect(html).not.toContain('<script>window.hostileSentinel');
  expect(html).not.toMatch(/<img[^>]*onerror/i);
});
