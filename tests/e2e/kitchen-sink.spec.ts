/**
 * The pages of the kitchen sink (tests/fixtures/kitchen-sink.yaml), a spec that is not Plaza's, built
 * once per run by `npm run preview` in the setup project of playwright.config.ts
 * (tests/lib/kitchen-sink.ts): each operation's samples send the credentials its security names, in
 * all six languages, and parse; its bodies, responses, links, callbacks and webhook are shown;
 * nothing of Plaza's appears on any page of the site; and its heaviest page stays small. Every
 * expected value is read from the fixture.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import snakeCase from 'lodash/snakeCase';
import {parse} from 'yaml';
import {operationRecords, pathOperations, type OpenApiDocument, type OperationRecord} from '../../lib/api-model/specs';
import {languages} from '../../lib/api-render/samples';
import {kitchenSink} from '../lib/kitchen-sink';
import {runIn, serveBuild, type Served} from '../../scripts/lib/site-copy';
import {expect, open, present, test} from './fixtures';

type Scheme = {type: string; in?: string; name?: string; scheme?: string};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fixture's OpenAPI objects, walked by the paths each test names: a wrong path fails that test
type Json = Record<string, any>;

const spec = parse(readFileSync(kitchenSink.fixture, 'utf8')) as OpenApiDocument & Json;
const schemes = spec.components?.securitySchemes as Record<string, Scheme>;
const records = operationRecords(spec, kitchenSink.route);
const operations = pathOperations(records);
const webhooks = records.filter((operation) => operation.webhook);
const byId = (operationId: string): OperationRecord => operations.find((operation) => operation.operationId === operationId)!;

let served: Served | undefined;

// One worker, one server for the whole file: its tests run in order (none is skipped when one fails).
test.describe.configure({mode: 'default'});

test.beforeAll(async () => {
  served = await serveBuild(kitchenSink.build);
});

test.afterAll(() => served?.stop());

/** A page's Markdown twin, as the built site serves it. */
async function twin(
  request: {get: (url: string) => Promise<{ok: () => boolean; text: () => Promise<string>}>},
  path: string,
): Promise<string> {
  const response = await request.get(`${served!.origin}${path}.md`);
  expect(response.ok(), path).toBe(true);
  return response.text();
}

/** The request samples of a twin by language label: the code blocks under each language's bold label. */
function samples(markdown: string): Map<string, string[]> {
  const request = markdown.slice(markdown.indexOf('\n## Request\n'));
  const found = new Map<string, string[]>();
  for (const [, label = '', code = ''] of request.matchAll(/^\*\*([^*\n]+)\*\*\n\n```\w+\n([\s\S]*?)\n```$/gm)) {
    if (languages.some((language) => language.label === label)) found.set(label, [...(found.get(label) ?? []), code]);
  }
  return found;
}

/**
 * What a request carrying a scheme's credential must hold, from the scheme and HTTP's own rules:
 * HTTP basic sends a user name and a password read from the environment, each language its own way.
 */
function credentialMarks(name: string, scheme: Scheme): string[] {
  if (scheme.type === 'apiKey' && scheme.in === 'header') return [scheme.name!];
  if (scheme.type === 'apiKey' && scheme.in === 'query') return [`${scheme.name}=`];
  if (scheme.type === 'apiKey') return ['Cookie', `${scheme.name}=`];
  if (scheme.type === 'http' && scheme.scheme === 'basic')
    return ['USER', 'PASSWORD'].map((part) => `${snakeCase(name).toUpperCase()}_${part}`);
  if (scheme.type === 'http') return ['Authorization', `${scheme.scheme!.charAt(0).toUpperCase()}${scheme.scheme!.slice(1)} `];
  return ['Authorization', 'Bearer '];
}

for (const operation of operations) {
  // With optional authentication (an empty requirement first), the samples send the first that names a scheme.
  const requirement = operation.security?.find((one) => Object.keys(one).length > 0);
  const named = requirement ? Object.keys(requirement).join(' and ') : 'no credentials';
  test(`${operation.method} ${operation.path}: the samples send ${named}, in all six languages`, async ({page}) => {
    const bySample = samples(await twin(page.request, operation.route));
    expect([...bySample.keys()].sort()).toEqual(languages.map((language) => language.label).sort());
    const marks = requirement
      ? Object.keys(requirement).flatMap((name) => credentialMarks(name, present(schemes[name], `the security scheme ${name}`)))
      : [];
    const otherMarks = Object.values(schemes)
      .filter((scheme) => scheme.type === 'apiKey')
      .map((scheme) => scheme.name!)
      .concat('Authorization');
    for (const [label, codes] of bySample) {
      for (const code of codes) {
        for (const mark of marks) expect(code, `${label} sends ${mark}`).toContain(mark);
        if (!requirement) for (const mark of otherMarks) expect(code, `${label} sends no ${mark}`).not.toContain(mark);
      }
    }
    // The page itself: the first language's sample, as a reader sees it first.
    await open(page, `${served!.origin}${operation.route}`);
    const shown = page.locator('.api-samples pre').first();
    for (const mark of marks) await expect(shown).toContainText(mark);
  });
}

