/**
 * Money between a platform and its sellers (/guides/marketplaces/transfer-funds-to-sellers): balance
 * transfers (`bt_`) in either direction, payment transfers (`ptr_`) of a marketplace payment's share to
 * its seller, and refund transfers (`rtr_`) that pull a seller's share of a refund back. Each one writes
 * a transaction of its type on both ledgers. Both sides of a payment transfer wait for the payment's
 * funds while those are pending (/concepts/transactions); every other side is available at once, and
 * what leaves an available balance must be covered by it (`422 insufficient_balance`).
 */
import type {AccountContext, RequestContext} from '../context';
import {ApiError} from '../errors';
import {recordTransaction, requireAvailable, requireApproved, requireSeller} from '../ledger';
import type {Domain, Handler} from '../types';
import type {ApiObject} from '../state';
import type {Payment} from './payments';

type PaymentTransfer = ApiObject & {payment_id: string; account_id: string; amount: number; currency: string; amount_reversed: number};
type RefundTransfer = ApiObject & {refund_id: string; payment_transfer_id: string; account_id: string; amount: number; currency: string};
type Refund = ApiObject & {payment_id: string; amount: number; currency: string; status: string};

/** The fields every transfer takes from the request as they are. */
const notes = (context: RequestContext) => ({
  description: (context.body.description as string | undefined) ?? null,
  metadata: context.body.metadata ?? {},
  created_at: context.nowIso(),
});

/**
 * Moves `amount` from one holder's balance to another's as a pair of transactions of one type, both
 * available at once, or both pending until `availableAt` when it is later (/concepts/transactions,
 * Transaction status).
 */
function movePair(
  context: AccountContext,
  from: string,
  to: string,
  entry: {type: string; amount: number; currency: string; sourceId: string; description: unknown; availableAt?: number},
) {
  const {availableAt, ...common} = {...entry, description: typeof entry.description === 'string' ? entry.description : undefined};
  recordTransaction(context, {...common, holder: from, amount: -entry.amount, availableAt});
  recordTransaction(context, {...common, holder: to, availableAt});
}

/** Moves money at once between the platform's available balance and one of its sellers'. */
const createBalanceTransfer: Handler = (context) => {
  const {
    from_account_id: from,
    to_account_id: to,
    amount,
    currency,
  } = context.body as {from_account_id: string; to_account_id: string; amount: number; currency: string};
  if (from === to) throw new ApiError('parameter_invalid', 'to_account_id must differ from from_account_id.', 'to_account_id');
  const own = context.account.id;
  if (from !== own && to !== own) {
    throw new ApiError('parameter_invalid', `One of from_account_id and to_account_id must be your own account ${own}.`, 'from_account_id');
  }
  const sellerParam = from === own ? 'to_account_id' : 'from_account_id';
  const seller = requireSeller(context, from === own ? to : from, sellerParam);
  requireApproved(context, seller, sellerParam);
  requireAvailable(context, from, currency, amount);
  const transfer = context.save({id: context.newId('bt'), from_account_id: from, to_account_id: to, amount, currency, ...notes(context)});
  movePair(context, from, to, {type: 'balance_transfer', amount, currency, sourceId: transfer.id, description: transfer.description});
  context.emit('balance_transfer.created', transfer);
  return {status: 201, body: transfer};
};

/**
 * Sends a seller its share of a `succeeded` payment, at most what was captured and not refunded. The
 * amount is checked before the payment's one transfer, as the guide's sandbox steps expect `422
 * amount_invalid` for too much after a first transfer. While the payment's funds are pending, the
 * transfer is paid from them: both sides stay pending until the funds' `available_at`. Once they are
 * available, it is paid from the platform's available balance, which must cover it.
 */
const createPaymentTransfer: Handler = (context) => {
  const payment = context.get(String(context.body.payment_id), 'payment_id', ['pay']) as Payment;
  const sellerId = (context.body.account_id as string | undefined) ?? payment.account_id;
  if (!sellerId) {
    throw new ApiError('parameter_invalid', `Payment ${payment.id} has no account_id: name the seller to pay in account_id.`, 'account_id');
  }
  const seller = requireSeller(context, sellerId, 'account_id');
  if (payment.status !== 'succeeded') {
    throw new ApiError(
      'amount_invalid',
      `Payment ${payment.id} has nothing to transfer yet because its status is ${payment.status}. Transfer it after payment.succeeded.`,
      'payment_id',
    );
  }
  const amount = context.body.amount as number;
  const left = payment.amount_captured - payment.amount_refunded;
  if (amount > left) {
    throw new ApiError(
      'amount_invalid',
      `amount must be at most ${left}, the amount captured and not refunded on payment ${payment.id}.`,
      'amount',
    );
  }
  const existing = context.all(['ptr']).find((transfer) => transfer.payment_id === payment.id);
  if (existing) {
    throw new ApiError(
      'resource_already_exists',
      `Payment ${payment.id} already has the payment transfer ${existing.id}. A payment can have only one.`,
      'payment_id',
    );
  }
  requireApproved(context, seller, 'account_id');
  const funds = context
    .all(['txn'])
    .find((entry) => entry.source_id === payment.id && entry.type === 'payment' && Number(entry.amount) > 0);
  if (funds?.status !== 'pending') requireAvailable(context, context.account.id, payment.currency, amount);
  const transfer = context.save<PaymentTransfer>({
    id: context.newId('ptr'),
    payment_id: payment.id,
    account_id: seller,
    amount,
    currency: payment.currency,
    amount_reversed: 0,
    ...notes(context),
    updated_at: context.nowIso(),
  });
  movePair(context, context.account.id, seller, {
    type: 'payment_transfer',
    amount,
    currency: payment.currency,
    sourceId: transfer.id,
    description: transfer.description,
    ...(funds ? {availableAt: Date.parse(String(funds.available_at))} : {}),
  });
  context.emit('payment_transfer.created', transfer);
  return {status: 201, body: transfer};
};

