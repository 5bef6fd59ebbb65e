/**
 * Apple Pay and Google Pay: the payment methods a wallet token is exchanged for, the domains
 * registered for Apple Pay and its merchant sessions (/guides/payment-methods).
 */
import {ApiError} from '../errors';
import type {AccountContext, RequestContext} from '../context';
import type {Domain, Handler} from '../types';
import {iso, update} from '../state';
import {applePay, attach, customerOf, detach, drawn, expireAfter, get, googlePay, list, methodOf, methodsOf, remove} from './customers';

type Json = Record<string, unknown>;

const digitsOf = (seed: string, count: number) =>
  Array.from(drawn(seed).slice(0, count), (char) => String(char.charCodeAt(0) % 10)).join('');

/** What the sandbox reads in a wallet token it cannot decrypt: a device account number and expiry drawn from a seed. */
function walletCard(context: AccountContext, seed: string, network: string) {
  const draw = drawn(seed);
  return {
    last4: digitsOf(seed, 4),
    exp_month: 1 + (draw.charCodeAt(4) % 12),
    exp_year: new Date(context.now()).getUTCFullYear() + 2 + (draw.charCodeAt(5) % 3),
    funding: 'credit',
    fingerprint: drawn(`${network}:${seed}`).slice(0, 16),
  };
}

/**
 * Create Apple Pay token: `transaction_identifier` must be the token's `header.transactionId`, an
 * `EC_v1` token needs its ephemeral key (`422 apple_pay_token_invalid`), and a token is exchanged once.
 */
const createApplePayToken: Handler = (context) => {
  const body = context.body;
  const data = body.payment_data as {version: string; header: Json};
  const transaction = String(body.transaction_identifier);
  if (String(data.header.transactionId).toLowerCase() !== transaction.toLowerCase()) {
    throw new ApiError(
      'apple_pay_token_invalid',
      'transaction_identifier does not match payment_data.header.transactionId. Send event.payment.token.transactionIdentifier from the same token.',
      'transaction_identifier',
    );
  }
  if ((data.version === 'EC_v1' ? data.header.ephemeralPublicKey : data.header.wrappedKey) === undefined) {
    throw new ApiError(
      'apple_pay_token_invalid',
      'The Apple Pay token was not encrypted for Plaza. Create the merchant session with Create Apple Pay Session, not with your own Apple merchant identity.',
      'payment_data',
    );
  }
  const exchanged = methodsOf(context, applePay).find(
    (method) => String((method.apple_pay as Json).transaction_identifier).toLowerCase() === transaction.toLowerCase(),
  );
  if (exchanged) {
    throw new ApiError(
      'resource_already_exists',
      `The Apple Pay token with transaction_identifier ${transaction} was already exchanged for ${exchanged.id}. Use that payment method.`,
      'transaction_identifier',
    );
  }
  const customer = body.customer_id === undefined ? undefined : customerOf(context, body.customer_id);
  const network = String(body.payment_network);
  const now = context.nowIso();
  const method = context.save({
    id: context.newId('pm'),
    type: 'apple_pay',
    customer_id: customer?.id ?? null,
    brand: network,
    ...walletCard(context, transaction.toLowerCase(), network),
    status: 'active',
    apple_pay: {transaction_identifier: transaction, payment_data_type: 'three_d_secure', device_manufacturer_identifier: '040010030273'},
    billing_contact: billingContact(body.billing_contact as Json | undefined),
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
  });
  expireAfter(context, method);
  return {status: 201, body: method};
};

/** A wallet's billing address as stored: all six fields, `null` when not given. */
const postal = (address: Json | null | undefined) =>
  address
    ? {
        line1: address.line1,
        line2: address.line2 ?? null,
        city: address.city,
        state: address.state ?? null,
        postal_code: address.postal_code,
        country: address.country,
      }
    : null;

/** The billing contact as stored: every field, `null` when not given. */
function billingContact(input: Json | undefined) {
  const address = input?.address as Json | undefined;
  return {
    name: input?.name ?? null,
    email: input?.email ?? null,
    phone: input?.phone ?? null,
    address: postal(address),
  };
}

