/**
 * The objects a reader's sandbox account starts with (seed.ts): the ones Plaza's specs' examples and
 * the pages' blocks name, made in the order a platform would make them. Where two operations' examples
 * need an object in different states (Capture needs an authorized payment, Create refund a captured
 * one), the examples name two objects, and the seed makes each.
 */
import type {Seed, SeedStep} from './seed';

type Json = Record<string, unknown>;

const own = 'acct_4x8c2v6b1n9m3q7w5e0r2t8y';
/** Alpine Works: approved, taking payments. */
const seller = 'acct_3h6j9k2l5z8x1c4v7b0n3m6q';
/** Cedar Lane Candles: ready to submit its onboarding. */
const readySeller = 'acct_6p2r9t4v1x7z3b8d5f0h2k6m';
/** A seller whose onboarding is submitted and waits for a decision. */
const submittedSeller = 'acct_6w9y2a5c8e1g4i7k0m3o6q9s';
const address = {line1: '118 Alder Row', line2: null, city: 'Bend', state: 'OR', postal_code: '97701', country: 'US'};
const seededTransaction = '5C1E0A7B93D24F68A1B0C9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8';

/** The example Apple Pay token with another transaction identifier. */
const otherAppleToken =
  (transaction: string) =>
  (example: Json): Json => {
    const data = example.payment_data as Json;
    return {
      ...example,
      transaction_identifier: transaction,
      payment_data: {...data, header: {...(data.header as Json), transactionId: transaction.toLowerCase()}},
    };
  };

/** The example Google Pay token with another signature, one per mark. */
const otherGoogleToken =
  (mark: string) =>
  (example: Json): Json => ({...example, token: String(example.token).replace('"signature":"', `"signature":"${mark}`)});

/** Another made again: its email with the mark after a plus (`sam.ortiz+00000123@example.com`). */
const anotherEmail = (body: Json, mark: string): Json => ({...body, email: String(body.email).replace('@', `+${mark}@`)});

/** A bank account made again: another account number, of no test value. */
const anotherAccountNumber = (body: Json, mark: string): Json => ({...body, account_number: `0009${mark}`});

/** A seller of the platform with its details saved and verified and its contracts signed, ready to submit. */
const readyAccount = (id: string, name: string, email: string): SeedStep[] => [
  {call: 'createAccount', body: {business_name: name, email}, as: id},
  {call: 'saveBusiness', params: {account_id: id}, body: {legal_name: `${name} LLC`, address}},
  {call: 'saveTaxInformation', params: {account_id: id}},
  {call: 'saveBusinessRepresentative', params: {account_id: id}},
  {call: 'saveBankAccount', params: {account_id: id}},
  {call: 'saveBankVerification', api: 'accounts', params: {account_id: id}},
  {call: 'createContract', params: {account_id: id}, as: id === seller ? 'ctr_5n8b2v7c1x4z9m3k6j0h2g5f' : undefined},
  {call: 'createContract', params: {account_id: id}, body: {product_code: 'payouts', version: '2.1'}},
];

/** A card payment to the seller; `capture: false` leaves it authorized. */
const payment = (body: Json, as?: string): SeedStep => ({
  call: 'createPayment',
  body: {payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i', customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z', account_id: seller, ...body},
  as,
});

