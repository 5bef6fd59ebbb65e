/**
 * ACH debits after their payment is created: the clock jobs submit a `processing` ACH payment at the
 * 17:00 UTC cutoff and settle or return it two days later (/guides/payments/process-ach-payments), and
 * the ACH return simulation returns one at once with the chosen NACHA return code.
 */
import {countCompletion} from '../clock';
import {dayMs} from '../time';
import type {AccountContext} from '../context';
import {ApiError} from '../errors';
import {move} from '../lifecycles';
import {recordTransaction} from '../ledger';
import type {Domain, Handler} from '../types';
import {isTestMethod} from './customers';
import {openDispute} from './disputes';
import {fundsDelayMs, getPayment, hasJob, on, paymentFee, recordProcessorResponse, succeed, type Payment} from './payments';

/**
 * An ACH debit settles, or its bank returns it for a problem with the account, 2 banking days after it
 * is submitted (the return window of the ACH return codes), within the "1 to 3 business days" of the
 * Payment status flow, so that 72 hours from any creation complete it (/api/testing).
 */
const achOutcomeDelayMs = 2 * dayMs;

type ReturnFailure = 'bank_account_insufficient_funds' | 'bank_account_closed' | 'bank_account_not_found';

/** What the buyer's bank says with each NACHA return code, as the processor response records it. */
const returnTexts: Record<string, string> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, unable to locate account',
  R04: 'Invalid account number',
  R07: 'Authorization revoked by customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises not authorized',
  R16: 'Account frozen',
  R20: 'Non-transaction account',
  R29: 'Corporate customer advises not authorized',
};

const returnMessages: Record<ReturnFailure, (code: string) => string> = {
  bank_account_insufficient_funds: (code) =>
    `The bank returned the debit because the account does not have enough funds (${code}). Ask the customer to pay another way, or try again later.`,
  bank_account_closed: (code) =>
    `The bank returned the debit because the account is closed, frozen or cannot be debited (${code}). Ask the customer for another bank account.`,
  bank_account_not_found: (code) =>
    `The bank returned the debit because it has no account with this number (${code}). Ask the customer to check the details and save the bank account again.`,
};

/** The outcome of each ACH return code (the specs' `x-plaza-sandbox-values` of Return ACH payment). */
const returnOutcome = (context: AccountContext, code: string) => context.testOutcome('ReturnAchPaymentRequest', 'return_code', code);

/**
 * The bank returns an ACH debit that is still `processing` for a problem with the account: the payment
 * fails with the code's failure, a `payment` entry without fee reverses the submitted one with its
 * `available_at` (/concepts/transactions), and a closed or unknown bank account becomes `errored` (the
 * ACH return codes), except the test ones.
 */
function returnDebit(context: AccountContext, payment: Payment, code: string, failure: ReturnFailure) {
  const submitted = context.all(['txn']).find((entry) => entry.source_id === payment.id && entry.type === 'payment');
  if (submitted) {
    recordTransaction(context, {
      holder: context.account.id,
      type: 'payment',
      amount: -payment.amount,
      currency: payment.currency,
      sourceId: payment.id,
      availableAt: Date.parse(String(submitted.available_at)),
      description: `Return of payment ${payment.id} (${code})`,
    });
  }
  context.unschedule(payment.id, 'ach.submit');
  context.unschedule(payment.id, 'ach.settle');
  const now = context.nowIso();
  move('payment', payment, 'failed', {
    failure_code: failure,
    failure_message: returnMessages[failure](code),
    failed_at: now,
    updated_at: now,
  });
  recordProcessorResponse(context, payment, {code, text: returnTexts[code] ?? 'Returned', approved: false});
  const bankAccount = context.find(payment.payment_method_id);
  if (bankAccount && failure !== 'bank_account_insufficient_funds' && !isTestMethod(context, bankAccount.id)) {
    move('bankAccount', bankAccount, 'errored', {failure_code: failure, updated_at: now});
  }
  context.emit('payment.failed', payment);
}

