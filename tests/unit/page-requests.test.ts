/**
 * The requests of the hand-written pages (lib/page-requests.ts, lib/page-run.ts): read from the real pages in page
 * order with the response shown after each, the "Not run in the sandbox: ..." title, the IDs carried from shown
 * responses to real ones, and the comparison of a shown response with a real one.
 */
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {codeBlocks} from '../../lib/docs-source';
import {readCurl} from '../../lib/curl';
import {docsRequestPages, pageRequests, type PageRequest} from '../../lib/page-requests';
import {IdCarrier} from '../../lib/page-run';
import {compareShown} from '../lib/compare-shown';

const read = (file: string) => readFileSync(file, 'utf8');
const requestsOf = (file: string) => pageRequests(file, read(file));

/** The one request of a page that fits, which the test expects there to be. */
function only(requests: PageRequest[], fits: (request: PageRequest) => boolean): PageRequest {
  const found = requests.filter(fits);
  assert.equal(found.length, 1, `${found.length} requests fit, not 1`);
  return found[0]!;
}

/** A JSON body as an object. */
const json = (text: string | undefined): Record<string, unknown> => JSON.parse(text ?? 'null') as Record<string, unknown>;

test('every curl block of the hand-written pages is read, in page order, with the response shown after it', () => {
  const pages = docsRequestPages();
  assert.ok(pages.length > 0);
  assert.deepEqual(
    pages.map((page) => page.file),
    pages.map((page) => page.file).sort(),
  );
  for (const {file, requests} of pages) {
    const text = read(file);
    const lines = text.split('\n');
    // Counted apart from the parser: the bash fences that start with a curl command.
    const curlBlocks = codeBlocks(text).filter((block) => block.lang === 'bash' && /^curl\s/.test(block.text));
    assert.deepEqual(
      requests.map((request) => request.line),
      curlBlocks.map((block) => block.line),
      file,
    );
    requests.forEach((request, index) => {
      const where = `${file}:${request.line}`;
      assert.match(lines[request.line - 1] ?? '', /^\s*```bash/, where);
      assert.match(request.method, /^(GET|POST|PUT|PATCH|DELETE)$/, where);
      assert.match(request.target, /^\/v1\//, where);
      assert.match(request.headers['x-api-key'] ?? '', /^\$[A-Z_]+$/, `${where}: the key is a variable, as written`);
      if (request.body !== undefined) assert.doesNotThrow(() => JSON.parse(request.body ?? ''), where);
      if (request.shown) {
        const next = requests[index + 1]?.line ?? Infinity;
        assert.ok(
          request.shown.line > request.line && request.shown.line < next,
          `${where}: the response is between it and the next request`,
        );
        assert.match(lines[request.shown.line - 1] ?? '', new RegExp(`title="Response: ${request.shown.status}\\b`), where);
      }
    });
  }
  const total = pages.reduce((sum, page) => sum + page.requests.length, 0);
  console.log(`${total} requests in ${pages.length} pages: ${pages.map((page) => `${page.file} ${page.requests.length}`).join(', ')}`);
});

