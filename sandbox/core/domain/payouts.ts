/**
 * Money out to banks and cards (/guides/payouts/process-ach-payouts, /guides/payouts/process-card-payouts,
 * /guides/payouts/cancel-payouts), and the automatic payout of each closed settlement
 * (/concepts/transactions, Settlements).
 *
 * A payout's amount leaves the available balance when it is created, as a `payout` transaction with
 * the product's fee (instant: 1.5%, at least 50; standard: free). A standard payout is `pending` until
 * the 17:00 UTC cutoff submits it (`processing`); an instant one is submitted before the answer. The
 * sandbox's bank or card network then answers: an instant payout after 20 seconds ("within seconds"),
 * a standard one 24 hours after its creation less a second (and never before its cutoff), so that
 * Advance sandbox clock by 24 hours always finds it `paid` or `failed`, as the guides' sandbox steps
 * say. A failed or canceled payout gives its amount back as a reversing `payout` transaction.
 */
import {countCompletion} from '../clock';
import {dayMs, nextCutoff} from '../time';
import type {AccountContext, RequestContext} from '../context';
import {ApiError} from '../errors';
import {created, move} from '../lifecycles';
import {
  carryForward,
  payoutSchedule,
  recordTransaction,
  requireActive,
  requireActiveProduct,
  requireAvailable,
  requireHolder,
  requireInstantPayouts,
} from '../ledger';
import type {Domain, Handler, JobRunner} from '../types';
import {iso, update, type ApiObject} from '../state';
import {businessBankAccount, emitFor} from './customers';

const instantAnswerMs = 20_000;

type Payout = ApiObject & {
  account_id: string;
  amount: number;
  currency: string;
  destination_id: string;
  method: 'ach' | 'card';
  speed: 'standard' | 'instant';
  status: 'pending' | 'processing' | 'paid' | 'failed' | 'canceled';
  created_at: string;
};

const failureMessages = {
  payout_rejected: (card: boolean) =>
    card
      ? 'The card issuer refused the payout. Ask the recipient for another debit card or a bank account.'
      : 'The receiving bank rejected the payout. Ask the account holder for another bank account, then create a new payout.',
  bank_account_closed: () =>
    'The bank returned the payout because the account is closed or cannot take the entry (R02). Ask the holder for another bank account.',
  bank_account_not_found: () =>
    'The bank returned the payout because it has no account with this number (R03). Ask the holder to check the details and save the bank account again.',
};

/** The instant payout fee of the Payouts product's pricing (Get all products): 1.5%, at least 50. */
const instantFee = (amount: number) => Math.max(50, Math.round(amount * 0.015));

/** When the sandbox's bank or card network answers a submitted payout. */
const answerAt = (payout: Payout, submittedAt: number) =>
  payout.speed === 'instant' ? submittedAt + instantAnswerMs : Math.max(submittedAt, Date.parse(payout.created_at) + dayMs - 1000);

/** Where a payout goes: a bank account of the Payments API, the paying account's business bank account, or a card. */
function destinationOf(context: AccountContext, id: string, payer: string): ApiObject {
  const destination = id.startsWith('bba_') ? businessBankAccount(context, payer) : context.find(id);
  if (!destination || destination.id !== id) {
    throw new ApiError('resource_not_found', `No bank account or card with ID ${id} exists in this sandbox account.`, 'destination_id');
  }
  return destination;
}

