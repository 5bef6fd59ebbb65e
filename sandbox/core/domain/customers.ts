/**
 * Customers and their payment methods: cards, bank accounts (with micro-deposit verification, also of
 * the business bank account of onboarding), Apple Pay and Google Pay payment methods, and the
 * `/v1/payment-methods` view of all of them (/concepts/accounts#customers, /guides/payment-methods).
 *
 * Cards are created by the web SDKs, never through the API, except by the sandbox's Create test card
 * from a test card number. The test payment methods (`card_test...`, `ba_test...`) that the payments
 * domain opens are stored objects that every request shares: they cannot be attached, changed or deleted.
 */
import {ApiError, notFound} from '../errors';
import type {AccountContext, RequestContext} from '../context';
import {created, move} from '../lifecycles';
import type {Domain, Handler} from '../sandbox';
import {iso, makeId, update, type ApiObject} from '../state';

type Json = Record<string, unknown>;

/** The micro-deposits, in cents, are always these in the sandbox. */
const microDeposits = [32, 45];

/** The write-only routing and account numbers of each bank account, by ID: never shown, used for duplicates and test outcomes. */
const numbersOf = (context: AccountContext) => (context.account.singletons['bank-account-numbers'] ??= {}) as Record<string, string>;

/**
 * Records an event about an object of one of the caller's accounts: the event's `account_id` is the
 * account the object belongs to, such as a seller (/concepts/webhooks#the-event-object).
 */
export function emitFor(context: AccountContext, accountId: string, type: string, object: Json): ApiObject {
  const event = context.emit(type, object as ApiObject);
  event.account_id = accountId;
  return event;
}

/** Pseudo-random letters and digits drawn from a seed: the same seed always draws the same ones. */
const drawn = (seed: string) => makeId('x', seed, 0).slice(2);
const digitsOf = (seed: string, count: number) =>
  Array.from(drawn(seed).slice(0, count), (char) => String(char.charCodeAt(0) % 10)).join('');

/**
 * Refuses a test routing number whose outcome is `routing_number_invalid`, and a test account number
 * whose outcome is `account_number_invalid`; the bank of the other test routing numbers is the
 * sandbox's own, `Sandbox Bank` (/api/testing, test values).
 */
function bankOf(context: AccountContext, {routingNumber, accountNumber}: {routingNumber: string; accountNumber: string}): string | null {
  const outcome = context.testOutcome('CreateBankAccountRequest', 'routing_number', routingNumber);
  if (outcome.includes('routing_number_invalid')) {
    throw new ApiError(
      'routing_number_invalid',
      `The routing number ${routingNumber} does not belong to any US bank. Check it against a check or the bank's website.`,
      'routing_number',
    );
  }
  if (context.testOutcome('CreateBankAccountRequest', 'account_number', accountNumber).includes('account_number_invalid')) {
    throw new ApiError(
      'account_number_invalid',
      `The bank of routing number ${routingNumber} does not accept the account number ending in ${accountNumber.slice(-4)}. Check it with the account holder.`,
      'account_number',
    );
  }
  return outcome.length > 0 ? 'Sandbox Bank' : null;
}

/** The outcome of the test account number a bank account was saved with (none for another number). */
const accountNumberOutcome = (context: AccountContext, bankAccount: ApiObject) =>
  context.testOutcome('CreateBankAccountRequest', 'account_number', numbersOf(context)[bankAccount.id]?.split('/')[1]);

/** Whether a bank account's test account number fails its verification, by micro-deposits or the bank login. */
const failsVerification = (context: AccountContext, bankAccount: ApiObject) =>
  accountNumberOutcome(context, bankAccount).includes('verification_failed');

/**
 * Saves a new bank account, a customer's (`ba`) or an account's business one (`bba`): the fields both
 * kinds share, and over them those of its kind. It keeps the numbers and, unless the bank account is verified
 * through the bank login (`instant`), sends its micro-deposits: with `context.now()` as their time, they
 * arrive as soon as the request ends ("within seconds" in the sandbox), so the answer shows the bank
 * account `new` and it is `verification_pending` from the next request on.
 */
