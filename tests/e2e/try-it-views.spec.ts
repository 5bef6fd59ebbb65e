/**
 * The Try it panel's two views of a JSON body and where the panel opens: the JSON view shows the
 * body the form makes, highlighted token by token; an edit there reaches the form and the request
 * sent; JSON that does not parse is refused with where it breaks; on a screen wide enough for the
 * page's two columns the panel opens beside the description, above the samples, without moving the
 * page, and under the button on a phone; axe finds nothing either way, in both colour modes. The
 * bodies expected are read from the spec.
 */
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {resolveLocalRef} from '../../lib/api-model/specs';
import {specs} from '../lib/specs';
import {expect, open, present, showColourMode, test} from './fixtures';

const {accounts} = specs;
const page_ = '/api/accounts/create-customer';

/** The first example of create-customer's request body in the spec. */
function customerExample(): Record<string, unknown> {
  const operation = present(accounts.paths?.['/v1/customers']?.post as Record<string, unknown> | undefined, 'POST /v1/customers');
  type Media = {examples?: Record<string, {value?: Record<string, unknown>}>};
  const media = resolveLocalRef<{content: Record<string, Media>}>(accounts, operation.requestBody).content['application/json'];
  return present(Object.values(media?.examples ?? {})[0]?.value, 'the first example of create-customer');
}

const tryIt = (page: Page) => page.getByRole('button', {name: 'Try it', exact: true});

async function openPanel(page: Page): Promise<Locator> {
  await tryIt(page).click();
  const region = page.getByRole('region', {name: 'Try it'});
  await expect(region.getByRole('button', {name: 'Send request'})).toBeVisible();
  return region;
}

const jsonText = (region: Locator) => region.getByLabel(/^Body as JSON/);