/** Refuses a destination that cannot receive this payout (`payment_method_unusable`, `currency_unsupported`). */
function checkDestination(destination: ApiObject, payout: {method: string; speed: string; currency: string}) {
  const card = destination.id.startsWith('card_');
  if (payout.method !== (card ? 'card' : 'ach')) {
    throw new ApiError(
      'payment_method_unusable',
      `method ${payout.method} does not fit destination ${destination.id}: use ${card ? 'card' : 'ach'}.`,
      'method',
    );
  }
  if (payout.speed === 'instant' && !card) {
    throw new ApiError(
      'payment_method_unusable',
      `Instant payouts can only go to debit cards. Use speed standard for bank account ${destination.id}.`,
      'speed',
    );
  }
  if (card && destination.funding !== 'debit') {
    throw new ApiError(
      'payment_method_unusable',
      `Card ${destination.id} is a ${String(destination.funding)} card. Payouts go only to debit cards.`,
      'destination_id',
    );
  }
  if (card && destination.status !== 'active') {
    throw new ApiError(
      'payment_method_unusable',
      `Card ${destination.id} is ${String(destination.status)} and cannot receive payouts.`,
      'destination_id',
    );
  }
  if (!card && destination.status !== 'verified') {
    throw new ApiError(
      'payment_method_unusable',
      `Bank account ${destination.id} is ${String(destination.status)}. Payouts need a verified bank account or a debit card.`,
      'destination_id',
    );
  }
  const currency = card ? (destination.country === 'US' ? 'USD' : payout.currency) : String(destination.currency);
  if (currency !== payout.currency) {
    throw new ApiError(
      'currency_unsupported',
      `${card ? 'Card' : 'Bank account'} ${destination.id} receives ${currency} only; the payout currency is ${payout.currency}.`,
      'currency',
    );
  }
}

/**
 * Makes a payout the checks allowed: the amount and its fee leave the payer's available balance, and
 * the payout waits for the cutoff, or is submitted at once when instant.
 */
function makePayout(
  context: AccountContext,
  fields: {
    account_id: string;
    amount: number;
    currency: string;
    destination: ApiObject;
    method: string;
    speed: string;
    description: string | null;
  },
  extra: {statement_descriptor?: unknown; metadata?: unknown} = {},
): Payout {
  const now = context.nowIso();
  const {destination, ...rest} = fields;
  const payout = context.save<Payout>({
    id: context.newId('po'),
    ...rest,
    customer_id: typeof destination.customer_id === 'string' ? destination.customer_id : null,
    destination_id: destination.id,
    status: created('payout', 'pending'),
    statement_descriptor: (extra.statement_descriptor as string | undefined) ?? null,
    arrival_date: '',
    failure_code: null,
    failure_message: null,
    metadata: extra.metadata ?? {},
    created_at: now,
    updated_at: now,
    submitted_at: null,
    paid_at: null,
    failed_at: null,
    canceled_at: null,
  } as Payout);
  recordTransaction(context, {
    holder: payout.account_id,
    type: 'payout',
    amount: -payout.amount,
    fee: payout.speed === 'instant' ? instantFee(payout.amount) : 0,
    currency: payout.currency,
    sourceId: payout.id,
    description: fields.description ?? undefined,
  });
  if (payout.speed === 'instant') submit(context, payout);
  else {
    const cutoff = nextCutoff(context.now());
    payout.arrival_date = iso(answerAt(payout, cutoff)).slice(0, 10);
    context.schedule(cutoff, 'payout.submit', payout.id);
  }
  emitFor(context, payout.account_id, 'payout.created', payout);
  return payout;
}

/** The cutoff (or, for an instant payout, its creation) submits the payout to the bank or card network. */
function submit(context: AccountContext, payout: Payout) {
  const now = context.nowIso();
  const answer = answerAt(payout, context.now());
  move('payout', payout, 'processing', {submitted_at: now, updated_at: now, arrival_date: iso(answer).slice(0, 10)});
  context.schedule(answer, 'payout.answer', payout.id);
}

/** Gives a failed or canceled payout's amount back to its balance. */
function giveBack(context: AccountContext, payout: Payout) {
  recordTransaction(context, {
    holder: payout.account_id,
    type: 'payout',
    amount: payout.amount,
    currency: payout.currency,
    sourceId: payout.id,
    description: `Reversal of payout ${payout.id}`,
  });
}

/**
 * Why the bank or card network refuses a payout, if it does (/api/testing, test values): an amount or a
 * test card number whose outcome is `payout_rejected`, or a test account number that is closed or not found.
 */
