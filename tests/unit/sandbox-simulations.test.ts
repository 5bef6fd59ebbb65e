/**
 * The sandbox's test values and simulations, each run for real: every test card number through
 * Create test card (the card it makes, and what a payment and a payout with it do), and every ACH
 * return code through Return ACH payment on a `processing` and on a `succeeded` payment (the status
 * of the payment, the dispute case and the events). The outcomes expected are those of the specs'
 * `x-plaza-sandbox-values`, and a few are also written out here, so that a wrong map fails too.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {SandboxResponse} from '../../sandbox/core';
import {conformingSandbox, index} from '../lib/conforming-sandbox';

type Body = Record<string, unknown> & {id: string; data: Record<string, unknown>[]};

/** A fresh sandbox account, and a function sending one request with its key. */
function account(key = 'sk_test_simulations01') {
  let wall = Date.parse('2026-03-02T09:00:00Z');
  const sandbox = conformingSandbox({wall: () => (wall += 1000)});
  const send = async (method: string, url: string, body?: unknown): Promise<{status: number; body: Body}> => {
    const response: SandboxResponse = await sandbox.handle({
      method,
      url,
      headers: {'X-API-KEY': key, 'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {status: response.status, body: response.body as Body};
  };
  return {sandbox, send};
}

const cardNumbers = [...index.sandboxValues('CreateTestCardRequest', 'number')];
const returnCodes = [...index.sandboxValues('ReturnAchPaymentRequest', 'return_code')];

test('the specs map every test card number and every ACH return code the pages name', () => {
  assert.equal(cardNumbers.length, 12);
  assert.deepEqual(
    returnCodes.map(([code]) => code),
    ['R01', 'R02', 'R03', 'R04', 'R07', 'R08', 'R09', 'R10', 'R16', 'R20', 'R29'],
  );
  const outcome = (code: string) => returnCodes.find(([candidate]) => candidate === code)?.[1];
  assert.deepEqual(outcome('R01'), ['bank_account_insufficient_funds']);
  assert.deepEqual(outcome('R07'), ['dispute_case.lost', 'general']);
  assert.deepEqual(outcome('R29'), ['dispute_case.lost', 'fraudulent']);
});

test('Create test card makes each test card number as the web SDK would, and a payment with it has the outcome of the number', async () => {
  const {send} = account();
  const customer = await send('POST', '/v1/customers', {name: 'Avery Chen'});
  const brands: Record<string, string> = {'4': 'visa', '5': 'mastercard', '3': 'amex', '6': 'discover'};
  for (const [number, [funding, result]] of cardNumbers) {
    const made = await send('POST', '/v1/sandbox/cards', {number, exp_month: 5, exp_year: 2029});
    assert.equal(made.status, 201, number);
    assert.deepEqual(
      {brand: made.body.brand, last4: made.body.last4, funding: made.body.funding, customer_id: made.body.customer_id},
      {brand: brands[number[0] ?? ''], last4: number.slice(-4), funding, customer_id: null},
      number,
    );
    const attached = await send('PUT', `/v1/cards/${made.body.id}/attach`, {customer_id: customer.body.id});
    assert.equal(attached.body.customer_id, customer.body.id, number);
    const payment = await send('POST', '/v1/payments', {
      amount: 2500,
      currency: 'USD',
      payment_method_id: made.body.id,
      customer_id: customer.body.id,
    });
    if (result === 'succeeded' || result === 'dispute_case.created' || result === 'payout_rejected') {
      assert.equal(payment.body.status, 'succeeded', number);
    } else {
      assert.equal(payment.status, 422, number);
      assert.equal((payment.body.error as {code: string}).code, result, number);
    }
  }
  // Saved at once with customer_id; the same number has the same fingerprint.
  const [first, second] = await Promise.all(
    [1, 2].map(() =>
      send('POST', '/v1/sandbox/cards', {number: '4242000000001008', exp_month: 1, exp_year: 2030, customer_id: customer.body.id}),
    ),
  );
  assert.equal(first?.body.customer_id, customer.body.id);
  assert.equal(first?.body.fingerprint, second?.body.fingerprint);
  const disputes = await send('GET', '/v1/dispute-cases');
  assert.equal(disputes.body.data.length, 1, 'the dispute test number opens one case');
  assert.equal((await send('DELETE', `/v1/cards/${first?.body.id}`)).status, 204);
});

test('Create test card refuses a number that is not a test number, a past expiry and an unknown customer', async () => {
  const {send} = account();
  const unknown = await send('POST', '/v1/sandbox/cards', {number: '4111111111111111', exp_month: 5, exp_year: 2029});
  assert.deepEqual([unknown.status, (unknown.body.error as {param: string}).param], [400, 'number']);
  const past = await send('POST', '/v1/sandbox/cards', {number: '4242000000001008', exp_month: 1, exp_year: 2024});
  assert.deepEqual([past.status, (past.body.error as {code: string}).code], [422, 'expiry_date_invalid']);
  const nobody = await send('POST', '/v1/sandbox/cards', {
    number: '4242000000001008',
    exp_month: 5,
    exp_year: 2029,
    customer_id: 'cus_000000000000000000000000',
  });
  assert.equal(nobody.status, 404);
});

test('the shared test payment methods cannot be attached, changed, detached or deleted; cards made from the same numbers can', async () => {
  const {send} = account('sk_test_sharedmethods');
  const customer = await send('POST', '/v1/customers', {name: 'Avery Chen'});
  const refusals = [
    ['PUT', '/v1/cards/card_testvisacredit0000000000/attach', {customer_id: customer.body.id}],
    ['PUT', '/v1/cards/card_testvisacredit0000000000', {metadata: {label: 'mine'}}],
    ['PUT', '/v1/cards/card_testvisacredit0000000000/detach', undefined],
    ['DELETE', '/v1/cards/card_testvisacredit0000000000', undefined],
    ['PUT', '/v1/bank-accounts/ba_testverified000000000000/attach', {customer_id: customer.body.id}],
    ['PUT', '/v1/bank-accounts/ba_testverified000000000000', {metadata: {label: 'mine'}}],
    ['PUT', '/v1/bank-accounts/ba_testverified000000000000/detach', undefined],
    ['DELETE', '/v1/bank-accounts/ba_testverified000000000000', undefined],
  ] as const;
  for (const [method, url, body] of refusals) {
    const answer = await send(method, url, body);
    assert.deepEqual([answer.status, (answer.body.error as {code: string}).code], [422, 'payment_method_unusable'], `${method} ${url}`);
  }
  assert.equal((await send('GET', '/v1/cards/card_testvisacredit0000000000')).body.customer_id, null);
  const own = await send('POST', '/v1/sandbox/cards', {number: '4242000000001008', exp_month: 5, exp_year: 2029});
  assert.equal((await send('PUT', `/v1/cards/${own.body.id}/attach`, {customer_id: customer.body.id})).status, 200);
});

test('a payout to the test debit card numbers is paid, or rejected for 4000000000002800', async () => {
  const {send} = account('sk_test_simulations02');
  await send('POST', '/v1/payments', {amount: 90000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
  await send('POST', '/v1/sandbox/clock/advance', {hours: 48});
  const customer = await send('POST', '/v1/customers', {name: 'Riley Moreno'});
  const statuses: Record<string, unknown> = {};
  for (const number of ['5555000000001006', '4000000000002800']) {
    const card = await send('POST', '/v1/sandbox/cards', {number, exp_month: 5, exp_year: 2029, customer_id: customer.body.id});
    const payout = await send('POST', '/v1/payouts', {amount: 1000, currency: 'USD', destination_id: card.body.id, method: 'card'});
    assert.equal(payout.status, 201, number);
    await send('POST', '/v1/sandbox/clock/advance', {hours: 24});
    statuses[number] = [(await send('GET', `/v1/payouts/${payout.body.id}`)).body.status, payout.body.id];
  }
  assert.equal((statuses['5555000000001006'] as unknown[])[0], 'paid');
  assert.equal((statuses['4000000000002800'] as unknown[])[0], 'failed');
});

/** An ACH payment of the test bank account that succeeds, `processing`, or `succeeded` after the clock moved. */
async function achPayment(send: ReturnType<typeof account>['send'], settled: boolean) {
  const payment = await send('POST', '/v1/payments', {amount: 45000, currency: 'USD', payment_method_id: 'ba_testverified000000000000'});
  assert.equal(payment.body.status, 'processing');
  if (settled) await send('POST', '/v1/sandbox/clock/advance', {hours: 72});
  return payment.body.id;
}

for (const [code, outcome] of returnCodes) {
  const refused = outcome.includes('dispute_case.lost');
  for (const settled of [false, true]) {
    const state = settled ? 'succeeded' : 'processing';
    test(`Return ACH payment with ${code} on a ${state} payment: ${refused ? 'a lost dispute case' : settled ? 'refused' : 'failed'}`, async () => {
      const {send} = account(`sk_test_return${code}${state}`);
      const id = await achPayment(send, settled);
      const before = (await send('GET', '/v1/events?limit=100')).body.data.length;
      const returned = await send('POST', `/v1/sandbox/payments/${id}/return`, {return_code: code});
      const all = (await send('GET', '/v1/events?limit=100')).body.data;
      const events = all
        .slice(0, all.length - before)
        .map((event) => String(event.type))
        .filter((type) => /^(payment|dispute_case)\./.test(type))
        .reverse();
      if (!refused && settled) {
        assert.equal(returned.status, 409);
        assert.equal((returned.body.error as {code: string}).code, 'sandbox_simulation_invalid');
        assert.deepEqual(events, []);
        return;
      }
      assert.equal(returned.status, 200);
      const cases = (await send('GET', `/v1/dispute-cases?payment_id=${id}`)).body.data;
      if (!refused) {
        assert.deepEqual([returned.body.status, returned.body.failure_code], ['failed', outcome[0]]);
        assert.match(String(returned.body.failure_message), new RegExp(`\\(${code}\\)`));
        assert.deepEqual(events, ['payment.failed']);
        assert.deepEqual(cases, []);
        return;
      }
      assert.deepEqual([returned.body.status, returned.body.failure_code], ['succeeded', null]);
      assert.deepEqual(events, [...(settled ? [] : ['payment.succeeded']), 'dispute_case.created', 'dispute_case.lost']);
      assert.equal(cases.length, 1);
      assert.deepEqual(
        {status: cases[0]?.status, reason: cases[0]?.reason, code: cases[0]?.network_reason_code, amount: cases[0]?.amount},
        {status: 'lost', reason: outcome[1], code, amount: 45000},
      );
      const entries = (await send('GET', `/v1/transactions?source_id=${String(cases[0]?.id)}`)).body.data;
      assert.deepEqual(
        entries.map((entry) => [entry.type, entry.amount, entry.fee, entry.status]),
        [['dispute', -45000, 1500, 'available']],
      );
    });
  }
}

test('Return ACH payment refuses a card payment, a failed payment, and a debit that already came back', async () => {
  const {send} = account('sk_test_returnrefusals');
  const card = await send('POST', '/v1/payments', {amount: 2500, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
  assert.equal((await send('POST', `/v1/sandbox/payments/${card.body.id}/return`, {return_code: 'R10'})).status, 409);
  const failed = await achPayment(send, false);
  assert.equal((await send('POST', `/v1/sandbox/payments/${failed}/return`, {return_code: 'R02'})).body.status, 'failed');
  assert.equal((await send('POST', `/v1/sandbox/payments/${failed}/return`, {return_code: 'R10'})).status, 409);
  const disputed = await achPayment(send, true);
  assert.equal((await send('POST', `/v1/sandbox/payments/${disputed}/return`, {return_code: 'R10'})).status, 200);
  const again = await send('POST', `/v1/sandbox/payments/${disputed}/return`, {return_code: 'R07'});
  assert.deepEqual([again.status, (again.body.error as {code: string}).code], [409, 'sandbox_simulation_invalid']);
  assert.equal((await send('GET', `/v1/dispute-cases?payment_id=${disputed}`)).body.data.length, 1);
});

test('the settling job returns a failing test account number with the first return code of its failure', async () => {
  const {send} = account('sk_test_settlingreturns');
  const customer = await send('POST', '/v1/customers', {name: 'Jordan Ellis'});
  const bankAccount = await send('POST', '/v1/bank-accounts', {
    customer_id: customer.body.id,
    routing_number: '111000025',
    account_number: '000111111116',
    account_holder_name: 'Jordan Ellis',
    account_holder_type: 'individual',
    account_type: 'checking',
    verification_method: 'instant',
  });
  await send('GET', `/v1/bank-accounts/${bankAccount.body.id}/verification-url`);
  await send('POST', '/v1/sandbox/clock/advance', {hours: 1});
  const payment = await send('POST', '/v1/payments', {
    amount: 3000,
    currency: 'USD',
    payment_method_id: bankAccount.body.id,
    customer_id: customer.body.id,
  });
  await send('POST', '/v1/sandbox/clock/advance', {hours: 72});
  const after = await send('GET', `/v1/payments/${payment.body.id}`);
  assert.deepEqual([after.body.status, after.body.failure_code], ['failed', 'bank_account_closed']);
  assert.match(String(after.body.failure_message), /\(R02\)/);
  assert.equal((await send('GET', `/v1/bank-accounts/${bankAccount.body.id}`)).body.status, 'errored');
});

test('a delivery to a host that is not this machine fails at every attempt, is failed after 3 days, and can be requeued once enabled', async () => {
  const {send} = account('sk_test_faileddeliveries');
  const webhook = await send('POST', '/v1/webhooks', {url: 'https://shop.example/plaza/webhooks', enabled_events: ['payment.failed']});
  const sent = await send('POST', `/v1/sandbox/webhooks/${webhook.body.id}/test-events`, {event_type: 'payment.failed'});
  const delivery = `/v1/webhooks/${webhook.body.id}/events/${String(sent.body.event_id)}`;
  const first = (await send('GET', delivery)).body;
  assert.deepEqual([first.delivery_status, first.attempts, first.last_error], ['pending', 1, 'connection_failed']);
  await send('POST', '/v1/sandbox/clock/advance', {hours: 72});
  const failed = (await send('GET', `/v1/webhooks/${webhook.body.id}/events?delivery_status=failed`)).body.data;
  assert.deepEqual(
    failed.map((item) => [item.event_id, item.attempts, item.last_error, item.last_response_status]),
    [[sent.body.event_id, 13, 'connection_failed', null]],
  );
  assert.equal((await send('GET', `/v1/webhooks/${webhook.body.id}`)).body.status, 'disabled');
  assert.equal((await send('POST', `${delivery}/requeue`)).status, 409);
  await send('PUT', `/v1/webhooks/${webhook.body.id}`, {status: 'enabled'});
  assert.equal((await send('POST', `${delivery}/requeue`)).body.delivery_status, 'pending');
  const again = (await send('GET', delivery)).body;
  assert.deepEqual([again.delivery_status, again.attempts], ['failed', 14]);
});