export function openBankAccount(
  context: AccountContext,
  prefix: 'ba' | 'bba',
  numbers: {routingNumber: string; accountNumber: string},
  fields: Json,
): ApiObject {
  const bankName = bankOf(context, numbers);
  const now = context.nowIso();
  const bankAccount = context.save({
    id: context.newId(prefix),
    bank_name: bankName,
    last4: numbers.accountNumber.slice(-4),
    country: 'US',
    currency: 'USD',
    status: created('bankAccount', 'new'),
    verification_method: null,
    verification_attempts_remaining: 3,
    verified_at: null,
    ...fields,
    created_at: now,
    updated_at: now,
  });
  numbersOf(context)[bankAccount.id] = `${numbers.routingNumber}/${numbers.accountNumber}`;
  if (bankAccount.verification_method !== 'instant') context.schedule(context.now(), 'bank_account.micro_deposits', bankAccount.id);
  return bankAccount;
}

const customerOf = (context: RequestContext, id: unknown, param = 'customer_id') => context.get(String(id), param, ['cus']);

// Customers

const createCustomer: Handler = (context) => {
  const body = context.body;
  const now = context.nowIso();
  const customer = context.save({
    id: context.newId('cus'),
    name: body.name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    description: body.description ?? null,
    ...(body.billing_address ? {billing_address: body.billing_address} : {}),
    default_payment_method_id: null,
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
  });
  context.emit('customer.created', customer);
  return {status: 201, body: customer};
};

/** Update customer: the fields sent replace the stored ones (`null` clears); the default must be attached to the customer. */
const updateCustomer: Handler = (context) => {
  const customer = customerOf(context, context.params.customer_id);
  const body = context.body;
  const chosen = body.default_payment_method_id;
  if (typeof chosen === 'string' && context.find(chosen)?.customer_id !== customer.id) {
    throw new ApiError(
      'payment_method_not_attached',
      `Payment method ${chosen} is not attached to customer ${customer.id}. Attach it first, then make it the default.`,
      'default_payment_method_id',
    );
  }
  if (update(customer, body, context.nowIso())) context.emit('customer.updated', customer);
  return {status: 200, body: customer};
};

/** Delete customer: its payment methods are detached, and `customer.deleted` carries the customer as it was. */
const deleteCustomer: Handler = (context) => {
  const customer = customerOf(context, context.params.customer_id);
  const now = context.nowIso();
  for (const method of context.all(['card', 'ba', 'pm'])) {
    if (method.customer_id === customer.id) Object.assign(method, {customer_id: null, updated_at: now});
  }
  context.remove(customer.id);
  context.emit('customer.deleted', customer);
  return {status: 204};
};

// Payment methods of every kind: attach, detach, delete

/** A kind of payment method: the ID prefix, the path parameter, and for wallets the `type`. */
type Kind = {prefix: 'card' | 'ba' | 'pm'; param: string; type?: 'apple_pay' | 'google_pay'; noun: string};
const cards: Kind = {prefix: 'card', param: 'card_id', noun: 'Card'};
const bankAccounts: Kind = {prefix: 'ba', param: 'bank_account_id', noun: 'Bank account'};
const applePay: Kind = {prefix: 'pm', param: 'payment_method_id', type: 'apple_pay', noun: 'Apple Pay payment method'};
const googlePay: Kind = {prefix: 'pm', param: 'payment_method_id', type: 'google_pay', noun: 'Google Pay payment method'};

/** Whether a payment method is one of the test payment methods that every sandbox account holds. */
export const isTestMethod = (context: AccountContext, id: string) =>
  context.testOutcome('CreatePaymentRequest', 'payment_method_id', id).length > 0;

/** The payment method of the path, of this kind (a wallet of the other kind is not found). */
function methodOf(context: RequestContext, kind: Kind): ApiObject {
  const id = context.params[kind.param] ?? '';
  const method = context.get(id, kind.param, [kind.prefix]);
  if (kind.type && method.type !== kind.type) throw notFound(id, kind.param);
  return method;
}