test("no page of the kitchen sink shows what its spec does not state: Plaza's key, its variable, its guide, its error object", async ({
  page,
}) => {
  // Every page of the spec, each opened until it has hydrated.
  test.setTimeout(10 * 60_000);
  for (const operation of [...operations, ...webhooks]) {
    const markdown = await twin(page.request, operation.route);
    await open(page, `${served!.origin}${operation.route}`);
    const main = await page.locator('main').innerText();
    // Plaza's Authentication guide is about Plaza's key, not this spec's schemes.
    await expect(page.locator('article a[href="/api/authentication"]'), operation.route).toHaveCount(0);
    // A header of that name is Plaza's key only on Plaza's pages: here it is the spec's own, named as such.
    const ownHeaders = (operation.security ?? []).flatMap((one) => Object.keys(one)).map((name) => schemes[name]?.name);
    for (const text of [markdown, main]) {
      if (!ownHeaders.includes('X-API-KEY')) expect(text, operation.route).not.toContain('X-API-KEY');
      expect(text, operation.route).not.toContain('PLAZA_SECRET_KEY');
      expect(text, operation.route).not.toMatch(/secret key/i);
      // Its error schema is RFC 9457 problem details, not Plaza's error object.
      expect(text, operation.route).not.toContain('The body is an error object');
    }
  }
});

test('the samples of every page parse in their languages (the checks of tests/unit/api-samples.test.ts)', () => {
  const check = runIn(process.cwd(), 'npx', ['tsx', '--test', 'tests/unit/api-samples.test.ts'], kitchenSink.env);
  expect(check.status, check.output).toBe(0);
});

test('the multipart upload sends its file and the fields with a value, objects as JSON, no empty field', async ({page}) => {
  const operation = byId('uploadPhoto');
  const schema = (operation.raw as Json).requestBody.content['multipart/form-data'];
  const properties = schema.schema.properties as Record<string, Json>;
  const curl = samples(await twin(page.request, operation.route)).get('cURL')![0];
  for (const [name, property] of Object.entries(properties)) {
    if (property.contentMediaType) expect(curl).toMatch(new RegExp(`-F '${name}=@[^']+'`));
    else if (property.example === undefined) expect(curl).not.toContain(`'${name}=`);
    else
      expect(curl).toContain(`-F '${name}=${typeof property.example === 'object' ? JSON.stringify(property.example) : property.example}'`);
  }
  expect(curl).not.toContain('[object Object]');
});

test('the form sends its fields URL-encoded, only those with a value', async ({page}) => {
  const operation = byId('submitPriceList');
  const properties = (operation.raw as Json).requestBody.content['application/x-www-form-urlencoded'].schema.properties as Record<
    string,
    Json
  >;
  const bySample = samples(await twin(page.request, operation.route));
  for (const [name, property] of Object.entries(properties)) {
    if (property.example === undefined) expect(bySample.get('cURL')![0]).not.toContain(`${name}=`);
    else expect(bySample.get('cURL')![0]).toContain(`--data-urlencode '${name}=${property.example}'`);
  }
  expect(bySample.get('Node.js')![0]).toContain('new URLSearchParams(');
});

test('the binary and XML bodies are sent as their content types, and no sample reads JSON from a bodiless or binary answer', async ({
  page,
}) => {
  for (const operationId of ['replacePhotoContent', 'importOrders', 'downloadPhotoContent', 'submitPriceList']) {
    const operation = byId(operationId);
    const bySample = samples(await twin(page.request, operation.route));
    const type = Object.keys((operation.raw as Json).requestBody?.content ?? {})[0];
    if (type && type !== 'application/x-www-form-urlencoded') expect(bySample.get('cURL')![0]).toContain(`Content-Type: ${type}`);
    expect(bySample.get('Node.js')![0], operationId).not.toContain('.json()');
    expect(bySample.get('Python')![0], operationId).not.toContain('.json()');
  }
});

test('responses show their headers, every content type, and their links', async ({page}) => {
  for (const operation of operations) {
    const responses = (operation.raw as Json).responses as Record<string, Json>;
    if (!Object.values(responses).some((response) => response.headers || response.links || Object.keys(response.content ?? {}).length > 1))
      continue;
    await open(page, `${served!.origin}${operation.route}`);
    const main = page.locator('main');
    for (const response of Object.values(responses)) {
      for (const header of Object.keys(response.headers ?? {})) await expect(main).toContainText(header);
      const types = Object.keys(response.content ?? {});
      if (types.length > 1) for (const type of types) await expect(main).toContainText(type);
      for (const [name, link] of Object.entries((response.links ?? {}) as Record<string, Json>)) {
        await expect(main).toContainText(name);
        await expect(main).toContainText(link.operationId);
      }
    }
  }
});

