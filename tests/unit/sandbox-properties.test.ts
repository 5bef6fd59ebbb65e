/**
 * Stateful property tests of the sandbox core: fast-check generates sequences of operations by two API
 * keys (two sandbox accounts) over customers, payments with the specs' test payment methods, refunds,
 * payouts, the sandbox clock, transactions and balances, runs them against a sandbox built in-process,
 * and holds these invariants (issue 54):
 *
 * - no answer is a 5xx, and every answer and event fits the specs (tests/lib/conforming-sandbox.ts:
 *   a documented status, the body of its schema, no field the schema does not name);
 * - a GET right after a create, an update or an action returns what that answer returned;
 * - a PUT sent twice with the same body leaves the object as the first one left it;
 * - after every step, each currency's `available` and `pending` balance equal the sums of the `net` of
 *   the ledger's `available` and `pending` transactions (/concepts/transactions, "Available and pending
 *   balance"), and every currency with transactions is in the holding account's balance;
 * - list pages neither repeat nor skip: a walk with a small `limit` returns what one large page does,
 *   and every object the sequence made (and did not delete) is listed;
 * - a key never sees another account's objects: their IDs are `404` with it and never listed, and a
 *   write on them is `404` and changes nothing.
 *
 * Bodies come from the specs: the examples of each operation's request (any subset of their fields),
 * the test payment methods of `x-plaza-sandbox-values`, the enums of the fields, and the test amounts
 * of the /api/testing page. The seed is `PLAZA_PROPERTY_SEED` when set, to replay a failure; a failure
 * shrinks to a minimal sequence, which fast-check prints with the seed.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import fc from 'fast-check';
import type {Sandbox, SandboxResponse} from '../../sandbox/core';
import {conformingSandbox, index} from '../lib/conforming-sandbox';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const keys = ['sk_test_propertiesalpha01', 'sk_test_propertiesbravo02'] as const;
const numRuns = 500;
const maxCommands = 30;

// --- What the specs and pages give the bodies ----------------------------------------------------

/** The request body of an operation as the Try it form reads it from the spec: its fields and example. */
function bodyOf(method: string, path: string) {
  const body = index.form(method, path)?.body;
  if (!body?.fields || !isJson(body.example)) throw new Error(`${method} ${path} has no JSON body with an example in the specs`);
  return {fields: body.fields, example: body.example};
}

