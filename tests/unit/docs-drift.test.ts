import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apis, readSpec} from '../../scripts/lib/specs';
import {checkDocs, extractExamples, parseCurl, SpecIndex} from '../../scripts/lib/docs-drift';

const specs = Object.fromEntries(apis.map((api) => [api.name, readSpec(api.file)]));

test('every request and response shown in docs/ agrees with the specs', () => {
  const {problems, requests, responses} = checkDocs(specs);
  const report = problems.map((problem) => `${problem.file}:${problem.line}: ${problem.reason}`);
  assert.deepEqual(report, []);
  assert.ok(requests > 0 && responses >= 0);
  console.log(`checked ${requests} requests and ${responses} responses in docs/`);
});

test('a curl command is read as method, path, query and JSON body', () => {
  const parsed = parseCurl(
    [
      'curl -X POST "https://api.sandbox.plaza.example/v1/payments?expand=customer&limit=2" \\',
      '  -H "X-API-KEY: $PLAZA_SECRET_KEY" \\',
      "  -d '{\"amount\": 2599, \"currency\": \"USD\"}'",
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
  assert.equal(responses[0].status, '404');
  assert.equal(responses[0].line, 6);
  assert.equal(responses[0].request, requests[0]);
  assert.deepEqual(new SpecIndex(specs).checkResponse(responses[0]), []);
});

test('drift is reported with its reason: unknown operations, bad ids, unknown fields, wrong shapes', () => {
  const index = new SpecIndex(specs);
  const request = (method: string, path: string, body?: unknown, query: string[] = []) => ({file: 'page.mdx', line: 1, method, path, query, body});

  assert.deepEqual(index.checkRequest(request('POST', '/v1/charges', {})), ['POST /v1/charges is not an operation of the specs']);
  assert.match(index.checkRequest(request('GET', '/v1/payments/ch_123'))[0], /path parameter payment_id "ch_123" does not match/);
  assert.match(index.checkRequest(request('GET', '/v1/payments', undefined, ['colour']))[0], /query parameter "colour" is not defined/);
  const unknownField = index.checkRequest(
    request('POST', '/v1/payments', {amount: 2599, currency: 'USD', payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i', tip: 100}),
  );
  assert.match(unknownField[0], /the request body does not fit the schema: .*must NOT have additional properties "tip"/);
  assert.match(index.checkRequest(request('POST', '/v1/payments'))[0], /requires a JSON body/);

  const wrongShape = index.checkResponse({
    file: 'page.mdx',
    line: 9,
    status: '201',
    body: {id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd'},
    request: request('POST', '/v1/payments', {}),
  });
  assert.match(wrongShape[0], /POST \/v1\/payments: the 201 response does not fit the schema: .* must have required property/);
});