test('the quickstart creates a customer, charges it with a test card, lists the event, then tests the webhook it creates', () => {
  const file = 'docs/guides/quickstart.mdx';
  const lines = read(file).split('\n');
  const requests = requestsOf(file);
  assert.equal(requests.length, 5);
  const [customer, payment, events, webhook, testEvent] = requests;
  assert.ok(customer && payment && events && webhook && testEvent);
  assert.equal(customer.method, 'POST');
  assert.equal(customer.target, '/v1/customers');
  assert.equal(customer.shown?.status, 201);
  const customerId = (customer.shown?.body as {id: string}).id;
  assert.match(customerId, /^cus_/);

  assert.equal(payment.method, 'POST');
  assert.equal(payment.target, '/v1/payments');
  assert.equal(payment.headers['idempotency-key'], '7c2e9a4f-0b6d-4f1a-b3e8-5a7c9e1d3f20');
  assert.equal(payment.headers['x-api-key'], '$PLAZA_SECRET_KEY');
  assert.equal(payment.headers['content-type'], 'application/json');
  assert.ok(lines[payment.line]?.startsWith('curl -X POST https://api.sandbox.plaza.example/v1/payments'));
  const body = json(payment.body);
  assert.equal(body.customer_id, customerId, 'the payment charges the customer created before it');
  assert.equal(body.payment_method_id, 'card_testvisacredit0000000000');
  assert.equal(payment.shown?.status, 201);
  assert.equal((payment.shown?.body as {status: string}).status, 'succeeded');
  assert.equal(lines[(payment.shown?.line ?? 0) - 1], '```json title="Response: 201 Created"');

  assert.equal(events.method, 'GET');
  assert.equal(events.target, '/v1/events?type=payment.succeeded&limit=1');
  assert.equal(events.body, undefined);
  assert.equal(events.shown, undefined, 'no response is shown after the events request');
  assert.equal(events.notRun, undefined);

  assert.equal(webhook.method, 'POST');
  assert.equal(webhook.target, '/v1/webhooks');
  const webhookId = (webhook.shown?.body as {id: string}).id;
  assert.match(webhookId, /^wh_/);
  assert.equal(testEvent.target, `/v1/sandbox/webhooks/${webhookId}/test-events`, 'the test event goes to the webhook created before it');
});

test('the other curl forms of the pages: no -X, -F, -o, other key variables, other headers', () => {
  const first = only(requestsOf('docs/api/index.mdx'), () => true);
  assert.equal(first.method, 'GET');
  assert.equal(first.target, '/v1/customers?limit=2');
  assert.equal(first.host, 'api.sandbox.plaza.example');

  const onboarding = requestsOf('docs/guides/marketplaces/onboard-sellers.mdx');
  const upload = only(onboarding, (request) => request.form !== undefined);
  assert.equal(upload.method, 'POST');
  assert.match(upload.target, /^\/v1\/accounts\/acct_\w+\/business\/documents$/);
  assert.equal(upload.body, undefined);
  assert.deepEqual(upload.form, [
    {name: 'document_type', value: 'formation_document'},
    {name: 'file', value: '@articles-of-organization.pdf'},
  ]);
  assert.equal((upload.shown?.body as {file_name: string}).file_name, 'articles-of-organization.pdf');
  // The response after the tabs of Create contract belongs to the curl tab, the request above it.
  const contract = only(onboarding, (request) => request.target.endsWith('/contracts'));
  assert.equal(contract.shown?.status, 201);
  assert.equal((contract.shown?.body as {signer_name: string}).signer_name, json(contract.body).signer_name);
  assert.equal(only(onboarding, (request) => request.target.endsWith('/copy-as-owner')).shown, undefined);

  const exported = only(requestsOf('docs/guides/refunds/refund-payments.mdx'), (request) =>
    request.target.startsWith('/v1/refunds/export'),
  );
  assert.equal(exported.method, 'GET');
  assert.equal(exported.target, '/v1/refunds/export?created_at_gte=2026-01-14T00:00:00Z&created_at_lte=2026-01-14T23:59:59Z');

  const authentication = requestsOf('docs/api/authentication.mdx');
  const live = only(authentication, (request) => request.headers['x-api-key'] === '$PLAZA_LIVE_SECRET_KEY');
  assert.equal(live.shown?.status, 401);
  assert.equal(only(authentication, (request) => request.headers['x-api-key'] === '$PLAZA_PAYMENTS_SECRET_KEY').shown?.status, 403);

  const correlated = only(requestsOf('docs/api/request-correlation.mdx'), (request) => 'x-correlation-id' in request.headers);
  assert.equal(correlated.headers['x-correlation-id'], 'order-5531-checkout');
});