/** One field of a request body, as the form has it (its enum, its test values). */
function fieldOf(method: string, path: string, name: string) {
  const field = bodyOf(method, path).fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${method} ${path} has no body field ${name}`);
  return field;
}

/**
 * A body made of any non-empty subset of the fields of the examples, each field's value taken from
 * one of the examples that have it. `except` leaves out fields that other arbitraries fill.
 */
function fromExamples(examples: Json[], except: string[] = []): fc.Arbitrary<Json> {
  const names = [...new Set(examples.flatMap((example) => Object.keys(example)))].filter((name) => !except.includes(name));
  return fc
    .subarray(names, {minLength: 1})
    .chain((chosen) =>
      fc.record(
        Object.fromEntries(
          chosen.map((name) => [name, fc.constantFrom(...examples.filter((example) => name in example).map((example) => example[name]))]),
        ),
      ),
    );
}

/**
 * The test payment methods of the sandbox, each with the outcome of a payment with it: the last code
 * of its `x-plaza-sandbox-values` of Create payment (a card's list starts with its funding, `credit`).
 */
const testMethods = Object.fromEntries(
  Object.entries(fieldOf('POST', '/v1/payments', 'payment_method_id').testValues ?? {}).map(([id, outcome]) => [
    id,
    outcome.split(', ').at(-1) ?? '',
  ]),
);
/** The amounts that choose an outcome in the sandbox, read from the test values table of /api/testing. */
const testAmounts = [
  ...new Set(
    readFileSync('docs/api/testing.mdx', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => [...line.matchAll(/\bamount `(\d+)`/gi)].map((match) => Number(match[1]))),
  ),
];
/** The decline codes among the test values: a card payment with one of them is refused with that code. */
const declineCodes = new Set(
  Object.entries(testMethods)
    .filter(([id, outcome]) => id.startsWith('card_') && /^[a-z_]+$/.test(outcome) && outcome !== 'succeeded')
    .map(([, outcome]) => outcome),
);

const amount = (max: number) =>
  fc.oneof({weight: 4, arbitrary: fc.integer({min: 1, max})}, {weight: 1, arbitrary: fc.constantFrom(...testAmounts)});
/** Mostly the currency of the examples; sometimes another, which the sandbox account has not enabled. */
const currency = fc.constantFrom('USD', 'USD', 'USD', 'USD', 'USD', 'EUR');

// --- The sandbox and the calls -------------------------------------------------------------------

type Kind = 'customer' | 'payment' | 'refund' | 'payout';
const kinds: Kind[] = ['customer', 'payment', 'refund', 'payout'];
const paths: Record<Kind, string> = {customer: '/v1/customers', payment: '/v1/payments', refund: '/v1/refunds', payout: '/v1/payouts'};

type Real = {sandbox: Sandbox; clock: {wall: number; step: number}; requests: number; steps: number};

/** What the sequence made, per key: the IDs of each kind, the deleted ones, and customers as last answered. */
type Account = {ids: Record<Kind, string[]>; deleted: Set<string>; customers: Map<string, Json>; transactions: Set<string>};
type Model = [Account, Account];
/** A key: 0 or 1, and the other one. */
type K = 0 | 1;
const other = (k: K): K => (k === 0 ? 1 : 0);

const newAccount = (): Account => ({
  ids: {customer: [], payment: [], refund: [], payout: []},
  deleted: new Set(),
  customers: new Map(),
  transactions: new Set(),
});

/**
 * A sandbox whose wall clock moves 1 s at each reading during the steps, and stands still while the
 * invariants are checked, so that checking never lets a clock job run. The rate limit is out of the
 * way: it is tested in sandbox.test.ts.
 */
function newReal(): Real {
  const clock = {wall: Date.parse('2026-03-02T09:00:00Z'), step: 1000};
  const sandbox = conformingSandbox({rateLimit: Number.MAX_SAFE_INTEGER, wall: () => (clock.wall += clock.step)});
  return {sandbox, clock, requests: 0, steps: 0};
}

/** Sends one request with key `k`; asserts it is no 5xx (the sandbox checks it against the specs itself). */
async function send(real: Real, k: K, method: string, url: string, body?: unknown): Promise<SandboxResponse> {
  real.requests++;
  const response = await real.sandbox.handle({
    method,
    url,
    headers: {'X-API-KEY': keys[k], 'Content-Type': 'application/json'},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const where = `${method} ${url} ${JSON.stringify(body ?? null)} answered ${response.status} ${JSON.stringify(response.body)}`;
  assert.ok(response.status < 500, where);
  return response;
}

const errorCode = (response: SandboxResponse) =>
  isJson(response.body) && isJson(response.body.error) ? String(response.body.error.code) : undefined;

/** Runs checks with the wall clock standing still. */
async function still<T>(real: Real, check: () => Promise<T>): Promise<T> {
  const step = real.clock.step;
  real.clock.step = 0;
  try {
    return await check();
  } finally {
    real.clock.step = step;
  }
}

/** Every row of a list, walked page by page with `limit`; asserts each page's size and cursor. */
async function walk(real: Real, k: K, path: string, limit: number): Promise<Json[]> {
  const rows: Json[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10_000; pages++) {
    const separator = path.includes('?') ? '&' : '?';
    const url = `${path}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await send(real, k, 'GET', url);
    assert.equal(response.status, 200, `${url}: ${JSON.stringify(response.body)}`);
    const page = response.body as {data: Json[]; has_more: boolean; next_cursor: string | null};
    rows.push(...page.data);
    if (!page.has_more) {
      assert.equal(page.next_cursor, null, `${url}: the last page has a next_cursor`);
      return rows;
    }
    assert.equal(page.data.length, limit, `${url}: a page before the last holds ${page.data.length} rows, not ${limit}`);
    assert.equal(typeof page.next_cursor, 'string', `${url}: has_more without a next_cursor`);
    cursor = String(page.next_cursor);
  }
  throw new Error(`${path} did not end`);
}