/** The cutoff submits an ACH debit: its funds come in pending, and the bank answers 2 days later. */
function submitDebit(context: AccountContext, payment: Payment) {
  recordTransaction(context, {
    holder: context.account.id,
    type: 'payment',
    amount: payment.amount,
    fee: paymentFee(payment, payment.amount),
    currency: payment.currency,
    sourceId: payment.id,
    availableAt: context.now() + achOutcomeDelayMs + fundsDelayMs(context),
    ...(payment.description ? {description: payment.description} : {}),
  });
  context.schedule(context.now() + achOutcomeDelayMs, 'ach.settle', payment.id);
}

/** The buyer's bank settles an ACH debit: the payment is `succeeded`. */
function settleDebit(context: AccountContext, payment: Payment) {
  context.unschedule(payment.id, 'ach.settle');
  recordProcessorResponse(context, payment, {code: '00', text: 'Settled', approved: true});
  succeed(context, payment, payment.amount);
}

/**
 * The account holder refuses a debit (`R07`, `R08`, `R10`, `R29`): the debit did settle, so a payment
 * still `processing` is submitted if it was not yet and becomes `succeeded` first; then the return
 * opens a dispute case that is already `lost` (/guides/payments/process-ach-payments).
 */
function refuseDebit(context: AccountContext, payment: Payment, code: string) {
  if (payment.status === 'processing') {
    if (hasJob(context, payment.id, 'ach.submit')) {
      context.unschedule(payment.id, 'ach.submit');
      submitDebit(context, payment);
    }
    settleDebit(context, payment);
  }
  recordProcessorResponse(context, payment, {code, text: returnTexts[code] ?? 'Returned', approved: false});
  openDispute(context, payment, code);
}

/**
 * Return ACH payment (sandbox): the buyer's bank returns an ACH debit at once with the chosen code.
 * A problem with the account comes back while the payment is `processing`; a debit the account holder
 * refuses comes back while it is `processing` or after it `succeeded`.
 */
const returnAchPayment: Handler = (context) => {
  const payment = getPayment(context);
  const code = String(context.body.return_code);
  const outcome = returnOutcome(context, code);
  const refused = outcome.includes('dispute_case.lost');
  const states = refused ? ['processing', 'succeeded'] : ['processing'];
  if (payment.payment_method_type !== 'bank_account' || !states.includes(payment.status)) {
    const why = payment.payment_method_type === 'bank_account' ? `its status is ${payment.status}` : 'it is not an ACH payment';
    const rule = refused
      ? `Only ACH payments that are processing or succeeded can be returned with ${code}.`
      : `Only ACH payments that are processing can be returned with ${code}; a debit the account holder refuses (R07, R08, R10, R29) can also be returned after it succeeded.`;
    throw new ApiError('sandbox_simulation_invalid', `Payment ${payment.id} cannot be returned because ${why}. ${rule}`);
  }
  const disputed = context.all(['dc']).find((dispute) => dispute.payment_id === payment.id);
  if (disputed) {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Payment ${payment.id} cannot be returned because its debit already came back, as dispute case ${disputed.id}.`,
    );
  }
  const failure = outcome.find((item): item is ReturnFailure => Object.hasOwn(returnMessages, item));
  if (failure) returnDebit(context, payment, code, failure);
  else refuseDebit(context, payment, code);
  return {status: 200, body: payment};
};

export const achDebits: Domain = {
  handlers: {returnAchPayment},
  jobs: {
    /** The cutoff submits an ACH debit: its funds come in pending, and the bank answers 2 days later. */
    'ach.submit': on<Payment>(submitDebit),
    /**
     * The buyer's bank settles the debit, or returns it when the test account number's outcome is a
     * failure: with the first return code of that failure.
     */
    'ach.settle': on<Payment>((context, payment) => {
      const bankAccount = context.find(payment.payment_method_id);
      const outcome = context.numberOutcome('CreateBankAccountRequest', 'account_number', bankAccount?.last4);
      const failure = outcome.find((item): item is ReturnFailure => Object.hasOwn(returnMessages, item));
      const codes = [...context.index.sandboxValues('ReturnAchPaymentRequest', 'return_code')];
      const code = failure && codes.find(([, codeOutcome]) => codeOutcome.includes(failure))?.[0];
      if (failure && code) returnDebit(context, payment, code, failure);
      else settleDebit(context, payment);
      countCompletion(context, 'payments');
    }),
  },
};
