/**
 * Try it on the preview of a small pet store (tests/fixtures/pet-store.yaml), built here by
 * `npm run preview`, answered by the mock of the spec in the reader's browser (sandbox/mock): every
 * operation's prefilled request gets an answer the spec allows, and within the tab a pet added by a
 * POST is read by a GET of its ID and listed, and is gone after a DELETE. Values come from the
 * answers and the document the site serves.
 */
import {createHash} from 'node:crypto';
import {rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import type {OperationRecord} from '../../lib/api-model/specs';
import {answerProblems, mockRefusal, openPanel, previewOperations, sendAndRead, servedDocument} from '../lib/mock-site';
import {runIn, serveBuild, type Served} from '../../scripts/lib/site-copy';
import {Mock} from '../../sandbox/mock';
import {expect, open, present, showColourMode, test} from './fixtures';

const root = process.cwd();
const build = join(tmpdir(), `plaza-pet-store-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
let served: Served | undefined;

// One server and one build for the file: its tests run in order.
test.describe.configure({mode: 'default'});

test.beforeAll(async () => {
  // Copying, generating and building take minutes, on a busy machine up to ten.
  test.setTimeout(20 * 60_000);
  const {status, output} = runIn(root, 'npx', ['tsx', 'scripts/preview.ts', join(root, 'tests/fixtures/pet-store.yaml'), '--out', build]);
  expect(status, output).toBe(0);
  served = await serveBuild(build);
});

test.afterAll(() => {
  served?.stop();
  rmSync(build, {recursive: true, force: true});
});

async function operationsOf(page: Page): Promise<{mock: Mock; operations: OperationRecord[]}> {
  const document = await servedDocument(page, served!.origin);
  return {mock: new Mock(document), operations: previewOperations(document)};
}

/** Goes to an operation's page by its link in the sidebar, as a reader moves within the tab. */
async function goTo(page: Page, operation: OperationRecord): Promise<void> {
  // A link's name starts with its method's badge.
  const name = new RegExp(`${present(operation.summary, 'a summary')}$`);
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name}).click();
  await expect(page).toHaveURL(new RegExp(`${operation.route}$`));
}

test('every operation of the pet store answers from the mock, as the spec allows', async ({page}) => {
  const {mock, operations} = await operationsOf(page);
  for (const operation of operations) {
    await open(page, `${served!.origin}${operation.route}`);
    const answer = await sendAndRead(await openPanel(page));
    const name = `${operation.method} ${operation.path}`;
    expect(mockRefusal(answer), `${name}: ${answer.text ?? ''}`).toBe(false);
    expect(answer.status, name).toBeLessThan(300);
    expect(answerProblems(mock, operation, answer), `${name} answered ${answer.status} ${answer.text ?? ''}`).toEqual([]);
  }
});

test('a pet added by a POST is read by its ID, listed, and gone after a DELETE', async ({page}) => {
  const {mock, operations} = await operationsOf(page);
  const find = (method: string, item: boolean) =>
    present(
      operations.find((operation) => operation.method === method && operation.path.endsWith('}') === item),
      `${method} of ${item ? 'an item' : 'the collection'}`,
    );
  const [create, read, list, remove] = [find('POST', false), find('GET', true), find('GET', false), find('DELETE', true)];
  await open(page, `${served!.origin}${create.route}`);
  const created = await sendAndRead(await openPanel(page));
  expect(created.status).toBeLessThan(300);
  expect(answerProblems(mock, create, created)).toEqual([]);
  const pet = JSON.parse(present(created.text, 'the created pet')) as Record<string, unknown>;
  const parameter = present(/\{([^}]+)\}$/.exec(read.path)?.[1], 'the item parameter');

  await goTo(page, read);
  let region = await openPanel(page);
  const before = JSON.parse(present((await sendAndRead(region)).text, 'the example pet')) as Record<string, unknown>;
  expect(before.id).not.toEqual(pet.id);
  await region.getByLabel(new RegExp(`^${parameter}\\b`)).fill(String(pet.id));
  const found = await sendAndRead(region);
  expect(found.status).toBe(200);
  expect(JSON.parse(present(found.text, 'the pet read'))).toEqual(pet);

  await goTo(page, list);
  region = await openPanel(page);
  expect(JSON.parse(present((await sendAndRead(region)).text, 'the list'))).toEqual([pet]);

  await goTo(page, remove);
  region = await openPanel(page);
  await region.getByLabel(new RegExp(`^${parameter}\\b`)).fill(String(pet.id));
  const removed = await sendAndRead(region);
  expect(answerProblems(mock, remove, removed)).toEqual([]);

  // Back on a page whose panel the reader opened, the panel is open again with the ID typed there.
  await goTo(page, read);
  region = page.getByRole('region', {name: 'Try it'});
  await expect(region.getByLabel(new RegExp(`^${parameter}\\b`))).toHaveValue(String(pet.id));
  const gone = await sendAndRead(region);
  expect(gone.status).toBe(404);
  expect(answerProblems(mock, read, gone)).toEqual([]);
});

test('the mock is labelled as such, and the page with its answer is axe-clean at 390 px in dark and light', async ({page}) => {
  test.setTimeout(120_000);
  const {operations} = await operationsOf(page);
  await page.setViewportSize({width: 390, height: 844});
  await open(page, `${served!.origin}${present(operations[0], 'an operation').route}`);
  const region = await openPanel(page);
  await expect(region).toContainText("Answers come from a mock built from this spec's examples and schemas, in your browser");
  await sendAndRead(region);
  expect(await region.textContent()).not.toMatch(/plaza|sandbox/i);
  for (const mode of ['dark', 'light']) {
    await showColourMode(page, mode);
    const results = await new AxeBuilder({page}).include('main').analyze();
    expect(results.violations.map((violation) => `${mode}: ${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
  }
});
