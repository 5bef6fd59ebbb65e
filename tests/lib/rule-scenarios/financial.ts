/** Rule scenarios of the Payments API (tests/lib/rule-scenarios.ts). */
import assert from 'node:assert/strict';
import {AccountContext} from '../../../sandbox/core/context';
import {recordAttempt, takeOutbox} from '../../../sandbox/core/domain/webhooks';
import {outsideRequests} from '../conforming-sandbox';
import type {Json, Scenario, ScenarioRun} from '../rule-scenarios';

/** A bank account of the sandbox's bank, saved for a customer or for no one. */
const bankAccount = (accountNumber: string, fields: Json = {}) => ({
  routing_number: '111000025',
  account_number: accountNumber,
  account_holder_name: 'Avery Chen',
  account_holder_type: 'individual',
  account_type: 'checking',
  ...fields,
});

/** A customer's bank account verified with the sandbox's micro-deposits, 32 and 45 cents. */
async function verifiedBankAccount({ok}: ScenarioRun, accountNumber: string): Promise<Json> {
  const saved = await ok(201, 'POST', '/v1/bank-accounts', bankAccount(accountNumber));
  return ok(200, 'POST', `/v1/bank-accounts/${String(saved.id)}/verification`, {amounts: [32, 45]});
}

/**
 * Posts the account's due webhook deliveries as a host does, and records each receiver's answer
 * (`recordAttempt`), between requests; returns the event IDs posted.
 */
async function postDeliveries(run: ScenarioRun, answer: {status: number}): Promise<string[]> {
  const account = run.sandbox.accountOf(run.key);
  assert.ok(account, 'the scenario has no sandbox account yet');
  const due = await takeOutbox(account, run.clock.wall);
  outsideRequests(run.sandbox, () => {
    for (const delivery of due)
      recordAttempt(new AccountContext(account, run.clock.wall, run.sandbox.index), delivery.webhookId, delivery.eventId, answer);
  });
  return due.map((delivery) => delivery.eventId);
}

/** A webhook for the events of a type; `Create webhook` answers with its secret. */
const webhook = (run: ScenarioRun, type: string) =>
  run.ok(201, 'POST', '/v1/webhooks', {url: 'http://127.0.0.1:9/plaza', enabled_events: [type]});