/** The keys of a JSON value, depth first, in the order JSON.stringify writes them. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object' ? Object.entries(value).flatMap(([key, inner]) => [JSON.stringify(key), ...keysOf(inner)]) : [];

test('the JSON view shows the body the form makes, highlighted, and an edit there reaches the form and the request sent', async ({
  page,
}) => {
  await open(page, page_);
  const region = await openPanel(page);
  const example = customerExample();
  const email = region.getByLabel(/^email\b/);
  await expect(email).toHaveValue(String(example.email));
  const edited = `views.${Date.now()}@example.com`;
  await email.fill(edited);

  await region.getByRole('radio', {name: 'JSON'}).check();
  const text = jsonText(region);
  await expect(text).toBeVisible();
  const shown = await text.inputValue();
  expect(JSON.parse(shown)).toEqual({...example, email: edited});

  // The layer behind the text holds the same text, and each key, string and number is a token of its own.
  const layer = region.locator('[data-json-layer]');
  expect((await layer.textContent())?.trimEnd()).toBe(shown);
  expect(await layer.locator('.token.property').allTextContents()).toEqual(keysOf(JSON.parse(shown)));
  expect(await layer.locator('.token.string').allTextContents()).toContain(JSON.stringify(edited));
  const colour = (type: string) =>
    layer
      .locator(`.token.${type}`)
      .first()
      .evaluate((node) => getComputedStyle(node).color);
  expect(await colour('property')).not.toBe(await colour('string'));

  // An edit in the JSON: the form shows it when the reader goes back, and the answer echoes it.
  const again = `json.${Date.now()}@example.com`;
  await text.fill(shown.replace(JSON.stringify(edited), JSON.stringify(again)));
  await region.getByRole('radio', {name: 'Form'}).check();
  await expect(email).toHaveValue(again);
  await region.getByRole('radio', {name: 'JSON'}).check();
  await region.getByRole('button', {name: 'Send request'}).click();
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  await expect(region.getByLabel('Response body')).toContainText(`"email": ${JSON.stringify(again)}`);
});

test('JSON that does not parse names where it breaks and blocks the form, Send and Copy', async ({page}) => {
  await open(page, page_);
  const region = await openPanel(page);
  await region.getByRole('radio', {name: 'JSON'}).check();
  const text = jsonText(region);
  const valid = await text.inputValue();
  // Without the comma after the first property, the JSON breaks where the second one starts: line
  // 3 of the text as JSON.stringify indents it, after its two spaces.
  await text.fill(valid.replace(/,\n/, '\n'));
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  const problem = region.locator(`#${present(await text.getAttribute('aria-describedby'), 'the problem of the JSON')}`);
  await expect(problem).toContainText(`The body is not valid JSON: at line 3, column 3, ',' or '}' was expected, not '"'`);
  await expect(region.getByRole('button', {name: 'Send request'})).toBeDisabled();
  await expect(region.getByRole('button', {name: /^Copy as/})).toBeDisabled();
  await expect(region.getByRole('radio', {name: 'Form'})).toBeDisabled();
  await expect(region.getByText('Fix the JSON below before going back to the form.')).toBeVisible();
  await text.press('Control+Enter');
  await expect(region.locator('[data-status]')).toHaveCount(0);

  await text.fill(valid);
  await expect(region.getByRole('button', {name: 'Send request'})).toBeEnabled();
  await expect(region.getByRole('radio', {name: 'Form'})).toBeEnabled();
});

/** Axe over the main column, in dark and in light, once the colour transitions have ended. */
async function axeClean(page: Page, what: string): Promise<void> {
  for (const mode of ['dark', 'light']) {
    await showColourMode(page, mode);
    const results = await new AxeBuilder({page}).include('main').analyze();
    expect(results.violations.map((violation) => `${what}, ${mode}: ${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
  }
}

test('at 1,280 px the panel opens beside the description, above the samples, and the page does not move', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 800});
  await open(page, page_);
  await page.waitForLoadState('networkidle');
  // Nothing moved while the page loaded: the press is what opens anything.
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {value: number})[]) total += entry.value;
        }).observe({type: 'layout-shift', buffered: true});
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shift).toBe(0);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const before = await height();
  const description = page.locator('main .api-operation > .api-operation__part').nth(1);
  const descriptionBox = present(await description.boundingBox(), 'the description');

  const region = await openPanel(page);
  const samples = page.getByRole('complementary', {name: 'Request and response samples'});
  await expect(samples.getByRole('region', {name: 'Try it'})).toBeVisible();
  const panelBox = present(await region.boundingBox(), 'the panel');
  expect(panelBox.x).toBeGreaterThanOrEqual(descriptionBox.x + descriptionBox.width);
  expect(panelBox.y).toBeLessThan(page.viewportSize()?.height ?? 0);
  // The description did not move, and the samples come after the panel.
  expect((await description.boundingBox())?.y).toBe(descriptionBox.y);
  const requestTitle = samples.getByRole('heading', {name: 'Request'});
  expect(present(await requestTitle.boundingBox(), 'the samples title').y).toBeGreaterThan(panelBox.y + panelBox.height);
  // The samples column is sticky and no taller than the screen: opening the panel in it can add at
  // most the column's own height (when the description is shorter than the column), not the
  // panel's; inline, the panel is taller than the screen.
  expect((await height()) - before).toBeLessThan(page.viewportSize()?.height ?? 0);
  expect(panelBox.height).toBeGreaterThan(page.viewportSize()?.height ?? 0);

  // The press gave the panel the focus, as it is not next to the button; Escape gives it back.
  await expect(region.locator('xpath=..')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tryIt(page)).toBeFocused();
  await expect(region).toBeHidden();
  await tryIt(page).click();
  await expect(region.locator('xpath=..')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(region.getByRole('button', {name: 'Reset the sandbox'})).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tryIt(page)).toBeFocused();
  await tryIt(page).click();
  await region.getByRole('radio', {name: 'JSON'}).check();
  await axeClean(page, '1,280 px');
});

test('at 390 px the panel opens under the button, in the page', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844});
  await open(page, page_);
  const region = await openPanel(page);
  const button = present(await tryIt(page).boundingBox(), 'the Try it button');
  const panelBox = present(await region.boundingBox(), 'the panel');
  expect(panelBox.y).toBeGreaterThan(button.y + button.height);
  expect(panelBox.y - (button.y + button.height)).toBeLessThan(button.height);
  await expect(page.getByRole('complementary', {name: 'Request and response samples'}).getByRole('region', {name: 'Try it'})).toHaveCount(
    0,
  );
  await expect(tryIt(page).locator('xpath=following-sibling::*').getByRole('region', {name: 'Try it'})).toBeVisible();
  await region.getByRole('radio', {name: 'JSON'}).check();
  await axeClean(page, '390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