const idsOf = (rows: Json[]) => rows.map((row) => String(row.id));

// --- The invariants that hold after every step ---------------------------------------------------

/**
 * The balance of the key's own holding account, per currency, against its ledger: `available` is the
 * sum of the `net` of the `available` transactions, `pending` of the `pending` ones.
 */
async function balancesHold(real: Real, model: Model, k: K) {
  await still(real, async () => {
    const holdings = await walk(real, k, '/v1/holding-accounts', 100);
    assert.equal(holdings.length, 1, 'an account without sellers has one holding account');
    const holding = holdings[0] as Json;
    const response = await send(real, k, 'GET', `/v1/holding-accounts/${String(holding.id)}/balance`);
    assert.equal(response.status, 200);
    const balances = (response.body as {balances: {currency: string; available: number; pending: number}[]}).balances;
    const transactions = await walk(real, k, '/v1/transactions', 100);
    const sums = new Map<string, {available: number; pending: number}>();
    for (const entry of transactions) {
      model[k].transactions.add(String(entry.id));
      assert.equal(entry.account_id, holding.account_id, `transaction ${String(entry.id)} is of another holder`);
      assert.equal(entry.net, Number(entry.amount) - Number(entry.fee), `transaction ${String(entry.id)}: net is not amount - fee`);
      const sum = sums.get(String(entry.currency)) ?? {available: 0, pending: 0};
      sum[entry.status as 'available' | 'pending'] += Number(entry.net);
      sums.set(String(entry.currency), sum);
    }
    for (const [code, sum] of sums) {
      const balance = balances.find((candidate) => candidate.currency === code);
      assert.deepEqual(
        balance && {available: balance.available, pending: balance.pending},
        sum,
        `the ${code} balance is not the sum of its transactions`,
      );
    }
    for (const balance of balances.filter((candidate) => !sums.has(candidate.currency))) {
      assert.deepEqual([balance.available, balance.pending], [0, 0], `a ${balance.currency} balance without transactions`);
    }
  });
}

/** Each list walked with a small `limit` is the large page: no row repeated or skipped; every object made is listed, none deleted. */
async function listsHold(real: Real, model: Model, k: K, limit: number) {
  await still(real, async () => {
    for (const kind of kinds) {
      const whole = idsOf(await walk(real, k, paths[kind], 100));
      const paged = idsOf(await walk(real, k, paths[kind], limit));
      assert.deepEqual(paged, whole, `${paths[kind]} with limit ${limit} is not the list with limit 100`);
      assert.equal(new Set(whole).size, whole.length, `${paths[kind]} lists an object twice`);
      const expected = model[k].ids[kind].filter((id) => !model[k].deleted.has(id));
      assert.deepEqual(
        expected.filter((id) => !whole.includes(id)),
        [],
        `${paths[kind]} does not list objects made by the sequence`,
      );
      assert.deepEqual(
        whole.filter((id) => model[k].deleted.has(id)),
        [],
        `${paths[kind]} lists deleted objects`,
      );
    }
    const whole = idsOf(await walk(real, k, '/v1/transactions', 100));
    assert.deepEqual(idsOf(await walk(real, k, '/v1/transactions', limit)), whole, `/v1/transactions with limit ${limit}`);
  });
}