/**
 * The payment method of the path, of this kind, to change: the shared test payment methods cannot be
 * attached, changed or deleted (/api/testing, test values), so that every request can charge them.
 */
function changedMethodOf(context: RequestContext, kind: Kind): ApiObject {
  const method = methodOf(context, kind);
  if (isTestMethod(context, method.id)) {
    const own =
      kind === cards
        ? 'Make a card of your own with Create test card'
        : 'Save a bank account of your own with Create bank account and the test numbers';
    throw new ApiError(
      'payment_method_unusable',
      `${kind.noun} ${method.id} is a test payment method that every request of this sandbox account shares, so it cannot be attached, changed or deleted. ${own}.`,
    );
  }
  return method;
}

const methodsOf = (context: AccountContext, kind: Kind) =>
  context.all([kind.prefix]).filter((method) => !kind.type || method.type === kind.type);

/** The customer whose default a payment method was stops having one, and hears of it. */
function dropDefault(context: AccountContext, method: ApiObject) {
  const customer = typeof method.customer_id === 'string' ? context.find(method.customer_id) : undefined;
  if (!customer || customer.default_payment_method_id !== method.id) return;
  Object.assign(customer, {default_payment_method_id: null, updated_at: context.nowIso()});
  context.emit('customer.updated', customer);
}

/** Attach: to the same customer again changes nothing; to another while attached is refused. */
const attach =
  (kind: Kind): Handler =>
  (context) => {
    const method = changedMethodOf(context, kind);
    const customer = customerOf(context, context.body.customer_id);
    if (method.customer_id === customer.id) return {status: 200, body: method};
    if (method.customer_id) {
      throw new ApiError(
        'payment_method_already_attached',
        `${kind.noun} ${method.id} is attached to customer ${String(method.customer_id)}. Detach it first, or ask the buyer to enter it again.`,
        'customer_id',
      );
    }
    if (kind === googlePay && method.status === 'expired') {
      throw new ApiError(
        'payment_method_unusable',
        `Payment method ${method.id} expired at the end of ${String(method.exp_month)}/${String(method.exp_year)} and cannot be attached. Ask the buyer to pay with Google Pay again.`,
      );
    }
    Object.assign(method, {customer_id: customer.id, updated_at: context.nowIso()});
    return {status: 200, body: method};
  };

const detach =
  (kind: Kind): Handler =>
  (context) => {
    const method = changedMethodOf(context, kind);
    if (!method.customer_id) {
      throw new ApiError(
        'payment_method_not_attached',
        `${kind.noun} ${method.id} is not attached to any customer, so there is nothing to detach.`,
      );
    }
    dropDefault(context, method);
    Object.assign(method, {customer_id: null, updated_at: context.nowIso()});
    return {status: 200, body: method};
  };

const remove =
  (kind: Kind): Handler =>
  (context) => {
    const method = changedMethodOf(context, kind);
    dropDefault(context, method);
    context.remove(method.id);
    delete numbersOf(context)[method.id];
    return {status: 204};
  };

/** A list of one kind's payment methods, all of them or one customer's. */
const list =
  (kind: Kind, ofCustomer: boolean): Handler =>
  (context) => {
    const customer = ofCustomer ? customerOf(context, context.params.customer_id) : undefined;
    const methods = methodsOf(context, kind).filter((method) => !customer || method.customer_id === customer.id);
    return {status: 200, body: context.page(methods)};
  };

const get =
  (kind: Kind): Handler =>
  (context) => ({status: 200, body: methodOf(context, kind)});

/** The short form of any payment method that `/v1/payment-methods` shows. */
function summary(method: ApiObject): ApiObject {
  const bank = method.id.startsWith('ba_');
  return {
    id: method.id,
    type: method.id.startsWith('card_') ? 'card' : bank ? 'bank_account' : method.type,
    customer_id: method.customer_id,
    brand: bank ? null : method.brand,
    last4: method.last4,
    exp_month: bank ? null : method.exp_month,
    exp_year: bank ? null : method.exp_year,
    bank_name: bank ? method.bank_name : null,
    status: method.status,
    created_at: method.created_at,
  };
}

