/**
 * Customers and what their payment methods of every kind share: attaching, detaching, deleting and
 * listing them, and the `/v1/payment-methods` view of all of them (/concepts/accounts#customers,
 * /guides/payment-methods). Also cards, and the saving of a bank account, a customer's or the business
 * bank account of onboarding, with its numbers (bank-accounts.ts verifies them; wallets.ts holds Apple
 * Pay and Google Pay).
 *
 * Cards are created by the web SDKs, never through the API, except by the sandbox's Create test card
 * from a test card number. The test payment methods (`card_test...`, `ba_test...`) that the payments
 * domain opens are stored objects that every request shares: they cannot be attached, changed or deleted.
 */
import {ApiError, notFound} from '../errors';
import type {AccountContext, RequestContext} from '../context';
import {created} from '../lifecycles';
import type {Domain, Handler} from '../types';
import {makeId, update, type ApiObject} from '../state';

type Json = Record<string, unknown>;

/** The write-only routing and account numbers of each bank account, by ID: never shown, used for duplicates and test outcomes. */
export const numbersOf = (context: AccountContext) => (context.account.singletons['bank-account-numbers'] ??= {}) as Record<string, string>;

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
export const drawn = (seed: string) => makeId('x', seed, 0).slice(2);

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

export const customerOf = (context: RequestContext, id: unknown, param = 'customer_id') => context.get(String(id), param, ['cus']);

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
export const bankAccounts: Kind = {prefix: 'ba', param: 'bank_account_id', noun: 'Bank account'};
export const applePay: Kind = {prefix: 'pm', param: 'payment_method_id', type: 'apple_pay', noun: 'Apple Pay payment method'};
export const googlePay: Kind = {prefix: 'pm', param: 'payment_method_id', type: 'google_pay', noun: 'Google Pay payment method'};

/** Whether a payment method is one of the test payment methods that every sandbox account holds. */
export const isTestMethod = (context: AccountContext, id: string) =>
  context.testOutcome('CreatePaymentRequest', 'payment_method_id', id).length > 0;

/** The payment method of the path, of this kind (a wallet of the other kind is not found). */
export function methodOf(context: RequestContext, kind: Kind): ApiObject {
  const id = context.params[kind.param] ?? '';
  const method = context.get(id, kind.param, [kind.prefix]);
  if (kind.type && method.type !== kind.type) throw notFound(id, kind.param);
  return method;
}

/**
 * The payment method of the path, of this kind, to change: the shared test payment methods cannot be
 * attached, changed or deleted (/api/testing, test values), so that every request can charge them.
 */
export function changedMethodOf(context: RequestContext, kind: Kind): ApiObject {
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

export const methodsOf = (context: AccountContext, kind: Kind) =>
  context.all([kind.prefix]).filter((method) => !kind.type || method.type === kind.type);

/** The customer whose default a payment method was stops having one, and hears of it. */
function dropDefault(context: AccountContext, method: ApiObject) {
  const customer = typeof method.customer_id === 'string' ? context.find(method.customer_id) : undefined;
  if (!customer || customer.default_payment_method_id !== method.id) return;
  Object.assign(customer, {default_payment_method_id: null, updated_at: context.nowIso()});
  context.emit('customer.updated', customer);
}

/** Attach: to the same customer again changes nothing; to another while attached is refused. */
export const attach =
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

export const detach =
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

export const remove =
  (kind: Kind): Handler =>
  (context) => {
    const method = changedMethodOf(context, kind);
    dropDefault(context, method);
    context.remove(method.id);
    delete numbersOf(context)[method.id];
    return {status: 204};
  };

/** A list of one kind's payment methods, all of them or one customer's. */
export const list =
  (kind: Kind, ofCustomer: boolean): Handler =>
  (context) => {
    const customer = ofCustomer ? customerOf(context, context.params.customer_id) : undefined;
    const methods = methodsOf(context, kind).filter((method) => !customer || method.customer_id === customer.id);
    return {status: 200, body: context.page(methods)};
  };

export const get =
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

/**
 * A card or wallet payment method becomes `expired` once its expiry month has passed: at 00:00 UTC on
 * the first day of the next month (the `payment_method.expire` job), unless its expiry changed since.
 */
export function expireAfter(context: AccountContext, method: ApiObject) {
  context.unschedule(method.id, 'payment_method.expire');
  const end = Date.UTC(Number(method.exp_year), Number(method.exp_month), 1);
  context.schedule(end, 'payment_method.expire', method.id, {end});
}

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
  },
  jobs: {
    'payment_method.expire': (context, job) => {
      const method = context.find(job.id);
      if (method?.status !== 'active' || Date.UTC(Number(method.exp_year), Number(method.exp_month), 1) !== job.data?.end) return;
      Object.assign(method, {status: 'expired', updated_at: context.nowIso()});
    },
  },
};