function failureOf(context: AccountContext, payout: Payout): keyof typeof failureMessages | undefined {
  if (context.testOutcome('CreatePayoutRequest', 'amount', payout.amount).includes('payout_rejected')) return 'payout_rejected';
  const destination = payout.destination_id.startsWith('bba_')
    ? businessBankAccount(context, payout.account_id)
    : context.find(payout.destination_id);
  if (payout.method === 'card') {
    const outcome = context.numberOutcome('CreateTestCardRequest', 'number', destination?.last4);
    return outcome.includes('payout_rejected') ? 'payout_rejected' : undefined;
  }
  const returned = context
    .numberOutcome('CreateBankAccountRequest', 'account_number', destination?.last4)
    .find(
      (code): code is 'bank_account_closed' | 'bank_account_not_found' =>
        code === 'bank_account_closed' || code === 'bank_account_not_found',
    );
  // A returned payout leaves the bank account `errored` (/guides/payouts/process-ach-payouts, step 4).
  if (returned && destination) {
    move('bankAccount', destination, 'errored', {updated_at: context.nowIso()});
    if (Object.hasOwn(destination, 'failure_code')) destination.failure_code = returned;
  }
  return returned;
}

/** The bank or card network answers: the payout is `paid`, or `failed` and its amount comes back. */
const answer: JobRunner = (context, job) => {
  const payout = context.find(job.id) as Payout | undefined;
  if (payout?.status !== 'processing') return;
  const now = context.nowIso();
  const failure = failureOf(context, payout);
  const settlement = context.all(['stl']).find((candidate) => candidate.payout_id === payout.id);
  if (failure) {
    move('payout', payout, 'failed', {
      failure_code: failure,
      failure_message: failureMessages[failure](payout.method === 'card'),
      failed_at: now,
      updated_at: now,
    });
    giveBack(context, payout);
    emitFor(context, payout.account_id, 'payout.failed', payout);
    // The settlement stays `closed` until the account saves a working bank account (/concepts/transactions).
    if (settlement) context.schedule(context.now() + dayMs, 'settlement.payout', settlement.id);
  } else {
    move('payout', payout, 'paid', {paid_at: now, updated_at: now});
    emitFor(context, payout.account_id, 'payout.paid', payout);
    if (settlement) {
      move('settlement', settlement, 'paid', {paid_at: now, updated_at: now});
      emitFor(context, String(settlement.account_id), 'settlement.paid', settlement);
    }
  }
  countCompletion(context, 'payouts');
};

const getPayout = (context: RequestContext) => context.get(context.params.payout_id ?? '', 'payout_id', ['po']) as Payout;

/** Create payout: from the caller's balance, or a seller's named in `account_id`. */
const createPayout: Handler = (context) => {
  const body = context.body as {
    amount: number;
    currency: string;
    destination_id: string;
    method?: string;
    speed?: string;
    description?: string;
    account_id?: string;
  };
  const payer = requireHolder(context, body.account_id ?? context.account.id, 'account_id');
  const destination = destinationOf(context, body.destination_id, payer);
  requireActiveProduct(context, payer, 'payouts', 'account_id');
  requireActive(context, payer, 'account_id');
  const method = body.method ?? (destination.id.startsWith('card_') ? 'card' : 'ach');
  const speed = body.speed ?? 'standard';
  checkDestination(destination, {method, speed, currency: body.currency});
  if (speed === 'instant') requireInstantPayouts(context, payer);
  requireAvailable(context, payer, body.currency, body.amount + (speed === 'instant' ? instantFee(body.amount) : 0));
  const payout = makePayout(
    context,
    {account_id: payer, amount: body.amount, currency: body.currency, destination, method, speed, description: body.description ?? null},
    context.body,
  );
  return {status: 201, body: payout};
};

/** Update payout: `description` and `metadata` (replaced as a whole), while the payout is `pending`. */
const updatePayout: Handler = (context) => {
  const payout = getPayout(context);
  if (payout.status !== 'pending') {
    throw new ApiError(
      'payout_not_updatable',
      `Payout ${payout.id} is ${payout.status}. A payout can only be updated while it is pending.`,
    );
  }
  const fields = Object.entries(context.body).filter(([field]) => field === 'description' || field === 'metadata');
  update(payout, Object.fromEntries(fields), context.nowIso());
  return {status: 200, body: payout};
};