const paymentMethods =
  (ofCustomer: boolean): Handler =>
  (context) => {
    const customer = ofCustomer ? customerOf(context, context.params.customer_id) : undefined;
    const methods = context.all(['card', 'ba', 'pm']).filter((method) => !customer || method.customer_id === customer.id);
    return {status: 200, body: context.page(methods.map(summary))};
  };

const getPaymentMethodById: Handler = (context) => {
  const id = context.params.payment_method_id ?? '';
  return {status: 200, body: summary(context.get(id, 'payment_method_id', ['card', 'ba', 'pm']))};
};

// Cards

/** Refuses an expiry date that has passed or is more than 20 years ahead. */
function checkExpiry(context: AccountContext, month: number, year: number) {
  const endOfMonth = Date.UTC(year, month, 1);
  const latest = new Date(context.now());
  latest.setUTCFullYear(latest.getUTCFullYear() + 20);
  if (endOfMonth <= context.now() || endOfMonth > latest.getTime()) {
    const passed = endOfMonth <= context.now();
    throw new ApiError(
      'expiry_date_invalid',
      `exp_month and exp_year give ${month}/${year}, which ${passed ? 'has already passed' : 'is more than 20 years ahead'}. Ask the cardholder for the expiry date printed on their current card.`,
      'exp_year',
    );
  }
}

/** Update card: a new expiry comes as month and year together, in the next 20 years; a future one makes the card `active`. */
const updateCard: Handler = (context) => {
  const card = changedMethodOf(context, cards);
  const body = context.body;
  if ((body.exp_month === undefined) !== (body.exp_year === undefined)) {
    const missing = body.exp_month === undefined ? 'exp_month' : 'exp_year';
    throw new ApiError('parameter_invalid', `Send exp_month and exp_year together: ${missing} is missing.`, missing);
  }
  if (typeof body.exp_month === 'number' && typeof body.exp_year === 'number') {
    checkExpiry(context, body.exp_month, body.exp_year);
  }
  update(card, {...body, ...(body.exp_month === undefined ? {} : {status: 'active'})}, context.nowIso());
  if (body.exp_month !== undefined) expireAfter(context, card);
  return {status: 200, body: card};
};

/** The card network of a card number, by its first digits. */
const brandOf = (number: string) =>
  number.startsWith('4') ? 'visa' : /^3[47]/.test(number) ? 'amex' : number.startsWith('6') ? 'discover' : 'mastercard';

/**
 * Makes a card from a test card number as the web SDK makes it from what a buyer types: its brand,
 * last four digits, funding (the first code of the number's outcome) and fingerprint come from the
 * number, the other fields from `fields` over the SDK's defaults.
 */
export function makeTestCard(context: AccountContext, number: string, {id, ...fields}: Json): ApiObject {
  const now = context.nowIso();
  return context.save({
    id: typeof id === 'string' ? id : context.newId('card'),
    customer_id: null,
    brand: brandOf(number),
    last4: number.slice(-4),
    exp_month: 12,
    exp_year: new Date(context.now()).getUTCFullYear() + 5,
    funding: context.testOutcome('CreateTestCardRequest', 'number', number)[0],
    country: 'US',
    cardholder_name: null,
    billing_address: {line1: null, line2: null, city: null, state: null, postal_code: '80202', country: 'US'},
    fingerprint: drawn(`card:${number}`).slice(0, 16),
    status: 'active',
    metadata: {},
    ...fields,
    created_at: now,
    updated_at: now,
  });
}

/** Create test card (sandbox): the card the web SDK would make from a test card number, saved to the customer when one is sent. */
const createTestCard: Handler = (context) => {
  const body = context.body;
  const customer = body.customer_id === undefined ? undefined : customerOf(context, body.customer_id);
  checkExpiry(context, body.exp_month as number, body.exp_year as number);
  const card = makeTestCard(context, String(body.number), {
    customer_id: customer?.id ?? null,
    exp_month: body.exp_month,
    exp_year: body.exp_year,
    cardholder_name: body.cardholder_name ?? null,
    ...(body.billing_address ? {billing_address: body.billing_address} : {}),
    metadata: body.metadata ?? {},
  });
  return {status: 201, body: card};
};

