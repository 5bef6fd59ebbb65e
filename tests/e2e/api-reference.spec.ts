import {readFileSync} from 'node:fs';
import {test, expect, open, sitemapPaths} from './fixtures';
import {
  apis,
  parseOperationList,
  pathOperations,
  resolveLocalRef,
  tagPageId,
  type OpenApiDocument,
  type OperationRecord,
} from '../../lib/api-model/specs';
import {model} from '../lib/specs';

/** Each API of the model with its operations (not its webhooks), as their pages name them. */
const apiOperations = model.apis.map((api) => ({api, operations: pathOperations(api.operations)}));

type Parameter = {name: string; in: string};
type Examples = Record<string, {summary?: string}>;

const listed = parseOperationList(readFileSync('specs/operations.md', 'utf8'));
const sampleLanguages = ['cURL', 'Node.js', 'Python', 'PHP', 'Java', 'C#'];

/** The labels of the JSON examples of a request body or response: their summaries, else their names. */
function exampleLabels(spec: OpenApiDocument, holder: unknown): string[] {
  const content = (resolveLocalRef<{content?: Record<string, {examples?: Examples}>}>(spec, holder) ?? {}).content ?? {};
  const examples = Object.entries(content['application/json']?.examples ?? {});
  return examples.length > 1 ? examples.map(([name, example]) => resolveLocalRef<{summary?: string}>(spec, example).summary ?? name) : [];
}

// One operation of every tag of both APIs.
const samples = apiOperations.flatMap(({api, operations}) => {
  const spec = api.document;
  const byTag = new Map<string | undefined, OperationRecord>();
  for (const operation of operations) {
    const [tag] = operation.tags;
    if (!byTag.has(tag)) byTag.set(tag, operation);
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
  const {slug} = operation;
  test(`${api.title}, ${operation.tags[0]}: ${slug} shows its method, path, parameters, examples and samples`, async ({page}) => {
    await open(page, operation.route);
    const main = page.getByRole('main');

    await expect(main.getByRole('heading', {level: 1})).toHaveText(operation.summary!);
    await expect(main.locator('.api-endpoint__method')).toHaveText(operation.method.toUpperCase());
    await expect(main.locator('.api-endpoint__path')).toHaveText(operation.path);
    await expect(main.getByText('Authentication.', {exact: true}).locator('..')).toContainText(
      `with the ${String(operation.raw['x-plaza-permission'])} permission`,
    );

    const parameters = operation.parameters.map((parameter) => resolveLocalRef<Parameter>(spec, parameter));
    const reference = main.locator('.api-operation__part');
    for (const parameter of parameters) {
      await expect(reference.locator('td:first-child > code').getByText(parameter.name, {exact: true}).first()).toBeVisible();
    }

    const samplesPanel = main.getByRole('complementary', {name: 'Request and response samples'});
    for (const label of exampleLabels(spec, operation.raw.requestBody)) {
      await expect(samplesPanel.getByRole('tab', {name: label, exact: true}).first()).toBeAttached();
    }

    const responses = operation.raw.responses as Record<string, unknown>;
    const statuses = Object.keys(responses);
    const responseTabs = samplesPanel.getByRole('tablist').filter({has: page.getByRole('tab', {name: statuses[0], exact: true})});
    for (const status of statuses) {
      await expect(responseTabs.getByRole('tab', {name: status, exact: true})).toBeAttached();
      await expect(main.locator('.api-operation__part').getByRole('heading', {level: 3, name: new RegExp(`^${status}\\b`)})).toBeAttached();
    }
    const success = statuses.find((status) => status.startsWith('2'))!;
    await expect(responseTabs.getByRole('tab', {name: success, exact: true})).toHaveAttribute('aria-selected', 'true');
    for (const label of exampleLabels(spec, responses[success])) {
      await expect(samplesPanel.getByRole('tab', {name: label, exact: true}).first()).toBeAttached();
    }

    const lastStaticSegment = operation.path
      .split('/')
      .filter((part) => part && !part.startsWith('{'))
      .pop()!;
    for (const language of sampleLanguages) {
      const tab = samplesPanel.getByRole('tab', {name: language, exact: true}).first();
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const code = samplesPanel.locator('pre:visible').first();
      await expect(code, language).toContainText(lastStaticSegment);
      expect(await code.locator('.token').count(), language).toBeGreaterThan(3);
    }
  });
}

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('an operation page shows its reference and first samples in the HTML the server sends', async ({page}) => {
    await page.goto('/api/financial/create-payment');
    const main = page.getByRole('main');
    await expect(main.locator('.api-operation__part').first()).toContainText('POST /v1/payments');
    await expect(main.locator('.api-operation__part').nth(1)).toContainText('Charges amount');
    await expect(main.locator('.api-operation__part').last()).toContainText('amount_refunded');
    const samplesPanel = main.getByRole('complementary', {name: 'Request and response samples'});
    await expect(samplesPanel).toContainText("curl -X POST 'https://api.sandbox.plaza.example/v1/payments'");
    await expect(samplesPanel).toContainText('"status": "succeeded"');
  });
});

test('the chosen sample language is kept across operation pages', async ({page}) => {
  await open(page, '/api/financial/create-payment');
  await page
    .getByRole('complementary', {name: 'Request and response samples'})
    .getByRole('tab', {name: 'Python', exact: true})
    .first()
    .click();
  await open(page, '/api/financial/get-all-payments');
  const samplesPanel = page.getByRole('complementary', {name: 'Request and response samples'});
  await expect(samplesPanel.getByRole('tab', {name: 'Python', exact: true}).first()).toHaveAttribute('aria-selected', 'true');
  await expect(samplesPanel.locator('pre:visible').first()).toContainText('requests.get(');
});

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
      const card = page.getByRole('main').locator(`a[href="${api.route}/${tagPageId(tag)}"]`);
      await expect(card.getByRole('heading', {level: 2})).toHaveText(new RegExp(`${tag}$`));
    }
  }
});

test('the authentication page links every operation under the permission its spec declares', async ({page}) => {
  await open(page, '/api/authentication');
  const expected = apiOperations.flatMap(({operations}) =>
    operations.map((operation) => `${String(operation.raw['x-plaza-permission'])} ${operation.route}`),
  );
  const matrix = page
    .getByRole('main')
    .getByRole('table')
    .filter({has: page.getByRole('columnheader', {name: 'Operations that need it'})});
  const found = await matrix.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).flatMap((row) => {
      const permission = row.querySelector('td code')?.textContent;
      return Array.from(row.querySelectorAll('td a')).map((link) => `${permission} ${new URL((link as HTMLAnchorElement).href).pathname}`);
    }),
  );
  expect(found.sort()).toEqual(expected.sort());
});
