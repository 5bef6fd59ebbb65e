import {test} from 'node:test';
import assert from 'node:assert/strict';
import {operationPages, type Specs} from '../../lib/api-render/webhook-events';
import {
  checkPermissions,
  checkPermissionSentences,
  checkSandboxValues,
  checkSnippets,
  declaredPermissions,
  sandboxValues,
  requestProblems,
  responseProblems,
  sandboxValuesPartial,
} from '../../lib/checks/docs-drift';
import {extractExamples, parseCurl} from '../../lib/page-requests';
import {firstRequest} from '../../src/pages/_home/content';
import {SpecIndex} from '../../lib/api-model/request-index';
import {readFileSync} from 'node:fs';
import {specs} from '../lib/specs';

/** The first problem reported, which the test expects there to be. */
function first(problems: string[]): string {
  const [problem] = problems;
  assert.ok(problem !== undefined, 'no problem was reported');
  return problem;
}

test('a curl command is read as method, path, query and JSON body', () => {
  const parsed = parseCurl(
    [
      'curl -X POST "https://api.sandbox.plaza.example/v1/payments?expand=customer&limit=2" \\',
      '  -H "X-API-KEY: $PLAZA_SECRET_KEY" \\',
      '  -d \'{"amount": 2599, "currency": "USD"}\'',
    ].join('\n'),
  );
  assert.deepEqual(parsed, {method: 'POST', path: '/v1/payments', query: ['expand', 'limit'], body: {amount: 2599, currency: 'USD'}});
  assert.equal(parseCurl('npm install @plaza/web'), null);
});

test('responses belong to the request above them and carry the status of their title', () => {
  const page = [
    '```bash',
    'curl -X GET https://api.sandbox.plaza.example/v1/payments/pay_8fk2m1x9q4t7b3n6c5v0z2wd \\',
    '  -H "X-API-KEY: $PLAZA_SECRET_KEY"',
    '```',
    '',
    '```json title="Response: 404 Not Found"',
    '{"error": {"type": "not_found_error", "code": "resource_not_found", "message": "No such payment.", "param": null, "request_id": "req_9a3f7c1e5b2d8f4a6c0e2b7d"}}',
    '```',
  ].join('\n');
  const {requests, responses, problems} = extractExamples('page.mdx', page);
  assert.deepEqual(problems, []);
  assert.equal(requests.length, 1);
  const [response] = responses;
  assert.ok(response, 'the page has a response');
  assert.equal(response.status, '404');
  assert.equal(response.line, 6);
  assert.equal(response.request, requests[0]);
  assert.deepEqual(responseProblems(new SpecIndex(specs), response), []);
});

