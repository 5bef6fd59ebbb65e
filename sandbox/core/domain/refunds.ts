/**
 * Refunds of payments: a refund is `pending` until the cutoff submits it and sets its `submitted_at`; an
 * ACH refund stays `pending` a day longer (/guides/refunds/refund-payments). As for payments, every
 * movement of money goes through the ledger, held by the caller's account.
 */
import {countCompletion} from '../clock';
import {dayMs, nextCutoff} from '../time';
import type {AccountContext} from '../context';
import {ApiError} from '../errors';
import {created, move} from '../lifecycles';
import {recordTransaction, requireAvailable} from '../ledger';
import type {Domain, Handler} from '../types';
import {reverseRefundTransfer} from './transfers';
import type {ApiObject} from '../state';
import {getPayment, on, type Payment} from './payments';

/** ACH refunds succeed 1 to 3 business days after submission: 1 here; card and wallet refunds at submission. */
const achRefundDelayMs = dayMs;

type Refund = ApiObject & {
  payment_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled';
  failure_code: string | null;
  failure_message: string | null;
  updated_at: string;
  submitted_at: string | null;
  succeeded_at: string | null;
  failed_at: string | null;
  canceled_at: string | null;
};

/** Gives a failed or canceled refund's amount back to the balance, to the payment's refundable amount and, through its refund transfer, to the seller. */
function giveBack(context: AccountContext, refund: Refund) {
  recordTransaction(context, {
    holder: context.account.id,
    type: 'refund',
    amount: refund.amount,
    currency: refund.currency,
    sourceId: refund.id,
    description: `Reversal of refund ${refund.id}`,
  });
  const payment = context.find(refund.payment_id) as Payment | undefined;
  if (payment) Object.assign(payment, {amount_refunded: payment.amount_refunded - refund.amount, updated_at: context.nowIso()});
  reverseRefundTransfer(context, refund.id);
}

/**
 * Create refund: the amount leaves the available balance at once as a `refund` transaction, the
 * payment's `amount_refunded` grows, and the refund waits `pending` for the next cutoff.
 */
const createRefund: Handler = (context) => {
  const payment = context.get(String(context.body.payment_id), 'payment_id', ['pay']) as Payment;
  if (payment.status !== 'succeeded') {
    const next = payment.status === 'authorized' ? 'Cancel it to release the funds instead.' : 'Only succeeded payments can be refunded.';
    throw new ApiError(
      'refund_exceeds_payment',
      `Payment ${payment.id} has nothing to refund because its status is ${payment.status}. ${next}`,
      'payment_id',
    );
  }
  const left = payment.amount_captured - payment.amount_refunded;
  const amount = (context.body.amount as number | undefined) ?? left;
  if (amount > left || amount < 1) {
    throw new ApiError(
      'refund_exceeds_payment',
      `amount must be at most ${left}: payment ${payment.id} captured ${payment.amount_captured} and ${payment.amount_refunded} is already refunded.`,
      'amount',
    );
  }
  requireAvailable(context, context.account.id, payment.currency, amount);
  const now = context.nowIso();
  const refund = context.save<Refund>({
    id: context.newId('re'),
    payment_id: payment.id,
    amount,
    currency: payment.currency,
    reason: (context.body.reason as string | undefined) ?? null,
    status: created('refund', 'pending'),
    failure_code: null,
    failure_message: null,
    metadata: context.body.metadata ?? {},
    created_at: now,
    updated_at: now,
    submitted_at: null,
    succeeded_at: null,
    failed_at: null,
    canceled_at: null,
  });
  recordTransaction(context, {
    holder: context.account.id,
    type: 'refund',
    amount: -amount,
    currency: payment.currency,
    sourceId: refund.id,
    description: `Refund of payment ${payment.id}`,
  });
  Object.assign(payment, {amount_refunded: payment.amount_refunded + amount, updated_at: now});
  context.schedule(nextCutoff(context.now()), 'refund.submit', refund.id);
  context.emit('refund.created', refund);
  return {status: 201, body: refund};
};

/** Cancels a `pending` refund that the cutoff has not submitted yet (`submitted_at` is `null`). */
const cancelsARefund: Handler = (context) => {
  const refund = context.get(context.params.refund_id ?? '', 'refund_id', ['re']) as Refund;
  if (refund.status !== 'pending' || refund.submitted_at !== null) {
    const why =
      refund.status === 'pending'
        ? `it was already submitted to the bank at the 17:00 UTC cutoff (submitted_at ${String(refund.submitted_at)})`
        : `its status is ${refund.status}`;
    throw new ApiError('refund_not_cancelable', `Refund ${refund.id} cannot be canceled because ${why}.`);
  }
  context.unschedule(refund.id, 'refund.submit');
  const now = context.nowIso();
  move('refund', refund, 'canceled', {canceled_at: now, updated_at: now});
  giveBack(context, refund);
  context.emit('refund.canceled', refund);
  return {status: 200, body: refund};
};

const getAllRefundsForPayment: Handler = (context) => {
  const payment = getPayment(context);
  return {status: 200, body: context.page(context.all(['re']).filter((refund) => refund.payment_id === payment.id))};
};

/** Every refund that the query's filters keep, as Get all refunds lists them, in one CSV file. */
const exportRefunds: Handler = (context) => context.csv(context.filter(context.all(['re'])), 'refunds.csv');

/** The card network or the bank answers a submitted refund: a test amount whose outcome is `refund_failed` fails. */
function settleRefund(context: AccountContext, refund: Refund) {
  const now = context.nowIso();
  if (context.testOutcome('CreateRefundRequest', 'amount', refund.amount).includes('refund_failed')) {
    move('refund', refund, 'failed', {
      failure_code: 'refund_failed',
      failure_message: 'The card issuer refused the refund. Pay the buyer back another way, for example with a payout.',
      failed_at: now,
      updated_at: now,
    });
    giveBack(context, refund);
    context.emit('refund.failed', refund);
  } else {
    move('refund', refund, 'succeeded', {succeeded_at: now, updated_at: now});
    context.emit('refund.succeeded', refund);
  }
  countCompletion(context, 'refunds');
}

export const refunds: Domain = {
  handlers: {
    createRefund,
    cancelsARefund,
    getAllRefundsForPayment,
    exportRefunds,
  },
  jobs: {
    /** The cutoff submits a refund: a card or wallet refund is answered at once, an ACH refund a day later. */
    'refund.submit': on<Refund>((context, refund) => {
      Object.assign(refund, {submitted_at: context.nowIso(), updated_at: context.nowIso()});
      const payment = context.find(refund.payment_id) as Payment | undefined;
      if (payment?.payment_method_type === 'bank_account') context.schedule(context.now() + achRefundDelayMs, 'refund.settle', refund.id);
      else settleRefund(context, refund);
    }),
    'refund.settle': on<Refund>(settleRefund),
  },
};