test('curl options and quoting the pages may use are read as curl and the shell read them', () => {
  const urlencoded = readCurl(
    [
      `curl -i -G https://api.sandbox.plaza.example/v1/payments \\`,
      `  -H 'X-API-KEY: $PLAZA_SECRET_KEY' \\`,
      `  --data-urlencode "created_at_gte=2026-01-01T00:00:00Z" \\`,
      `  -d limit=2`,
    ].join('\n'),
  );
  assert.deepEqual(urlencoded, {
    method: 'GET',
    host: 'api.sandbox.plaza.example',
    target: '/v1/payments?created_at_gte=2026-01-01T00%3A00%3A00Z&limit=2',
    headers: {'x-api-key': '$PLAZA_SECRET_KEY'},
  });
  const quoted = readCurl(
    `curl -sS -XPOST https://api.plaza.example/v1/customers -H "X-API-KEY: \${PLAZA_SECRET_KEY}" -H "X-Note: say \\"hi\\"" --json '{"name": "O'\\''Brien"}'`,
  );
  assert.deepEqual(quoted, {
    method: 'POST',
    host: 'api.plaza.example',
    target: '/v1/customers',
    headers: {
      'x-api-key': '${PLAZA_SECRET_KEY}',
      'x-note': 'say "hi"',
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: `{"name": "O'Brien"}`,
  });
  assert.equal(readCurl('curl -d \'{"a": 1}\' https://api.sandbox.plaza.example/v1/payments')?.method, 'POST');
  assert.equal(readCurl('npm install @plaza/web'), null);
  assert.equal(readCurl('curl -k https://example.com/'), null, 'curl to another host is no request');
  assert.throws(() => readCurl('curl -k https://api.sandbox.plaza.example/v1/payments'), /curl option "-k"/);
  assert.throws(() => readCurl('curl https://api.sandbox.plaza.example/v1/payments > out.json'), /redirects/);
  assert.throws(() => readCurl('export A=1\ncurl https://api.sandbox.plaza.example/v1/payments'), /2 commands/);
  assert.throws(() => readCurl('curl -d @body.json https://api.sandbox.plaza.example/v1/payments'), /from a file/);
  assert.throws(() => readCurl(`curl -d '{"a": 1} https://api.sandbox.plaza.example/v1/payments`), /never closed/);
});

/** A page of one block per entry: `[info string, text]`. */
const page = (...blocks: [string, string][]) => blocks.map(([info, text]) => `\`\`\`${info}\n${text}\n\`\`\`\n`).join('\n');
const get = (path: string) => `curl -X GET https://api.sandbox.plaza.example${path} \\\n  -H "X-API-KEY: $PLAZA_SECRET_KEY"`;

test('a block titled "Not run in the sandbox: <reason>" carries the reason, and a malformed mark is refused', () => {
  const requests = pageRequests(
    'page.mdx',
    page(
      ['bash title="Not run in the sandbox: needs a card collected in a browser"', get('/v1/cards/card_9d2f5h8k1m4p7r0t3v6x9z2b')],
      ['json title="Response: 200 OK"', '{"id": "card_9d2f5h8k1m4p7r0t3v6x9z2b"}'],
      ['bash', 'export PLAZA_SECRET_KEY="sk_test_..."'],
      ['bash', get('/v1/customers')],
      ['json title="Response: 200 OK"', '{"data": [], "has_more": false, "next_cursor": null}'],
    ),
  );
  assert.equal(requests.length, 2);
  const [marked, unmarked] = requests;
  assert.equal(marked?.notRun, 'needs a card collected in a browser');
  assert.equal(marked?.shown?.status, 200);
  assert.equal(marked?.line, 1);
  assert.equal(unmarked?.notRun, undefined);
  assert.equal(unmarked?.target, '/v1/customers');
  assert.equal(unmarked?.shown?.line, 19);
  assert.throws(
    () => pageRequests('page.mdx', page(['bash title="Not run in the sandbox"', get('/v1/customers')])),
    /^Error: page\.mdx:1: .*Not run in the sandbox: <reason>/,
  );
  assert.throws(() => pageRequests('page.mdx', page(['bash title="Not run in the sandbox: "', get('/v1/customers')])), /page\.mdx:1/);
  assert.throws(() => pageRequests('page.mdx', page(['bash title="Not run in the sandbox: why"', 'npm ci'])), /sends no request/);
});

test('IDs learned from a shown response and the real one replace the shown IDs in later requests', () => {
  const [customer, payment] = requestsOf('docs/guides/quickstart.mdx');
  assert.ok(customer?.shown && payment?.body);
  const shownId = (customer.shown.body as {id: string}).id;
  const carrier = new IdCarrier();
  carrier.learn(customer.shown.body, {...(customer.shown.body as object), id: 'cus_Real01'});
  assert.equal(carrier.learned.get(shownId), 'cus_Real01');
  const sent = carrier.applyTo(payment);
  assert.equal(json(sent.body).customer_id, 'cus_Real01');
  assert.equal(json(sent.body).payment_method_id, 'card_testvisacredit0000000000');
  assert.equal(json(payment.body).customer_id, shownId, 'the request itself is left as it was');

  // The cursor of a first page goes into the request of the next one.
  const [firstPage, nextPage] = requestsOf('docs/api/pagination.mdx');
  assert.ok(firstPage?.shown && nextPage);
  const cursor = (firstPage.shown.body as {next_cursor: string}).next_cursor;
  assert.ok(nextPage.target.includes(`cursor=${cursor}`));
  const paging = new IdCarrier();
  paging.learn(firstPage.shown.body, {data: [], has_more: true, next_cursor: 'opaque0cursor'});
  assert.equal(paging.apply(nextPage.target), nextPage.target.replace(cursor, 'opaque0cursor'));

  // Same keys and same indices only, IDs only, same prefix only.
  const walked = new IdCarrier();
  walked.learn(
    {
      data: [{id: 'pay_aaaa1111'}, {id: 'pay_bbbb2222'}],
      key: 'sk_test_...',
      code: 'card_declined',
      payment_id: 'pay_cccc3333',
      object: {id: 're_dddd4444'},
      gone: 'pay_eeee5555',
    },
    {data: [{id: 'pay_Real0001'}], key: 'sk_test_1234567890', code: 'card_expired', payment_id: 're_Real0003', object: 're_Real0004'},
  );
  assert.deepEqual([...walked.learned], [['pay_aaaa1111', 'pay_Real0001']]);

  // An ID inside other text is learned when the rest of the text is the same.
  const inText = new IdCarrier();
  inText.learn(
    {description: 'Dispute of payment pay_0k3n6q9t2w5z', note: 'Refund of re_1c4f7i0l3o6r'},
    {description: 'Dispute of payment pay_Live98765', note: 'Refund for re_Live12345'},
  );
  assert.deepEqual([...inText.learned], [['pay_0k3n6q9t2w5z', 'pay_Live98765']]);
});

test('IDs are replaced as whole tokens, the first learned stays, and an ID never answered is the latest of its kind', () => {
  const carrier = new IdCarrier();
  assert.equal(carrier.apply('/v1/payments/pay_abc1234'), '/v1/payments/pay_abc1234');
  carrier.learn({id: 'pay_abc1234'}, {id: 'pay_first01'});
  carrier.learn({id: 'pay_other99'}, {id: 'pay_second2'});
  carrier.learn({id: 'pay_abc1234'}, {id: 'pay_third03'});
  assert.equal(carrier.apply('/v1/payments/pay_abc1234/capture'), '/v1/payments/pay_first01/capture');
  // pay_abc12345 was never in a response: it stands for the reader's last payment, and keeps it.
  assert.equal(
    carrier.apply('pay_abc1234 pay_abc12345 xpay_abc1234 my_pay_abc1234 "pay_abc1234" card_never123'),
    'pay_first01 pay_third03 xpay_abc1234 my_pay_abc1234 "pay_first01" card_never123',
  );
  carrier.learn({id: 'pay_newer456'}, {id: 'pay_fourth4'});
  assert.equal(carrier.apply('pay_abc12345'), 'pay_third03');
  const request: PageRequest = {
    file: 'page.mdx',
    line: 1,
    method: 'POST',
    host: 'api.sandbox.plaza.example',
    target: '/v1/refunds?payment_id=pay_abc1234',
    headers: {'x-api-key': '$PLAZA_SECRET_KEY', 'x-correlation-id': 'pay_abc1234'},
    form: [{name: 'payment', value: 'pay_abc1234'}],
  };
  assert.deepEqual(carrier.applyTo(request), {
    ...request,
    target: '/v1/refunds?payment_id=pay_first01',
    headers: {'x-api-key': '$PLAZA_SECRET_KEY', 'x-correlation-id': 'pay_first01'},
    form: [{name: 'payment', value: 'pay_first01'}],
  });
});

test('an API key a page shows compares by its shape', () => {
  assert.deepEqual(
    compareShown(
      {secret: 'sk_test_7Gx2Qm9Lp4Wz8Rt1Vc6Nb3Hj5Kd04f9a', redacted_key: 'sk_test_...4f9a'},
      {secret: 'sk_test_ZX3O3uFos3nPRCMEIdatnDFt', redacted_key: 'sk_test_...DFt0'},
    ),
    [],
  );
  assert.deepEqual(compareShown({secret: 'sk_test_7Gx2Qm9Lp4Wz8Rt1Vc6Nb3Hj5Kd04f9a'}, {secret: 'sk_live_ZX3O3uFos3nPRCMEIdatnDFt'}), [
    'secret: shown "sk_test_7Gx2Qm9Lp4Wz8Rt1Vc6Nb3Hj5Kd04f9a" (a key of its shape), got "sk_live_ZX3O3uFos3nPRCMEIdatnDFt"',
  ]);
  assert.deepEqual(compareShown('sk_test_...4f9a', 'sk_test_ZX3O3uFos3nPRCMEIdatnDFt'), [
    '(body): shown "sk_test_...4f9a" (a key of its shape), got "sk_test_ZX3O3uFos3nPRCMEIdatnDFt"',
  ]);
});

test('a real response matches the shown one in everything but IDs, times, messages and cursors', () => {
  const [, payment] = requestsOf('docs/guides/quickstart.mdx');
  const shown = payment?.shown?.body as Record<string, unknown>;
  assert.ok(shown);
  assert.deepEqual(compareShown(shown, shown), []);
  const real = {
    ...shown,
    id: 'pay_Q9x2Zk',
    customer_id: 'cus_Other7',
    created_at: '2026-03-01T00:00:00.123Z',
    updated_at: '2026-03-01T00:00:00Z',
    extra_field: true,
  };
  assert.deepEqual(compareShown(shown, real), []);
  const missing: Record<string, unknown> = {...real};
  delete missing.statement_descriptor;
  assert.deepEqual(
    compareShown(shown, {...missing, status: 'failed', amount: 2600, capture: false, account_id: 'acct_1234567', id: 're_Q9x2Zk'}),
    [
      'id: shown "pay_8fk2m1x9q4t7b3n6c5v0z2wd" (any pay_ ID), got "re_Q9x2Zk"',
      'amount: shown 2599, got 2600',
      'status: shown "succeeded", got "failed"',
      'capture: shown true, got false',
      'account_id: shown null, got "acct_1234567"',
      'statement_descriptor: missing (shown "NORTHWIND GEAR")',
    ],
  );
  assert.deepEqual(compareShown({created_at: '2026-01-08T10:15:32Z'}, {created_at: '2026-01-08'}), [
    'created_at: shown "2026-01-08T10:15:32Z" (any ISO 8601 time), got "2026-01-08"',
  ]);
  assert.deepEqual(compareShown({failure_code: 'card_declined'}, {failure_code: 'card_expired'}), [
    'failure_code: shown "card_declined", got "card_expired"',
  ]);
});

test('errors compare their message by type and their request_id by prefix', () => {
  const shown = {
    error: {
      type: 'processing_error',
      code: 'insufficient_funds',
      message: 'The card has insufficient funds.',
      request_id: 'req_7e1b5d9f3a6c',
    },
  };
  assert.deepEqual(compareShown(shown, {error: {...shown.error, message: 'Another text.', request_id: 'req_Zz0099'}}), []);
  assert.deepEqual(compareShown(shown, {error: {...shown.error, code: 'card_declined', message: 42, request_id: 'pay_Zz0099'}}), [
    'error.code: shown "insufficient_funds", got "card_declined"',
    'error.message: shown "The card has insufficient funds." (any string), got 42',
    'error.request_id: shown "req_7e1b5d9f3a6c" (any req_ ID), got "pay_Zz0099"',
  ]);
});

test('lists compare item by item, with a cursor of any text', () => {
  const shown = {data: [{id: 'pay_1a2b3c4d', status: 'succeeded'}], has_more: true, next_cursor: 'cur_5w8e1r4t7y0u'};
  assert.deepEqual(
    compareShown(shown, {data: [{id: 'pay_9z8y7x6w', status: 'succeeded'}, {id: 'pay_other1'}], has_more: true, next_cursor: 'opaque=='}),
    [],
  );
  assert.deepEqual(compareShown(shown, {data: [{id: 'pay_9z8y7x6w', status: 'pending'}], has_more: false, next_cursor: null}), [
    'data[0].status: shown "succeeded", got "pending"',
    'has_more: shown true, got false',
    'next_cursor: shown "cur_5w8e1r4t7y0u" (any string), got null',
  ]);
  assert.deepEqual(compareShown({next_cursor: null}, {next_cursor: 'cur_5w8e1r4t7y0u'}), [
    'next_cursor: shown null, got "cur_5w8e1r4t7y0u"',
  ]);
  assert.deepEqual(compareShown({data: [1, 2]}, {data: [1]}), ['data: shown 2 items, got 1']);
  assert.deepEqual(compareShown({data: [1]}, {data: {0: 1}}), ['data: shown an array, got {"0":1}']);
  assert.deepEqual(compareShown([{a: 1}], [{a: 2}], 'items'), ['items[0].a: shown 1, got 2']);
  assert.deepEqual(compareShown({a: 1}, 'text'), ['(body): shown an object, got "text"']);
});

test('IDs inside other text compare by prefix, and the rest of the text by value', () => {
  const shown = {
    description: 'Dispute of payment pay_0k3n6q9t2w5z8c1f4i7l0o3r',
    url: 'https://onboarding.plaza.example/i/oinv_6j9m2p5s8v1y?token=b3x8k1q6',
  };
  assert.deepEqual(
    compareShown(shown, {
      description: 'Dispute of payment pay_Real12345',
      url: 'https://onboarding.plaza.example/i/oinv_Live0000?token=b3x8k1q6',
    }),
    [],
  );
  assert.deepEqual(
    compareShown(shown, {
      description: 'Dispute of payment re_Real12345',
      url: 'https://onboarding.plaza.example/i/oinv_Live0000?token=other',
    }),
    [
      'description: shown "Dispute of payment pay_0k3n6q9t2w5z8c1f4i7l0o3r" (its IDs by prefix), got "Dispute of payment re_Real12345"',
      'url: shown "https://onboarding.plaza.example/i/oinv_6j9m2p5s8v1y?token=b3x8k1q6" (its IDs by prefix), got "https://onboarding.plaza.example/i/oinv_Live0000?token=other"',
    ],
  );
});