test('drift is reported with its reason: unknown operations, bad ids, unknown fields, wrong shapes, unnamed response fields', () => {
  const index = new SpecIndex(specs);
  const request = (method: string, path: string, body?: unknown, query: string[] = []) => ({
    file: 'page.mdx',
    line: 1,
    method,
    path,
    query,
    body,
  });

  const requestProblem = (...args: Parameters<typeof request>) => first(requestProblems(index, request(...args)));
  assert.deepEqual(requestProblems(index, request('POST', '/v1/charges', {})), ['POST /v1/charges is not an operation of the specs']);
  assert.equal(
    requestProblem('DELETE', '/v1/payments'),
    'DELETE /v1/payments is not an operation of the specs (its path takes other methods)',
  );
  assert.match(requestProblem('GET', '/v1/payments/ch_123'), /path parameter payment_id "ch_123" must be text in the form /);
  assert.match(requestProblem('GET', '/v1/payments', undefined, ['colour']), /query parameter "colour" is not defined/);
  const payment = {amount: 2599, currency: 'USD', payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i'};
  assert.match(
    requestProblem('POST', '/v1/payments', {...payment, tip: 100}),
    /the request body does not fit the schema: tip is not a field here$/,
  );
  assert.match(requestProblem('POST', '/v1/payments', {...payment, amount: 0}), /: amount 0 must be an integer from 1 to \d+$/);
  assert.match(requestProblem('POST', '/v1/payments'), /requires a JSON body/);
  // A field whose schema is a described `allOf` of one component reads as that component.
  const transfer = {from_account_id: 'acct_4x8c2v6b1n9m3q7w5e0r2t8y', to_account_id: 'acct_3h6j9k2l5z8x1c4v7b0n3m6q', amount: 2500};
  assert.match(
    requestProblem('POST', '/v1/balance-transfers', {...transfer, currency: 'usd'}),
    /: currency "usd" must be text in the form USD$/,
  );

  const response = (status: string, body: unknown) => ({
    file: 'page.mdx',
    line: 9,
    status,
    body,
    request: request('POST', '/v1/payments', {}),
  });
  const wrongShape = first(responseProblems(index, response('201', {id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd'})));
  assert.match(wrongShape, /^POST \/v1\/payments: the 201 response does not fit the schema: amount is required; .* \(and \d+ more\)$/);
  // A response is read closed, as the sandbox reads Plaza's answers: a field the spec does not name is drift.
  const error = {
    type: 'not_found_error',
    code: 'resource_not_found',
    message: 'No such payment.',
    param: null,
    request_id: 'req_9a3f7c1e5b2d8f4a6c0e2b7d',
  };
  assert.deepEqual(responseProblems(index, response('404', {error})), []);
  // Only the unknown field is named, not the object that holds it.
  assert.deepEqual(responseProblems(index, response('404', {error: {...error, hint: 'none'}})), [
    'POST /v1/payments: the 404 response does not fit the schema: error.hint is not a field here',
  ]);
  assert.deepEqual(responseProblems(index, response('418', {})), ['POST /v1/payments has no JSON response for status 418']);
});

test("the SDK pages' server snippets are checked field by field against the request schema", () => {
  const page = [
    '```javascript title="server.js"',
    "const attached = await plaza('PUT', `/v1/cards/${cardId}/attach`, {customer_id: customerId});",
    "const {data} = await plaza('POST', '/v1/payments', {",
    "  amount: order.amount, currency: 'USD', payment_method: cardId, customer_id: customerId,",
    '}, order.idempotency_key);',
    "await plaza('POST', '/v1/charges', {amount: 100});",
    '```',
  ].join('\n');
  const {bodies, problems} = checkSnippets(new SpecIndex(specs), 'sdk.mdx', page);
  assert.equal(bodies, 3);
  assert.deepEqual(
    problems.map((problem) => `${problem.line}: ${problem.reason}`),
    [
      '3: POST /v1/payments: the snippet\'s body sends "payment_method", which the request schema does not define',
      '3: POST /v1/payments: the snippet\'s body leaves out the required "payment_method_id"',
      '6: POST /v1/charges is not an operation of the specs',
    ],
  );
});

test("permissions a page names must be declared, and those it ties to an operation must be that operation's", () => {
  const declared = declaredPermissions(specs);
  const createPayment = declared.get('/api/financial/create-payment')!;
  const page = [
    `Charging a card with [Create payment](/api/financial/create-payment) needs \`${createPayment}\`.`,
    'Listing customers with [Get all customers](/api/accounts/get-all-customers) needs the',
    '`payments:read` permission. A reporting key has `payments:read` and `ledger:read`.',
    '',
    '| [Create refund](/api/financial/create-refund) | requires `payments:write` |',
    '```bash',
    '# `ledger:write` in a code block is not prose',
    '```',
  ].join('\n');
  const {named, ties, problems} = checkPermissions(declared, 'page.mdx', page);
  assert.equal(named, 5);
  assert.equal(ties, 3);
  assert.deepEqual(
    problems.map((problem) => `${problem.line}: ${problem.reason}`),
    [
      `2: ties /api/accounts/get-all-customers to "payments:read", but its spec declares "${declared.get('/api/accounts/get-all-customers')}"`,
      '3: names the permission "ledger:read", which no operation of the specs declares',
      `5: ties /api/financial/create-refund to "payments:write", but its spec declares "${declared.get('/api/financial/create-refund')}"`,
    ],
  );
});

test("a spec description's permission sentence must agree with the permission its operation declares", () => {
  assert.deepEqual(checkPermissionSentences(specs).problems, []);
  const changed = structuredClone(specs) as unknown as {
    accounts: {paths: Record<string, Record<string, {description: string; 'x-plaza-permission': string}>>};
  };
  const operation = changed.accounts.paths['/v1/customers']?.get;
  assert.ok(operation, 'the accounts spec has GET /v1/customers');
  operation.description += ' Needs the `customers:write` permission.';
  const {sentences, problems} = checkPermissionSentences(changed as unknown as Specs);
  assert.ok(sentences > 0);
  assert.deepEqual(
    problems.map((problem) => problem.reason),
    [`GET /v1/customers says it needs "customers:write" but declares "${operation['x-plaza-permission']}"`],
  );
});

test('the sandbox values partial lists exactly the test values of the specs, with their outcomes', () => {
  const partial = readFileSync(sandboxValuesPartial, 'utf8');
  assert.deepEqual(checkSandboxValues(specs, sandboxValuesPartial, partial).problems, []);
  const broken = partial
    .replace(/^\| `card_testdeclined0+` \|.*$/m, '| `card_testdeclined000000000000` | Visa, `credit` | Declined with `expired_card` |')
    .replace(/^\| `00-0000003` \|.*$/m, '')
    .replace(/^\| `R03` \|.*$/m, '| `R11` | `bank_account_not_found` |')
    .replace('Like routing number `111000025`', 'Like routing number `111000033`');
  const reasons = checkSandboxValues(specs, sandboxValuesPartial, broken).problems.map((problem) => problem.reason);
  assert.deepEqual(reasons.sort(), [
    'does not list "00-0000003", which the specs declare as a sandbox test value',
    'does not list "R03", which the specs declare as a sandbox test value',
    'lists the test value "R11", which no x-plaza-sandbox-values of the specs declares',
    'shows the test number "111000033", which the specs never mention',
    'the row of "card_testdeclined000000000000" does not name its outcome in the specs, "credit, card_declined"',
  ]);
});

test("the home page's first payment is a request of the specs that a new sandbox account can send as it is", () => {
  const request = parseCurl(firstRequest);
  assert.ok(request, 'the home page request is not a curl command of the house form');
  assert.deepEqual(requestProblems(new SpecIndex(specs), {file: 'src/pages/_home/content.ts', line: 1, ...request}), []);
  const ids = JSON.stringify(request.body).match(/"[a-z]+_[a-z0-9]{24}"/g) ?? [];
  const testValues = sandboxValues(specs);
  assert.deepEqual(
    ids.filter((id) => !testValues.has(id.slice(1, -1))),
    [],
    'IDs that a new sandbox account does not have',
  );
});

test('the sandbox-only operations say so, and the testing page lists each of them', () => {
  const sandboxOnly = operationPages(specs).filter((page) => page.operation.raw['x-plaza-sandbox-only'] === true);
  assert.ok(sandboxOnly.length > 0, 'no operation is marked x-plaza-sandbox-only');
  for (const page of sandboxOnly) {
    assert.match(
      String(page.operation.raw.description).replace(/\s+/g, ' ').trim(),
      /^Sandbox only\. .*The production host answers `404 resource_not_found`\.$/,
      page.url,
    );
    assert.deepEqual(page.operation.tags, ['Sandbox'], page.url);
  }
  const testing = readFileSync('docs/api/testing.mdx', 'utf8');
  const section = testing.slice(testing.indexOf('## Simulating outcomes'), testing.indexOf('## Testing webhooks'));
  const listed = [...section.matchAll(/^\| \[[^\]]+\]\((\/api\/[^)]+)\) \|/gm)].map((match) => match[1]);
  assert.deepEqual(listed.sort(), sandboxOnly.map((page) => page.url).sort());
});
