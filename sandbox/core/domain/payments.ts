/**
 * Money in: payments by card, wallet and ACH, and the test payment methods that every sandbox account
 * holds. What follows an ACH payment's creation (its submission, settlement and returns) is in
 * ach-debits.ts, and refunds are in refunds.ts.
 *
 * Card and wallet payments are decided while the request waits (/guides/payments/process-card-payments):
 * `succeeded`, `authorized` with `capture: false`, or a decline answered `422 processing_error` that is
 * still recorded as a `failed` payment. ACH payments are `processing` until the clock jobs submit them at
 * the 17:00 UTC cutoff (/guides/payments/process-ach-payments). Every movement
 * of money goes through the ledger; the holder is always the caller's account, since a marketplace
 * payment's funds land in the platform's balance (/guides/marketplaces/transfer-funds-to-sellers).
 * The sandbox has no weekends or holidays (/api/testing), so a business day is 24 hours.
 */
import {countCompletion} from '../clock';
import {dayMs, nextCutoff} from '../time';
import type {AccountContext, RequestContext} from '../context';
import {ApiError} from '../errors';
import {created, move} from '../lifecycles';
import {accountSetting, recordTransaction, requireApproved} from '../ledger';
import type {Domain, Handler, JobRunner} from '../types';
import {makeTestCard} from './customers';
import {iso, update, type ApiObject} from '../state';

/**
 * A payment's funds become available the account setting `payouts.delay_days` (2 by default) business
 * days after it settles: a card or wallet payment at capture, an ACH debit `achOutcomeDelayMs` after
 * submission, so 2 and 4 days by default (/concepts/transactions).
 */
export const fundsDelayMs = (context: AccountContext): number =>
  Number(accountSetting(context, context.account.id, 'payouts.delay_days')?.value ?? 2) * dayMs;
/** An authorization lasts 7 days (/guides/payments/authorize-and-capture-payments). */
const authorizationMs = 7 * dayMs;
/** The smallest payment in every currency (50 for USD) and the largest ACH payment (/api/errors `amount_invalid`). */
const minimumAmount = 50;
const maximumAchAmount = 2_500_000;

export type Payment = ApiObject & {
  amount: number;
  currency: string;
  status: 'processing' | 'authorized' | 'succeeded' | 'failed' | 'canceled';
  capture: boolean;
  amount_captured: number;
  amount_refunded: number;
  payment_method_id: string;
  payment_method_type: 'card' | 'bank_account' | 'apple_pay' | 'google_pay';
  customer_id: string | null;
  account_id: string | null;
  description: string | null;
  statement_descriptor: string | null;
  failure_code: string | null;
  failure_message: string | null;
  authorization_expires_at: string | null;
  updated_at: string;
  authorized_at: string | null;
  captured_at: string | null;
  failed_at: string | null;
  canceled_at: string | null;
};

type Decline = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'fraud_suspected' | 'processor_unavailable';

/** Each decline: its cause and advice (/api/errors, failure codes), and the ISO 8583 answer of the card network. */
const declines: Record<Decline, {cause: string; advice: string; code: string; text: string}> = {
  card_declined: {
    cause: 'The card issuer declined the payment without giving a reason.',
    advice: 'Ask the buyer for another payment method.',
    code: '05',
    text: 'Do not honor',
  },
  insufficient_funds: {
    cause: 'The card has insufficient funds for this amount.',
    advice: 'Ask the buyer for another payment method.',
    code: '51',
    text: 'Insufficient funds',
  },
  expired_card: {
    cause: "The card's expiry date has passed.",
    advice: 'Ask the buyer to enter a current card.',
    code: '54',
    text: 'Expired card',
  },
  incorrect_cvc: {
    cause: "The card's security code is wrong.",
    advice: 'Ask the buyer to enter the card details again.',
    code: 'N7',
    text: 'CVV2 mismatch',
  },
  fraud_suspected: {
    cause: "The issuer or Plaza's fraud checks blocked the payment as likely fraud.",
    advice: 'Do not retry; review the order.',
    code: '59',
    text: 'Suspected fraud',
  },
  processor_unavailable: {
    cause: 'The card network could not be reached in time.',
    advice: 'Retry later as a new payment with a new idempotency key.',
    code: '91',
    text: 'Issuer or switch inoperative',
  },
};

/**
 * Opens the test payment methods of the specs (/api/testing, test values): each the card or bank
 * account of the first test number whose outcome is its own.
 */