const updateApplePayPaymentMethod: Handler = (context) => {
  const method = methodOf(context, applePay);
  const body = context.body;
  const fields = {
    ...(body.billing_contact === undefined ? {} : {billing_contact: billingContact(body.billing_contact as Json)}),
    ...(body.metadata === undefined ? {} : {metadata: body.metadata}),
  };
  update(method, fields, context.nowIso());
  return {status: 200, body: method};
};

/**
 * Register Apple Pay domain. The sandbox does not fetch the domain association file: it registers any
 * domain name, except one under `.invalid`, the top-level domain that never resolves, which fails as
 * an unreachable file does (`422 apple_pay_domain_verification_failed`) and is not stored.
 */
const registerApplePayDomain: Handler = (context) => {
  const name = String(context.body.domain_name);
  if (name.endsWith('.invalid')) {
    throw new ApiError(
      'apple_pay_domain_verification_failed',
      `Plaza could not fetch https://${name}/.well-known/apple-developer-merchantid-domain-association: ${name} does not resolve. Serve the file from the dashboard at that path over HTTPS, without redirects, then register the domain again.`,
      'domain_name',
    );
  }
  const registered = registeredDomain(context, name);
  if (registered) {
    throw new ApiError(
      'resource_already_exists',
      `The domain ${name} is already registered for Apple Pay as ${registered.id}.`,
      'domain_name',
    );
  }
  const now = context.nowIso();
  return {status: 201, body: context.save({id: context.newId('apd'), domain_name: name, verified_at: now, created_at: now})};
};

const registeredDomain = (context: AccountContext, name: string) => context.all(['apd']).find((domain) => domain.domain_name === name);
const applePayDomainOf = (context: RequestContext) => context.get(context.params.domain_id ?? '', 'domain_id', ['apd']);

/** Apple's Apple Pay gateway: `apple-pay-gateway.apple.com` and its regional and certification hosts. */
const applePayGateway = /^apple-pay-gateway(-[a-z0-9-]+)?\.apple\.com$/;

/**
 * Create Apple Pay Session: for a registered domain only, with the `validation_url` of Apple's
 * gateway; the session is valid 5 minutes and nothing is stored. Apple's opaque merchant session is
 * the specs' example, for the domain and name sent.
 */
const createApplePaySession: Handler = (context) => {
  const body = context.body as {validation_url: string; domain_name: string; display_name: string};
  const url = URL.canParse(body.validation_url) ? new URL(body.validation_url) : undefined;
  if (url?.protocol !== 'https:' || !applePayGateway.test(url.hostname)) {
    throw new ApiError(
      'url_invalid',
      `validation_url must be an https address of Apple's Apple Pay gateway; ${body.validation_url} is not. Send the validationURL of the onvalidatemerchant event unchanged.`,
      'validation_url',
    );
  }
  if (!registeredDomain(context, body.domain_name)) {
    throw new ApiError(
      'apple_pay_domain_not_registered',
      `The domain ${body.domain_name} is not registered for Apple Pay in this environment. Register it with Register Apple Pay domain, then create the session again.`,
      'domain_name',
    );
  }
  const now = context.now();
  const expires = now + 5 * 60_000;
  const example = context.example(201) as {merchant_session: Json};
  return {
    status: 201,
    body: {
      merchant_session: {...example.merchant_session, domainName: body.domain_name, displayName: body.display_name},
      domain_name: body.domain_name,
      display_name: body.display_name,
      expires_at: iso(expires),
      created_at: iso(now),
    },
  };
};

/** The exchanged Google Pay tokens, by a digest of the token: each can be exchanged once. */
const exchangedTokens = (context: AccountContext) => (context.account.singletons['google-pay-tokens'] ??= {}) as Record<string, string>;

/** A Google Pay token is a signed `ECv2` message: JSON with its signature, signing key and signed message. */
function checkGoogleToken(token: string) {
  let parsed: Json | undefined;
  try {
    parsed = JSON.parse(token) as Json;
  } catch {
    parsed = undefined;
  }
  const complete =
    parsed?.protocolVersion === 'ECv2' &&
    typeof parsed.signature === 'string' &&
    typeof parsed.intermediateSigningKey === 'object' &&
    typeof parsed.signedMessage === 'string';
  if (!complete) {
    throw new ApiError(
      'wallet_token_invalid',
      'The signature of the Google Pay token does not verify. Send paymentMethodData.tokenizationData.token exactly as Google returned it.',
      'token',
    );
  }
}

