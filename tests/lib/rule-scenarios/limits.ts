/**
 * Probes of the limits the pages state in prose (tests/lib/rule-scenarios.ts): each scenario sends
 * the request that just breaks a limit and the one that just keeps it, with `probe`, naming the
 * limit by its rule ID (`at most 128 characters (api/request-correlation)`), which is read from its
 * page. A probe of an ID no page states fails the test, so that a page edit cannot leave one behind.
 */
import type {Json, Scenario} from '../rule-scenarios';
import {documentUpload} from './accounts';

const address = {line1: '2200 Cherry Creek South Drive', city: 'Denver', state: 'CO', postal_code: '80209', country: 'US'};

/** A payment of the amount given, by the sandbox's test credit card. */
const cardPayment = (amount: number, fields: Json = {}) => ({
  amount,
  currency: 'USD',
  payment_method_id: 'card_testvisacredit0000000000',
  ...fields,
});

/** Metadata with `count` keys. */
const metadata = (count: number) => Object.fromEntries(Array.from({length: count}, (_, number) => [`signal_${number + 1}`, 'low']));

/** An instant payout of the amount given to the sandbox's test debit card. */
const instantPayout = (amount: number) => ({
  method: 'POST',
  url: '/v1/payouts',
  body: {amount, currency: 'USD', destination_id: 'card_testmastercarddebit00000', method: 'card', speed: 'instant'},
});

export const limitScenarios: Record<string, Scenario> = {
  'an X-Correlation-Id of 128 characters is accepted, and one of 129 refused': async ({probe}) => {
    await probe(
      'at most 128 characters (api/request-correlation)',
      {method: 'GET', url: '/v1/payments', headers: {'X-Correlation-Id': 'c'.repeat(129)}},
      {method: 'GET', url: '/v1/payments', headers: {'X-Correlation-Id': 'c'.repeat(128)}},
    );
  },
  'a sandbox key needs at least 8 letters or digits after sk_test_': async ({probe}) => {
    for (const page of ['api/testing', 'guides/quickstart'])
      await probe(
        `at least 8 letters (${page})`,
        {method: 'GET', url: '/v1/payments', headers: {'X-API-KEY': 'sk_test_limits7'}},
        {method: 'GET', url: '/v1/payments', headers: {'X-API-KEY': 'sk_test_limits08'}},
      );
  },
  'a statement descriptor takes up to 22 characters, and metadata up to 20 keys': async ({probe}) => {
    const page = 'concepts/fraud-details-and-prevention';
    await probe(
      `up to 22 letters (${page})`,
      {method: 'POST', url: '/v1/payments', body: cardPayment(2500, {statement_descriptor: 'NORTHWIND*ALPINE GEARS2'})},
      {method: 'POST', url: '/v1/payments', body: cardPayment(2500, {statement_descriptor: 'NORTHWIND*ALPINE GEARS'})},
    );
    await probe(
      `up to 20 keys (${page})`,
      {method: 'POST', url: '/v1/payments', body: cardPayment(2500, {metadata: metadata(21)})},
      {method: 'POST', url: '/v1/payments', body: cardPayment(2500, {metadata: metadata(20)})},
    );
  },
  "a seller's owners and shareholders own 100% at most, and its documents are 10 MB at most": async ({ok, probe}) => {
    const page = 'guides/marketplaces/onboard-sellers';
    const seller = await ok(201, 'POST', '/v1/accounts', {
      type: 'seller',
      business_name: 'Front Range Holdings',
      email: 'office@frontrangeholdings.example',
      country: 'US',
      products: ['payments'],
    });
    const business = `/v1/accounts/${String(seller.id)}/business`;
    const owner = (firstName: string, share: number) => ({first_name: firstName, last_name: 'Reyes', ownership_percentage: share, address});
    await ok(201, 'POST', `${business}/ultimate-beneficial-owners`, owner('Daniel', 60));
    await probe(
      `more than 100% (${page})`,
      {method: 'POST', url: `${business}/ultimate-beneficial-owners`, body: owner('Marisol', 41)},
      {method: 'POST', url: `${business}/ultimate-beneficial-owners`, body: owner('Marisol', 40)},
    );
    const holding = (share: number) => ({type: 'company', company_name: 'Front Range Capital LLC', ownership_percentage: share, address});
    await ok(201, 'POST', `${business}/shareholders`, holding(60));
    await probe(
      'at most 100% (concepts/onboarding)',
      {method: 'POST', url: `${business}/shareholders`, body: holding(40.01)},
      {method: 'POST', url: `${business}/shareholders`, body: holding(40)},
    );
    const megabytes = (count: number) => count * 1024 * 1024;
    await probe(
      `at most 10 MB (${page})`,
      documentUpload(String(seller.id), 'bank_statement', 'statement.pdf', 'application/pdf', 'x'.repeat(megabytes(10) + 1)),
      documentUpload(String(seller.id), 'bank_statement', 'statement.pdf', 'application/pdf', 'x'.repeat(megabytes(10))),
    );
  },
  'an instant payout costs at least 0.50 USD, taken from the available balance with its amount': async ({ok, probe}) => {
    await ok(201, 'POST', '/v1/payments', cardPayment(2000));
    const advanced = await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 48});
    const settings = `/v1/accounts/${String(advanced.account_id)}`;
    await ok(201, 'POST', `${settings}/settings/payouts.instant/access-requests`, {
      reason: 'Our couriers are paid at the end of each shift.',
      requested_value: 'true',
    });
    await ok(200, 'POST', '/v1/sandbox/clock/advance', {hours: 1});
    await ok(200, 'PUT', settings, {settings: {'payouts.instant': 'true'}});
    const entries = (await ok(200, 'GET', '/v1/transactions?limit=100')).data as Json[];
    const available = entries.filter((entry) => entry.status === 'available').reduce((sum, entry) => sum + Number(entry.net), 0);
    // Below 3,334 the 1.5% is under 50, so only the minimum fee makes the larger payout one cent too many.
    await probe('at least 0.50 USD (guides/payouts/process-card-payouts)', instantPayout(available - 49), instantPayout(available - 50));
  },
};