/** Key `k` finds none of the other account's objects, by ID or in its lists. */
async function isolated(real: Real, model: Model, k: K) {
  await still(real, async () => {
    const theirs = model[other(k)];
    const foreign = new Set<string>(theirs.transactions);
    for (const kind of kinds) {
      for (const id of theirs.ids[kind]) {
        foreign.add(id);
        const response = await send(real, k, 'GET', `${paths[kind]}/${id}`);
        assert.deepEqual([response.status, errorCode(response)], [404, 'resource_not_found'], `${id} of the other account with key ${k}`);
      }
    }
    for (const id of theirs.transactions) {
      const response = await send(real, k, 'GET', `/v1/transactions/${id}`);
      assert.equal(response.status, 404, `${id} of the other account with key ${k}`);
    }
    for (const path of [...Object.values(paths), '/v1/transactions', '/v1/holding-accounts']) {
      const seen = idsOf(await walk(real, k, path, 100)).filter((id) => foreign.has(id));
      assert.deepEqual(seen, [], `${path} with key ${k} lists the other account's objects`);
    }
  });
}

// --- The steps -----------------------------------------------------------------------------------

type Command = fc.AsyncCommand<Model, Real>;

/** The ID a step aims at: `pick` among the IDs of a kind that key `k` made (deleted ones too). */
const target = (model: Model, k: K, kind: Kind, pick: number) => {
  const ids = model[k].ids[kind];
  return ids[pick % ids.length] as string;
};

/**
 * A step: what it needs of the model (the objects it aims at), what it does, then the balance check
 * of the keys it used (any request may run clock jobs that fell due).
 */
function step(
  name: string,
  args: Json,
  needs: (model: Model) => boolean,
  act: (model: Model, real: Real) => Promise<void>,
  used: K[],
): Command {
  return {
    check: needs,
    run: async (model, real) => {
      real.steps++;
      await act(model, real);
      for (const k of used) await balancesHold(real, model, k);
    },
    toString: () => `${name}(${JSON.stringify(args)})`,
  };
}

/** A GET of the object right after an answer that returned it: the same fields and values. */
async function sameOnGet(real: Real, k: K, path: string, answered: unknown) {
  const response = await still(real, () => send(real, k, 'GET', path));
  assert.equal(response.status, 200, `GET ${path}: ${JSON.stringify(response.body)}`);
  assert.deepEqual(response.body, answered, `GET ${path} does not return what the last answer did`);
}

/** A PUT sent twice: the second answer and a GET are the first answer, when the first succeeded. */
async function putTwice(real: Real, k: K, path: string, body: Json): Promise<SandboxResponse> {
  const first = await send(real, k, 'PUT', path, body);
  if (first.status !== 200) return first;
  const second = await send(real, k, 'PUT', path, body);
  assert.equal(second.status, 200, `the same PUT ${path} again: ${JSON.stringify(second.body)}`);
  assert.deepEqual(second.body, first.body, `PUT ${path} ${JSON.stringify(body)} again changed the object`);
  await sameOnGet(real, k, path, first.body);
  return first;
}

/** The key of a step: mostly the first, so that its account lives long enough for funds to become available and leave. */
const key = fc.constantFrom<K>(0, 0, 0, 1);
const pick = fc.nat(1000);
const has = (k: K, kind: Kind) => (model: Model) => model[k].ids[kind].length > 0;
const always = () => true;

const customerCreate = bodyOf('POST', '/v1/customers').example;
const customerUpdate = bodyOf('PUT', '/v1/customers/{customer_id}').example;
const paymentCreate = bodyOf('POST', '/v1/payments').example;
const paymentUpdate = bodyOf('PUT', '/v1/payments/{payment_id}').example;
const refundCreate = bodyOf('POST', '/v1/refunds').example;
const refundUpdate = bodyOf('PUT', '/v1/refunds/{refund_id}').example;
const payoutCreate = bodyOf('POST', '/v1/payouts').example;
const payoutUpdate = bodyOf('PUT', '/v1/payouts/{payout_id}').example;

const createCustomer = fc.record({k: key, body: fromExamples([customerCreate])}).map(({k, body}) =>
  step(
    'createCustomer',
    {k, body},
    always,
    async (model, real) => {
      const response = await send(real, k, 'POST', '/v1/customers', body);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const customer = response.body as Json;
      await sameOnGet(real, k, `/v1/customers/${String(customer.id)}`, customer);
      model[k].ids.customer.push(String(customer.id));
      model[k].customers.set(String(customer.id), customer);
    },
    [k],
  ),
);

