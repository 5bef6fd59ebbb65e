/**
 * Rules the pages state in prose and in their "What can go wrong" tables, run against the sandbox
 * along the paths no page's request blocks walk: each test follows one rule to the status, error
 * code and message it is documented with, and every answer must fit its operation's response schema.
 *
 * The sandbox is built in-process from the committed specs, with a wall clock that moves 1 s at each
 * reading (as in tests/unit/sandbox.test.ts); its own clock starts on a Monday at 09:00 UTC, eight
 * hours before the 17:00 UTC cutoff.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {docsRequestPages} from '../../lib/page-requests';
import type {Sandbox} from '../../sandbox/core';
import {conformingSandbox} from '../lib/conforming-sandbox';
import {runPage} from '../lib/run-pages';

const start = Date.parse('2026-03-02T09:00:00Z');
const key = 'sk_test_sandboxrules0001';

type Json = Record<string, unknown>;
type Answer = {status: number; body: Json};

/** A fresh sandbox account, and a function that sends it one request and returns the answer. */
function account(wallStart = start) {
  let wall = wallStart;
  const sandbox: Sandbox = conformingSandbox({wall: () => (wall += 1000)});
  const send = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const response = await sandbox.handle({
      method,
      url,
      headers: {'X-API-KEY': key, 'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {status: response.status, body: (response.body ?? {}) as Json};
  };
  /** Sends a request that must succeed with `status`, and returns its body. */
  const ok = async (status: number, method: string, url: string, body?: unknown): Promise<Json> => {
    const answer = await send(method, url, body);
    assert.equal(answer.status, status, `${method} ${url}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const advance = (hours: number) => ok(200, 'POST', '/v1/sandbox/clock/advance', {hours});
  return {sandbox, send, ok, advance};
}

/**
 * A sandbox account after the reader's steps of Onboard sellers, in that page's time: its seller has
 * signed the payments contract only, and is `submitted`.
 */
async function withSubmittedSeller() {
  const pages = docsRequestPages();
  const page = pages.find((candidate) => candidate.file.endsWith('guides/marketplaces/onboard-sellers.mdx'));
  assert.ok(page, 'no page guides/marketplaces/onboard-sellers.mdx');
  const platform = account(Date.parse('2026-01-12T16:00:00Z'));
  await runPage(platform.sandbox, page, pages, key);
  const sellers = (await platform.ok(200, 'GET', '/v1/accounts')).data as Json[];
  const seller = sellers.find((candidate) => candidate.platform_account_id !== null);
  assert.ok(seller, JSON.stringify(sellers));
  return {...platform, seller: String(seller.id)};
}

/** The USD balance of a holder (the platform's own account or a seller), as Get holding account balance by ID reads it. */
async function balanceOf(ok: ReturnType<typeof account>['ok'], holder: string): Promise<{available: number; pending: number}> {
  const holdings = (await ok(200, 'GET', `/v1/holding-accounts?account_id=${holder}`)).data as Json[];
  const read = await ok(200, 'GET', `/v1/holding-accounts/${String(holdings[0]?.id)}/balance`);
  const usd = (read.balances as Json[]).find((balance) => balance.currency === 'USD');
  return {available: Number(usd?.available ?? 0), pending: Number(usd?.pending ?? 0)};
}

/** What a platform's own account asks of its instant payouts: the request for access to `payouts.instant`, and the setting once granted. */
function instantPayouts(ok: ReturnType<typeof account>['ok'], accountId: string) {
  return {
    request: () =>
      ok(201, 'POST', `/v1/accounts/${accountId}/settings/payouts.instant/access-requests`, {
        reason: 'Our delivery workers are paid at the end of each shift and need the money the same day.',
        requested_value: 'true',
      }),
    turnOn: () => ok(200, 'PUT', `/v1/accounts/${accountId}`, {settings: {'payouts.instant': 'true'}}),
  };
}

/** Asserts that an answer is the refusal a page documents: its status, its code and the gist of its message. */
function assertRefused(answer: Answer, status: number, code: string, gist: RegExp) {
  const error = answer.body.error as Json | undefined;
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  assert.equal(error?.code, code);
  assert.match(String(error?.message), gist);
}

test('a refund submitted at the cutoff shows submitted_at, and cannot be canceled while an ACH refund is still pending', async () => {
  const {send, ok, advance} = account();
  const payment = await ok(201, 'POST', '/v1/payments', {
    amount: 12000,
    currency: 'USD',
    payment_method_id: 'ba_testverified000000000000',
  });
  // Submitted at 17:00, settled two days later, its funds available four days after submission.
  await advance(5 * 24);
  const refund = await ok(201, 'POST', '/v1/refunds', {payment_id: payment.id, amount: 3000});
  assert.equal(refund.submitted_at, null);
  await advance(9); // past the 17:00 UTC cutoff, before the bank confirms an ACH refund a day later

  const submitted = await ok(200, 'GET', `/v1/refunds/${String(refund.id)}`);
  assert.equal(submitted.status, 'pending');
  assert.equal(submitted.submitted_at, '2026-03-07T17:00:00Z');
  // status=pending still lists it; its submitted_at tells that it can no longer be canceled.
  const pending = (await ok(200, 'GET', '/v1/refunds?status=pending')).data as Json[];
  assert.deepEqual(
    pending.map((listed) => [listed.id, listed.submitted_at]),
    [[refund.id, '2026-03-07T17:00:00Z']],
  );
  assertRefused(await send('POST', `/v1/refunds/${String(refund.id)}/cancel`), 409, 'refund_not_cancelable', /already submitted/);

  await advance(24);
  const confirmed = await ok(200, 'GET', `/v1/refunds/${String(refund.id)}`);
  assert.equal(confirmed.status, 'succeeded');
  assert.equal(confirmed.submitted_at, '2026-03-07T17:00:00Z');
});

test("the latest contract of each product is that product's, in the version Get all products names", async () => {
  const {ok} = account();
  const products = (await ok(200, 'GET', '/v1/products')).data as Json[];
  assert.deepEqual(
    products.map((product) => product.code),
    ['payments', 'payouts', 'credit'],
  );
  for (const product of products) {
    const contract = await ok(200, 'GET', `/v1/products/${String(product.code)}/contracts/latest`);
    assert.deepEqual([contract.product_code, contract.version], [product.code, product.latest_contract_version]);
  }
});

test('a bank account with no balance names a step that works: the bank login while pending, else a new bank account', async () => {
  const {send, ok, advance} = account();
  const customer = await ok(201, 'POST', '/v1/customers', {name: 'Jordan Ellis', email: 'jordan.ellis@example.com'});
  const open = (verification_method: string) =>
    ok(201, 'POST', '/v1/bank-accounts', {
      customer_id: customer.id,
      routing_number: '111000025',
      account_number: '000123456789',
      account_holder_name: 'Jordan Ellis',
      account_holder_type: 'individual',
      account_type: 'checking',
      verification_method,
    });
  const balance = (id: unknown) => send('GET', `/v1/bank-accounts/${String(id)}/balance`);

  const byDeposits = await open('micro_deposits');
  assertRefused(
    await balance(byDeposits.id),
    409,
    'bank_account_balance_unavailable',
    /is verification_pending\. .*Get bank verification URL/,
  );
  await ok(200, 'POST', `/v1/bank-accounts/${String(byDeposits.id)}/verification`, {amounts: [32, 45]});
  // Verified with micro-deposits: the bank login is closed to it, so the remedy is a new bank account.
  assertRefused(
    await balance(byDeposits.id),
    409,
    'bank_account_balance_unavailable',
    /micro-deposits.*Delete bank account, create it again with Create bank account and verification_method instant/,
  );
  assertRefused(
    await send('GET', `/v1/bank-accounts/${String(byDeposits.id)}/verification-url`),
    409,
    'bank_account_not_verifiable',
    /already verified/,
  );

  await ok(204, 'DELETE', `/v1/bank-accounts/${String(byDeposits.id)}`);
  const byLogin = await open('instant');
  await ok(200, 'GET', `/v1/bank-accounts/${String(byLogin.id)}/verification-url`);
  await advance(1);
  assert.equal((await balance(byLogin.id)).status, 200);
});

test('one balance rule: what a request takes must be covered by the available balance; a payment transfer waits for its funds', async () => {
  const {send, ok, advance, seller} = await withSubmittedSeller();
  const platform = String(((await ok(200, 'GET', '/v1/accounts')).data as Json[]).find((one) => one.type === 'platform')?.id);
  await ok(200, 'POST', `/v1/sandbox/accounts/${seller}/onboarding/decide`, {decision: 'approve'});
  // Granted within the first advance of the clock below, for the instant payout at the end.
  const instant = instantPayouts(ok, platform);
  await instant.request();
  const sale = () =>
    ok(201, 'POST', '/v1/payments', {
      amount: 20000,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
      account_id: seller,
    });

  // Made while the payment's funds are pending, the transfer is paid from them: both sides wait.
  const first = await sale();
  const transfer = await ok(201, 'POST', '/v1/payment-transfers', {payment_id: first.id, amount: 18000});
  const entries = (await ok(200, 'GET', `/v1/transactions?source_id=${String(transfer.id)}`)).data as Json[];
  const sellerEntries = (await ok(200, 'GET', `/v1/transactions?source_id=${String(transfer.id)}&account_id=${seller}`)).data as Json[];
  const funds = ((await ok(200, 'GET', `/v1/transactions?source_id=${String(first.id)}`)).data as Json[])[0];
  assert.deepEqual(
    [...entries, ...sellerEntries].map((entry) => [entry.amount, entry.status, entry.available_at]),
    [
      [-18000, 'pending', funds?.available_at],
      [18000, 'pending', funds?.available_at],
    ],
  );
  assert.deepEqual(await balanceOf(ok, platform), {available: 0, pending: 20000 - 610 - 18000});
  // A refund is paid from the available balance, which pending funds do not fill.
  assertRefused(
    await send('POST', '/v1/refunds', {payment_id: first.id, amount: 5000}),
    422,
    'insufficient_balance',
    /Pending funds cannot be used/,
  );
  await advance(48);
  assert.deepEqual(await balanceOf(ok, platform), {available: 1390, pending: 0});
  assert.deepEqual(await balanceOf(ok, seller), {available: 18000, pending: 0});

  // Made once the payment's funds are available, the transfer comes out of the available balance.
  const second = await sale();
  await advance(48);
  await ok(201, 'POST', '/v1/balance-transfers', {from_account_id: platform, to_account_id: seller, amount: 15000, currency: 'USD'});
  assert.equal((await balanceOf(ok, platform)).available, 1390 + 19390 - 15000);
  assertRefused(
    await send('POST', '/v1/payment-transfers', {payment_id: second.id, amount: 18000}),
    422,
    'insufficient_balance',
    /less than the 18000 this request takes/,
  );

  // An instant payout's fee (1.5%, at least 50) must be covered with its amount.
  await instant.turnOn();
  const available = (await balanceOf(ok, platform)).available;
  const payout = {currency: 'USD', destination_id: 'card_testmastercarddebit00000', method: 'card', speed: 'instant'};
  assertRefused(
    await send('POST', '/v1/payouts', {...payout, amount: available}),
    422,
    'insufficient_balance',
    /less than the \d+ this request takes/,
  );
  await ok(201, 'POST', '/v1/payouts', {...payout, amount: available - 100});
  assert.ok((await balanceOf(ok, platform)).available >= 0);
});

test('a seller takes payments once approved, and pays out once its payouts product is active', async () => {
  const {send, ok, advance, seller} = await withSubmittedSeller();
  const sale = {amount: 20000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000', account_id: seller};
  assertRefused(
    await send('POST', '/v1/payments', sale),
    422,
    'onboarding_incomplete',
    /onboarding is approved \(onboarding_status submitted\)/,
  );
  await ok(200, 'POST', `/v1/sandbox/accounts/${seller}/onboarding/decide`, {decision: 'approve'});
  const payment = await ok(201, 'POST', '/v1/payments', sale);
  await ok(201, 'POST', '/v1/payment-transfers', {payment_id: payment.id, amount: 18000});
  await advance(48);

  const bank = (await ok(200, 'GET', `/v1/accounts/${seller}/business/bank-account`)).id;
  const payout = {account_id: seller, amount: 10000, currency: 'USD', destination_id: bank};
  assertRefused(await send('POST', '/v1/payouts', payout), 422, 'product_not_enabled', /does not have the payouts product/);
  const added = await ok(200, 'POST', `/v1/accounts/${seller}/products`, {product_code: 'payouts'});
  assert.equal((added.products as Json[]).find((product) => product.code === 'payouts')?.status, 'contract_required');
  assertRefused(await send('POST', '/v1/payouts', payout), 422, 'product_not_enabled', /is contract_required\. Sign its latest contract/);
  const latest = await ok(200, 'GET', '/v1/products/payouts/contracts/latest');
  await ok(201, 'POST', `/v1/accounts/${seller}/contracts`, {
    product_code: 'payouts',
    version: latest.version,
    signer_name: 'Elena Marsh',
    signer_title: 'Owner',
    ip_address: '198.51.100.77',
    signed_at: '2026-01-14T16:00:00Z',
  });
  await ok(201, 'POST', '/v1/payouts', payout);
});

test('a dispute case goes under review on its evidence, and only a case under review can be won', async () => {
  const {send, ok} = account();
  const openCase = async () => {
    const payment = await ok(201, 'POST', '/v1/payments', {
      amount: 9902,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
    });
    const cases = (await ok(200, 'GET', `/v1/dispute-cases?payment_id=${String(payment.id)}`)).data as Json[];
    assert.equal(cases[0]?.status, 'needs_response');
    return String(cases[0]?.id);
  };
  const eventsOf = async (id: string) =>
    ((await ok(200, 'GET', '/v1/events?limit=100')).data as Json[])
      .filter((event) => ((event.data as Json).object as Json).id === id)
      .map((event) => [event.type, ((event.data as Json).object as Json).status])
      .reverse();
  const resolve = (id: string, outcome: string) => send('POST', `/v1/sandbox/dispute-cases/${id}/resolve`, {outcome});
  const evidence = (id: string) => send('POST', `/v1/sandbox/dispute-cases/${id}/submit-evidence`);

  // The card network decides for you only on evidence.
  const contested = await openCase();
  assertRefused(
    await resolve(contested, 'won'),
    409,
    'sandbox_simulation_invalid',
    /only on evidence\. Submit it with Submit dispute evidence first/,
  );
  const submitted = (await evidence(contested)).body;
  assert.equal(submitted.status, 'under_review');
  assert.match(String(submitted.evidence_submitted_at), /^\d{4}-\d\d-\d\dT/);
  assert.equal(submitted.closed_at, null);
  assertRefused(
    await evidence(contested),
    409,
    'sandbox_simulation_invalid',
    /because it is under_review\. Only needs_response cases take evidence/,
  );
  const lost = (await resolve(contested, 'lost')).body;
  assert.deepEqual([lost.status, lost.evidence_submitted_at], ['lost', submitted.evidence_submitted_at]);
  assert.deepEqual(await eventsOf(contested), [
    ['dispute_case.created', 'needs_response'],
    ['dispute_case.updated', 'under_review'],
    ['dispute_case.updated', 'lost'],
    ['dispute_case.lost', 'lost'],
  ]);
  // Lost: the amount and the fee stay debited.
  const entries = (await ok(200, 'GET', `/v1/transactions?source_id=${contested}`)).data as Json[];
  assert.deepEqual(
    entries.map((entry) => entry.net),
    [-11402],
  );

  // Accepted, or left past respond_by: lost with no evidence.
  const accepted = await openCase();
  const closed = (await resolve(accepted, 'lost')).body;
  assert.deepEqual([closed.status, closed.evidence_submitted_at], ['lost', null]);
  assertRefused(await evidence(accepted), 409, 'sandbox_simulation_invalid', /because it is lost/);

  // Won on evidence: both entries come back.
  const won = await openCase();
  await ok(200, 'POST', `/v1/sandbox/dispute-cases/${won}/submit-evidence`);
  assert.equal((await ok(200, 'POST', `/v1/sandbox/dispute-cases/${won}/resolve`, {outcome: 'won'})).status, 'won');
  const back = (await ok(200, 'GET', `/v1/transactions?source_id=${won}`)).data as Json[];
  assert.equal(
    back.reduce((sum, entry) => sum + Number(entry.net), 0),
    0,
  );
});

test('an instant payout needs the setting payouts.instant, which Plaza unlocks an hour after it is asked for', async () => {
  const {send, ok, advance} = account();
  await ok(201, 'POST', '/v1/payments', {amount: 30000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
  await advance(48);
  const own = String(((await ok(200, 'GET', '/v1/accounts')).data as Json[]).find((one) => one.type === 'platform')?.id);
  const payout = () =>
    send('POST', '/v1/payouts', {
      amount: 12000,
      currency: 'USD',
      destination_id: 'card_testmastercarddebit00000',
      method: 'card',
      speed: 'instant',
    });
  const setting = async () =>
    ((await ok(200, 'GET', `/v1/accounts/${own}/settings`)).data as Json[]).find((one) => one.name === 'payouts.instant');
  const instant = instantPayouts(ok, own);
  const update = () => send('PUT', `/v1/accounts/${own}`, {settings: {'payouts.instant': 'true'}});

  assertRefused(await payout(), 422, 'instant_payouts_not_enabled', /payouts\.instant is false \(access locked\)\. Ask for access/);
  assertRefused(await update(), 409, 'setting_locked', /is locked/);
  const request = await instant.request();
  assert.deepEqual([request.status, request.decided_at], ['pending', null]);
  assert.deepEqual([(await setting())?.access, (await setting())?.access_request_id], ['requested', request.id]);
  assertRefused(
    await send('POST', `/v1/accounts/${own}/settings/payouts.instant/access-requests`, {reason: String(request.reason)}),
    409,
    'resource_already_exists',
    /still pending/,
  );
  assertRefused(await payout(), 422, 'instant_payouts_not_enabled', /\(access requested\)/);
  assertRefused(await update(), 409, 'setting_locked', /is requested/);

  await advance(1);
  const events = (await ok(200, 'GET', '/v1/events?type=account.updated')).data as Json[];
  assert.equal(((events[0]?.data as Json).object as Json).id, own);
  assert.deepEqual([(await setting())?.access, (await setting())?.value], ['unlocked', 'false']);
  assertRefused(await payout(), 422, 'instant_payouts_not_enabled', /\(access unlocked\)/);
  assertRefused(
    await send('POST', `/v1/accounts/${own}/settings/payouts.instant/access-requests`, {reason: String(request.reason)}),
    409,
    'setting_not_locked',
    /already unlocked/,
  );
  await instant.turnOn();
  const paid = await payout();
  assert.deepEqual([paid.status, paid.body.status], [201, 'processing']);
});