/**
 * Pulls a seller's share of a refund back: by default the refund times the transfer over the captured
 * amount, rounded down; at most the refund and what is left of the payment transfer.
 */
const createRefundTransfer: Handler = (context) => {
  const refund = context.get(String(context.body.refund_id), 'refund_id', ['re']) as Refund;
  const existing = context.all(['rtr']).find((transfer) => transfer.refund_id === refund.id);
  if (existing) {
    throw new ApiError(
      'resource_already_exists',
      `Refund ${refund.id} already has the refund transfer ${existing.id}. A refund can have only one.`,
      'refund_id',
    );
  }
  const transfer = context.all(['ptr']).find((candidate) => candidate.payment_id === refund.payment_id) as PaymentTransfer | undefined;
  if (!transfer) {
    throw new ApiError(
      'amount_invalid',
      `Refund ${refund.id} belongs to payment ${refund.payment_id}, which has no payment transfer, so there is no seller share to pull back.`,
      'refund_id',
    );
  }
  if (refund.status !== 'pending' && refund.status !== 'succeeded') {
    throw new ApiError('amount_invalid', `Refund ${refund.id} is ${refund.status}, so there is no seller share to pull back.`, 'refund_id');
  }
  const payment = context.get(refund.payment_id, 'refund_id') as Payment;
  const amount = (context.body.amount as number | undefined) ?? Math.floor((refund.amount * transfer.amount) / payment.amount_captured);
  const left = transfer.amount - transfer.amount_reversed;
  if (amount > refund.amount) {
    throw new ApiError('amount_invalid', `amount must be at most ${refund.amount}, the amount of refund ${refund.id}.`, 'amount');
  }
  if (amount > left || amount < 1) {
    throw new ApiError(
      'amount_invalid',
      `amount must be from 1 to ${left}, what is left to pull back of payment transfer ${transfer.id}.`,
      'amount',
    );
  }
  requireAvailable(context, transfer.account_id, transfer.currency, amount);
  const refundTransfer = context.save<RefundTransfer>({
    id: context.newId('rtr'),
    refund_id: refund.id,
    payment_id: payment.id,
    payment_transfer_id: transfer.id,
    account_id: transfer.account_id,
    amount,
    currency: transfer.currency,
    ...notes(context),
  });
  movePair(context, transfer.account_id, context.account.id, {
    type: 'refund_transfer',
    amount,
    currency: transfer.currency,
    sourceId: refundTransfer.id,
    description: refundTransfer.description,
  });
  Object.assign(transfer, {amount_reversed: transfer.amount_reversed + amount, updated_at: context.nowIso()});
  context.emit('refund_transfer.created', refundTransfer);
  return {status: 201, body: refundTransfer};
};

/**
 * A refund that failed or was canceled gives its refund transfer back to the seller, as reversing
 * `refund_transfer` transactions, and the payment transfer's `amount_reversed` shrinks again
 * (the RefundTransfer schema). The refunds' domain calls it when it gives a refund's amount back.
 */
export function reverseRefundTransfer(context: AccountContext, refundId: string) {
  const refundTransfer = context.all(['rtr']).find((candidate) => candidate.refund_id === refundId) as RefundTransfer | undefined;
  const transfer = refundTransfer && (context.find(refundTransfer.payment_transfer_id) as PaymentTransfer | undefined);
  if (!refundTransfer || !transfer) return;
  movePair(context, context.account.id, refundTransfer.account_id, {
    type: 'refund_transfer',
    amount: refundTransfer.amount,
    currency: refundTransfer.currency,
    sourceId: refundTransfer.id,
    description: `Reversal of refund transfer ${refundTransfer.id}`,
  });
  Object.assign(transfer, {amount_reversed: transfer.amount_reversed - refundTransfer.amount, updated_at: context.nowIso()});
}

/** The one transfer made from a payment or a refund: `404` when the object does not exist or has none. */
const transferOf =
  (param: 'payment_id' | 'refund_id', kind: 'ptr' | 'rtr'): Handler =>
  (context) => {
    const object = context.get(context.params[param] ?? '', param);
    const transfer = context.all([kind]).find((candidate) => candidate[param] === object.id);
    if (!transfer) {
      const what = kind === 'ptr' ? 'payment transfer' : 'refund transfer';
      throw new ApiError('resource_not_found', `${object.id} has no ${what}.`, param);
    }
    return {status: 200, body: transfer};
  };

export const transfers: Domain = {
  handlers: {
    createBalanceTransfer,
    createPaymentTransfer,
    createRefundTransfer,
    getPaymentTransferForPayment: transferOf('payment_id', 'ptr'),
    getRefundTransferForRefund: transferOf('refund_id', 'rtr'),
  },
};
