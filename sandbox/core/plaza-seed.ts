/**
 * The objects a reader's sandbox account starts with (seed.ts): the ones Plaza's specs' examples and
 * the pages' blocks name, made in the order a platform would make them.
 */
import type {Seed} from './seed';

const own = 'acct_4x8c2v6b1n9m3q7w5e0r2t8y';
const seller = 'acct_3h6j9k2l5z8x1c4v7b0n3m6q';
const address = {line1: '118 Alder Row', line2: null, city: 'Bend', state: 'OR', postal_code: '97701', country: 'US'};

type Json = Record<string, unknown>;
const seededTransaction = '5C1E0A7B93D24F68A1B0C9E8D7F6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D0E9F8';

/** The example Apple Pay token with another transaction identifier. */
function otherAppleToken(example: Json): Json {
  const data = example.payment_data as Json;
  return {
    ...example,
    transaction_identifier: seededTransaction,
    payment_data: {...data, header: {...(data.header as Json), transactionId: seededTransaction.toLowerCase()}},
  };
}

/** The example Google Pay token with another signature. */
const otherGoogleToken = (example: Json): Json => ({
  ...example,
  token: String(example.token).replace('"signature":"', '"signature":"A'),
});

export const plazaSeed: Seed = {
  account: own,
  history: 96,
  steps: [
    {call: 'createOnboardingInvitation', body: {email: 'hello@cedarlane.example'}, as: 'oinv_4f7h0k3m6p9s2v5y8b1d4g7j'},
    // The platform's own business details, as Plaza's onboarding saved them.
    {call: 'saveBusiness', params: {account_id: own}},
    {call: 'saveTaxInformation', params: {account_id: own}},
    {call: 'saveBusinessRepresentative', params: {account_id: own}},
    {call: 'saveBankAccount', params: {account_id: own}},
    {call: 'createDirector', params: {account_id: own}, as: 'dir_9j4k7l2z5x8c1v6b3n0m4q7w'},
    {call: 'createShareholder', params: {account_id: own}, as: 'sh_4w9e2r7t1y6u3i8o5p0a2s7d'},
    {call: 'createUltimateBeneficialOwner', params: {account_id: own}, as: 'ubo_8d3f6g1h4j7k2l9z5x0c3v8b'},
    {call: 'createAccountInvitation', body: {email: 'sam.ortiz@example.com'}, as: 'inv_2b5e8h1k4n7q0t3w6z9c2f5j'},
    {call: 'acceptAccountInvitation', params: {account_id: own, invitation_id: 'inv_2b5e8h1k4n7q0t3w6z9c2f5j'}},
    {newest: 'mem', as: 'mem_4e8g2j6l0n3q7s1v5x9z2c4f'},
    {call: 'createAccountInvitation', body: {email: 'priya.nair@example.com'}, as: 'inv_3c6f9h2k5m8p1s4v7y0b3e6g'},
    // The wallets' objects are made from other tokens and another domain than the examples', so that
    // the examples' own can still be exchanged and registered (each can be once).
    {call: 'registerApplePayDomain', body: {domain_name: 'gifts.northwindgear.example'}, as: 'apd_0ce9uvw53efr4edt2sywb3wk'},
    {call: 'createCustomer', as: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z'},
    {call: 'createCustomer', body: {name: 'Jordan Ellis', email: 'jordan.ellis@example.com'}, as: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'},
    {
      call: 'createTestCard',
      body: {customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z', number: '4242000000001008'},
      as: 'card_3v6b9n2m5q8w1e4r7t0y3u6i',
    },
    {call: 'createTestCard', body: {customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g'}, as: 'card_2j7k4l9z1x6c3v8b5n0m4q7w'},
    {call: 'createApplePayToken', body: otherAppleToken, as: 'pm_2s5v8y1b4e7h0k3n6q9t2w5z'},
    {call: 'createGooglePayToken', body: otherGoogleToken, as: 'pm_4k7n0q3t6w9z2c5f8i1l4o7r'},
    {call: 'createBankAccount', as: 'ba_8k3m6n9p2q5r8s1t4v7w0x3y'},
    {
      call: 'createBankAccount',
      body: {account_number: '000987654321', verification_method: 'micro_deposits'},
      as: 'ba_6t1y9u4i2o8p3a7s5d0f2g6h',
    },
    {call: 'saveBankVerification', api: 'financial', params: {bank_account_id: 'ba_6t1y9u4i2o8p3a7s5d0f2g6h'}},
    // The seller: every detail saved and verified, its contracts signed, its onboarding approved.
    {call: 'createAccount', body: {business_name: 'Alpine Works', email: 'maya.lopez@example.com'}, as: seller},
    {call: 'saveBusiness', params: {account_id: seller}, body: {legal_name: 'Alpine Works LLC', address}},
    {call: 'saveTaxInformation', params: {account_id: seller}},
    {call: 'saveBusinessRepresentative', params: {account_id: seller}},
    {call: 'saveBankAccount', params: {account_id: seller}},
    {call: 'saveBankVerification', params: {account_id: seller}},
    {call: 'createContract', params: {account_id: seller}, stamp: ['signed_at'], as: 'ctr_5n8b2v7c1x4z9m3k6j0h2g5f'},
    {call: 'createContract', params: {account_id: seller}, body: {product_code: 'payouts', version: '2.1'}, stamp: ['signed_at']},
    {call: 'onboard', params: {account_id: seller}, stamp: ['attested_at']},
    {call: 'decideOnboarding', params: {account_id: seller}},
    {
      call: 'createPayment',
      body: {payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i', customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z', account_id: seller},
      as: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd',
    },
    {
      call: 'createPayment',
      body: {
        amount: 500000,
        payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i',
        customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z',
        account_id: seller,
      },
      as: 'pay_5h8j1k4l7z0x3c6v9b2n5m8q',
    },
    {
      call: 'createPayment',
      body: {
        amount: 7500,
        payment_method_id: 'card_testdispute0000000000000',
        customer_id: 'cus_5r8t1y4u7i0o3p6a9s2d5f8g',
        account_id: seller,
      },
    },
    {call: 'advanceSandboxClock', body: {hours: 95}},
    {newest: 'dc', as: 'dc_7t2y5u8i1o4p6a9s3d0f2g5h'},
    {newest: 'stl', as: 'stl_5p9w2e7r4t1y8u3i6o0a5s2d'},
    {newest: 'txn', where: {source_id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd'}, as: 'txn_8d3f6g1h9j4k2l7z5x0c3v8b'},
    {call: 'getAllHoldingAccounts'},
    {newest: 'ha', where: {account_id: own}, as: 'ha_9q2w5e8r1t4y7u0i3o6p9a2s'},
    {call: 'createPaymentTransfer', body: {payment_id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd', amount: 2000}, as: 'ptr_9a2c5e8g1i4k7m0o3q6s9u2w'},
    {call: 'createBalanceTransfer', as: 'bt_5k8m1p4r7t0v3x6z9b2d5f8h'},
    {call: 'advanceSandboxClock', body: {hours: 1}},
    {call: 'createRefund', as: 're_4n7b2v9c1x6z3m8q5w0e7r2t'},
    {call: 'createRefundTransfer', body: {refund_id: 're_4n7b2v9c1x6z3m8q5w0e7r2t'}, as: 'rtr_1e4g7i0k3m6o9q2s5u8w1y4a'},
    {call: 'createRefund', body: {amount: 500}, as: 're_6p9s2v5y8b1e4h7k0n3q6t9w'},
    {call: 'createPayout', body: {amount: 1000}, as: 'po_3m8q1v6x9k2b7n4c0z5w8t1r'},
    // Made last, so that the key can still be revealed and the webhook has had no failed deliveries.
    {call: 'createApiKey', as: 'key_5m8p2s6v9y3b7e1h4k0n6q2t'},
    {call: 'createWebhook', as: 'wh_6y1u4i7o0p3a6s9d2f5g8h1j'},
    {
      call: 'createPayment',
      body: {amount: 2500, payment_method_id: 'card_3v6b9n2m5q8w1e4r7t0y3u6i', customer_id: 'cus_7h2k9m4p1q8r3s6t0v5w2x9z'},
    },
    {newest: 'evt', where: {type: 'payment.succeeded'}, as: 'evt_8k3m6q9t2w5z8c1f4h7j0n3p'},
  ],
};