/** A customer changes only by its own update: a GET returns the last answer, or `404` once deleted. */
const getCustomer = fc.record({k: key, pick}).map(({k, pick: chosen}) =>
  step(
    'getCustomer',
    {k, pick: chosen},
    has(k, 'customer'),
    async (model, real) => {
      const id = target(model, k, 'customer', chosen);
      const response = await send(real, k, 'GET', `/v1/customers/${id}`);
      if (model[k].deleted.has(id)) assert.equal(response.status, 404);
      else assert.deepEqual(response.body, model[k].customers.get(id), `GET /v1/customers/${id}`);
    },
    [k],
  ),
);

const updateCustomer = fc.record({k: key, pick, body: fromExamples([customerUpdate, customerCreate])}).map(({k, pick: chosen, body}) =>
  step(
    'updateCustomer',
    {k, pick: chosen, body},
    has(k, 'customer'),
    async (model, real) => {
      const id = target(model, k, 'customer', chosen);
      const before = model[k].customers.get(id) as Json;
      const response = await putTwice(real, k, `/v1/customers/${id}`, body);
      if (model[k].deleted.has(id)) return assert.equal(response.status, 404);
      if (response.status !== 200) return sameOnGet(real, k, `/v1/customers/${id}`, before);
      const after = response.body as Json;
      // A partial update: the fields sent take their values, the others keep theirs.
      assert.deepEqual(
        {...after, updated_at: null},
        {...before, ...body, updated_at: null},
        `PUT /v1/customers/${id} ${JSON.stringify(body)}`,
      );
      model[k].customers.set(id, after);
    },
    [k],
  ),
);

const deleteCustomer = fc.record({k: key, pick}).map(({k, pick: chosen}) =>
  step(
    'deleteCustomer',
    {k, pick: chosen},
    has(k, 'customer'),
    async (model, real) => {
      const id = target(model, k, 'customer', chosen);
      const response = await send(real, k, 'DELETE', `/v1/customers/${id}`);
      assert.equal(response.status, model[k].deleted.has(id) ? 404 : 204);
      assert.equal((await send(real, k, 'GET', `/v1/customers/${id}`)).status, 404, `${id} after its delete`);
      model[k].deleted.add(id);
    },
    [k],
  ),
);

const createPayment = fc
  .record({
    k: key,
    method: fc.constantFrom(...Object.keys(testMethods)),
    amount: amount(30_000),
    currency,
    capture: fc.option(fc.boolean(), {nil: undefined}),
    customer: fc.option(pick, {nil: undefined}),
    extra: fc.option(fromExamples([paymentCreate], ['amount', 'currency', 'payment_method_id', 'customer_id']), {nil: undefined}),
  })
  .map(({k, method, amount: charged, currency: code, capture, customer, extra}) =>
    step(
      'createPayment',
      {k, method, amount: charged, currency: code, capture, customer, extra},
      always,
      async (model, real) => {
        const customers = model[k].ids.customer;
        const body = {
          ...extra,
          amount: charged,
          currency: code,
          payment_method_id: method,
          ...(capture === undefined ? {} : {capture}),
          ...(customer === undefined || customers.length === 0 ? {} : {customer_id: target(model, k, 'customer', customer)}),
        };
        const response = await send(real, k, 'POST', '/v1/payments', body);
        const outcome = testMethods[method] ?? '';
        if (response.status === 201) {
          const payment = response.body as Json;
          assert.ok(!declineCodes.has(outcome), `${method} (${outcome}) made a ${String(payment.status)} payment`);
          model[k].ids.payment.push(String(payment.id));
          return sameOnGet(real, k, `/v1/payments/${String(payment.id)}`, payment);
        }
        const error = isJson(response.body) && isJson(response.body.error) ? response.body.error : {};
        if (declineCodes.has(outcome) && response.status === 422 && error.type === 'processing_error')
          assert.equal(error.code, outcome, `${method} is declined with ${String(error.code)}, its test value says ${outcome}`);
        if (typeof error.payment_id === 'string') {
          // A decline is recorded as a failed payment with the decline's code.
          model[k].ids.payment.push(error.payment_id);
          const failed = await send(real, k, 'GET', `/v1/payments/${error.payment_id}`);
          assert.deepEqual([failed.status, (failed.body as Json).status, (failed.body as Json).failure_code], [200, 'failed', error.code]);
        }
      },
      [k],
    ),
  );

