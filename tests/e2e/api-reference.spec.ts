import {readFileSync} from 'node:fs';
import {test, expect, open, sitemapPaths} from './fixtures';
import {apis, listOperations, operationSlug, parseOperationList, readSpec, resolveLocalRef, type Operation} from '../../scripts/lib/specs';

type Parameter = {name: string; in: string};
type Examples = Record<string, unknown>;

const listed = parseOperationList(readFileSync('tests/fixtures/operations.md', 'utf8'));
const sampleLanguages = ['curl', 'nodejs', 'python', 'php', 'java', 'csharp'];

function jsonExamples(spec: ReturnType<typeof readSpec>, holder: unknown): string[] {
  const content = (resolveLocalRef<{content?: Record<string, {examples?: Examples}>}>(spec, holder) ?? {}).content ?? {};
  return Object.keys(content['application/json']?.examples ?? {});
}

// One operation of every tag of both APIs.
const samples = apis.flatMap((api) => {
  const spec = readSpec(api.file);
  const byTag = new Map<string, Operation>();
  for (const operation of listOperations(spec)) {
    if (!byTag.has(operation.tags[0])) byTag.set(operation.tags[0], operation);
  }
  return [...byTag.values()].map((operation) => ({api, spec, operation}));
});

test('every listed operation, both info pages and both category pages are in the build', async ({page}) => {
  const paths = new Set(await sitemapPaths(page));
  const expected = [
    ...listed.map((item) => `/api/${item.api}/${item.slug}`),
    '/api/accounts/accounts-api',
    '/api/financial/payments-api',
    '/category/accounts',
    '/category/payments',
  ];
  expect(expected.filter((path) => !paths.has(path))).toEqual([]);
});

for (const {api, spec, operation} of samples) {
  const slug = operationSlug(operation);
  test(`${api.title}, ${operation.tags[0]}: ${slug} shows its method, path, parameters, examples and samples`, async ({page}) => {
    await open(page, `${api.route}/${slug}`);
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', {level: 1})).toHaveText(operation.summary!);
    const endpoint = main.locator('.openapi__method-endpoint');
    await expect(endpoint.locator('.badge')).toHaveText(operation.method);
    // The theme writes path parameters as :name.
    await expect(endpoint).toContainText(operation.path.replace(/\{(\w+)\}/g, ':$1'));

    const parameters = operation.parameters.map((parameter) => resolveLocalRef<Parameter>(spec, parameter));
    for (const parameter of parameters) {
      await expect(main.locator('.openapi-params__list-item').filter({hasText: parameter.name}).first()).toBeAttached();
    }

    for (const example of jsonExamples(spec, operation.raw.requestBody)) {
      await expect(main.getByRole('tab', {name: example, exact: true}).first()).toBeAttached();
    }

    const responses = operation.raw.responses as Record<string, unknown>;
    const statuses = Object.keys(responses);
    const responseTabs = main.getByRole('tablist').filter({has: page.getByRole('tab', {name: statuses[0], exact: true})});
    for (const status of statuses) {
      await expect(responseTabs.getByRole('tab', {name: status, exact: true})).toBeAttached();
    }
    const success = statuses.find((status) => status.startsWith('2'))!;
    await expect(responseTabs.getByRole('tab', {name: success, exact: true})).toHaveAttribute('aria-selected', 'true');
    for (const example of jsonExamples(spec, responses[success])) {
      await expect(main.getByRole('tab', {name: example, exact: true}).first()).toBeAttached();
    }

    const lastStaticSegment = operation.path.split('/').filter((part) => part && !part.startsWith('{')).pop()!;
    for (const language of sampleLanguages) {
      const tab = main.getByRole('tab', {name: language, exact: true});
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const code = main.locator('.openapi-tabs__code-container [role="tabpanel"]:not([hidden]) pre').first();
      await expect(code, language).toContainText(lastStaticSegment);
      expect(await code.locator('.token').count(), language).toBeGreaterThan(3);
    }
    await expect(main.getByRole('button', {name: /^Send/})).toHaveCount(0);
  });
}

test('the api sidebar holds the overview, then both references grouped by tag with method badges', async ({page}) => {
  await open(page, '/api/financial/create-payment');
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  const topLevel = sidebar.locator(':scope > ul > li > :is(a, div) > a, :scope > ul > li > a');
  await expect(topLevel.first()).toHaveText('API overview');
  await expect(sidebar.getByRole('link', {name: 'Accounts Reference', exact: true})).toHaveAttribute('href', '/category/accounts');
  await expect(sidebar.getByRole('link', {name: 'Payments Reference', exact: true})).toHaveAttribute('href', '/category/payments');

  // The method badge is generated content, so it starts each link's accessible name.
  const current = sidebar.getByRole('link', {name: /Create payment$/});
  await expect(current).toHaveAttribute('aria-current', 'page');
  const badge = await current.evaluate((link) => getComputedStyle(link, '::before').content);
  expect(badge).toBe('"post"');
  const getBadge = await sidebar
    .getByRole('link', {name: /Get all payments$/})
    .evaluate((link) => getComputedStyle(link, '::before').content);
  expect(getBadge).toBe('"get"');
});

test('the category pages list the tags of each reference', async ({page}) => {
  for (const [path, title, api] of [
    ['/category/accounts', 'Accounts Reference', apis[0]],
    ['/category/payments', 'Payments Reference', apis[1]],
  ] as const) {
    await open(page, path);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
    const tags = [...new Set(listed.filter((item) => item.api === api.name).map((item) => item.tag))];
    for (const tag of tags) {
      const card = page.getByRole('main').locator(`a[href="${api.route}/${operationSlug({summary: tag})}"]`);
      await expect(card.getByRole('heading', {level: 2})).toHaveText(new RegExp(`${tag}$`));
    }
  }
});