function openTestMethods(context: AccountContext) {
  const expiryYear = new Date(context.now()).getUTCFullYear() + 5;
  const numberWith = (schema: string, property: string, outcome: string[]) =>
    [...context.index.sandboxValues(schema, property)].find(([, codes]) => codes.join() === outcome.join())?.[0];
  for (const [id, outcome] of context.index.sandboxValues('CreatePaymentRequest', 'payment_method_id')) {
    if (id.startsWith('card_')) {
      const number = numberWith('CreateTestCardRequest', 'number', outcome);
      if (number) makeTestCard(context, number, {id, exp_month: 12, exp_year: expiryYear});
      continue;
    }
    const number = numberWith('CreateBankAccountRequest', 'account_number', outcome);
    if (!number) continue;
    const now = context.nowIso();
    context.save({
      id,
      customer_id: null,
      account_holder_name: 'Sandbox Test Account',
      account_holder_type: 'individual',
      account_type: 'checking',
      bank_name: 'Sandbox Bank',
      last4: number.slice(-4),
      country: 'US',
      currency: 'USD',
      status: 'verified',
      verification_method: 'instant',
      verification_attempts_remaining: 3,
      failure_code: null,
      metadata: {},
      verified_at: now,
      created_at: now,
      updated_at: now,
    });
  }
}

/**
 * The descriptor a payment carries when the request sends none: the account's
 * `payments.statement_descriptor` setting, else its business name in capitals, cut to 22 characters.
 */
function defaultDescriptor(context: AccountContext, accountId: string): string | null {
  const name = context.find(accountId)?.business_name;
  const fromName =
    typeof name === 'string'
      ? name
          .toUpperCase()
          .replace(/[^A-Z0-9 .,*&-]/g, '')
          .slice(0, 22)
          .trim()
      : '';
  return accountSetting(context, accountId, 'payments.statement_descriptor')?.value ?? (fromName || null);
}

/** Plaza's fee, by the Payments product's pricing (Get all products): 2.9% + 30 for cards and wallets, 0.8% capped at 500 for ACH. */
export const paymentFee = (payment: Payment, amount: number) =>
  payment.payment_method_type === 'bank_account' ? Math.min(500, Math.round(amount * 0.008)) : Math.round(amount * 0.029) + 30;

const methodType = (method: ApiObject): Payment['payment_method_type'] =>
  method.id.startsWith('card_') ? 'card' : method.id.startsWith('ba_') ? 'bank_account' : (method.type as 'apple_pay' | 'google_pay');

/** The outcome codes that a payment's test values choose: its card's test number, and its amount. */
function testOutcomes(context: AccountContext, method: ApiObject | undefined, amount: number): string[] {
  const card = method?.id.startsWith('card_') ? context.numberOutcome('CreateTestCardRequest', 'number', method.last4) : [];
  return [...card, ...context.testOutcome('CreatePaymentRequest', 'amount', amount)];
}

/** Why a card or wallet payment is declined, if it is: an expired method, or a test card or amount that declines. */
function declineOf(context: AccountContext, method: ApiObject, amount: number): Decline | undefined {
  if (method.status === 'expired') return 'expired_card';
  return testOutcomes(context, method, amount).find((code): code is Decline => Object.hasOwn(declines, code));
}

/** Whether a dispute case opens once the payment succeeds: a test card or amount whose outcome is `dispute_case.created`. */
const disputeFollows = (context: AccountContext, payment: Payment) =>
  testOutcomes(context, context.find(payment.payment_method_id), payment.amount).includes('dispute_case.created');

export const getPayment = (context: RequestContext) => context.get(context.params.payment_id ?? '', 'payment_id', ['pay']) as Payment;

/** Records what the card network or the ACH network answered for a payment (/concepts/transactions). */
export function recordProcessorResponse(
  context: AccountContext,
  payment: Payment,
  answer: {code: string; text: string; approved: boolean},
) {
  const method = context.find(payment.payment_method_id);
  const ach = payment.payment_method_type === 'bank_account';
  // A network that could not be reached checked nothing; ACH checks neither address nor code, wallets no code.
  const reached = answer.code !== declines.processor_unavailable.code;
  const address = (method?.billing_address as {line1?: unknown} | undefined)?.line1 ? 'match' : 'postal_code_only';
  const cvc = answer.code === declines.incorrect_cvc.code ? 'no_match' : 'match';
  context.save({
    id: context.newId('pr'),
    payment_id: payment.id,
    processor: ach ? 'ach' : method?.brand,
    response_code: answer.code,
    response_message: answer.text,
    avs_result: ach ? null : reached ? address : 'unavailable',
    cvc_result: payment.payment_method_type !== 'card' ? null : reached ? cvc : 'unavailable',
    network_transaction_id: ach || !reached ? null : String(581e12 + context.account.seq),
    approved: answer.approved,
    created_at: context.nowIso(),
  });
}

