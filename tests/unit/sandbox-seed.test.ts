/**
 * What a reader's new sandbox account starts with (sandbox/core/seed.ts): the objects the examples
 * name, each made by the account's own requests, so that every answer and event of the seed fits the
 * specs; the account's clock back at the present; the key's rate limit untouched; accounts still
 * apart from each other, though each is the examples' own account; every operation's example request
 * answered 2xx; and an example object one request used up made again on offer (Try it's panel).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {pageRequests} from '../../lib/page-requests';
import {createSandbox, mismatchLine} from '../../sandbox/core';
import {startSandboxServer} from '../../sandbox/server';
import {plazaSeed} from '../../sandbox/core/plaza-seed';
import {conformingSandbox, specs} from '../lib/conforming-sandbox';

const keyA = 'sk_test_seededaccounta1';
const keyB = 'sk_test_seededaccountb2';
const named = plazaSeed.steps.flatMap((step) => ('as' in step && step.as ? [step.as] : []));

const get = async (sandbox: ReturnType<typeof conformingSandbox>, key: string, url: string) =>
  sandbox.handle({method: 'GET', url, headers: {'X-API-KEY': key}});

test('a new account holds every object the seed names, each readable by its example ID, made by answers that fit the specs', async () => {
  const sandbox = conformingSandbox({seed: plazaSeed});
  const account = await sandbox.open(keyA);
  assert.ok(account);
  assert.equal(account.id, plazaSeed.account);
  for (const id of named) assert.ok(Object.hasOwn(account.objects, id), `the seeded account has no ${id}`);
  assert.ok(named.length >= 30, `the seed names only ${named.length} objects`);
  // The seed ran its history and ended at the present.
  assert.equal(account.clockOffset, 0);
  const customer = await get(sandbox, keyA, '/v1/customers/cus_7h2k9m4p1q8r3s6t0v5w2x9z');
  assert.equal(customer.status, 200);
  assert.equal((customer.body as {id: string}).id, 'cus_7h2k9m4p1q8r3s6t0v5w2x9z');
  // The seed's requests did not count against the key's rate limit.
  assert.equal(customer.headers['x-ratelimit-remaining'], String(Number(customer.headers['x-ratelimit-limit']) - 1));
  const payment = (await get(sandbox, keyA, '/v1/payments/pay_8fk2m1x9q4t7b3n6c5v0z2wd')).body as {
    status: string;
    amount_refunded?: number;
  };
  assert.equal(payment.status, 'succeeded');
  console.log(
    `The seed made ${Object.keys(account.objects).length} objects, ${named.length} under example IDs, in ${sandbox.conformance.answers} checked answers`,
  );
});

test('two seeded accounts share the examples IDs but nothing else: what one makes, the other cannot find', async () => {
  const sandbox = conformingSandbox({seed: plazaSeed});
  const made = await sandbox.handle({
    method: 'POST',
    url: '/v1/customers',
    headers: {'X-API-KEY': keyA, 'Content-Type': 'application/json'},
    body: JSON.stringify({name: 'Rae Lindqvist', email: 'rae@example.com'}),
  });
  assert.equal(made.status, 201);
  const id = (made.body as {id: string}).id;
  assert.equal((await get(sandbox, keyB, `/v1/customers/${id}`)).status, 404);
  const other = await sandbox.handle({
    method: 'POST',
    url: '/v1/customers',
    headers: {'X-API-KEY': keyB, 'Content-Type': 'application/json'},
    body: JSON.stringify({name: 'Rae Lindqvist', email: 'rae@example.com'}),
  });
  assert.notEqual((other.body as {id: string}).id, id, 'two accounts made the same ID');
  assert.equal(sandbox.accountOf(keyA)?.id, sandbox.accountOf(keyB)?.id);
  // Each account changes only its own copy of a seeded object.
  const renamed = await sandbox.handle({
    method: 'PUT',
    url: '/v1/customers/cus_7h2k9m4p1q8r3s6t0v5w2x9z',
    headers: {'X-API-KEY': keyA, 'Content-Type': 'application/json'},
    body: JSON.stringify({name: 'Avery Chen-Park'}),
  });
  assert.equal(renamed.status, 200);
  const seen = (await get(sandbox, keyB, '/v1/customers/cus_7h2k9m4p1q8r3s6t0v5w2x9z')).body as {name: string};
  assert.notEqual(seen.name, 'Avery Chen-Park');
});

test('without a seed, a new account starts empty under its own ID', async () => {
  const sandbox = conformingSandbox();
  const account = await sandbox.open(keyA);
  assert.ok(account);
  assert.notEqual(account.id, plazaSeed.account);
  assert.deepEqual(
    Object.keys(account.objects).filter((id) => named.includes(id)),
    [],
  );
});

test("the quickstart's blocks, copied as written, succeed against a fresh `npm run sandbox`", async () => {
  const server = await startSandboxServer({port: 0, seed: plazaSeed, onMismatch: (mismatch) => assert.fail(mismatchLine(mismatch))});
  try {
    const file = 'docs/guides/quickstart.mdx';
    const blocks = pageRequests(file, readFileSync(file, 'utf8')).filter((block) => block.host === 'api.sandbox.plaza.example');
    assert.ok(blocks.length >= 4, `the quickstart has only ${blocks.length} sandbox blocks`);
    for (const block of blocks) {
      // Only the key is the reader's own: every ID, body and idempotency key is sent as the page writes it.
      const headers = Object.fromEntries(
        Object.entries(block.headers).map(([name, value]) => [
          name,
          value.replace(/\$\{?PLAZA_SECRET_KEY\}?/g, 'sk_test_quickstartreader01'),
        ]),
      );
      const response = await fetch(`${server.origin}${block.target}`, {method: block.method, headers, body: block.body});
      assert.ok(
        response.status < 300,
        `${file}:${block.line} ${block.method} ${block.target} answered ${response.status}: ${await response.text()}`,
      );
    }
  } finally {
    await server.close();
  }
});

test('the seed reaches the same stages at every hour of the day, each object in the state its example needs', async () => {
  const day = Date.UTC(2026, 11, 7);
  const stages: Record<string, Record<string, unknown>> = {
    pay_3n6b9v2c5x8z1m4q7w0e3r6t: {status: 'authorized'},
    pay_9c2f5i8l1o4r7u0x3a6d9g2j: {status: 'authorized'},
    pay_2d7f1h5k9m3p6r0t4v8x2z5b: {status: 'processing'},
    pay_8fk2m1x9q4t7b3n6c5v0z2wd: {status: 'succeeded'},
    re_4n7b2v9c1x6z3m8q5w0e7r2t: {status: 'pending', submitted_at: null},
    po_3m8q1v6x9k2b7n4c0z5w8t1r: {status: 'pending'},
    dc_7t2y5u8i1o4p6a9s3d0f2g5h: {status: 'needs_response'},
    dc_3e6r9t2y5u8i1o4p7a0s3d6f: {status: 'under_review'},
    ba_4j7l0n3q6s9u2w5y8a1c4e7g: {status: 'verified', verification_method: 'instant'},
    ba_8k3m6n9p2q5r8s1t4v7w0x3y: {status: 'verification_pending'},
  };
  for (let hour = 0; hour < 24; hour++) {
    let wall = day + hour * 3_600_000 + 17 * 60_000;
    const sandbox = conformingSandbox({seed: plazaSeed, wall: () => (wall += 1000)});
    const account = await sandbox.open(`sk_test_seedhour${String(hour).padStart(2, '0')}x`);
    assert.ok(account, `no account at ${hour}:17 UTC`);
    for (const [id, fields] of Object.entries(stages)) {
      const object: Record<string, unknown> = account.objects[id] ?? {};
      for (const [name, value] of Object.entries(fields)) assert.equal(object[name], value, `${id}.${name} at ${hour}:17 UTC`);
    }
  }
});

test('a seed that calls operations the specs do not have is not used: the accounts of other specs start empty', async () => {
  const sandbox = createSandbox({specs: {...specs, financial: {...specs.financial, paths: {}}}, seed: plazaSeed});
  const account = await sandbox.open(keyA);
  assert.ok(account);
  assert.notEqual(account.id, plazaSeed.account);
  assert.deepEqual(
    Object.keys(account.objects).filter((id) => named.includes(id)),
    [],
  );
});

/**
 * A sandbox with a seeded account, and the example request of each operation with a JSON body or
 * none, as its page's sample writes it: the examples, a time the API takes only near the present
 * counted from now, and a new idempotency key for each press. Each operation starts from a new
 * account, as a reader landing on its page does; a second passes with each request, so that the key's
 * rate limit (25 a second) never answers.
 */