/**
 * Create Google Pay token: a card tokenized on a device (`cryptogram_3ds`, the token carries
 * assurance details) is charged with a device account number; a card of the Google account
 * (`pan_only`) with the digits the buyer saw. A token is exchanged once.
 */
const createGooglePayToken: Handler = (context) => {
  const body = context.body;
  const token = String(body.token);
  checkGoogleToken(token);
  const digest = drawn(token);
  const earlier = exchangedTokens(context)[digest];
  if (earlier && context.find(earlier)) {
    throw new ApiError(
      'resource_already_exists',
      `This Google Pay token was already exchanged for payment method ${earlier}. Charge that payment method, or ask the buyer to pay with Google Pay again.`,
      'token',
    );
  }
  const customer = body.customer_id === undefined ? undefined : customerOf(context, body.customer_id);
  const network = String(body.card_network);
  const shownDigits = String(body.card_details);
  const assurance = body.assurance_details as Json | undefined;
  const device = assurance !== undefined;
  const card = walletCard(context, device ? `${network}:${shownDigits}:device` : `${network}:${shownDigits}`, network);
  const now = context.nowIso();
  const method = context.save({
    id: context.newId('pm'),
    type: 'google_pay',
    customer_id: customer?.id ?? null,
    brand: network,
    last4: device ? card.last4 : shownDigits,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    funding: card.funding,
    cardholder_name: body.cardholder_name ?? null,
    billing_address: postal(body.billing_address as Json | undefined),
    fingerprint: card.fingerprint,
    status: 'active',
    google_pay: {
      auth_method: device ? 'cryptogram_3ds' : 'pan_only',
      display_last4: shownDigits,
      account_verified: assurance?.account_verified ?? null,
      cardholder_authenticated: assurance?.cardholder_authenticated ?? null,
    },
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
  });
  exchangedTokens(context)[digest] = method.id;
  expireAfter(context, method);
  return {status: 201, body: method};
};

const updateGooglePayPaymentMethod: Handler = (context) => {
  const method = methodOf(context, googlePay);
  const body = context.body;
  const fields = {
    ...(body.cardholder_name === undefined ? {} : {cardholder_name: body.cardholder_name}),
    ...(body.billing_address === undefined ? {} : {billing_address: postal(body.billing_address as Json | null)}),
    ...(body.metadata === undefined ? {} : {metadata: body.metadata}),
  };
  update(method, fields, context.nowIso());
  return {status: 200, body: method};
};

export const wallets: Domain = {
  handlers: {
    registerApplePayDomain,
    getAllApplePayDomains: (context) => ({status: 200, body: context.page(context.all(['apd']))}),
    getApplePayDomainById: (context) => ({status: 200, body: applePayDomainOf(context)}),
    deleteApplePayDomain: (context) => {
      context.remove(applePayDomainOf(context).id);
      return {status: 204};
    },
    createApplePaySession,
    createApplePayToken,
    getAllApplePayPaymentMethods: list(applePay, false),
    getAllApplePayPaymentMethodsForACustomer: list(applePay, true),
    getApplePayTokenById: get(applePay),
    updateApplePayPaymentMethod,
    deleteApplePayPaymentMethod: remove(applePay),
    attachApplePayToCustomer: attach(applePay),
    detachApplePayFromCustomer: detach(applePay),
    createGooglePayToken,
    getAllGooglePayPaymentMethods: list(googlePay, false),
    getAllGooglePayPaymentMethodsForACustomer: list(googlePay, true),
    getGooglePayTokenById: get(googlePay),
    updateGooglePayPaymentMethod,
    deleteGooglePayPaymentMethod: remove(googlePay),
    attachGooglePayToCustomer: attach(googlePay),
    detachGooglePayFromCustomer: detach(googlePay),
  },
};
