/**
 * Try it on the operation pages and Run in the guides, on the sandbox in the browser
 * (src/components/TryIt, sandbox/worker.ts): nothing of them loads before the reader asks, the panel's
 * inputs come from the schema and are checked as the reader types, requests answer as the sandbox
 * does, what a session creates is there on the next page, a panel and its answer are there again on
 * Back and Forward, the answer's JSON is coloured as the code blocks are, a copied command holds no
 * key, and a whole guide runs block by block. The values a test expects are read from the specs, the
 * pages and the answers.
 */
import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type {Locator, Page} from '@playwright/test';
import {resolveLocalRef} from '../../lib/api-model/specs';
import {pageRequests} from '../../lib/page-requests';
import {specs} from '../lib/specs';
import {expect, open, present, showColourMode, test, waitForHydration} from './fixtures';

const {financial, accounts} = specs;

/** The test payment method of the sandbox values partial whose outcome is the given text. */
function testValue(outcome: RegExp): string {
  const row = readFileSync('docs/_partials/_sandbox-values.mdx', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('| `card_test') && outcome.test(line));
  return present(/`(card_test\w+)`/.exec(row ?? '')?.[1], `a test card whose outcome matches ${outcome}`);
}

/** The example of an operation's request body in a spec, of a media type. */
function requestExample(spec: typeof financial, path: string, method: string, type = 'application/json'): Record<string, unknown> {
  const operation = present(spec.paths?.[path]?.[method] as Record<string, unknown> | undefined, `${method} ${path}`);
  type Media = {example?: Record<string, unknown>; examples?: Record<string, {value?: Record<string, unknown>}>};
  const media = resolveLocalRef<{content: Record<string, Media>}>(spec, operation.requestBody).content[type];
  const first = Object.values(media?.examples ?? {})[0];
  return present(
    media?.example ?? resolveLocalRef<{value?: Record<string, unknown>}>(spec, first).value,
    `the request example of ${method} ${path}`,
  );
}

const panel = (page: Page) => page.getByRole('region', {name: 'Try it'});

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', {name: 'Try it', exact: true}).click();
  const region = panel(page);
  await expect(region.getByRole('button', {name: 'Send request'})).toBeVisible();
  return region;
}

/** The input of a parameter or body field, by the name its label shows. */
const field = (region: Locator, name: string) => region.getByLabel(new RegExp(`^${name}\\b`));

async function send(region: Locator): Promise<Locator> {
  await region.getByRole('button', {name: 'Send request'}).click();
  const status = region.locator('[data-status]');
  await expect(status).toBeVisible();
  return status;
}