test('a callback is shown with the request the API sends and its body', async ({page}) => {
  const operation = byId('placeOrder');
  const [name, callback] = present(
    Object.entries((operation.raw as Json).callbacks as Record<string, Json>)[0],
    'a callback of placeOrder',
  );
  const [expression, item] = Object.entries(callback)[0] as [string, Json];
  const [method, sent] = Object.entries(item)[0] as [string, Json];
  await open(page, `${served!.origin}${operation.route}`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', {name: 'Callbacks'})).toBeVisible();
  await expect(main.getByRole('heading', {name: sent.summary})).toBeVisible();
  await expect(main).toContainText(`${method.toUpperCase()} ${expression}`);
  await expect(main).toContainText(name);
  const body = sent.requestBody.content['application/json'].schema.$ref.split('/').pop() as string;
  const fields = Object.keys((present(spec.components?.schemas?.[body], `the schema ${body}`) as Json).properties);
  const callbackPart = main.locator('.api-operation__part', {has: page.getByRole('heading', {name: 'Callbacks'})});
  for (const field of fields) await expect(callbackPart.locator('td code', {hasText: new RegExp(`^${field}$`)})).toBeVisible();
});

test('a 3.1 webhook has a page like an operation: its payload, not a request to a URL', async ({page}) => {
  const webhook = present(webhooks[0], 'a webhook in the fixture');
  await open(page, `${served!.origin}${webhook.route}`);
  const main = page.locator('main');
  await expect(main.getByRole('heading', {level: 1})).toHaveText(webhook.summary!);
  await expect(main).toContainText('WEBHOOK');
  await expect(main).not.toContainText('EVENT');
  const example = (webhook.raw as Json).requestBody.content['application/json'].example as Json;
  const payload = page.locator('.api-samples pre').first();
  for (const [field, value] of Object.entries(example)) await expect(payload).toContainText(`"${field}": ${JSON.stringify(value)}`);
});

test("an operation's own servers are where its samples send the request", async ({page}) => {
  for (const operation of operations.filter((item) => item.raw.servers)) {
    const server = present((operation.raw.servers as {url: string}[])[0], `a server of ${operation.operationId}`);
    for (const [label, codes] of samples(await twin(page.request, operation.route))) {
      for (const code of codes) expect(code, label).toContain(`${server.url}${operation.path}`);
    }
  }
});

/** Every file of the built site a reader or a crawler reads as a page: HTML, the Markdown twins, llms.txt, the sitemap. */
function pageFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((name) => /\.(html|md|txt|xml)$/.test(name))
    .map((name) => join(dir, name));
}

test("nothing of Plaza's is on any page of the preview: its name, hosts, variables, key words, error and event catalogues, identifiers", () => {
  const files = pageFiles(kitchenSink.build);
  expect(files.length).toBeGreaterThan(operations.length);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // Plaza's logo and mark are its name too.
    const marks = [
      /plaza/i,
      /secret key/i,
      /\/api\/errors\b/,
      /\/api\/webhook-events\b/,
      /\/api\/authentication\b/,
      /\bsk_test_/,
      /\/img\/(logo|favicon)/,
    ];
    for (const mark of marks) {
      expect(text.match(mark)?.[0], `${file} holds ${mark}`).toBeUndefined();
    }
  }
});

test('the heaviest page of the kitchen sink is at most 300 KB of HTML', () => {
  const sizes = pageFiles(kitchenSink.build)
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({file, bytes: statSync(file).size}))
    .sort((a, b) => b.bytes - a.bytes);
  const [heaviest] = sizes;
  test.info().annotations.push({type: 'heaviest page', description: `${heaviest?.file}: ${heaviest?.bytes} bytes`});
  expect(heaviest!.bytes).toBeLessThanOrEqual(300 * 1024);
});

test('fields nested deep inside an alternative are collapsed in its tab, and the reader opens them', async ({page}) => {
  const operation = byId('orderGiftBox');
  await open(page, `${served!.origin}${operation.route}`);
  const body = page.locator('.api-operation__part').filter({has: page.getByRole('heading', {name: 'Body'})});
  await body.getByRole('tab', {name: 'Ribbon'}).click();
  const panel = body.getByRole('tabpanel').and(body.locator(':visible'));
  const more = panel.getByRole('group').filter({hasText: /^Fields of wrapping\.ribbon\.bow\.loop/});
  const deepest = more.locator('td code', {hasText: /^wrapping\.ribbon\.bow\.loop\.colour\.shade$/});
  await expect(deepest).toBeHidden();
  await more.getByText('Fields of wrapping.ribbon.bow.loop').click();
  await expect(deepest).toBeVisible();
});