// Bank accounts

const createBankAccount: Handler = (context) => {
  const body = context.body;
  const routingNumber = String(body.routing_number);
  const accountNumber = String(body.account_number);
  const customer = body.customer_id === undefined ? undefined : customerOf(context, body.customer_id);
  const numbers = numbersOf(context);
  const same = context
    .all(['ba'])
    .find((other) => customer && other.customer_id === customer.id && numbers[other.id] === `${routingNumber}/${accountNumber}`);
  if (customer && same) {
    throw new ApiError(
      'resource_already_exists',
      `Customer ${customer.id} already has this bank account as ${same.id}. Use it instead of saving it again.`,
      'account_number',
    );
  }
  const bankAccount = openBankAccount(
    context,
    'ba',
    {routingNumber, accountNumber},
    {
      customer_id: customer?.id ?? null,
      account_holder_name: body.account_holder_name,
      account_holder_type: body.account_holder_type,
      account_type: body.account_type,
      verification_method: body.verification_method ?? 'micro_deposits',
      failure_code: null,
      metadata: body.metadata ?? {},
    },
  );
  return {status: 201, body: structuredClone(bankAccount)};
};

const updateBankAccount: Handler = (context) => {
  const bankAccount = changedMethodOf(context, bankAccounts);
  update(bankAccount, context.body, context.nowIso());
  return {status: 200, body: bankAccount};
};

/**
 * The bank account a verification names: a customer's (`/v1/bank-accounts/{bank_account_id}`) or the
 * business bank account of an account (`/v1/accounts/{account_id}/business/bank-account`). Both APIs
 * name these operations alike, so one handler serves both.
 */
const verifiedOne = (context: RequestContext): ApiObject =>
  context.params.bank_account_id === undefined ? savedBankAccount(context) : methodOf(context, bankAccounts);

/** The business bank account (`bba_`) of an account, the one saved last. */
export const businessBankAccount = (context: AccountContext, accountId: string) =>
  context.all(['bba']).find((candidate) => candidate.account_id === accountId);

/** The business bank account of the path's account, or `404` before one is saved. */
export function savedBankAccount(context: RequestContext): ApiObject {
  const account = context.get(context.params.account_id ?? '', 'account_id', ['acct']);
  const bankAccount = businessBankAccount(context, account.id);
  if (!bankAccount)
    throw new ApiError('resource_not_found', `Account ${account.id} has no bank account saved yet. Save one with Save bank account.`);
  return bankAccount;
}

/**
 * The event about a bank account, `bank_account.<verb>` for a customer's (`ba_`) and
 * `business_bank_account.<verb>` for an account's own (`bba_`), goes to the account that holds it:
 * a seller's for a business bank account.
 */
const emitBankAccount = (context: AccountContext, verb: 'verified' | 'verification_failed', bankAccount: ApiObject) =>
  emitFor(
    context,
    typeof bankAccount.account_id === 'string' ? bankAccount.account_id : context.account.id,
    `${bankAccount.id.startsWith('bba_') ? 'business_bank_account' : 'bank_account'}.${verb}`,
    bankAccount,
  );

function notVerifiable(bankAccount: ApiObject, allowed: string[]) {
  if (allowed.includes(String(bankAccount.status))) return;
  const why =
    bankAccount.status === 'verified'
      ? 'is already verified. There is nothing left to verify'
      : `has status ${String(bankAccount.status)} and cannot be verified. Save a new bank account`;
  throw new ApiError('bank_account_not_verifiable', `Bank account ${bankAccount.id} ${why}.`);
}

/**
 * Save bank verification: the two micro-deposits, 32 and 45 cents, verify the bank account; wrong
 * amounts use one of 3 attempts, and the third makes it `verification_failed`. The failing test
 * account number fails at the first attempt.
 */
