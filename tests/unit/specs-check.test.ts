import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {checkModel, operationListFile} from '../../lib/api-model/check';
import {loadApiModel, readSpecText, SpecError} from '../../lib/api-model/model';
import {
  checkAgainstList,
  checkOperationFields,
  checkSlugs,
  findUnsafeHtml,
  listOperations,
  operationRecords,
  operationSlug,
  parseOperationList,
  parseSpec,
  type OpenApiDocument,
} from '../../lib/api-model/specs';
import {downloadsOf} from '../../lib/api-render/downloads';
import {renderReference} from '../../lib/api-render/reference';

const list = parseOperationList(readFileSync(operationListFile, 'utf8'));

function spec(paths: OpenApiDocument['paths'], tags = [{name: 'Payments'}]): OpenApiDocument {
  return {openapi: '3.0.3', info: {title: 'Payments API'}, tags, paths};
}

test("the operation list holds 107 accounts and 90 payments operations: the product's 102 and 85, and the sandbox ones", () => {
  assert.equal(list.filter((item) => item.api === 'accounts').length, 107);
  assert.equal(list.filter((item) => item.api === 'financial').length, 90);
  assert.deepEqual(
    list.find((item) => item.slug === 'cancels-a-payment'),
    {
      api: 'financial',
      tag: 'Payments',
      slug: 'cancels-a-payment',
      summary: 'Cancels a payment',
      method: 'POST',
    },
  );
});

test('slugs are the kebab-case of the operationId, else of the summary', () => {
  assert.equal(operationSlug({operationId: 'cancelsAPayment'}), 'cancels-a-payment');
  assert.equal(operationSlug({operationId: 'getApiKeyById'}), 'get-api-key-by-id');
  assert.equal(operationSlug({summary: 'Get all payouts'}), 'get-all-payouts');
});

test('the committed specs hold every listed operation, with no shared slug and no script, and the reference has a page and a sidebar entry for each', async () => {
  const model = await loadApiModel('.');
  assert.deepEqual(await checkModel(model, '.'), []);
  for (const api of model.apis) {
    const reference = renderReference(api, downloadsOf(api.name));
    const sidebarIds = new Set(
      reference.sidebar
        .flatMap((item) => (item.type === 'category' ? item.items : [item]))
        .map((item) => (item.type === 'doc' ? item.id : '')),
    );
    for (const item of list.filter((listed) => listed.api === api.name)) {
      const page = reference.files.get(`${item.slug}.api.mdx`);
      assert.ok(page, `${api.name}: no page file for ${item.slug}`);
      assert.match(page, new RegExp(`^---\\nid: ${item.slug}\\n`), `${item.slug}: the page's id is its slug`);
      assert.ok(sidebarIds.has(`${api.route.slice(1)}/${item.slug}`), `${api.name}: ${item.slug} is not in the sidebar`);
    }
  }
});

test("a missing operationId, summary or tag is a problem of Plaza's specs, not of a page slug", () => {
  assert.deepEqual(checkSlugs(spec({'/v1/payments': {get: {responses: {}}}})), []);
  const problems = checkOperationFields(spec({'/v1/payments': {get: {responses: {}}}}));
  assert.deepEqual(problems, ['GET /v1/payments has no operationId', 'GET /v1/payments has no summary', 'GET /v1/payments has no tag']);
});

test('two operations, or an operation and a tag, sharing a slug is a problem', () => {
  const twice = checkSlugs(
    spec({
      '/v1/payments': {get: {operationId: 'getAllPayments', summary: 'Get all payments', tags: ['Payments']}},
      '/v1/charges': {get: {operationId: 'getAllPayments', summary: 'Get all charges', tags: ['Payments']}},
    }),
  );
  assert.deepEqual(twice, ['GET /v1/charges and GET /v1/payments share the page slug "get-all-payments"']);

  const withTag = checkSlugs(spec({'/v1/payments': {get: {operationId: 'payments', summary: 'Payments', tags: ['Payments']}}}));
  assert.deepEqual(withTag, ['GET /v1/payments and the tag "Payments" share the page slug "payments"']);
});

test('an operation that differs from the list, or is missing, is a problem', () => {
  const document = spec({
    '/v1/payments/{payment_id}/cancel': {put: {operationId: 'cancelsAPayment', summary: 'Cancel a payment', tags: ['Refunds']}},
  });
  const problems = checkAgainstList('financial', document, list);
  assert.ok(problems.includes('financial: cancels-a-payment has summary "Cancel a payment", not "Cancels a payment"'));
  assert.ok(problems.includes('financial: cancels-a-payment is PUT, not POST'));
  assert.ok(problems.includes('financial: cancels-a-payment has tags [Refunds], not [Payments]'));
  assert.ok(problems.includes('financial: no operation has the slug "get-all-payouts" (GET "Get all payouts")'));
  assert.equal(listOperations(document).length, 1);
});