/** An action on a payment, refund or payout (`capture`, `cancel`): when it succeeds, a GET returns its answer. */
const action = (kind: Kind, verb: string, body: fc.Arbitrary<Json | undefined>) =>
  fc.record({k: key, pick, body}).map(({k, pick: chosen, body: sent}) =>
    step(
      `${verb} ${kind}`,
      {k, pick: chosen, body: sent},
      has(k, kind),
      async (model, real) => {
        const path = `${paths[kind]}/${target(model, k, kind, chosen)}`;
        const response = await send(real, k, 'POST', `${path}/${verb}`, sent);
        if (response.status === 200) await sameOnGet(real, k, path, response.body);
      },
      [k],
    ),
  );

/** A PUT sent twice with a body made from the spec's examples. */
const update = (kind: Kind, examples: Json[]) =>
  fc.record({k: key, pick, body: fromExamples(examples)}).map(({k, pick: chosen, body}) =>
    step(
      `update ${kind}`,
      {k, pick: chosen, body},
      has(k, kind),
      async (model, real) => {
        await putTwice(real, k, `${paths[kind]}/${target(model, k, kind, chosen)}`, body);
      },
      [k],
    ),
  );

/** A GET of an object the sequence made: `200`, the clock may have moved it. */
const get = (kind: Kind) =>
  fc.record({k: key, pick}).map(({k, pick: chosen}) =>
    step(
      `get ${kind}`,
      {k, pick: chosen},
      has(k, kind),
      async (model, real) => {
        const id = target(model, k, kind, chosen);
        const response = await send(real, k, 'GET', `${paths[kind]}/${id}`);
        assert.equal(response.status, 200, JSON.stringify(response.body));
        assert.equal((response.body as Json).id, id);
      },
      [k],
    ),
  );

const createRefund = fc
  .record({
    k: key,
    pick,
    amount: fc.option(amount(3_000), {nil: undefined}),
    extra: fc.option(fromExamples([refundCreate], ['payment_id', 'amount']), {nil: undefined}),
  })
  .map(({k, pick: chosen, amount: refunded, extra}) =>
    step(
      'createRefund',
      {k, pick: chosen, amount: refunded, extra},
      has(k, 'payment'),
      async (model, real) => {
        const body = {...extra, payment_id: target(model, k, 'payment', chosen), ...(refunded === undefined ? {} : {amount: refunded})};
        const response = await send(real, k, 'POST', '/v1/refunds', body);
        if (response.status !== 201) return;
        const refund = response.body as Json;
        model[k].ids.refund.push(String(refund.id));
        await sameOnGet(real, k, `/v1/refunds/${String(refund.id)}`, refund);
      },
      [k],
    ),
  );

/**
 * Payouts go to the test payment methods whose payments succeed (the debit card and the verified bank
 * account take them, the credit card is refused), or to any test payment method.
 */
const payoutDestinations = Object.keys(testMethods).filter((id) => testMethods[id] === 'succeeded');

