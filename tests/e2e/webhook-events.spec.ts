import {readFileSync} from 'node:fs';
import camelCase from 'lodash/camelCase';
import upperFirst from 'lodash/upperFirst';
import {test, expect, open, present} from './fixtures';
import {SpecIndex} from '../../lib/api-model/request-index';
import {apis, pathOperations, type ApiName} from '../../lib/api-model/specs';
import {model, specs} from '../lib/specs';

// What a visitor should find on the catalogue, read from the specs it is generated from.
const specOf = (api: ApiName) => present(specs[api], `the ${api} spec`);
type Schema = {properties?: Record<string, {enum?: string[]}>};
const schemas = (api: ApiName) => (specOf(api).components?.schemas ?? {}) as Record<string, Schema>;
const eventTypes: string[] = present(
  schemas('accounts').Event?.properties?.type?.enum,
  'the event types of the accounts spec (Event.type)',
);
type Example = {value?: {data?: {type: string; object_type: string}[]}};
type Listing = {responses?: Record<string, {content?: Record<string, {examples?: Record<string, Example>}>}>};
const objectTypes = new Map<string, string>(
  present(
    (specOf('accounts').paths?.['/v1/event-types']?.get as Listing | undefined)?.responses?.['200']?.content?.['application/json']?.examples
      ?.allEventTypes?.value?.data,
    'the allEventTypes example of GET /v1/event-types',
  ).map((item) => [item.type, item.object_type]),
);
const tabLabels = [
  ...readFileSync('docs/_partials/_verify-webhook-signature.mdx', 'utf8').matchAll(/<TabItem value="[^"]+" label="([^"]+)"/g),
].map(([, label = '']) => label);
const webhookOperation = (() => {
  const accounts = present(
    model.apis.find((api) => api.name === 'accounts'),
    'the accounts API',
  );
  const operation = present(
    pathOperations(accounts.operations).find((item) => item.tags.includes('Webhooks')),
    'an operation tagged Webhooks',
  );
  return {route: operation.route, title: operation.summary!};
})();

test('the catalogue has a heading for every event type of the spec, each reached from the overview at the top', async ({page}) => {
  await open(page, '/api/webhook-events');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', {level: 1})).toHaveText('Webhook events');
  expect(eventTypes.length).toBeGreaterThan(0);
  // Each event's heading is its type in code, with the heading's "Direct link" anchor after it.
  const headings = await main
    .getByRole('heading', {level: 3})
    .evaluateAll((nodes) => nodes.map((node) => [node.querySelector('code')?.textContent, node.id]));
  expect(headings.map(([type]) => type).sort()).toEqual([...eventTypes].sort());
  for (const [type, id] of headings) {
    expect(id, type!).toBe(type!.replace(/[._]/g, '-'));
    await expect(main.getByRole('link', {name: type!, exact: true})).toHaveAttribute('href', `#${id}`);
  }

  await main.getByRole('link', {name: 'payout.failed', exact: true}).click();
  await expect(main.locator('#payout-failed')).toBeInViewport();
  await expect(main.locator('#payout-failed')).toHaveAccessibleName(/^payout\.failed/);
});

test('every JSON payload on the page parses and fits the Event schema and the schema of its object', async ({page}) => {
  await open(page, '/api/webhook-events');
  const texts = await page.getByRole('main').locator('.language-json pre').allInnerTexts();
  expect(texts).toHaveLength(eventTypes.length);
  const index = new SpecIndex(specs);
  const seen: string[] = [];
  for (const text of texts) {
    const payload = JSON.parse(text);
    seen.push(payload.type);
    expect(index.problems('accounts:Event', payload, 'response'), payload.type).toEqual([]);
    const schema = upperFirst(camelCase(objectTypes.get(payload.type)));
    const api = apis.find((item) => schemas(item.name)[schema])!.name;
    expect(index.problems(`${api}:${schema}`, payload.data.object, 'response'), `${payload.type} carries a ${schema}`).toEqual([]);
  }
  expect(seen.sort()).toEqual([...eventTypes].sort());
});

test('the signature check comes in six languages, and the language chosen is kept on the API reference', async ({page}) => {
  await open(page, '/api/webhook-events');
  const tabs = page.getByRole('main').getByRole('tablist').getByRole('tab');
  expect(tabLabels).toHaveLength(6);
  await expect(tabs).toHaveText(tabLabels);
  for (const label of tabLabels) {
    const tab = page.getByRole('tab', {name: label, exact: true});
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // Only the chosen panel is exposed as a tabpanel; the others are hidden.
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(page.getByRole('tabpanel').locator('pre'), label).toContainText(/hmac/i);
  }

  await page.getByRole('tab', {name: 'Python', exact: true}).click();
  await open(page, '/api/financial/create-payment');
  const samples = page.getByRole('complementary', {name: 'Request and response samples'});
  await expect(samples.getByRole('tab', {name: 'Python', exact: true}).first()).toHaveAttribute('aria-selected', 'true');
});

for (const [name, route] of [
  ['the Webhooks concept page', '/concepts/webhooks'],
  [`a webhook operation page (${webhookOperation.title})`, webhookOperation.route],
] as const) {
  test(`${name} links to the catalogue, and the link works`, async ({page}) => {
    await open(page, route);
    const link = page.getByRole('main').getByRole('link', {name: 'Webhook events', exact: true}).first();
    await expect(link).toHaveAttribute('href', '/api/webhook-events');
    await link.click();
    await expect(page).toHaveURL(/\/api\/webhook-events$/);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Webhook events');
  });
}