/** A payment's money has moved: it is `succeeded`, and a dispute case may follow. */
export function succeed(context: AccountContext, payment: Payment, amount: number) {
  const now = context.nowIso();
  move('payment', payment, 'succeeded', {amount_captured: amount, captured_at: now, updated_at: now});
  if (disputeFollows(context, payment)) context.schedule(context.now(), 'dispute.open', payment.id);
  context.emit('payment.succeeded', payment);
}

/** Captures a card or wallet payment: its funds join the pending balance until `fundsDelayMs` later. */
function captureFunds(context: AccountContext, payment: Payment, amount: number) {
  recordTransaction(context, {
    holder: context.account.id,
    type: 'payment',
    amount,
    fee: paymentFee(payment, amount),
    currency: payment.currency,
    sourceId: payment.id,
    availableAt: context.now() + fundsDelayMs(context),
    ...(payment.description ? {description: payment.description} : {}),
  });
  succeed(context, payment, amount);
}

function cancel(context: AccountContext, payment: Payment) {
  const now = context.nowIso();
  move('payment', payment, 'canceled', {canceled_at: now, updated_at: now});
  context.emit('payment.canceled', payment);
}

export const hasJob = (context: AccountContext, id: string, kind: string) =>
  context.account.jobs.some((job) => job.id === id && job.kind === kind);

/** Refuses a payment that breaks a rule of its payment method before anything is recorded. */
function checkPayment(body: Record<string, unknown>, method: ApiObject, type: Payment['payment_method_type']) {
  const amount = body.amount as number;
  if (type === 'bank_account') {
    if (body.capture === false) {
      throw new ApiError(
        'payment_method_unusable',
        'Bank accounts cannot be authorized without capture. Send capture true, or use a card or wallet payment method.',
        'capture',
      );
    }
    if (body.currency !== 'USD') throw new ApiError('currency_unsupported', 'ACH payments can only be made in USD.', 'currency');
    if (method.status !== 'verified') {
      throw new ApiError(
        'payment_method_unusable',
        `Bank account ${method.id} is not verified (status ${String(method.status)}). Only verified bank accounts can be charged.`,
        'payment_method_id',
      );
    }
    if (amount > maximumAchAmount)
      throw new ApiError('amount_invalid', `amount must be at most ${maximumAchAmount} (25,000.00 USD) for an ACH payment.`, 'amount');
  }
  if (amount < minimumAmount)
    throw new ApiError('amount_invalid', `amount must be at least ${minimumAmount} (0.50 ${String(body.currency)}).`, 'amount');
}

/**
 * Create payment: a card or wallet payment is decided at once; an ACH payment waits for the cutoff.
 * A decline is recorded as a `failed` payment with `payment.created` and `payment.failed`, then
 * answered `422` with the decline's code.
 */
const createPayment: Handler = (context) => {
  const body = context.body;
  const method = context.get(String(body.payment_method_id), 'payment_method_id');
  if (typeof body.customer_id === 'string') context.get(body.customer_id, 'customer_id', ['cus']);
  if (typeof body.account_id === 'string') {
    const account = context.get(body.account_id, 'account_id', ['acct']);
    // A platform takes payments for a seller only once the seller's onboarding is approved (/guides/marketplaces/onboard-sellers).
    if (account.platform_account_id === context.account.id) requireApproved(context, account.id, 'account_id');
  }
  const type = methodType(method);
  checkPayment(body, method, type);
  const now = context.nowIso();
  const decline = type === 'bank_account' ? undefined : declineOf(context, method, body.amount as number);
  const status = type === 'bank_account' ? 'processing' : decline ? 'failed' : body.capture === false ? 'authorized' : 'succeeded';
  const payment = context.save<Payment>({
    id: context.newId('pay'),
    amount: body.amount as number,
    currency: body.currency as string,
    status: created('payment', status),
    capture: body.capture !== false,
    amount_captured: 0,
    amount_refunded: 0,
    payment_method_id: method.id,
    payment_method_type: type,
    customer_id: (body.customer_id as string | undefined) ?? (method.customer_id as string | null) ?? null,
    account_id: (body.account_id as string | undefined) ?? null,
    description: (body.description as string | undefined) ?? null,
    statement_descriptor:
      (body.statement_descriptor as string | undefined) ??
      defaultDescriptor(context, (body.account_id as string | undefined) ?? context.account.id),
    failure_code: null,
    failure_message: null,
    metadata: body.metadata ?? {},
    authorization_expires_at: null,
    created_at: now,
    updated_at: now,
    authorized_at: null,
    captured_at: null,
    failed_at: null,
    canceled_at: null,
  });
  if (type === 'bank_account') {
    context.schedule(nextCutoff(context.now()), 'ach.submit', payment.id);
    context.emit('payment.created', payment);
    return {status: 201, body: payment};
  }
  if (decline) {
    const {cause, advice} = declines[decline];
    Object.assign(payment, {failure_code: decline, failure_message: `${cause} ${advice}`, failed_at: now});
    recordProcessorResponse(context, payment, {...declines[decline], approved: false});
    context.emit('payment.created', payment);
    context.emit('payment.failed', payment);
    const next = `${advice.charAt(0).toLowerCase()}${advice.slice(1)}`;
    throw new ApiError(
      decline,
      `${cause} The attempt is recorded as the failed payment ${payment.id}; ${next}`,
      'payment_method_id',
      {},
      {
        payment_id: payment.id,
      },
    );
  }
  recordProcessorResponse(context, payment, {code: '00', text: 'Approved', approved: true});
  payment.authorized_at = now;
  context.emit('payment.created', payment);
  if (payment.capture) {
    captureFunds(context, payment, payment.amount);
    return {status: 201, body: payment};
  }
  const expiresAt = context.now() + authorizationMs;
  payment.authorization_expires_at = iso(expiresAt);
  context.schedule(expiresAt, 'payment.expire', payment.id);
  context.emit('payment.authorized', payment);
  return {status: 201, body: payment};
};

