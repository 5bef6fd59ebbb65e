/**
 * The Try it panel and the request samples beside it as one request (src/components/TryIt/samples.tsx,
 * src/components/Sample/): the samples of every language follow the panel's inputs, written by the
 * build's own writers; Copy gives the language chosen in the samples' tabs; the example chips load
 * their example into the form. What a test expects is written by those writers from the page's sample
 * file, or read from it.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import type {SampleFile} from '../../lib/api-render/operation-samples';
import {languages, type SampleRequest} from '../../lib/api-render/samples';
import {expect, open, present, showColourMode, test} from './fixtures';

const panel = (page: Page) => page.getByRole('region', {name: 'Try it'});
const samples = (page: Page) => page.getByRole('complementary', {name: 'Request and response samples'});
/** The input of a parameter or body field, by the name its label shows. */
const field = (region: Locator, name: string) => region.getByLabel(new RegExp(`^${name}\\b`));
/** Code as text to compare: its runs of white space as one space. */
const flat = (code: string) => code.replace(/\s+/g, ' ').trim();

/** Opens the panel of the page, and gives it with the page's sample file, which it fetches as it starts. */
async function openPanel(page: Page): Promise<{region: Locator; file: SampleFile}> {
  const fetched = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/samples/'));
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const region = panel(page);
  await expect(region.getByRole('button', {name: 'Send request'})).toBeVisible();
  return {region, file: (await (await fetched).json()) as SampleFile};
}

/** The request samples' code in a language, chosen in their tabs (the first tabs of the column are the request's). */
async function shownSample(page: Page, label: string): Promise<string> {
  const tabs = samples(page).locator('.tabs-container:has(> ul.api-samples__tabs)').first();
  await tabs.getByRole('tab', {name: label, exact: true}).click();
  const code = tabs.getByRole('tabpanel').locator('pre code');
  await expect(code).not.toHaveText(/^Loading…/);
  return code.innerText();
}

const note = (page: Page) => samples(page).getByText('These samples show your Try it request.');

test('the samples of every language follow an edited query parameter, as the writers write that request', async ({page}) => {
  await open(page, '/api/financial/get-all-payments');
  const {region, file} = await openPanel(page);
  const base = present(file.requests[0], 'the request of the sample file');
  await expect(note(page)).toHaveCount(0);
  const limit = field(region, 'limit');
  await limit.fill('7');
  await expect(note(page)).toBeVisible();
  const request: SampleRequest = {...base, url: [`${file.server}/v1/payments?limit=7`], headers: []};
  for (const language of languages) {
    const shown = await shownSample(page, language.label);
    expect(shown, language.label).toContain('limit=7');
    expect(flat(shown), language.label).toBe(flat(language.write(request)));
  }
  // Back to the example: the form and the samples are the example's again.
  await samples(page).getByRole('button', {name: 'Back to the example'}).click();
  await expect(note(page)).toHaveCount(0);
  await expect(limit).toHaveValue('');
  expect(flat(await shownSample(page, languages[0].label))).toBe(flat(languages[0].write(base)));
});

test('an edited amount is in the samples of every language, which are one request, and Copy gives the chosen one', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/api/financial/create-payment');
  const {region, file} = await openPanel(page);
  const example = present(file.requests[0]?.body, 'the body of the first example') as {json: {amount: number}};
  const amount = String(example.json.amount + 111);
  await field(region, 'amount').fill(amount);
  await expect(note(page)).toBeVisible();

  // The cURL sample's request, written in every language, is what each tab shows.
  const curl = await shownSample(page, 'cURL');
  const body = JSON.parse(present(/-d '([\s\S]*)'\s*$/.exec(curl)?.[1], 'the body of the cURL sample')) as Record<string, unknown>;
  expect(body.amount).toBe(Number(amount));
  const key = await field(region, 'Idempotency-Key').inputValue();
  const request: SampleRequest = {
    ...present(file.requests[0], 'the first example'),
    url: [`${file.server}/v1/payments`],
    headers: [['Idempotency-Key', key]],
    body: {json: body},
  };
  for (const language of languages) {
    const shown = await shownSample(page, language.label);
    expect(shown, language.label).toContain(amount);
    expect(flat(shown), language.label).toBe(flat(language.write(request)));
  }

  // The tab chosen last is the language Copy gives.
  const python = present(
    languages.find((language) => language.id === 'python'),
    'Python',
  );
  const shown = await shownSample(page, python.label);
  await region.getByRole('button', {name: `Copy as ${python.label}`}).click();
  await expect(region.getByRole('status').filter({hasText: 'on the clipboard'})).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(python.write(request));
  expect(flat(copied)).toBe(flat(shown));
  expect(copied).not.toMatch(/sk_(test|live)_/);
});

test('choosing an example chip loads its body into the form, before the panel opens and while it is open', async ({page}) => {
  await open(page, '/api/financial/create-payment');
  const chips = samples(page).locator('ul.api-samples__examples').getByRole('tab');
  await chips.nth(1).click();
  const {region, file} = await openPanel(page);
  expect(file.requests.length, 'create-payment has several examples').toBeGreaterThan(2);
  const bodyOf = (index: number) => (present(file.requests[index]?.body, `example ${index}`) as {json: Record<string, unknown>}).json;
  // Values that are not object IDs (those the panel swaps for the reader's own, or test values).
  const plain = (index: number) =>
    Object.entries(bodyOf(index)).filter(([, value]) => !(typeof value === 'string' && /^[a-z]+_\w+$/.test(value)));
  const expectForm = async (index: number) => {
    for (const [name, value] of plain(index))
      await expect(field(region, name), `${name} of example ${index}`).toHaveValue(
        typeof value === 'object' ? JSON.stringify(value, null, 2) : String(value),
      );
  };
  await expectForm(1);
  await expect(note(page)).toHaveCount(0);

  const other = [...file.requests.keys()].find(
    (index) => index > 1 && plain(index).some(([name, value]) => JSON.stringify(bodyOf(1)[name]) !== JSON.stringify(value)),
  );
  await chips.nth(present(other, 'an example whose values differ from the second one')).click();
  await expectForm(present(other, 'that example'));
  await expect(note(page)).toHaveCount(0);
});

test('the samples of the panel are clean for axe in both colour modes on a phone', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await open(page, '/api/financial/get-all-payments');
  const {region} = await openPanel(page);
  await field(region, 'limit').fill('7');
  await expect(note(page)).toBeVisible();
  for (const mode of ['dark', 'light']) {
    await showColourMode(page, mode);
    const results = await new AxeBuilder({page}).include('aside').analyze();
    expect(results.violations.map((violation) => `${mode}: ${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
  }
});