test('an operation record holds what every output names the operation by, derived once', () => {
  const shared = {name: 'payment_id', in: 'path', required: true, schema: {type: 'string'}};
  const mine = {name: 'payment_id', in: 'path', required: true, description: 'The payment.', schema: {type: 'string'}};
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    security: [{ApiKey: []}],
    servers: [{url: 'https://api.example.test'}],
    paths: {
      '/v1/payments/{payment_id}': {
        parameters: [shared, {$ref: '#/components/parameters/Expand'}],
        servers: [{url: 'https://path.example.test'}],
        get: {summary: 'Get a *payment*\nby its ID', parameters: [mine, {name: 'limit', in: 'query'}], deprecated: true},
        delete: {operationId: 'voidPayment', security: [], tags: ['Payments']},
      },
    },
    webhooks: {'payment.created': {post: {summary: 'Payment created'}}},
    components: {parameters: {Expand: {name: 'expand', in: 'query'}}},
  };
  const records = operationRecords(document, '/api/financial');
  assert.deepEqual(
    records.map(({method, path, webhook, title, slug, route, deprecated}) => ({method, path, webhook, title, slug, route, deprecated})),
    [
      {
        method: 'GET',
        path: '/v1/payments/{payment_id}',
        webhook: undefined,
        title: 'Get a payment by its ID',
        slug: 'get-a-payment-by-its-id',
        route: '/api/financial/get-a-payment-by-its-id',
        deprecated: true,
      },
      {
        method: 'DELETE',
        path: '/v1/payments/{payment_id}',
        webhook: undefined,
        title: 'voidPayment',
        slug: 'void-payment',
        route: '/api/financial/void-payment',
        deprecated: false,
      },
      {
        method: 'POST',
        path: 'payment.created',
        webhook: 'payment.created',
        title: 'Payment created',
        slug: 'payment-created',
        route: '/api/financial/payment-created',
        deprecated: false,
      },
    ],
  );
  const [get, remove] = records;
  // OpenAPI's rule: the path item's parameters first, less those the operation redefines by name and place.
  assert.deepEqual(get?.parameters, [{$ref: '#/components/parameters/Expand'}, mine, {name: 'limit', in: 'query'}]);
  assert.deepEqual(get?.security, [{ApiKey: []}]);
  assert.deepEqual(remove?.security, [], 'an operation that asks for no security says so over the document');
  assert.deepEqual(get?.servers, [{url: 'https://path.example.test'}]);
  assert.deepEqual(records[2]?.servers, [{url: 'https://api.example.test'}]);
});

test('script in any string of a spec is found, with where it is', () => {
  assert.deepEqual(findUnsafeHtml({info: {description: 'Hello <script>alert(1)</script>'}}), [
    '#/info/description contains a <script> tag',
  ]);
  assert.deepEqual(findUnsafeHtml({paths: {'/v1/x': {get: {description: '<a href="javascript:alert(1)">x</a>'}}}}), [
    '#/paths/~1v1~1x/get/description contains a javascript: URL',
  ]);
  assert.deepEqual(findUnsafeHtml({tags: [{description: '<img src=x onerror=alert(1)>'}]}), [
    '#/tags/0/description contains an event-handler attribute',
  ]);
  assert.deepEqual(findUnsafeHtml({info: {description: 'Use <code>amount</code> in minor units; see the **errors** page.'}}), []);
});

test('a $ref that points at nothing, in the document or in another file, is named in one line each; a $ref inside an example is data', async () => {
  const dangling = spec({
    '/v1/payments': {get: {responses: {'200': {$ref: '#/components/responses/Gone'}, '404': {$ref: 'missing.yaml#/Gone'}}}},
  });
  dangling.components = {
    responses: {Kept: {description: 'A response.', content: {'application/json': {example: {$ref: '#/not/a/reference'}}}}},
  };
  const error = await readSpecText(JSON.stringify(dangling), resolve('specs/dangling.yaml'), 'specs/dangling.yaml').then(
    () => assert.fail('the spec was read'),
    (failure: Error) => failure,
  );
  assert.ok(error instanceof SpecError);
  const lines = error.message.split('\n');
  assert.equal(lines.length, 2, error.message);
  assert.equal(
    lines[0],
    'specs/dangling.yaml: the $ref "#/components/responses/Gone" at #/paths/~1v1~1payments/get/responses/200 points at nothing',
  );
  assert.match(
    lines[1] ?? '',
    /^specs\/dangling\.yaml: the \$ref "missing\.yaml#\/Gone" at #\/paths\/~1v1~1payments\/get\/responses\/404 points at nothing \(.*no such file.*\)$/,
  );
});

test('a spec that holds none of the listed operations gets one line from the list check, not one per operation', () => {
  const foreign = parseSpec(readFileSync('tests/fixtures/kitchen-sink.yaml', 'utf8'));
  const problems = checkAgainstList('financial', foreign, list);
  assert.equal(problems.length, 1);
  assert.match(problems[0] ?? '', new RegExp(`none of the ${list.filter((item) => item.api === 'financial').length} operations`));
});