const saveBankVerification: Handler = (context) => {
  const bankAccount = verifiedOne(context);
  notVerifiable(bankAccount, ['verification_pending']);
  const now = context.nowIso();
  const amounts = [...(context.body.amounts as number[])].sort((a, b) => a - b);
  if (failsVerification(context, bankAccount)) {
    move('bankAccount', bankAccount, 'verification_failed', {updated_at: now});
    emitBankAccount(context, 'verification_failed', bankAccount);
    return {status: 200, body: bankAccount};
  }
  if (amounts.join() === microDeposits.join()) {
    move('bankAccount', bankAccount, 'verified', {verification_method: 'micro_deposits', verified_at: now, updated_at: now});
    emitBankAccount(context, 'verified', bankAccount);
    return {status: 200, body: bankAccount};
  }
  const remaining = Number(bankAccount.verification_attempts_remaining) - 1;
  Object.assign(bankAccount, {verification_attempts_remaining: remaining, updated_at: now});
  if (remaining > 0) {
    throw new ApiError(
      'amount_invalid',
      `The amounts do not match the two deposits sent to this bank account. ${remaining} attempt${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''} before verification fails.`,
      'amounts',
    );
  }
  move('bankAccount', bankAccount, 'verification_failed');
  emitBankAccount(context, 'verification_failed', bankAccount);
  throw new ApiError(
    'amount_invalid',
    `The amounts do not match the two deposits sent to this bank account. No attempts remain: bank account ${bankAccount.id} is now verification_failed.`,
    'amounts',
  );
};

/** The hosted bank login signs in this long after its URL is made: in the sandbox, no holder has to. */
const bankLoginMs = 60_000;
/** The token of each bank account's latest verification URL: only its login counts. */
const bankLogins = (context: AccountContext) => (context.account.singletons['bank-logins'] ??= {}) as Record<string, string>;

/**
 * Get bank verification URL: a one-time hosted page, valid 30 minutes, while the bank account is `new`
 * or `verification_pending`. Each call ends the earlier URLs. In the sandbox the holder finishes the
 * bank login a minute later (`bank_account.login`).
 */
const getBankVerificationUrl: Handler = (context) => {
  const bankAccount = verifiedOne(context);
  notVerifiable(bankAccount, ['new', 'verification_pending']);
  const returnUrl = context.query.return_url;
  if (typeof returnUrl === 'string' && !returnUrl.startsWith('https://')) {
    throw new ApiError('url_invalid', `return_url must be a public https URL; ${returnUrl} is not.`, 'return_url');
  }
  const now = context.now();
  const token = `bvs_${drawn(`${bankAccount.id}:${now}:${context.account.seq}`)}`;
  bankLogins(context)[bankAccount.id] = token;
  context.schedule(now + bankLoginMs, 'bank_account.login', bankAccount.id, {token});
  return {
    status: 200,
    body: {
      bank_account_id: bankAccount.id,
      verification_url: `https://connect.sandbox.plaza.example/bank-verification/${token}`,
      ...(context.params.bank_account_id === undefined ? {} : {return_url: returnUrl ?? null}),
      expires_at: iso(now + 30 * 60_000),
      created_at: iso(now),
    },
  };
};

/**
 * The balance is known only of a bank account verified through the bank login (`instant`). The
 * refusal names the one step that works from the bank account's status: the bank login for one still
 * waiting for verification, a new bank account for one that can no longer go through it.
 */
