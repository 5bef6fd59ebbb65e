/**
 * Try it on the first press: every operation page, opened in a fresh browser context (a new sandbox
 * account, as a reader arriving from search has), answers its prefilled request with a 2xx when the
 * reader presses Send without touching the form. The account starts with the objects the examples
 * name (sandbox/core/seed.ts), an upload starts with a sample file, and a time the API takes only near
 * the present is filled in from now (`x-plaza-example-from-now`).
 */
import {apis, listOperations, operationSlug, readSpec} from '../../lib/api-model/specs';
import {expect, open, test} from './fixtures';

const pages = apis.flatMap((api) =>
  listOperations(readSpec(api.file)).map((operation) => ({
    id: String(operation.operationId),
    path: `${api.route}/${operationSlug(operation)}`,
  })),
);

for (const {id, path} of pages) {
  test(`${path} answers its prefilled request with a 2xx on the first press`, async ({page}) => {
    await open(page, path);
    await page.getByRole('button', {name: 'Try it', exact: true}).click();
    const region = page.getByRole('region', {name: 'Try it'});
    const send = region.getByRole('button', {name: 'Send request'});
    await expect(send).toBeEnabled();
    await send.click();
    const status = region.locator('[data-status]');
    await expect(status).toBeVisible();
    const answered = Number(await status.getAttribute('data-status'));
    // A refusal's body says why; a 204 has none to read.
    const why = answered < 300 ? '' : await region.getByLabel('Response body').textContent();
    expect(answered, `${id} answered ${answered}: ${why}`).toBeLessThan(300);
  });
}
