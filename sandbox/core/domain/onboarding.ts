/**
 * Onboarding (/concepts/onboarding, /guides/marketplaces/onboard-sellers): an account's review, what
 * is due before it can be submitted, and what Plaza decides.
 *
 * Each account the caller creates has an onboarding review: `not_started`, `in_progress` once a
 * detail is saved (business.ts), `submitted` by Onboard, then `approved`, `rejected` or
 * `action_required` by Decide onboarding, or at once for a test tax ID. Outside the review, Set
 * account status restricts an account, lifts the restriction or closes it, as Plaza would.
 */
import {ApiError} from '../errors';
import {move} from '../lifecycles';
import type {AccountContext} from '../context';
import {iso, type ApiObject} from '../state';
import {dayMs} from '../time';
import type {Domain, Handler} from '../types';
import {accountOf} from './accounts';
import {detailsOf} from './business';
import {businessBankAccount, emitFor} from './customers';
import {completeInvitation} from './invitations';
import {onboardingOf, type Decision} from './onboarding-record';

type Json = Record<string, unknown>;

type Requirement = {
  type: 'field' | 'document' | 'contract';
  field: string | null;
  document_type: string | null;
  product_code: string | null;
  reason: string;
  description: string;
};

const rejectionReason = 'The business sells products that Plaza does not process payments for under its acceptable use policy.';
/** A reviewer asking for more wants a recent bank statement (Decide onboarding, `request_information`). */
const requestedDocument = 'bank_statement';

const field = (path: string, reason: string, description: string): Requirement => ({
  type: 'field',
  field: path,
  document_type: null,
  product_code: null,
  reason,
  description,
});

/** What is still due before an account can be submitted: details, verifications, requested documents and contracts. */
function requirementsOf(context: AccountContext, account: ApiObject): Requirement[] {
  const due: Requirement[] = [];
  const business = detailsOf(context, account.id, '');
  if (!business) {
    for (const name of ['legal_name', 'business_type', 'address'])
      due.push(field(`business.${name}`, 'missing', `Save the business's ${name.replace('_', ' ')} with Save business.`));
  }
  const tax = detailsOf(context, account.id, '/tax-information');
  if (!tax?.masked_tax_id) due.push(field('business.tax_id', 'missing', 'Save the business tax ID with Save tax information.'));
  else if (tax.verification_status === 'failed')
    due.push(field('business.tax_id', 'verification_failed', 'Check the business tax ID and legal name, and save them again.'));
  const representative = detailsOf(context, account.id, '/representative');
  for (const name of ['first_name', 'last_name', 'address', 'email', 'date_of_birth', 'ssn_last4']) {
    const given = name === 'ssn_last4' ? representative?.ssn_last4_provided === true : (representative?.[name] ?? null) !== null;
    if (!given) due.push(field(`representative.${name}`, 'missing', `Add the ${name.replace(/_/g, ' ')} of the business representative.`));
  }
  if (business?.sells_firearms === true && !detailsOf(context, account.id, '/firearms-questionnaire')) {
    due.push(
      field('business.firearms_questionnaire', 'missing', 'Fill in the firearms questionnaire with Save business firearms questionnaire.'),
    );
  }
  const bankAccount = businessBankAccount(context, account.id);
  if (!bankAccount) due.push(field('bank_account', 'missing', 'Save the bank account for payouts with Save bank account.'));
  else if (bankAccount.status === 'verification_failed' || bankAccount.status === 'errored') {
    due.push(field('bank_account', 'verification_failed', 'The bank account could not be verified. Save another bank account.'));
  } else if (bankAccount.status !== 'verified') {
    due.push(field('bank_account', 'missing', 'Verify the bank account: confirm the two micro-deposits with Save bank verification.'));
  }
  for (const documentType of onboardingOf(context, account.id).documents_due) {
    due.push({
      type: 'document',
      field: null,
      document_type: documentType,
      product_code: null,
      reason: 'missing',
      description: 'Upload a bank statement from the last 3 months that shows the business name and the payout bank account.',
    });
  }
  for (const product of account.products as Json[]) {
    if (product.status !== 'contract_required') continue;
    const code = String(product.code);
    due.push({
      type: 'contract',
      field: null,
      document_type: null,
      product_code: code,
      reason: 'missing',
      description: `Sign the latest ${code} contract with Create contract.`,
    });
  }
  return due;
}

/** The OnboardingReview of an account: its status, and what is due until it is decided. */
function onboardingReview(context: AccountContext, accountId: string): Json {
  const account = context.get(accountId, 'account_id', ['acct']);
  const record = onboardingOf(context, account.id);
  const decided = record.status === 'approved' || record.status === 'rejected';
  return {
    account_id: account.id,
    onboarding_status: record.status,
    requirements: decided ? [] : requirementsOf(context, account),
    errors: [],
    submitted_at: record.submitted_at,
    decided_at: record.decided_at,
    decision_reason: record.decision_reason,
    updated_at: record.updated_at,
  };
}

const reviewOnboarding: Handler = (context) => ({status: 200, body: onboardingReview(context, accountOf(context).id)});

/**
 * A reviewer decides: a `submitted` onboarding goes `in_review` first, as Plaza's checks start, and
 * the account follows the decision: `active` once approved, `restricted` for the reason otherwise.
 */