const createPayout = fc
  .record({
    k: key,
    destination: fc.oneof(
      {weight: 4, arbitrary: fc.constantFrom(...payoutDestinations)},
      {weight: 1, arbitrary: fc.constantFrom(...Object.keys(testMethods))},
    ),
    amount: amount(5_000),
    currency,
    speed: fc.option(fc.constantFrom(...(fieldOf('POST', '/v1/payouts', 'speed').enum ?? [])), {nil: undefined}),
    extra: fc.option(fromExamples([payoutCreate], ['amount', 'currency', 'destination_id', 'method', 'speed', 'account_id']), {
      nil: undefined,
    }),
  })
  .map(({k, destination, amount: paid, currency: code, speed, extra}) =>
    step(
      'createPayout',
      {k, destination, amount: paid, currency: code, speed, extra},
      always,
      async (model, real) => {
        const body = {...extra, amount: paid, currency: code, destination_id: destination, ...(speed === undefined ? {} : {speed})};
        const response = await send(real, k, 'POST', '/v1/payouts', body);
        if (response.status !== 201) return;
        const payout = response.body as Json;
        model[k].ids.payout.push(String(payout.id));
        await sameOnGet(real, k, `/v1/payouts/${String(payout.id)}`, payout);
      },
      [k],
    ),
  );

/** Hours of the sandbox clock: short ones, past a cutoff, past the card and ACH delays, up to the spec's maximum. */
const advanceClock = fc
  .record({k: key, hours: fc.oneof(fc.constantFrom(1, 8, 24, 48, 96), fc.integer({min: 1, max: 720}))})
  .map(({k, hours}) =>
    step(
      'advanceClock',
      {k, hours},
      always,
      async (_model, real) => {
        const response = await send(real, k, 'POST', '/v1/sandbox/clock/advance', {hours});
        assert.equal(response.status, 200, JSON.stringify(response.body));
      },
      [k],
    ),
  );

const checkLists = fc
  .record({k: key, limit: fc.integer({min: 1, max: 7})})
  .map(({k, limit}) => step('checkLists', {k, limit}, always, (model, real) => listsHold(real, model, k, limit), [k]));

const checkIsolation = key.map((k) => step('checkIsolation', {k}, always, (model, real) => isolated(real, model, k), [k]));

/** Key `k` writes on an object of the other account: `404`, and the object is as it was. */
const crossWrite = fc.record({k: key, kind: fc.constantFrom<Kind>(...kinds), pick}).map(({k, kind, pick: chosen}) =>
  step(
    'crossWrite',
    {k, kind, pick: chosen},
    has(other(k), kind),
    async (model, real) => {
      const id = target(model, other(k), kind, chosen);
      const path = `${paths[kind]}/${id}`;
      const before = await still(real, () => send(real, other(k), 'GET', path));
      const writes: [string, string, unknown][] = {
        customer: [['PUT', path, customerUpdate] as [string, string, unknown], ['DELETE', path, undefined]],
        payment: [
          ['POST', `${path}/capture`, {}],
          ['POST', `${path}/cancel`, undefined],
          ['PUT', path, paymentUpdate],
          ['POST', '/v1/refunds', {payment_id: id}],
        ],
        refund: [
          ['POST', `${path}/cancel`, undefined],
          ['PUT', path, refundUpdate],
        ],
        payout: [
          ['POST', `${path}/cancel`, undefined],
          ['PUT', path, payoutUpdate],
        ],
      }[kind] as [string, string, unknown][];
      for (const [method, url, body] of writes) {
        const response = await still(real, () => send(real, k, method, url, body));
        assert.deepEqual([response.status, errorCode(response)], [404, 'resource_not_found'], `${method} ${url} with the other key`);
      }
      const after = await still(real, () => send(real, other(k), 'GET', path));
      const seen = (response: SandboxResponse) => [response.status, response.status === 200 ? response.body : errorCode(response)];
      assert.deepEqual(seen(after), seen(before), `${id} changed when the other key wrote on it`);
    },
    [0, 1],
  ),
);

