/**
 * Dispute cases (/concepts/dispute-cases): the case that opens after a payment with the dispute test
 * card or amount succeeds, or an ACH debit comes back refused, its deadline, and the sandbox's stand-ins
 * for the dashboard and the card network: Submit dispute evidence and Resolve dispute case.
 *
 * A case opens right after its payment succeeds, by the card network rather than a request, so its
 * events carry no `request_id`. The disputed amount and the dispute fee leave the balance at once as one
 * `dispute` transaction; a won case gives both back, a lost one nothing. An ACH payment's case is a debit
 * the account holder refused, and opens already `lost` (/guides/payments/process-ach-payments).
 */
import {dayMs} from '../time';
import type {AccountContext, RequestContext} from '../context';
import {ApiError} from '../errors';
import {created, move} from '../lifecycles';
import {recordTransaction} from '../ledger';
import type {Domain, Handler, JobRunner} from '../types';
import {iso, type ApiObject} from '../state';
import type {Payment} from './payments';

/** The dispute fee of the Payments product's pricing (Get all products): 15.00 USD per case, refunded when the case is won. */
const disputeFee = 1500;
/** How long a card case waits for a response: to the end of the UTC day, 12 days after it opens, as the examples show. */
const respondDays = 12;
/** The card network's deadline is two days after Plaza's `respond_by`. */
const evidenceDays = 2;

type DisputeCase = ApiObject & {
  payment_id: string;
  amount: number;
  currency: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  respond_by: string;
  closed_at: string | null;
  updated_at: string;
};

/**
 * Opens a case for a payment that succeeded. An ACH payment's case is the return of a debit the
 * account holder refused, with its return code (`returnCode`, or for a test amount the first refusing
 * code whose reason is `fraudulent`) and the reason of its outcome in the specs, and opens `lost`.
 */
export function openDispute(context: AccountContext, payment: Payment, returnCode?: string) {
  const ach = payment.payment_method_type === 'bank_account';
  const refusals = [...context.index.sandboxValues('ReturnAchPaymentRequest', 'return_code')].filter(([, outcome]) =>
    outcome.includes('dispute_case.lost'),
  );
  const [code = '', outcome = []] =
    refusals.find(([candidate]) => candidate === returnCode) ?? refusals.find(([, codes]) => codes.includes('fraudulent')) ?? [];
  const now = context.nowIso();
  const respondBy = ach ? context.now() : (Math.floor(context.now() / dayMs) + respondDays + 1) * dayMs - 1000;
  const dispute = context.save<DisputeCase>({
    id: context.newId('dc'),
    payment_id: payment.id,
    amount: payment.amount_captured,
    currency: payment.currency,
    reason: ach ? (outcome.find((item) => item !== 'dispute_case.lost') ?? 'general') : 'fraudulent',
    status: created('disputeCase', ach ? 'lost' : 'needs_response'),
    network_reason_code: ach ? code : '10.4',
    respond_by: iso(respondBy),
    evidence_due_by: iso(ach ? respondBy : respondBy + evidenceDays * dayMs),
    evidence_submitted_at: null,
    opened_at: now,
    closed_at: ach ? now : null,
    created_at: now,
    updated_at: now,
  });
  recordTransaction(context, {
    holder: context.account.id,
    type: 'dispute',
    amount: -dispute.amount,
    fee: disputeFee,
    currency: dispute.currency,
    sourceId: dispute.id,
    description: `Dispute of payment ${payment.id}`,
  });
  context.emit('dispute_case.created', dispute);
  if (ach) context.emit('dispute_case.lost', dispute);
  // A case with no response when respond_by passes is accepted for you and lost.
  else context.schedule(respondBy + 1000, 'dispute.expire', dispute.id);
}

/** Opens the case of a payment whose test card or amount disputes it; the job's ID is the payment's. */
const open: JobRunner = (context, job) => {
  const payment = context.find(job.id) as Payment | undefined;
  if (payment) openDispute(context, payment);
};

/** Closes a case: `won` gives the disputed amount and the dispute fee back, as two `dispute` transactions. */
function close(context: AccountContext, dispute: DisputeCase, outcome: 'won' | 'lost') {
  const now = context.nowIso();
  move('disputeCase', dispute, outcome, {closed_at: now, updated_at: now});
  if (outcome === 'won') {
    for (const [amount, what] of [
      [dispute.amount, 'Dispute won'],
      [disputeFee, 'Dispute fee returned'],
    ] as const) {
      recordTransaction(context, {
        holder: context.account.id,
        type: 'dispute',
        amount,
        currency: dispute.currency,
        sourceId: dispute.id,
        description: `${what}: payment ${dispute.payment_id}`,
      });
    }
  }
  context.emit('dispute_case.updated', dispute);
  context.emit(`dispute_case.${outcome}`, dispute);
}

const disputeOf = (context: RequestContext) => context.get(context.params.dispute_case_id ?? '', 'dispute_case_id', ['dc']) as DisputeCase;

/**
 * Submit dispute evidence (sandbox): what the dashboard's evidence step does. The case goes to the
 * card network, so its `respond_by` no longer applies.
 */
const submitDisputeEvidence: Handler = (context) => {
  const dispute = disputeOf(context);
  if (dispute.status !== 'needs_response') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Evidence cannot be submitted for dispute case ${dispute.id} because it is ${dispute.status}. Only needs_response cases take evidence.`,
    );
  }
  const now = context.nowIso();
  context.unschedule(dispute.id, 'dispute.expire');
  move('disputeCase', dispute, 'under_review', {evidence_submitted_at: now, updated_at: now});
  context.emit('dispute_case.updated', dispute);
  return {status: 200, body: dispute};
};

/**
 * Resolve dispute case (sandbox): the card network decides a case under review now, either way; a
 * case that waits for a response can only be lost, as when it is accepted or `respond_by` passes.
 */
const resolveDisputeCase: Handler = (context) => {
  const dispute = disputeOf(context);
  const outcome = context.body.outcome as 'won' | 'lost';
  if (dispute.status !== 'needs_response' && dispute.status !== 'under_review') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Dispute case ${dispute.id} cannot be resolved because it is already closed as ${dispute.status}. Only needs_response and under_review cases can be resolved.`,
    );
  }
  if (dispute.status === 'needs_response' && outcome === 'won') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Dispute case ${dispute.id} is needs_response, and the card network decides for you only on evidence. Submit it with Submit dispute evidence first, or resolve the case as lost.`,
    );
  }
  context.unschedule(dispute.id, 'dispute.expire');
  close(context, dispute, outcome);
  return {status: 200, body: dispute};
};

export const disputes: Domain = {
  handlers: {submitDisputeEvidence, resolveDisputeCase},
  jobs: {
    'dispute.open': open,
    'dispute.expire': (context, job) => {
      const dispute = context.find(job.id) as DisputeCase | undefined;
      if (dispute?.status === 'needs_response') close(context, dispute, 'lost');
    },
  },
};