/** Captures a payment, in full or for less than authorized; the rest of the hold is released. */
const capturesAPayment: Handler = (context) => {
  const payment = getPayment(context);
  if (payment.status !== 'authorized') {
    const next = payment.status === 'canceled' ? 'Create a new payment to charge the buyer.' : 'Only authorized payments can be captured.';
    throw new ApiError(
      'payment_not_capturable',
      `Payment ${payment.id} cannot be captured because its status is ${payment.status}. ${next}`,
    );
  }
  const amount = (context.body.amount as number | undefined) ?? payment.amount;
  if (amount > payment.amount) {
    throw new ApiError(
      'amount_invalid',
      `amount must be at most ${payment.amount}, the amount authorized for payment ${payment.id}.`,
      'amount',
    );
  }
  context.unschedule(payment.id, 'payment.expire');
  captureFunds(context, payment, amount);
  return {status: 200, body: payment};
};

/** Cancels an authorization, or an ACH payment whose debit the cutoff has not submitted yet. */
const cancelsAPayment: Handler = (context) => {
  const payment = getPayment(context);
  if (payment.status === 'authorized') context.unschedule(payment.id, 'payment.expire');
  else if (payment.status === 'processing' && hasJob(context, payment.id, 'ach.submit')) context.unschedule(payment.id, 'ach.submit');
  else {
    const why =
      payment.status === 'processing'
        ? 'its debit was already submitted to the bank network. Refund it once it succeeds.'
        : `its status is ${payment.status}.${payment.status === 'succeeded' ? ' Refund it instead.' : ''}`;
    throw new ApiError('payment_not_cancelable', `Payment ${payment.id} cannot be canceled because ${why}`);
  }
  cancel(context, payment);
  return {status: 200, body: payment};
};

/** Changes description, metadata, and the statement descriptor while the payment is `authorized`. */
const updatePayment: Handler = (context) => {
  const payment = getPayment(context);
  if (context.body.statement_descriptor !== undefined && payment.status !== 'authorized') {
    throw new ApiError(
      'payment_not_capturable',
      `statement_descriptor can only change before capture, and payment ${payment.id} is already ${payment.status}.`,
      'statement_descriptor',
    );
  }
  // The body holds only these fields (additionalProperties: false); metadata replaces all stored keys.
  update(payment, {...context.body, ...(context.body.description === '' ? {description: null} : {})}, context.nowIso());
  return {status: 200, body: payment};
};

const getAllPaymentsForACustomer: Handler = (context) => {
  const customer = context.get(context.params.customer_id ?? '', 'customer_id', ['cus']);
  return {status: 200, body: context.page(context.all(['pay']).filter((payment) => payment.customer_id === customer.id))};
};

/** A clock job on a payment or a refund, run when its object still exists. */
export const on =
  <T extends ApiObject>(run: (context: AccountContext, object: T) => void): JobRunner =>
  (context, job) => {
    const object = context.find(job.id);
    if (object) run(context, object as T);
  };

export const payments: Domain = {
  open: openTestMethods,
  handlers: {
    createPayment,
    capturesAPayment,
    cancelsAPayment,
    updatePayment,
    getAllPaymentsForACustomer,
  },
  jobs: {
    /** An authorization still uncaptured after 7 days is canceled. */
    'payment.expire': on<Payment>((context, payment) => {
      if (payment.status !== 'authorized') return;
      cancel(context, payment);
      countCompletion(context, 'expired_authorizations');
    }),
  },
};