test('the panel loads nothing before it is opened, then runs the sandbox in a worker', async ({page}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await open(page, '/api/financial/create-payment');
  await page.waitForLoadState('networkidle');
  const before = [...fetched];
  expect(before.filter((path) => path.startsWith('/try-it/'))).toEqual([]);
  expect(workers).toEqual([]);
  const region = await openPanel(page);
  await expect(region.getByLabel(/^amount\b/)).toBeVisible();
  const after = fetched.slice(before.length);
  expect(after).toContain('/try-it/specs.json');
  // The panel's own code came with the click: every script of it is new.
  const scripts = after.filter((path) => path.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(before).not.toContain(script);
  expect(workers).toHaveLength(1);
});

test('a customer made on one page pays on the next: 201 with its events, and a declined card answers 422', async ({page}) => {
  await open(page, '/api/accounts/create-customer');
  let region = await openPanel(page);
  await expect(field(region, 'email')).toHaveValue(String(requestExample(accounts, '/v1/customers', 'post').email));
  const status = await send(region);
  await expect(status).toHaveText(/^201 Created$/);
  const customer = present(
    /"id": "(cus_\w+)"/.exec((await region.getByLabel('Response body').textContent()) ?? '')?.[1],
    'the customer ID',
  );

  // By links, as a reader goes, so that the session of this tab stays: the next pages' forms name the customer just made.
  const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
  await sidebar.getByRole('link', {name: /Get customer by ID$/}).click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get customer by ID');
  region = await openPanel(page);
  await expect(field(region, 'customer_id')).toHaveValue(customer);
  await expect(await send(region)).toHaveText('200 OK');
  await sidebar.getByRole('link', {name: 'Payments Reference', exact: true}).click();
  await page.getByRole('main').locator('a[href="/api/financial/payments"]').click();
  await page.getByRole('main').locator('a[href="/api/financial/create-payment"]').first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Create payment');
  region = await openPanel(page);
  await expect(field(region, 'customer_id')).toHaveValue(customer);
  // The test card that always succeeds is the one the form starts with.
  await expect(field(region, 'payment_method_id')).toHaveValue(testValue(/The payment is `succeeded` \|$/));
  await expect(await send(region)).toHaveText('201 Created');
  const events = region.getByRole('listitem');
  const eventTypes = await events.locator('code').allTextContents();
  expect(eventTypes).toContain('payment.created');
  expect(eventTypes).toContain('payment.succeeded');

  await field(region, 'payment_method_id').fill(testValue(/Declined with `card_declined`/));
  await expect(await send(region)).toHaveText('422 Unprocessable Entity');
  await expect(region.getByLabel('Response body')).toContainText('"code": "card_declined"');
});

test('an invalid body is flagged beside its field before anything is sent', async ({page}) => {
  await open(page, '/api/financial/create-payment');
  const region = await openPanel(page);
  const amount = field(region, 'amount');
  await amount.fill('twelve');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  const problem = region.locator(`#${present(await amount.getAttribute('aria-describedby'), 'the problem of amount')}`);
  await expect(problem).toContainText('integer');
  await expect(region.locator('[data-status]')).toHaveCount(0);
  await amount.fill('2500');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('text that is not valid JSON blocks Send and Copy until it is fixed; Ctrl+Enter sends, Escape closes and keeps the inputs', async ({
  page,
}) => {
  await open(page, '/api/financial/create-payment');
  const region = await openPanel(page);
  const metadata = field(region, 'metadata');
  await metadata.fill('{"order_id": "5531",');
  await expect(region.getByRole('button', {name: 'Send request'})).toBeDisabled();
  await expect(region.getByRole('button', {name: 'Copy as cURL'})).toBeDisabled();
  await expect(region.getByRole('status').filter({hasText: 'Fix the JSON of metadata'})).toBeVisible();
  await metadata.press('Control+Enter');
  await expect(metadata).toHaveValue('{"order_id": "5531",');
  await expect(region.locator('[data-status]')).toHaveCount(0);

  await metadata.fill('{"order_id": "5531"}');
  await expect(region.getByRole('button', {name: 'Send request'})).toBeEnabled();
  await metadata.press('Control+Enter');
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  await expect(region.getByLabel('Response body')).toContainText('"order_id": "5531"');

  await metadata.fill('{"order_id": "5532"}');
  await metadata.press('Escape');
  await expect(region).toBeHidden();
  const button = page.getByRole('button', {name: 'Try it', exact: true});
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.press('Enter');
  await expect(field(region, 'metadata')).toHaveValue('{"order_id": "5532"}');
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
});

test('a panel, its inputs and its answer are there again after another page, Back and Forward; a reload starts over', async ({page}) => {
  await open(page, '/api/accounts/create-customer');
  let region = await openPanel(page);
  const email = `back.and.forward.${Date.now()}@example.com`;
  await field(region, 'email').fill(email);
  await expect(await send(region)).toHaveText('201 Created');
  const created = present(await region.getByLabel('Response body').textContent(), 'the answer of Create customer');
  expect(created).toContain(`"email": "${email}"`);

  await page
    .getByRole('navigation', {name: 'Docs sidebar'})
    .getByRole('link', {name: /Get customer by ID$/})
    .click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get customer by ID');
  region = await openPanel(page);
  await expect(await send(region)).toHaveText('200 OK');
  const fetched = present(await region.getByLabel('Response body').textContent(), 'the answer of Get customer by ID');

  // Back: the first page's panel is open, as the reader left it, without a press.
  await page.goBack();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Create customer');
  await expect(page.getByRole('button', {name: 'Try it', exact: true})).toHaveAttribute('aria-expanded', 'true');
  await expect(field(region, 'email')).toHaveValue(email);
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  await expect(region.getByLabel('Response body')).toHaveText(created);

  await page.goForward();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get customer by ID');
  await expect(region.locator('[data-status]')).toHaveText('200 OK');
  await expect(region.getByLabel('Response body')).toHaveText(fetched);

  // A reload is a new session, as the panel's note says: closed, and the form back at the example.
  await expect(region.getByText(/A reload starts over with a new sandbox and empty panels\./)).toBeVisible();
  await page.goBack();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', {name: 'Try it', exact: true})).toHaveAttribute('aria-expanded', 'false');
  region = await openPanel(page);
  await expect(field(region, 'email')).toHaveValue(String(requestExample(accounts, '/v1/customers', 'post').email));
  await expect(region.locator('[data-status]')).toHaveCount(0);
});

test("the answer's JSON has its keys, strings, numbers, booleans and null in the colours of the page's code blocks", async ({page}) => {
  await open(page, '/api/financial/create-payment');
  const region = await openPanel(page);
  await expect(await send(region)).toHaveText('201 Created');
  const body = region.getByLabel('Response body');
  const text = present(await body.textContent(), 'the answer body');
  const value = JSON.parse(text) as unknown;
  expect(text).toBe(JSON.stringify(value, null, 2));

  // The text of each kind of token, in order, read from the answer itself.
  const expected: Record<'property' | 'string' | 'number' | 'boolean' | 'null', string[]> = {
    property: [],
    string: [],
    number: [],
    boolean: [],
    null: [],
  };
  const walk = (node: unknown): void => {
    if (node === null) expected.null.push('null');
    else if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object') {
      for (const [name, item] of Object.entries(node)) {
        expected.property.push(JSON.stringify(name));
        walk(item);
      }
    } else expected[typeof node as 'string' | 'number' | 'boolean'].push(JSON.stringify(node));
  };
  walk(value);
  for (const type of ['property', 'string', 'number'] as const) expect(expected[type].length, type).toBeGreaterThan(0);
  for (const [type, texts] of Object.entries(expected)) await expect(body.locator(`.token.${type}`), type).toHaveText(texts);

  // Each kind has the colour the same token has in the page's response examples, in both modes.
  const colour = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);
  for (const mode of ['dark', 'light']) {
    await showColourMode(page, mode);
    for (const [type, texts] of Object.entries(expected)) {
      if (texts.length === 0) continue;
      const token = body.locator(`.token.${type}`).first();
      const classes = present(await token.getAttribute('class'), `the classes of a ${type}`);
      const example = page.locator(`.theme-code-block [class="${classes}"]`).first();
      expect(await colour(token), `${type}, ${mode}`).toBe(await colour(example));
      expect(await colour(token), `${type}, ${mode}`).not.toBe(await colour(body));
    }
  }
});

test('Copy as cURL copies the exact request with a placeholder for the key', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/api/financial/create-payment');
  const region = await openPanel(page);
  await region.getByRole('button', {name: 'Copy as cURL'}).click();
  await expect(region.getByRole('status').filter({hasText: 'on the clipboard'})).toBeVisible();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toMatch(/^curl -X POST 'https:\/\/api\.sandbox\.plaza\.example\/v1\/payments'/);
  expect(command).toContain('-H "X-API-KEY: $PLAZA_SECRET_KEY"');
  expect(command).not.toMatch(/sk_(test|live)_/);
  const body = JSON.parse(present(/-d '([\s\S]*)'$/.exec(command)?.[1], 'the body of the command')) as Record<string, unknown>;
  expect(body.amount).toBe(requestExample(financial, '/v1/payments', 'post').amount);
});