/** Cancels a payout that the cutoff has not submitted yet; its amount comes back at once. */
const cancelsAPayout: Handler = (context) => {
  const payout = getPayout(context);
  if (payout.status !== 'pending') {
    const why =
      payout.status === 'processing'
        ? `processing: it was submitted to the ${payout.method === 'ach' ? 'bank' : 'card network'} and can no longer be canceled.`
        : `${payout.status}. Only pending payouts can be canceled.`;
    throw new ApiError('payout_not_cancelable', `Payout ${payout.id} is ${why}`);
  }
  context.unschedule(payout.id);
  const now = context.nowIso();
  move('payout', payout, 'canceled', {canceled_at: now, updated_at: now});
  giveBack(context, payout);
  emitFor(context, payout.account_id, 'payout.canceled', payout);
  return {status: 200, body: payout};
};

const getAllPayoutsForACustomer: Handler = (context) => {
  const customer = context.get(context.params.customer_id ?? '', 'customer_id', ['cus']);
  return {status: 200, body: context.page(context.all(['po']).filter((payout) => payout.customer_id === customer.id))};
};

/**
 * The first 00:00 UTC, from a time, on which an automatic schedule pays: every day (`daily`), on
 * Mondays (`weekly`) or on the first of the month (`monthly`).
 */
function nextPayday(schedule: string, ms: number): number {
  let day = Math.ceil(ms / dayMs) * dayMs;
  const due = (time: number) =>
    schedule === 'daily' || (schedule === 'weekly' ? new Date(time).getUTCDay() === 1 : new Date(time).getUTCDate() === 1);
  while (!due(day)) day += dayMs;
  return day;
}

/** 00:00 UTC: the settlement's totals are final, and an automatic schedule pays it on its next payday. */
const closeSettlement: JobRunner = (context, job) => {
  const settlement = context.find(job.id);
  if (settlement?.status !== 'open') return;
  move('settlement', settlement, 'closed', {closed_at: context.nowIso(), updated_at: context.nowIso()});
  countCompletion(context, 'settlements');
  const schedule = payoutSchedule(context, String(settlement.account_id));
  if (schedule !== 'manual') context.schedule(nextPayday(schedule, context.now()), 'settlement.payout', settlement.id);
};

/**
 * Pays a closed settlement's `net_amount` to the account's verified bank account, as a standard ACH
 * payout, at most the available balance: an automatic schedule pays out the available balance
 * (/guides/payouts/process-ach-payouts, the note on `payouts.schedule`), so money already paid out by
 * hand is not paid twice. Nothing to pay makes the settlement `paid` at once, a negative amount carried
 * into the next day. Without a verified bank account it stays `closed`; after a failed payout, it is
 * tried again each day until the account saves a bank account after the failure.
 */
const paySettlement: JobRunner = (context, job) => {
  const settlement = context.find(job.id);
  if (settlement?.status !== 'closed') return;
  const holder = String(settlement.account_id);
  const currency = String(settlement.currency);
  if (payoutSchedule(context, holder) === 'manual') return;
  const now = context.nowIso();
  const net = Number(settlement.net_amount);
  if (net < 0) carryForward(context, settlement);
  const amount = Math.min(net, context.balance(holder, currency).available);
  if (amount <= 0) {
    move('settlement', settlement, 'paid', {payout_id: null, paid_at: now, updated_at: now});
    emitFor(context, holder, 'settlement.paid', settlement);
    return;
  }
  const bank = businessBankAccount(context, holder);
  const failed = settlement.payout_id ? context.find(String(settlement.payout_id)) : undefined;
  if (!bank || bank.status !== 'verified' || (failed && String(bank.updated_at) <= String(failed.failed_at))) {
    if (failed) context.schedule(context.now() + dayMs, 'settlement.payout', settlement.id);
    return;
  }
  const payout = makePayout(context, {
    account_id: holder,
    amount,
    currency,
    destination: bank,
    method: 'ach',
    speed: 'standard',
    description: `Payout of settlement ${settlement.id}`,
  });
  Object.assign(settlement, {payout_id: payout.id, bank_account_last4: bank.last4, updated_at: now});
};

export const payouts: Domain = {
  handlers: {createPayout, updatePayout, cancelsAPayout, getAllPayoutsForACustomer},
  jobs: {
    'payout.submit': (context, job) => {
      const payout = context.find(job.id) as Payout | undefined;
      if (payout?.status === 'pending') submit(context, payout);
    },
    'payout.answer': answer,
    'settlement.close': closeSettlement,
    'settlement.payout': paySettlement,
  },
};