const getBankAccountBalanceById: Handler = (context) => {
  const bankAccount = methodOf(context, bankAccounts);
  if (bankAccount.status !== 'verified' || bankAccount.verification_method !== 'instant') {
    const status = String(bankAccount.status);
    const why =
      status === 'verified'
        ? 'was verified with micro-deposits, so Plaza has no connection to its bank and cannot read its balance. To read balances, delete it with Delete bank account, create it again with Create bank account and verification_method instant, and have the holder sign in through the hosted bank login'
        : status === 'new' || status === 'verification_pending'
          ? `is ${status}. Verify it through the hosted bank login, with a URL from Get bank verification URL, to read its balance`
          : `is ${status}, so its balance cannot be read. Delete it with Delete bank account, then create it again with Create bank account and verification_method instant`;
    throw new ApiError('bank_account_balance_unavailable', `Bank account ${bankAccount.id} ${why}.`);
  }
  return {status: 200, body: {...context.example(), bank_account_id: bankAccount.id, refreshed_at: context.nowIso()}};
};

// Apple Pay and Google Pay

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
 * A card or wallet payment method becomes `expired` once its expiry month has passed: at 00:00 UTC on
 * the first day of the next month (the `payment_method.expire` job), unless its expiry changed since.
 */
function expireAfter(context: AccountContext, method: ApiObject) {
  context.unschedule(method.id, 'payment_method.expire');
  const end = Date.UTC(Number(method.exp_year), Number(method.exp_month), 1);
  context.schedule(end, 'payment_method.expire', method.id, {end});
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

export const customers: Domain = {
  handlers: {
    createCustomer,
    updateCustomer,
    deleteCustomer,
    getAllPaymentMethods: paymentMethods(false),
    getAllPaymentMethodsForACustomer: paymentMethods(true),
    getPaymentMethodById,
    getAllCardsForACustomer: list(cards, true),
    updateCard,
    createTestCard,
    deleteCard: remove(cards),
    attachCardToCustomer: attach(cards),
    detachCardFromCustomer: detach(cards),
    createBankAccount,
    getAllBankAccountsForACustomer: list(bankAccounts, true),
    updateBankAccount,
    deleteBankAccount: remove(bankAccounts),
    attachBankAccountToCustomer: attach(bankAccounts),
    detachBankAccountFromCustomer: detach(bankAccounts),
    saveBankVerification,
    getBankVerificationUrl,
    getBankAccountBalanceById,
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
  jobs: {
    /**
     * The holder finishes the hosted bank login of the latest URL: the bank account is `verified`
     * instantly, or `verification_failed` for the failing test account number, which the bank shows
     * as another account.
     */
    'bank_account.login': (context, job) => {
      const bankAccount = context.find(job.id);
      if (!bankAccount || bankLogins(context)[job.id] !== job.data?.token) return;
      if (bankAccount.status !== 'new' && bankAccount.status !== 'verification_pending') return;
      delete bankLogins(context)[job.id];
      const now = context.nowIso();
      if (failsVerification(context, bankAccount)) {
        move('bankAccount', bankAccount, 'verification_failed', {updated_at: now});
        emitBankAccount(context, 'verification_failed', bankAccount);
      } else {
        move('bankAccount', bankAccount, 'verified', {verification_method: 'instant', verified_at: now, updated_at: now});
        emitBankAccount(context, 'verified', bankAccount);
      }
    },
    'payment_method.expire': (context, job) => {
      const method = context.find(job.id);
      if (method?.status !== 'active' || Date.UTC(Number(method.exp_year), Number(method.exp_month), 1) !== job.data?.end) return;
      Object.assign(method, {status: 'expired', updated_at: context.nowIso()});
    },
    /**
     * The micro-deposits reach a bank account that is still `new`: it waits for their amounts. The bank
     * of a test account number whose outcome is `errored` returns them at once, with the failure its
     * outcome names, which a customer's bank account shows in `failure_code`.
     */
    'bank_account.micro_deposits': (context, job) => {
      const bankAccount = context.find(job.id);
      if (bankAccount?.status !== 'new') return;
      const now = context.nowIso();
      move('bankAccount', bankAccount, 'verification_pending', {updated_at: now});
      const outcome = accountNumberOutcome(context, bankAccount);
      if (!outcome.includes('errored')) return;
      move('bankAccount', bankAccount, 'errored', {updated_at: now});
      if (Object.hasOwn(bankAccount, 'failure_code')) bankAccount.failure_code = outcome.find((code) => code !== 'errored') ?? null;
    },
  },
};