async function examplePresses() {
  let wall = Date.now();
  const sandbox = conformingSandbox({seed: plazaSeed, wall: () => (wall += 1000)});
  const key = 'sk_test_examplepresses01';
  await sandbox.open(key);
  const fresh = sandbox.save();
  const operations = sandbox.index.operations.flatMap((operation) => {
    const form = sandbox.index.form(operation.method, operation.path);
    if (!form || (form.body && form.body.mediaType !== 'application/json')) return [];
    const path = Object.fromEntries(form.parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(p.example)]));
    const query = form.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${p.name}=${encodeURIComponent(String(p.example))}`)
      .join('&');
    const times = (form.body?.fields ?? []).flatMap((field) =>
      field.fromNow === undefined ? [] : [[field.name, new Date(wall + field.fromNow * 1000).toISOString()]],
    );
    const body: Record<string, unknown> | undefined = form.body
      ? {...(form.body.example as object), ...Object.fromEntries(times)}
      : undefined;
    const request = () => ({
      method: form.method,
      url: form.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? '') + (query ? `?${query}` : ''),
      headers: {'X-API-KEY': key, 'Idempotency-Key': crypto.randomUUID(), ...(body ? {'Content-Type': 'application/json'} : {})},
      body: body && JSON.stringify(body),
    });
    return [{operationId: operation.operationId, path, body, request, press: () => sandbox.handle(request())}];
  });
  return {sandbox, key, operations, startOver: () => sandbox.load(fresh)};
}

test("every operation's example request, as its page's sample writes it, succeeds in a new account", async () => {
  const {operations, startOver} = await examplePresses();
  assert.ok(operations.length >= 180, `only ${operations.length} operations were pressed`);
  for (const {operationId, request, press} of operations) {
    startOver();
    const answer = await press();
    assert.ok(answer.status < 300, `${operationId} ${request().url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
});