test('Process card payments runs end to end with Run, each block answering as the page shows', async ({page}) => {
  const file = 'docs/guides/payments/process-card-payments.mdx';
  const blocks = pageRequests(file, readFileSync(file, 'utf8'));
  await open(page, '/guides/payments/process-card-payments');
  const runs = page.getByRole('button', {name: /^Run .* in the sandbox in this browser$/});
  const runnable = blocks.filter((block) => !block.notRun);
  await expect(runs).toHaveCount(runnable.length);
  for (const [index, block] of runnable.entries()) {
    const button = runs.nth(index);
    await expect(button).toHaveAccessibleName(`Run ${block.method} ${block.target.split('?')[0]} in the sandbox in this browser`);
    await button.focus();
    await page.keyboard.press('Enter');
    const bar = button.locator('xpath=..');
    const status = bar.locator('[data-status]');
    await expect(status).toBeVisible({timeout: 20_000});
    const expected = block.shown?.status ?? 200;
    await expect(status, `${file}:${block.line}`).toHaveAttribute('data-status', block.shown ? String(expected) : /^2\d\d$/);
  }
  // The first block ran the requests of the guide it starts from first, and said so.
  await expect(page.getByText(/^First ran the requests of Collect cards/).first()).toBeVisible();
});

test('Try it and Run work from the keyboard, are clean for axe in both colour modes, and fit a phone', async ({page}) => {
  // Two pages and four axe runs over a whole operation page: minutes on a busy machine.
  test.setTimeout(240_000);
  await page.setViewportSize({width: 390, height: 844});
  const check = async (what: string) => {
    for (const mode of ['dark', 'light']) {
      await showColourMode(page, mode);
      const results = await new AxeBuilder({page}).include('main').analyze();
      expect(results.violations.map((violation) => `${what}, ${mode}: ${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  };
  await open(page, '/api/financial/create-payment');
  const opener = page.getByRole('button', {name: 'Try it', exact: true});
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  const region = panel(page);
  const sendButton = region.getByRole('button', {name: 'Send request'});
  await sendButton.focus();
  await page.keyboard.press('Enter');
  await expect(region.locator('[data-status]')).toHaveText('201 Created');
  // The answer is announced in the panel's live region.
  await expect(region.getByRole('status').filter({hasText: 'Response: 201 Created'})).toHaveCount(1);
  await check('the operation page with an answer');
  await open(page, '/guides/payments/cancel-payments');
  const run = page.getByRole('button', {name: /^Run /}).first();
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(run.locator('xpath=..').locator('[data-status]')).toBeVisible();
  await expect(run.locator('xpath=..').getByRole('status')).toHaveText(/^Ran: \d{3}/);
  await check('a guide with an answer of Run');
});

test('without PLAZA_TRY_IT_URL the sandbox in this browser is the only target, and pages connect to their own origin only', async ({
  page,
}) => {
  const response = await page.request.get('/api/financial/create-payment');
  const policy = response.headers()['content-security-policy'] ?? '';
  expect(present(/(?:^|; )connect-src ([^;]*)/.exec(policy)?.[1], 'the connect-src directive')).toBe("'self'");
  await open(page, '/api/financial/create-payment');
  const region = await openPanel(page);
  // No choice of one target: a sentence says where requests go.
  await expect(region.getByRole('group', {name: 'Send to'})).toHaveCount(0);
  await expect(region.getByText(/^Requests go to Plaza's sandbox running in this tab/)).toBeVisible();
  await expect(region.getByLabel(/secret key/i)).toHaveCount(0);
  // The heading sits at the panel's padding, with no margin of the page's headings above it.
  const heading = region.getByRole('heading', {name: 'Try it'});
  const inset = await region.evaluate((element) => {
    const style = getComputedStyle(element);
    return parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
  });
  const top = async (locator: Locator) => present(await locator.boundingBox(), 'a box').y;
  expect((await top(heading)) - (await top(region))).toBeCloseTo(inset, 0);
});

test('an example object used up by a press is made again with one press, in the path or in the body, and the request then succeeds', async ({
  page,
}) => {
  type Parameters = {parameters?: {name?: string; example?: string}[]};
  const capture = financial.paths?.['/v1/payments/{payment_id}/capture']?.post as Parameters | undefined;
  const examplePayment = present(
    capture?.parameters?.find((parameter) => parameter.name === 'payment_id')?.example,
    "capture's payment_id example",
  );
  const maker = `Make another (${String((financial.paths?.['/v1/payments']?.post as {summary?: string} | undefined)?.summary)})`;
  await open(page, '/api/financial/captures-a-payment');
  let region = await openPanel(page);
  await expect(field(region, 'payment_id')).toHaveValue(examplePayment);
  await expect(await send(region)).toHaveText('200 OK');
  // Captured now: a second capture is refused, and the panel offers another authorized payment.
  await expect(await send(region)).toHaveText('409 Conflict');
  await expect(region.getByText(`Your account started with ${examplePayment}, and an earlier request used it up.`)).toBeVisible();
  await region.getByRole('button', {name: maker}).click();
  const made = region.getByRole('status').filter({hasText: 'Made pay_'});
  await expect(made).toContainText('put it in the path parameter payment_id');
  const id = present(/pay_[a-z0-9]{24}/.exec((await made.textContent()) ?? '')?.[0], 'the new payment ID');
  expect(id).not.toBe(examplePayment);
  await expect(field(region, 'payment_id')).toHaveValue(id);
  await expect(await send(region)).toHaveText('200 OK');
  await expect(region.getByLabel('Response body')).toContainText(`"id": "${id}"`);
  await expect(region.getByLabel('Response body')).toContainText('"status": "succeeded"');

  // A payment can have one transfer: the offer makes a new payment and puts it in the body.
  await open(page, '/api/financial/create-payment-transfer');
  region = await openPanel(page);
  await expect(await send(region)).toHaveText('201 Created');
  await expect(await send(region)).toHaveText('409 Conflict');
  await region.getByRole('button', {name: maker}).click();
  await expect(region.getByRole('status').filter({hasText: 'put it in the body field payment_id'})).toBeVisible();
  const transferred = await field(region, 'payment_id').inputValue();
  expect(transferred).toMatch(/^pay_[a-z0-9]{24}$/);
  await expect(await send(region)).toHaveText('201 Created');
  await expect(region.getByLabel('Response body')).toContainText(`"payment_id": "${transferred}"`);
});

test(
  "a code block's Copy gives its idempotency key a fresh one, the same for the same written key across the page's blocks",
  {tag: '@internal-copy-fresh-keys'},
  async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/api/idempotency');
    const written = pageRequests('docs/api/idempotency.mdx', readFileSync('docs/api/idempotency.mdx', 'utf8'))
      .map((request) => Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1])
      .filter((key): key is string => key !== undefined);
    const repeated = present(
      written.find((key, index) => written.indexOf(key) !== index),
      'a key the page writes twice',
    );
    const blocks = page.locator('.theme-code-block').filter({hasText: `Idempotency-Key: ${repeated}`});
    await expect(blocks).toHaveCount(written.filter((key) => key === repeated).length);
    const copied: string[] = [];
    for (const block of [blocks.first(), blocks.nth(1)]) {
      await block.hover();
      await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
      const text = await page.evaluate(() => navigator.clipboard.readText());
      expect(text).toContain('curl -X POST');
      expect(text).not.toContain(repeated);
      copied.push(present(/Idempotency-Key: ([0-9a-f-]{36})/.exec(text)?.[1], 'the fresh key'));
    }
    expect(copied[0]).toBe(copied[1]);
    // The page itself still shows the key it writes.
    await expect(blocks.first()).toContainText(`Idempotency-Key: ${repeated}`);
    // After a reload the tab's keys are new.
    await page.reload();
    await blocks.first().hover();
    await blocks.first().getByRole('button', {name: 'Copy code to clipboard'}).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(copied[0]);
  },
);

test('a multipart body starts with a sample file under the example name, and sends the file the reader chooses', async ({page}) => {
  // A seller account of the reader's, made first: the upload's path names it.
  await open(page, '/api/accounts/create-account');
  let region = await openPanel(page);
  await expect(await send(region)).toHaveText('201 Created');
  const account = present(/"id": "(acct_\w+)"/.exec((await region.getByLabel('Response body').textContent()) ?? '')?.[1], 'the account ID');
  await page.getByRole('navigation', {name: 'Docs sidebar'}).getByRole('link', {name: 'Business Documents', exact: true}).click();
  await page.getByRole('main').locator('a[href="/api/accounts/upload-business-document"]').first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Upload business document');
  region = await openPanel(page);
  await expect(field(region, 'account_id')).toHaveValue(account);
  await expect(field(region, 'document_type')).toHaveValue(
    String(requestExample(accounts, '/v1/accounts/{account_id}/business/documents', 'post', 'multipart/form-data').document_type),
  );
  const file = field(region, 'file');
  const exampleName = String(requestExample(accounts, '/v1/accounts/{account_id}/business/documents', 'post', 'multipart/form-data').file);
  await expect(file).not.toHaveAttribute('aria-invalid', 'true');
  await expect(region.getByText(`Sends ${exampleName}`)).toContainText('a sample PDF, until you choose a file');
  const chosen = Buffer.from('%PDF-1.4\n%a license of the reader\n');
  await file.setInputFiles({name: 'license.pdf', mimeType: 'application/pdf', buffer: chosen});
  await expect(region.getByText('Sends license.pdf')).toHaveText(`Sends license.pdf (${chosen.length} bytes).`);
  await expect(await send(region)).toHaveText('201 Created');
  await expect(region.getByLabel('Response body')).toContainText('"document_type": "firearms_license"');
});

test('the Markdown twins show the requests as written, with no Try it or Run', async ({page}) => {
  for (const path of ['/api/financial/create-payment', '/guides/payments/process-card-payments']) {
    const twin = await (await page.request.get(`${path}.md`)).text();
    expect(twin, path).toMatch(/curl -X POST '?https:\/\/api\.sandbox\.plaza\.example\/v1\/payments/);
    expect(twin, path).not.toMatch(/RunRequest|TryIt|Send request|Copy as cURL|in the sandbox in this browser/);
  }
});
