/**
 * The schema constructs of the kitchen sink (tests/fixtures/kitchen-sink.yaml, the `/shapes`
 * operations) as a reader meets them on the built site: the alternatives of a oneOf to switch
 * between, with the discriminator's values; a recursive schema shown once and linked; a 3.1
 * nullable; readOnly and writeOnly fields on their side only; deep fields collapsed and openable;
 * and the same facts in the pages' Markdown twins. Expected values are read from the fixture.
 *
 * The setup project of playwright.config.ts builds the kitchen-sink site (tests/lib/kitchen-sink.ts).
 */
import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {parse} from 'yaml';
import {kitchenSink} from '../lib/kitchen-sink';
import {serveBuild, type Served} from '../../scripts/lib/site-copy';
import {expect, open, present, test} from './fixtures';

type Schema = {
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  items?: {$ref: string};
  readOnly?: boolean;
  writeOnly?: boolean;
  const?: string;
  oneOf?: {$ref: string}[];
  discriminator?: {propertyName: string; mapping: Record<string, string>};
};
const schemas = (parse(readFileSync(kitchenSink.fixture, 'utf8')) as {components: {schemas: Record<string, Schema>}}).components.schemas;
const refName = (ref: string) => ref.replace(/^.*\//, '');
const schema = (name: string): Schema => present(schemas[name], `the fixture's schema ${name}`);

/** The alternatives of the payment method, with the discriminator value that selects each. */
const paymentMethod = schema('PaymentMethod');
const discriminator = paymentMethod.discriminator!;
const options = paymentMethod.oneOf!.map(({$ref}) => {
  const name = refName($ref);
  const mapped = Object.entries(discriminator.mapping).find(([, target]) => refName(target) === name)?.[0];
  const {properties} = schema(name);
  return {
    name,
    value: mapped ?? present(properties?.[discriminator.propertyName]?.const, `the ${discriminator.propertyName} of ${name}`),
    properties: properties!,
  };
});

const pages = {
  pay: `${kitchenSink.route}/pay-for-cake`,
  cake: `${kitchenSink.route}/order-cake`,
  tree: `${kitchenSink.route}/get-category-tree`,
  pastry: `${kitchenSink.route}/order-pastry`,
};

let served: Served;
test.beforeAll(async () => {
  served = await serveBuild(kitchenSink.build);
});
test.afterAll(() => served?.stop());
test.use({baseURL: undefined});

const go = (page: Page, path: string) => open(page, served.origin + path);

/** The part of the reference column under a heading (the request body, or the responses). */
const part = (page: Page, heading: string): Locator =>
  page.locator('.api-operation__part').filter({has: page.getByRole('heading', {name: new RegExp(`^${heading}`)})});
const fieldRow = (scope: Locator, name: string): Locator =>
  scope
    .getByRole('row')
    .filter({has: scope.page().getByRole('cell', {name: new RegExp(`^${name.replace(/[[\].]/g, '\\$&')}(\\s*(required|deprecated))*$`)})});

test('switching the alternatives of a oneOf shows each one’s fields and the discriminator value that selects it', async ({page}) => {
  await go(page, pages.pay);
  const body = part(page, 'Body');
  const mapping = options.map(({name, value}) => `${value} for ${name}`).join(', ');
  await expect(body.getByText(`Its ${discriminator.propertyName} field says which: ${mapping}.`)).toBeVisible();
  for (const option of options) {
    await body.getByRole('tab', {name: option.name}).click();
    const panel = body.getByRole('tabpanel').and(body.locator(':visible'));
    await expect(panel.getByText(`When ${discriminator.propertyName} is ${option.value}.`)).toBeVisible();
    for (const [property, field] of Object.entries(option.properties)) {
      await expect(fieldRow(panel, `method.${property}`)).toHaveCount(field.readOnly ? 0 : 1);
    }
  }
});

test('a base schema extended with allOf shows its own fields once, then each extension as a tab with the fields it adds', async ({
  page,
}) => {
  await go(page, pages.pastry);
  const body = part(page, 'Body');
  const base = schema('Pastry');
  for (const property of Object.keys(base.properties!)) await expect(fieldRow(body, property)).toHaveCount(1);
  for (const [value, ref] of Object.entries(base.discriminator!.mapping)) {
    const name = refName(ref);
    await body.getByRole('tab', {name}).click();
    const panel = body.getByRole('tabpanel').and(body.locator(':visible'));
    await expect(panel.getByText(`When ${base.discriminator!.propertyName} is ${value}.`)).toBeVisible();
    const added = present(schema(name).allOf?.[1]?.properties, `the fields ${name} adds to Pastry`);
    for (const property of Object.keys(added)) await expect(fieldRow(panel, property)).toHaveCount(1);
    for (const property of Object.keys(base.properties!)) await expect(fieldRow(panel, property)).toHaveCount(0);
  }
  // The description's link into the bakery's own site is text here; its full address stays a link.
  await expect(page.locator('article a[href^="/docs/"]')).toHaveCount(0);
  await expect(page.locator('article a[href="https://docs.bakery.test/menu"]')).toHaveCount(1);
});

test('the alternatives are tabs the keyboard moves between, and axe finds no violations in either colour mode', async ({page}) => {
  for (const mode of ['dark', 'light']) {
    await go(page, `${pages.pay}?docusaurus-theme=${mode}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const body = part(page, 'Body');
    const [first, second] = options;
    if (!first || !second) throw new Error('the payment method of the fixture needs two alternatives');
    await body.getByRole('tab', {name: first.name}).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(body.getByRole('tab', {name: second.name})).toHaveAttribute('aria-selected', 'true');
    const results = await new AxeBuilder({page}).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('a recursive schema is shown once, then linked back to', async ({page}) => {
  await go(page, pages.tree);
  const responses = part(page, 'Responses');
  const [recursive] = Object.entries(schema('Category').properties!).find(([, property]) => property.items?.$ref.endsWith('/Category'))!;
  await expect(fieldRow(responses, recursive)).toHaveCount(1);
  const link = fieldRow(responses, recursive).getByRole('link', {name: 'the top level'});
  const target = (await link.getAttribute('href'))!;
  await expect(page.locator(target)).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
});

test('a 3.1 nullable is shown as nullable; readOnly fields only in responses, writeOnly only in requests', async ({page}) => {
  await go(page, pages.cake);
  const request = part(page, 'Body');
  const responses = part(page, 'Responses');
  await expect(fieldRow(request, 'note').getByRole('cell', {name: 'string or null', exact: true})).toBeVisible();
  for (const [name, field] of Object.entries(schema('Cake').properties!)) {
    await expect(fieldRow(request, name), `${name} in the request`).toHaveCount(field.readOnly ? 0 : 1);
    await expect(fieldRow(responses, name), `${name} in the response`).toHaveCount(field.writeOnly ? 0 : 1);
  }
});

test('fields nested too deep are collapsed, and the reader opens them', async ({page}) => {
  await go(page, pages.cake);
  const request = part(page, 'Body');
  const more = request.getByRole('group').filter({hasText: 'Fields of delivery.address.geo.precision'});
  const deepest = fieldRow(more, 'delivery.address.geo.precision.meters');
  await expect(deepest).toBeHidden();
  await more.getByText('Fields of delivery.address.geo.precision').click();
  await expect(deepest).toBeVisible();
});

test('a response with no example of its own shows one built from its fields’ examples', async ({page}) => {
  await go(page, pages.cake);
  const samples = page.getByRole('complementary', {name: 'Request and response samples'});
  for (const [name, field] of Object.entries(schema('Cake').properties as Record<string, Schema & {examples?: unknown[]}>)) {
    if (field.examples && !field.writeOnly)
      await expect(samples.locator('pre').last()).toContainText(`"${name}": ${JSON.stringify(field.examples[0])}`);
  }
});

test('the Markdown twin of a /shapes page holds the same facts', async ({request}) => {
  const pay = await (await request.get(`${served.origin}${pages.pay}.md`)).text();
  expect(pay).toContain(`Its \`${discriminator.propertyName}\` field says which:`);
  for (const option of options) {
    expect(pay).toContain(`**${option.name}**`);
    expect(pay).toContain(`When \`${discriminator.propertyName}\` is \`${option.value}\`.`);
    for (const property of Object.keys(option.properties)) expect(pay).toContain(`\`method.${property}\``);
  }
  const cake = await (await request.get(`${served.origin}${pages.cake}.md`)).text();
  expect(cake).toMatch(/\| `note` \| string or null \|/);
  expect(cake).toContain('Fields of `delivery.address.geo.precision`');
  const tree = await (await request.get(`${served.origin}${pages.tree}.md`)).text();
  expect(tree).toContain('Recursive: the same fields as [the top level](#response-200-fields).');
});