export const plazaSeed: Seed = {
  account: own,
  history: 96,
  startHour: 18,
  steps: [
    {
      call: 'createOnboardingInvitation',
      body: {email: 'hello@cedarlane.example'},
      as: 'oinv_4f7h0k3m6p9s2v5y8b1d4g7j',
      again: anotherEmail,
    },
    // The platform's own business details, as Plaza's onboarding saved them.
    {call: 'saveBusiness', params: {account_id: own}},
    {call: 'saveTaxInformation', params: {account_id: own}},
    {call: 'saveBusinessRepresentative', params: {account_id: own}},
    {call: 'saveBankAccount', params: {account_id: own}},
    {call: 'createDirector', params: {account_id: own}, as: 'dir_9j4k7l2z5x8c1v6b3n0m4q7w'},
    {call: 'createShareholder', params: {account_id: own}, as: 'sh_4w9e2r7t1y6u3i8o5p0a2s7d'},
    {call: 'createUltimateBeneficialOwner', params: {account_id: own}, as: 'ubo_8d3f6g1h4j7k2l9z5x0c3v8b'},
    {call: 'uploadBusinessDocument', params: {account_id: own}, as: 'doc_1a6s9d4f2g7h3j8k5l0z2x6c'},
    // A member who accepted an invitation, and an invitation still pending.
    {call: 'createAccountInvitation', body: {email: 'sam.ortiz@example.com'}, as: 'inv_2b5e8h1k4n7q0t3w6z9c2f5j', again: anotherEmail},
    {call: 'acceptAccountInvitation', params: {account_id: own, invitation_id: 'inv_2b5e8h1k4n7q0t3w6z9c2f5j'}},
    {newest: 'mem', as: 'mem_4e8g2j6l0n3q7s1v5x9z2c4f'},
    {call: 'createAccountInvitation', body: {email: 'priya.nair@example.com'}, as: 'inv_3c6f9h2k5m8p1s4v7y0b3e6g', again: anotherEmail},
    // The wallets' objects are made from other tokens and another domain than the ones Register Apple
    // Pay domain and the token exchanges show, so that those can still be sent (each works once).
    {call: 'registerApplePayDomain', body: {domain_name: 'shop.northwindgear.example'}, as: 'apd_0ce9uvw53efr4edt2sywb3wk'},
    {call: 'createCustomer', as: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z'},
    {call: 'createCustomer', body: {name: 'Jordan Ellis', email: 'jordan.ellis@example.com'}, as: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'},
    {
      call: 'createTestCard',
      body: {customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z', number: '4242000000001008'},
      as: 'card_3v6b9n2m5q8w1e4r7t0y3u6i',
    },
    {call: 'createTestCard', body: {customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z'}, as: 'card_2j7k4l9z1x6c3v8b5n0m4q7w'},
    {
      call: 'createTestCard',
      body: {customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g', number: '5555000000001006'},
      as: 'card_8k1l4z7x0c3v6b9n2m5q8w1e',
    },
    {
      call: 'createApplePayToken',
      body: otherAppleToken(seededTransaction),
      as: 'pm_2s5v8y1b4e7h0k3n6q9t2w5z',
      again: (body, mark) => otherAppleToken(`${seededTransaction.slice(0, -mark.length)}${mark}`)(body),
    },
    {
      call: 'createGooglePayToken',
      body: otherGoogleToken('A'),
      as: 'pm_4k7n0q3t6w9z2c5f8i1l4o7r',
      again: (body, mark) => otherGoogleToken(mark)(body),
    },
    // A second Google Pay payment method, detached, for Attach Google Pay to customer.
    {
      call: 'createGooglePayToken',
      body: otherGoogleToken('B'),
      as: 'pm_6d9g2j5m8p1s4v7y0b3e6h9k',
      again: (body, mark) => otherGoogleToken(mark)(body),
    },
    {call: 'detachGooglePayFromCustomer', params: {payment_method_id: 'pm_6d9g2j5m8p1s4v7y0b3e6h9k'}},
    // A bank account made in a browser, which belongs to no customer until it is attached.
    {
      call: 'createBankAccount',
      body: {customer_id: undefined, verification_method: 'micro_deposits'},
      as: 'ba_7n0q3t6w9z2c5f8i1l4o7r0u',
      again: anotherAccountNumber,
    },
    // Bank accounts: one waiting for its micro-deposits, one verified by them (a payout destination),
    // and one verified through the hosted bank login (the holder signs in a minute after the URL is made).
    {
      call: 'createBankAccount',
      body: {customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z'},
      as: 'ba_8k3m6n9p2q5r8s1t4v7w0x3y',
      again: anotherAccountNumber,
    },
    {
      call: 'createBankAccount',
      body: {account_number: '000987654321', verification_method: 'micro_deposits'},
      as: 'ba_6t1y9u4i2o8p3a7s5d0f2g6h',
      again: anotherAccountNumber,
    },
    {call: 'saveBankVerification', api: 'financial', params: {bank_account_id: 'ba_6t1y9u4i2o8p3a7s5d0f2g6h'}},
    {
      call: 'createBankAccount',
      body: {account_number: '000555123456', verification_method: 'instant'},
      as: 'ba_4j7l0n3q6s9u2w5y8a1c4e7g',
      again: anotherAccountNumber,
    },
    {call: 'getBankVerificationUrl', api: 'financial', params: {bank_account_id: 'ba_4j7l0n3q6s9u2w5y8a1c4e7g'}},
    // The sellers: one approved, one ready to submit, one submitted.
    ...readyAccount(seller, 'Alpine Works', 'maya.lopez@example.com'),
    {call: 'onboard', params: {account_id: seller}},
    {call: 'decideOnboarding', params: {account_id: seller}},
    // Paid out when the platform asks, so that the funds the examples move stay in its balance.
    {call: 'updateAccount', params: {account_id: seller}, body: () => ({settings: {'payouts.schedule': 'manual'}})},
    ...readyAccount(readySeller, 'Cedar Lane Candles', 'hello.cedarlane@example.com'),
    ...readyAccount(submittedSeller, 'Harbor Street Books', 'owner@harborstreetbooks.example'),
    {call: 'onboard', params: {account_id: submittedSeller}},
    // The webhook the examples name, and a payment whose event it could not receive.
    {call: 'createWebhook', as: 'wh_6y1u4i7o0p3a6s9d2f5g8h1j'},
    payment({}, 'pay_8fk2m1x9q4t7b3n6c5v0z2wd'),
    {newest: 'evt', where: {type: 'payment.succeeded'}, as: 'evt_8k3m6q9t2w5z8c1f4h7j0n3p'},
    payment({amount: 500000}, 'pay_5h8j1k4l7z0x3c6v9b2n5m8q'),
    // Two disputed payments: one case waits for a response, the other is under review.
    payment(
      {amount: 9902, payment_method_id: 'card_testdispute0000000000000', customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'},
      'pay_0k3n6q9t2w5z8c1f4i7l0o3r',
    ),
    payment({amount: 4599, payment_method_id: 'card_testdispute0000000000000'}),
    {until: 1},
    {newest: 'dc', where: {payment_id: 'pay_0k3n6q9t2w5z8c1f4i7l0o3r'}, as: 'dc_7t2y5u8i1o4p6a9s3d0f2g5h'},
    {newest: 'dc', where: {status: 'needs_response', amount: 4599}, as: 'dc_3e6r9t2y5u8i1o4p7a0s3d6f'},
    {call: 'submitDisputeEvidence', params: {dispute_case_id: 'dc_3e6r9t2y5u8i1o4p7a0s3d6f'}},
    {newest: 'stl', as: 'stl_5p9w2e7r4t1y8u3i6o0a5s2d'},
    {newest: 'txn', where: {source_id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd'}, as: 'txn_8d3f6g1h9j4k2l7z5x0c3v8b'},
    {call: 'getAllHoldingAccounts'},
    {newest: 'ha', where: {account_id: own}, as: 'ha_9q2w5e8r1t4y7u0i3o6p9a2s'},
    // The failed deliveries disabled the webhook; it is enabled again, so its event can be requeued.
    {call: 'updateWebhook', params: {webhook_id: 'wh_6y1u4i7o0p3a6s9d2f5g8h1j'}, body: {status: 'enabled'}},
    {call: 'createPaymentTransfer', body: {payment_id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd', amount: 2000}, as: 'ptr_9a2c5e8g1i4k7m0o3q6s9u2w'},
    {call: 'createBalanceTransfer', as: 'bt_5k8m1p4r7t0v3x6z9b2d5f8h'},
    {until: 0},
    // Made now, so that they are still pending or authorized, whatever the hour.
    {call: 'createRefund', as: 're_4n7b2v9c1x6z3m8q5w0e7r2t'},
    {call: 'createRefundTransfer', body: {refund_id: 're_4n7b2v9c1x6z3m8q5w0e7r2t'}, as: 'rtr_1e4g7i0k3m6o9q2s5u8w1y4a'},
    {call: 'createRefund', body: {amount: 500}, as: 're_6p9s2v5y8b1e4h7k0n3q6t9w'},
    {call: 'createPayout', body: {amount: 1000}, as: 'po_3m8q1v6x9k2b7n4c0z5w8t1r'},
    payment(
      {amount: 12000, capture: false, payment_method_id: 'card_8k1l4z7x0c3v6b9n2m5q8w1e', customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'},
      'pay_3n6b9v2c5x8z1m4q7w0e3r6t',
    ),
    payment(
      {amount: 8400, capture: false, payment_method_id: 'card_8k1l4z7x0c3v6b9n2m5q8w1e', customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'},
      'pay_9c2f5i8l1o4r7u0x3a6d9g2j',
    ),
    payment({amount: 45000, payment_method_id: 'ba_testverified000000000000'}, 'pay_2d7f1h5k9m3p6r0t4v8x2z5b'),
    // Made last, so that its secret can still be revealed.
    {call: 'createApiKey', as: 'key_5m8p2s6v9y3b7e1h4k0n6q2t'},
  ],
};
