/**
 * Try it on a preview site, whose answers come from the mock of its spec (sandbox/mock): an
 * operation's prefilled request sent as a reader sends it, the answer read off the panel, and judged
 * against the document the site gives its worker (try-it/specs.json) by the validator the mock uses.
 */
import {expect, type Locator, type Page} from '@playwright/test';
import {previewRoute} from '../../lib/api-model/site';
import {operationRecords, pathOperations, type OpenApiDocument, type Operation, type OperationRecord} from '../../lib/api-model/specs';
import {Mock, type MockSpecs} from '../../sandbox/mock';

/** An answer as the panel shows it: its status, its headers, and its body as text (undefined when it has none). */
export type ShownAnswer = {status: number; headers: Record<string, string>; text?: string};

/** The document a preview site's worker mocks, as the site serves it. */
export async function servedDocument(page: Page, origin: string): Promise<OpenApiDocument> {
  const response = await page.request.get(`${origin}/try-it/specs.json`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MockSpecs).mock;
}

/** The operations of a preview site's document that have pages with Try it (its webhooks have none), each with its page's route. */
export const previewOperations = (document: OpenApiDocument): OperationRecord[] => pathOperations(operationRecords(document, previewRoute));

/** Opens the Try it panel of the page; the panel's region, once its form is there. */
export async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const region = page.getByRole('region', {name: 'Try it'});
  await expect(region.getByRole('button', {name: 'Send request'})).toBeEnabled();
  return region;
}

/** Presses Send and reads the answer the panel shows. */
export async function sendAndRead(region: Locator): Promise<ShownAnswer> {
  const before = await region.locator('[data-status]').count();
  await region.getByRole('button', {name: 'Send request'}).click();
  if (before > 0) await expect(region.getByRole('button', {name: 'Send request'})).toBeEnabled();
  const status = region.locator('[data-status]');
  await expect(status).toBeVisible();
  const headerText = (await region.locator('details pre').first().textContent()) ?? '';
  const headers = Object.fromEntries(
    headerText
      .split('\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const body = region.getByLabel('Response body');
  return {
    status: Number(await status.getAttribute('data-status')),
    headers,
    text: (await body.count()) > 0 ? ((await body.textContent()) ?? '') : undefined,
  };
}

/** Whether an answer is the mock's own refusal of a request that does not fit the spec (a 400 naming the problems). */
export const mockRefusal = (answer: ShownAnswer): boolean => answer.status === 400 && /"error": "invalid_request"/.test(answer.text ?? '');

/**
 * What is wrong with an answer for the spec: a status the operation does not document, a body its
 * schema does not allow, a media type other than the documented one, or a body where none is documented.
 */
export function answerProblems(mock: Mock, operation: Operation, answer: ShownAnswer): string[] {
  const indexed = mock.index.operations.find((candidate) => candidate.method === operation.method && candidate.path === operation.path);
  if (!indexed) return [`${operation.method} ${operation.path} is not in the index`];
  const codes = Object.keys((operation.raw.responses ?? {}) as Record<string, unknown>);
  const status = String(answer.status);
  const at = [status, `${status[0]}XX`, 'default'].map((code) =>
    codes.findIndex((candidate) => candidate.toUpperCase() === code.toUpperCase()),
  );
  const index = at.find((position) => position >= 0);
  const documented = index === undefined ? undefined : indexed.responses[index];
  if (!documented) return [`${status} is not a documented status`];
  if (documented.schemaKey) {
    let body: unknown = answer.text;
    try {
      body = JSON.parse(answer.text ?? '');
    } catch {
      // A JSON string is shown as its text.
    }
    return mock.index
      .problems(documented.schemaKey, body, 'response')
      .map((problem) => `${problem.pointer || '(body)'} ${problem.message}`);
  }
  if (documented.mediaType) return answer.headers['content-type'] === documented.mediaType ? [] : [`not ${documented.mediaType}`];
  return answer.text === undefined ? [] : ['a body where none is documented'];
}