/** The steps; the creates come several times, so that the steps that need their objects find some. */
const commands = [
  createCustomer,
  createCustomer,
  getCustomer,
  updateCustomer,
  deleteCustomer,
  createPayment,
  createPayment,
  createPayment,
  createPayment,
  action('payment', 'capture', fc.option(fc.record({amount: amount(30_000)}), {nil: undefined})),
  action('payment', 'cancel', fc.constant(undefined)),
  update(
    'payment',
    [paymentUpdate, paymentCreate].map((example) => pickFields(example, 'description', 'metadata', 'statement_descriptor')),
  ),
  get('payment'),
  createRefund,
  createRefund,
  action('refund', 'cancel', fc.constant(undefined)),
  update('refund', [refundUpdate, pickFields(refundCreate, 'reason', 'metadata')]),
  get('refund'),
  createPayout,
  createPayout,
  action('payout', 'cancel', fc.constant(undefined)),
  update('payout', [payoutUpdate, pickFields(payoutCreate, 'description', 'metadata')]),
  get('payout'),
  advanceClock,
  advanceClock,
  checkLists,
  checkIsolation,
  crossWrite,
];

/** Some fields of an example, for an update that takes only those. */
function pickFields(example: Json, ...names: string[]): Json {
  return Object.fromEntries(Object.entries(example).filter(([name]) => names.includes(name)));
}

/**
 * Before its steps, each account takes the example payment of Create payment with the first test card
 * whose payments succeed, and its clock passes the 2 days after which card funds are available
 * (/concepts/transactions): refunds and payouts have money to take from the first step on. It also
 * turns on instant payouts (/guides/payouts/process-card-payouts): access to `payouts.instant`,
 * asked for before the clock moves, is granted on the way.
 */
async function fund(real: Real, model: Model, k: K) {
  const card = Object.keys(testMethods).find((id) => id.startsWith('card_') && testMethods[id] === 'succeeded');
  const body = {amount: paymentCreate.amount, currency: paymentCreate.currency, payment_method_id: card};
  const payment = await send(real, k, 'POST', '/v1/payments', body);
  assert.equal(payment.status, 201, JSON.stringify(payment.body));
  model[k].ids.payment.push(String((payment.body as Json).id));
  const own = ((await send(real, k, 'GET', '/v1/accounts')).body as {data: Json[]}).data.find((account) => account.type === 'platform');
  const settings = `/v1/accounts/${String(own?.id)}`;
  const reason = {reason: 'Our workers are paid at the end of each shift and need the money the same day.'};
  assert.equal((await send(real, k, 'POST', `${settings}/settings/payouts.instant/access-requests`, reason)).status, 201);
  assert.equal((await send(real, k, 'POST', '/v1/sandbox/clock/advance', {hours: 72})).status, 200);
  assert.equal((await send(real, k, 'PUT', settings, {settings: {'payouts.instant': 'true'}})).status, 200);
  await balancesHold(real, model, k);
}

test('sequences of operations by two keys hold the sandbox invariants', {timeout: 600_000}, async () => {
  const seed = process.env.PLAZA_PROPERTY_SEED ? Number(process.env.PLAZA_PROPERTY_SEED) : Math.floor(Math.random() * 2 ** 31);
  assert.ok(Number.isSafeInteger(seed), `PLAZA_PROPERTY_SEED is not an integer: ${process.env.PLAZA_PROPERTY_SEED}`);
  const started = Date.now();
  let sequences = 0;
  let requests = 0;
  let steps = 0;
  const property = fc.asyncProperty(fc.commands(commands, {maxCommands, size: 'max'}), async (sequence) => {
    sequences++;
    const real = newReal();
    const model: Model = [newAccount(), newAccount()];
    try {
      for (const k of [0, 1] as const) await fund(real, model, k);
      await fc.asyncModelRun(() => ({model, real}), sequence);
      for (const k of [0, 1] as const) {
        await balancesHold(real, model, k);
        await listsHold(real, model, k, 3);
        await isolated(real, model, k);
      }
    } finally {
      requests += real.requests;
      steps += real.steps;
    }
  });
  try {
    await fc.assert(property, {seed, numRuns, includeErrorInReport: true});
  } finally {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `property tests: seed ${seed}, ${sequences} sequences of up to ${maxCommands} steps (numRuns ${numRuns}; ${steps} steps, ${requests} requests in all), ${seconds} s` +
        ` (replay with PLAZA_PROPERTY_SEED=${seed})`,
    );
  }
});