test('an example object one request used up is made again on offer, and the request then succeeds with it', async () => {
  const {sandbox, key, operations, startOver} = await examplePresses();
  const offered: string[] = [];
  const unoffered: string[] = [];
  for (const {operationId, path, body, request, press} of operations) {
    startOver();
    let answer = await press();
    if (answer.status < 300) answer = await press();
    if (answer.status < 300) continue;
    const offer = sandbox.remakeAfter(request(), answer);
    if (!offer) {
      unoffered.push(operationId);
      continue;
    }
    const made = await sandbox.remake(key, offer.example);
    assert.notEqual(made, offer.example);
    if (offer.in === 'path') path[offer.name] = made;
    else if (body) body[offer.name] = made;
    const again = await press();
    assert.ok(
      again.status < 300,
      `${operationId} with ${made} (made by ${offer.maker}) answered ${again.status}: ${JSON.stringify(again.body)}`,
    );
    // The made object, once used up in turn, is not the account's example: no offer claims it is.
    let after = await press();
    if (after.status < 300) after = await press();
    if (after.status >= 300) assert.equal(sandbox.remakeAfter(request(), after), undefined, `${operationId}: an offer for ${made}`);
    offered.push(
      `${operationId} (${offer.in} ${offer.name}: ${offer.maker}, ${offer.requests} ${offer.requests === 1 ? 'request' : 'requests'})`,
    );
  }
  console.log(`Made again on offer for ${offered.length} operations: ${offered.join(', ')}`);
  console.log(`Used up with no offer (a unique value or a limit to change, or an object only time makes): ${unoffered.join(', ')}`);
  assert.ok(offered.length >= 30, `only ${offered.length} operations were offered an object made again`);
});