function decide(context: AccountContext, account: ApiObject, decision: Decision) {
  const record = onboardingOf(context, account.id);
  const now = context.nowIso();
  const status = ({approve: 'approved', reject: 'rejected', request_information: 'action_required'} as const)[decision];
  if (record.status === 'submitted') move('onboarding', record, 'in_review', {updated_at: now});
  move('onboarding', record, status, {
    decided_at: decision === 'request_information' ? null : now,
    decision_reason: decision === 'reject' ? rejectionReason : null,
    updated_at: now,
    documents_due: decision === 'request_information' ? [requestedDocument] : [],
  });
  const statusReason = {approve: null, reject: 'onboarding_rejected', request_information: 'requirements_due'}[decision];
  // A disabled account stays closed, whatever its review decides.
  if (account.status !== 'disabled')
    move('account', account, decision === 'approve' ? 'active' : 'restricted', {status_reason: statusReason, updated_at: now});
  emitFor(context, account.id, `onboarding.${status}`, onboardingReview(context, account.id));
}

/** Two business days after a time, as Plaza's reviewers work (`review_expected_by`). */
function twoBusinessDaysAfter(ms: number): number {
  let at = ms;
  for (let days = 0; days < 2;) {
    at += dayMs;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return at;
}

/**
 * Onboard: submits an `in_progress` or `action_required` account with nothing due. A test tax ID
 * decides it at once. `00-0000003` asks for a bank statement while the account has none, and
 * approves it once one is uploaded: the account it sent to `action_required` passes when submitted
 * again, instead of being asked for the same document forever.
 */
const onboard: Handler = (context) => {
  const account = accountOf(context);
  const record = onboardingOf(context, account.id);
  if (record.status !== 'in_progress' && record.status !== 'action_required' && record.status !== 'not_started') {
    const when = record.submitted_at ? ` was submitted at ${record.submitted_at} and` : '';
    throw new ApiError(
      'onboarding_already_submitted',
      `The onboarding of account ${account.id}${when} is ${record.status}. You can submit again only when its status is action_required.`,
    );
  }
  const due = requirementsOf(context, account);
  const first = due[0];
  if (first) {
    const names = due.map(
      (item) => `${item.field ?? item.document_type ?? `the latest ${String(item.product_code)} contract`} (${item.reason})`,
    );
    throw new ApiError(
      'onboarding_incomplete',
      `The onboarding cannot be submitted yet. Still due: ${names.join(', ')}. Review onboarding lists every requirement.`,
      first.field ?? (first.type === 'contract' ? 'product_code' : 'document_type'),
    );
  }
  const body = context.body;
  if (Date.parse(String(body.attested_at)) > context.now()) {
    throw new ApiError('parameter_invalid', 'attested_at cannot be in the future.', 'attested_at');
  }
  const now = context.now();
  move('onboarding', record, 'submitted', {submitted_at: iso(now), decided_at: null, decision_reason: null, updated_at: iso(now)});
  completeInvitation(context, account.id);
  emitFor(context, account.id, 'onboarding.submitted', onboardingReview(context, account.id));
  const submission = {
    account_id: account.id,
    onboarding_status: 'submitted',
    attester_name: body.attester_name,
    attester_title: body.attester_title,
    ip_address: body.ip_address,
    submitted_at: iso(now),
    review_expected_by: iso(twoBusinessDaysAfter(now)),
  };
  const decision =
    record.test_decision === 'request_information' && hasRequestedDocument(context, account.id) ? 'approve' : record.test_decision;
  if (decision) decide(context, account, decision);
  return {status: 200, body: submission};
};

/** Decide onboarding (sandbox): ends the review of a `submitted` or `in_review` account as a reviewer would. */
const decideOnboarding: Handler = (context) => {
  const account = accountOf(context);
  const record = onboardingOf(context, account.id);
  if (record.status !== 'submitted' && record.status !== 'in_review') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `The onboarding of account ${account.id} cannot be decided because its status is ${record.status}. Submit it with Onboard first.`,
    );
  }
  decide(context, account, context.body.decision as Decision);
  return {status: 200, body: onboardingReview(context, account.id)};
};

/** Why Plaza gives an account each status outside its onboarding review (/concepts/accounts, Account status). */
const statusReasons = {active: null, restricted: 'requirements_due', disabled: 'closed_by_plaza'} as const;

/**
 * Set account status (sandbox): Plaza restricts an `active` account it needs more information about,
 * lifts that restriction, or closes the account for good, and sends `account.updated`. The caller's own
 * account keeps its status, and only an approved onboarding makes an account `active`.
 */
const setAccountStatus: Handler = (context) => {
  const account = accountOf(context);
  const status = context.body.status as keyof typeof statusReasons;
  const refuse = (why: string) => {
    throw new ApiError('sandbox_simulation_invalid', `Account ${account.id} ${why}.`, 'status');
  };
  if (account.id === context.account.id) refuse('is your own account. Set the status of an account you created');
  if (account.status === 'disabled') refuse('is disabled, which is final. Create another account to test an active one');
  if (account.status === status) refuse(`is already ${status}`);
  if (status === 'active' && onboardingOf(context, account.id).status !== 'approved') {
    refuse(
      `cannot become active before its onboarding is approved (it is ${onboardingOf(context, account.id).status}). Decide it with Decide onboarding`,
    );
  }
  move('account', account, status, {status_reason: statusReasons[status], updated_at: context.nowIso()});
  emitFor(context, account.id, 'account.updated', account);
  return {status: 200, body: account};
};

/** Whether the account has uploaded a document of the type reviewers ask for. */
const hasRequestedDocument = (context: AccountContext, accountId: string) =>
  context.all(['doc']).some((document) => document.account_id === accountId && document.document_type === requestedDocument);

export const onboarding: Domain = {
  handlers: {
    reviewOnboarding,
    onboard,
    decideOnboarding,
    setAccountStatus,
  },
};