export const financialScenarios: Record<string, Scenario> = {
  'a payment that no object names is not found': async ({refused}) => {
    await refused(404, 'resource_not_found', 'GET', `/v1/payments/pay_${'x'.repeat(24)}`);
  },
  'more than 25 requests a second with one key are refused until the next second': async ({ok, refused, clock}) => {
    clock.step = 0;
    for (let count = 0; count < 25; count++) await ok(200, 'GET', '/v1/payments');
    await refused(429, 'rate_limit_exceeded', 'GET', '/v1/payments');
    clock.step = 1000;
  },

  // Payments

  'a payment below the minimum of 50 is refused with amount_invalid': async ({refused}) => {
    const error = await refused(422, 'amount_invalid', 'POST', '/v1/payments', {
      amount: 49,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
    });
    assert.equal(error.param, 'amount');
  },
  'an ACH payment in another currency than USD is refused with currency_unsupported': async ({refused}) => {
    const error = await refused(422, 'currency_unsupported', 'POST', '/v1/payments', {
      amount: 5000,
      currency: 'EUR',
      payment_method_id: 'ba_testverified000000000000',
    });
    assert.equal(error.param, 'currency');
  },
  'an ACH payment that only authorizes is refused with payment_method_unusable': async ({refused}) => {
    await refused(422, 'payment_method_unusable', 'POST', '/v1/payments', {
      amount: 5000,
      currency: 'USD',
      payment_method_id: 'ba_testverified000000000000',
      capture: false,
    });
  },
  'the amount 9901 makes a card payment fail with processor_unavailable, and the failed payment is recorded': async ({ok, refused}) => {
    const error = await refused(422, 'processor_unavailable', 'POST', '/v1/payments', {
      amount: 9901,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
    });
    assert.equal(error.type, 'processing_error');
    const payment = await ok(200, 'GET', `/v1/payments/${String(error.payment_id)}`);
    assert.deepEqual([payment.status, payment.failure_code], ['failed', 'processor_unavailable']);
  },
  'a refund of a payment whose funds are still pending is refused with insufficient_balance': async ({ok, refused}) => {
    const payment = await ok(201, 'POST', '/v1/payments', {
      amount: 5000,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
    });
    await refused(422, 'insufficient_balance', 'POST', '/v1/refunds', {payment_id: payment.id});
  },
  'a retry sent while the first request with its idempotency key still runs is refused with idempotency_key_in_use': async ({send}) => {
    const body = {amount: 2500, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'};
    const key = {'Idempotency-Key': '7d1f3b5a-9c2e-4a6b-8d0f-1e3a5c7b9d2f'};
    const [first, retry] = await Promise.all([send('POST', '/v1/payments', body, key), send('POST', '/v1/payments', body, key)]);
    assert.equal(first.status, 201);
    assert.equal(`${retry.status} ${String((retry.body.error as Json).code)}`, '409 idempotency_key_in_use');
    const replay = await send('POST', '/v1/payments', body, key);
    assert.deepEqual([replay.status, replay.body.id, replay.headers['idempotent-replayed']], [201, first.body.id, 'true']);
  },
  'Return ACH payment on a card payment is refused with sandbox_simulation_invalid': async ({ok, refused}) => {
    const payment = await ok(201, 'POST', '/v1/payments', {
      amount: 2500,
      currency: 'USD',
      payment_method_id: 'card_testvisacredit0000000000',
    });
    await refused(409, 'sandbox_simulation_invalid', 'POST', `/v1/sandbox/payments/${String(payment.id)}/return`, {return_code: 'R02'});
  },

  // Payment methods

  'a bank account attached to one customer cannot be attached to another until it is detached': async ({ok, refused}) => {
    const first = await ok(201, 'POST', '/v1/customers', {name: 'Avery Chen'});
    const second = await ok(201, 'POST', '/v1/customers', {name: 'Jordan Reyes'});
    const saved = await ok(201, 'POST', '/v1/bank-accounts', bankAccount('000123456789', {customer_id: first.id}));
    const url = `/v1/bank-accounts/${String(saved.id)}`;
    await refused(409, 'payment_method_already_attached', 'PUT', `${url}/attach`, {customer_id: second.id});
    await ok(200, 'PUT', `${url}/detach`);
    await refused(409, 'payment_method_not_attached', 'PUT', `${url}/detach`);
    const attached = await ok(200, 'PUT', `${url}/attach`, {customer_id: second.id});
    assert.equal(attached.customer_id, second.id);
  },
  'a card expiry that has passed is refused with expiry_date_invalid': async ({ok, refused}) => {
    const card = await ok(201, 'POST', '/v1/sandbox/cards', {number: '4242000000001008', exp_month: 12, exp_year: 2030});
    const error = await refused(422, 'expiry_date_invalid', 'PUT', `/v1/cards/${String(card.id)}`, {
      exp_month: 1,
      exp_year: 2020,
    });
    assert.equal(error.param, 'exp_year');
  },
  'a Google Pay token whose signature does not verify is refused with wallet_token_invalid': async ({refused}) => {
    await refused(422, 'wallet_token_invalid', 'POST', '/v1/google-pay/tokens', {
      token: '{"protocolVersion":"ECv2","signedMessage":"changed on the way"}',
      card_network: 'visa',
      card_details: '1111',
    });
  },
  'an Apple Pay token whose transaction_identifier is not its own is refused with apple_pay_token_invalid': async ({refused}) => {
    const error = await refused(422, 'apple_pay_token_invalid', 'POST', '/v1/apple-pay/tokens', {
      payment_data: {
        version: 'EC_v1',
        data: 'bm90IGEgcmVhbCB0b2tlbg==',
        signature: 'c2lnbmF0dXJl',
        header: {ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90'},
      },
      payment_network: 'visa',
      transaction_identifier: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF',
    });
    assert.equal(error.param, 'transaction_identifier');
  },

  'an Apple Pay session needs a registered domain, and a domain whose file cannot be fetched is not registered': async ({ok, refused}) => {
    const session = {
      validation_url: 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession',
      domain_name: 'checkout.northwindgear.example',
      display_name: 'Northwind Gear',
    };
    await refused(422, 'apple_pay_domain_not_registered', 'POST', '/v1/apple-pay/sessions', session);
    await refused(422, 'apple_pay_domain_verification_failed', 'POST', '/v1/apple-pay/domains', {
      domain_name: 'checkout.northwindgear.invalid',
    });
    assert.deepEqual((await ok(200, 'GET', '/v1/apple-pay/domains')).data, []);
    const domain = await ok(201, 'POST', '/v1/apple-pay/domains', {domain_name: session.domain_name});
    await refused(409, 'resource_already_exists', 'POST', '/v1/apple-pay/domains', {domain_name: session.domain_name});
    const created = await ok(201, 'POST', '/v1/apple-pay/sessions', session);
    assert.equal((created.merchant_session as Json).domainName, session.domain_name);
    await refused(422, 'url_invalid', 'POST', '/v1/apple-pay/sessions', {
      ...session,
      validation_url: 'https://apple-pay.northwindgear.example/session',
    });
    await ok(204, 'DELETE', `/v1/apple-pay/domains/${String(domain.id)}`);
    await refused(422, 'apple_pay_domain_not_registered', 'POST', '/v1/apple-pay/sessions', session);
  },

  'a wallet payment method past its expiry month is expired: payments are declined with expired_card, and it cannot be attached': async ({
    ok,
    refused,
  }) => {
    const token = JSON.stringify({
      protocolVersion: 'ECv2',
      signature: 'MEQCIBbX3vR0aHsQ9y',
      intermediateSigningKey: {signedKey: '{"keyValue":"MFkw","keyExpiration":"1893456000000"}', signatures: ['MEUCIQ']},
      signedMessage: '{"encryptedMessage":"ZW5jcnlwdGVk","ephemeralPublicKey":"QkFE","tag":"dGFn"}',
    });
    const method = await ok(201, 'POST', '/v1/google-pay/tokens', {token, card_network: 'visa', card_details: '4242'});
    const url = `/v1/google-pay/payment-methods/${String(method.id)}`;
    const expiry = Date.UTC(Number(method.exp_year), Number(method.exp_month), 1);
    let now = Date.parse(String(method.created_at));
    while (now < expiry) now = Date.parse(String((await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 720})).current_time));
    assert.equal((await ok(200, 'GET', url)).status, 'expired');
    const error = await refused(422, 'expired_card', 'POST', '/v1/payments', {amount: 2500, currency: 'USD', payment_method_id: method.id});
    assert.equal(error.type, 'processing_error');
    const customer = await ok(201, 'POST', '/v1/customers', {name: 'Avery Chen'});
    await refused(422, 'payment_method_unusable', 'PUT', `${url}/attach`, {customer_id: customer.id});
  },

  // Bank accounts

  'the balance of a bank account verified with micro-deposits is refused with bank_account_balance_unavailable': async (run) => {
    const verified = await verifiedBankAccount(run, '000123456789');
    assert.equal(verified.status, 'verified');
    await run.refused(409, 'bank_account_balance_unavailable', 'GET', `/v1/bank-accounts/${String(verified.id)}/balance`);
  },
  'a verified bank account cannot be verified again: bank_account_not_verifiable': async ({refused}) => {
    await refused(409, 'bank_account_not_verifiable', 'GET', '/v1/bank-accounts/ba_testverified000000000000/verification-url');
  },
  'the failing test account number fails its micro-deposit verification, with bank_account.verification_failed': async ({ok}) => {
    const saved = await ok(201, 'POST', '/v1/bank-accounts', bankAccount('000222222227'));
    const failed = await ok(200, 'POST', `/v1/bank-accounts/${String(saved.id)}/verification`, {amounts: [32, 45]});
    assert.equal(failed.status, 'verification_failed');
    const events = await ok(200, 'GET', '/v1/events');
    assert.ok((events.data as Json[]).some((event) => event.type === 'bank_account.verification_failed'));
  },
  'the failing test account number, new and verified through the bank login, becomes verification_failed': async ({ok}) => {
    const saved = await ok(201, 'POST', '/v1/bank-accounts', bankAccount('000222222227', {verification_method: 'instant'}));
    const url = `/v1/bank-accounts/${String(saved.id)}`;
    await ok(200, 'GET', `${url}/verification-url?return_url=https://shop.northwindgear.example/bank-linked`);
    await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 1});
    const failed = await ok(200, 'GET', url);
    assert.equal(failed.status, 'verification_failed');
  },
  'a verified bank account whose debit is returned as closed becomes errored': async (run) => {
    const verified = await verifiedBankAccount(run, '000123456789');
    const payment = await run.ok(201, 'POST', '/v1/payments', {amount: 5000, currency: 'USD', payment_method_id: verified.id});
    await run.ok(200, 'POST', `/v1/sandbox/payments/${String(payment.id)}/return`, {return_code: 'R02'});
    const errored = await run.ok(200, 'GET', `/v1/bank-accounts/${String(verified.id)}`);
    assert.deepEqual([errored.status, errored.failure_code], ['errored', 'bank_account_closed']);
  },

  // Payouts

  'a payout is updatable only while pending, and the test amount 9903 makes it fail once submitted': async ({ok, refused}) => {
    await ok(201, 'POST', '/v1/payments', {amount: 30000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
    await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 72});
    const created = await ok(201, 'POST', '/v1/payouts', {amount: 9903, currency: 'USD', destination_id: 'ba_testverified000000000000'});
    const url = `/v1/payouts/${String(created.id)}`;
    await ok(200, 'PUT', url, {description: 'Weekly payout'});
    await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 8});
    assert.equal((await ok(200, 'GET', url)).status, 'processing');
    await refused(409, 'payout_not_updatable', 'PUT', url, {description: 'Too late'});
    await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 24});
    const failed = await ok(200, 'GET', url);
    assert.deepEqual([failed.status, failed.failure_code], ['failed', 'payout_rejected']);
  },

  // Webhook deliveries

  'a delivery the endpoint accepts succeeds; a requeue sends it again, and a second requeue waits for it': async (run) => {
    const hook = await webhook(run, 'payment.succeeded');
    await run.ok(201, 'POST', '/v1/payments', {amount: 2500, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
    const [eventId] = await postDeliveries(run, {status: 200});
    const url = `/v1/webhooks/${String(hook.id)}/events/${String(eventId)}`;
    const delivered = await run.ok(200, 'GET', url);
    assert.deepEqual([delivered.delivery_status, delivered.attempts], ['succeeded', 1]);
    const requeued = await run.ok(200, 'POST', `${url}/requeue`);
    assert.equal(requeued.delivery_status, 'pending');
    await run.refused(409, 'webhook_event_not_requeueable', 'POST', `${url}/requeue`);
  },
  'a delivery due while its webhook is disabled fails, and is requeued only once the webhook is enabled': async (run) => {
    const hook = await webhook(run, 'payment.succeeded');
    await run.ok(201, 'POST', '/v1/payments', {amount: 2500, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
    const [eventId] = await postDeliveries(run, {status: 500});
    const hookUrl = `/v1/webhooks/${String(hook.id)}`;
    const url = `${hookUrl}/events/${String(eventId)}`;
    assert.equal((await run.ok(200, 'GET', url)).delivery_status, 'pending');
    await run.ok(200, 'PUT', hookUrl, {status: 'disabled'});
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 1});
    assert.equal((await run.ok(200, 'GET', url)).delivery_status, 'failed');
    await run.refused(409, 'webhook_event_not_requeueable', 'POST', `${url}/requeue`);
    await run.ok(200, 'PUT', hookUrl, {status: 'enabled'});
    assert.equal((await run.ok(200, 'POST', `${url}/requeue`)).delivery_status, 'pending');
  },
  'a bank account whose micro-deposits come back is errored before it can be verified': async ({ok, refused}) => {
    const saved = await ok(201, 'POST', '/v1/bank-accounts', bankAccount('000444444440'));
    assert.equal(saved.status, 'new');
    const url = `/v1/bank-accounts/${String(saved.id)}`;
    const errored = await ok(200, 'GET', url);
    assert.deepEqual([errored.status, errored.failure_code], ['errored', 'bank_account_not_found']);
    await refused(409, 'bank_account_not_verifiable', 'POST', `${url}/verification`, {amounts: [32, 45]});
  },
};

/** A dispute case opened by a payment with the dispute test card: `needs_response`. */
async function openCase(run: ScenarioRun): Promise<string> {
  const payment = await run.ok(201, 'POST', '/v1/payments', {
    amount: 9000,
    currency: 'USD',
    payment_method_id: 'card_testdispute0000000000000',
  });
  const cases = await run.ok(200, 'GET', `/v1/dispute-cases?payment_id=${String(payment.id)}`);
  const [opened] = cases.data as Json[];
  assert.equal(opened?.status, 'needs_response');
  return String(opened?.id);
}

export const disputeScenarios: Record<string, Scenario> = {
  'a case that needs a response can be lost without evidence': async (run) => {
    const id = await openCase(run);
    const lost = await run.ok(200, 'POST', `/v1/sandbox/dispute-cases/${id}/resolve`, {outcome: 'lost'});
    assert.equal(lost.status, 'lost');
  },
  'a case under review after evidence can be lost': async (run) => {
    const id = await openCase(run);
    const reviewed = await run.ok(200, 'POST', `/v1/sandbox/dispute-cases/${id}/submit-evidence`);
    assert.equal(reviewed.status, 'under_review');
    assert.equal((await run.ok(200, 'POST', `/v1/sandbox/dispute-cases/${id}/resolve`, {outcome: 'lost'})).status, 'lost');
  },
  'an instant payout is refused until the account turns instant payouts on': async (run) => {
    await run.ok(201, 'POST', '/v1/payments', {amount: 90000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 48});
    const error = await run.refused(422, 'instant_payouts_not_enabled', 'POST', '/v1/payouts', {
      amount: 1000,
      currency: 'USD',
      destination_id: 'card_testmastercarddebit00000',
      method: 'card',
      speed: 'instant',
    });
    assert.equal(error.param, 'speed');
  },
};

/** The test values of a request field, each with its outcome's codes (`x-plaza-sandbox-values`). */
const testValues = (run: ScenarioRun, schema: string, field: string) => [...run.sandbox.index.sandboxValues(schema, field)];

/**
 * Each test value of the Payments API, read from the specs and sent as an integrator would; the
 * report (tests/lib/stated-rules.ts) then finds its outcome in what followed, or says it did not.
 */
export const testValueScenarios: Record<string, Scenario> = {
  'each test card number makes a card whose payment, or payout, has the number outcome': async (run) => {
    await run.ok(201, 'POST', '/v1/payments', {amount: 90000, currency: 'USD', payment_method_id: 'card_testvisacredit0000000000'});
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 48});
    const customer = await run.ok(201, 'POST', '/v1/customers', {name: 'Riley Moreno'});
    for (const [number, codes] of testValues(run, 'CreateTestCardRequest', 'number')) {
      const card = await run.ok(201, 'POST', '/v1/sandbox/cards', {number, exp_month: 5, exp_year: 2030, customer_id: customer.id});
      const payment = await run.send('POST', '/v1/payments', {
        amount: 2500,
        currency: 'USD',
        payment_method_id: card.id,
        customer_id: customer.id,
      });
      assert.ok(payment.status === 201 || payment.status === 422, `${number}: a payment answered ${payment.status}`);
      if (codes.includes('debit')) {
        await run.ok(201, 'POST', '/v1/payouts', {amount: 1000, currency: 'USD', destination_id: card.id, method: 'card'});
        await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 24});
        await run.ok(200, 'GET', '/v1/payouts?limit=1');
      }
    }
  },
  'each test payment method pays with its outcome': async (run) => {
    for (const [method] of testValues(run, 'CreatePaymentRequest', 'payment_method_id')) {
      const payment = await run.send('POST', '/v1/payments', {amount: 2500, currency: 'USD', payment_method_id: method});
      assert.ok(payment.status === 201 || payment.status === 422, `${method}: a payment answered ${payment.status}`);
    }
    await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 72});
    await run.ok(200, 'GET', '/v1/payments?limit=100');
    await run.ok(200, 'GET', '/v1/dispute-cases');
  },
  'each test account number pays by ACH with its outcome': async (run) => {
    for (const [number, codes] of testValues(run, 'CreateBankAccountRequest', 'account_number')) {
      // Numbers that never verify have no ACH outcome.
      if (codes.some((code) => ['verification_failed', 'account_number_invalid', 'errored'].includes(code))) continue;
      const verified = await verifiedBankAccount(run, number);
      const payment = await run.ok(201, 'POST', '/v1/payments', {amount: 4500, currency: 'USD', payment_method_id: verified.id});
      await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 72});
      await run.ok(200, 'GET', `/v1/payments/${String(payment.id)}`);
    }
  },
  'each ACH return code comes back as its outcome': async (run) => {
    for (const [code, codes] of testValues(run, 'ReturnAchPaymentRequest', 'return_code')) {
      const payment = await run.ok(201, 'POST', '/v1/payments', {
        amount: 4500,
        currency: 'USD',
        payment_method_id: 'ba_testverified000000000000',
      });
      // A refused debit (a lost dispute case) also comes back once the payment has succeeded.
      if (codes.includes('dispute_case.lost')) await run.ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 72});
      await run.ok(200, 'POST', `/v1/sandbox/payments/${String(payment.id)}/return`, {return_code: code});
      await run.ok(200, 'GET', `/v1/dispute-cases?payment_id=${String(payment.id)}`);
    }
  },
};
