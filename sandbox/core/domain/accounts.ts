/**
 * Accounts and onboarding (/concepts/accounts, /concepts/onboarding, /guides/marketplaces/onboard-sellers).
 *
 * The caller's own account is a `platform`, approved and `active` from the start. The seller and
 * merchant accounts it creates are `acct_` objects of its sandbox, each with an onboarding review:
 * `not_started`, `in_progress` once a detail is saved, `submitted` by Onboard, then `approved`,
 * `rejected` or `action_required` by Decide onboarding, or at once for a test tax ID. The business
 * details are kept by the path of their operations, as the generic answer keeps sub-resources.
 */
import {dayMs, hourMs} from '../clock';
import {ApiError, notFound} from '../errors';
import {created, move} from '../lifecycles';
import {accountSetting} from '../ledger';
import type {AccountContext, RequestContext} from '../context';
import {generic} from '../generic';
import type {Domain, Handler, HandlerResult} from '../sandbox';
import {iso, type ApiObject} from '../state';
import {businessBankAccount, emitFor, openBankAccount, savedBankAccount} from './customers';

type Json = Record<string, unknown>;
type OnboardingStatus = 'not_started' | 'in_progress' | 'submitted' | 'in_review' | 'action_required' | 'approved' | 'rejected';
type Decision = 'approve' | 'reject' | 'request_information';

/** What the sandbox keeps of an account's onboarding besides the details saved. */
type Onboarding = {
  status: OnboardingStatus;
  submitted_at: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  updated_at: string;
  /** Documents a reviewer asked for that were not uploaded since. */
  documents_due: string[];
  /** The decision that the saved test tax ID makes on submission, if it is one. */
  test_decision: Decision | null;
};

type Requirement = {
  type: 'field' | 'document' | 'contract';
  field: string | null;
  document_type: string | null;
  product_code: string | null;
  reason: string;
  description: string;
};

/** The decision of Decide onboarding that each outcome of a test tax ID stands for (/api/testing, test values). */
const taxIdDecisions: Record<string, Decision> = {approved: 'approve', rejected: 'reject', action_required: 'request_information'};
const rejectionReason = 'The business sells products that Plaza does not process payments for under its acceptable use policy.';
/** A reviewer asking for more wants a recent bank statement (Decide onboarding, `request_information`). */
const requestedDocument = 'bank_statement';

const onboardingKey = (accountId: string) => `onboarding/${accountId}`;
const onboardingOf = (context: AccountContext, accountId: string) => context.account.singletons[onboardingKey(accountId)] as Onboarding;
const detailsPath = (accountId: string, part: string) => `/v1/accounts/${accountId}/business${part}`;
const detailsOf = (context: AccountContext, accountId: string, part: string) =>
  context.account.singletons[detailsPath(accountId, part)] as Json | undefined;

const accountOf = (context: RequestContext) => context.get(context.params.account_id ?? '', 'account_id', ['acct']);

function startOnboarding(context: AccountContext, accountId: string, status: OnboardingStatus) {
  const now = context.nowIso();
  const decided = status === 'approved' ? now : null;
  context.account.singletons[onboardingKey(accountId)] = {
    status,
    submitted_at: decided,
    decided_at: decided,
    decision_reason: null,
    updated_at: now,
    documents_due: [],
    test_decision: null,
  } satisfies Onboarding;
}

/** The caller's own account: a platform, as the sandbox has sellers (/api/testing), approved and active. */
function open(context: AccountContext) {
  const now = context.nowIso();
  const product = (code: string) => ({code, status: 'active', contract_id: null, added_at: now});
  context.save({
    id: context.account.id,
    type: 'platform',
    platform_account_id: null,
    created_by_account_id: null,
    business_name: 'Northwind Gear',
    email: 'jordan.reyes@example.com',
    phone: '+13035550142',
    country: 'US',
    default_currency: 'USD',
    status: 'active',
    status_reason: null,
    products: [product('payments'), product('payouts')],
    metadata: {},
    created_at: now,
    updated_at: now,
  });
  startOnboarding(context, context.account.id, 'approved');
}

/**
 * The members of an account. The caller's own account has its owner, who signed up for it, made on
 * first use with the account's contact details; accounts made through the API start with none.
 */
function membersOf(context: RequestContext, accountId: string): ApiObject[] {
  const members = () => context.all(['mem']).filter((member) => member.account_id === accountId);
  if (accountId === context.account.id && members().length === 0) {
    const account = context.get(accountId);
    context.save({
      id: context.newId('mem'),
      account_id: accountId,
      name: 'Jordan Reyes',
      email: account.email,
      role: 'owner',
      invitation_id: null,
      two_factor_enabled: true,
      last_login_at: null,
      created_at: account.created_at,
      updated_at: account.created_at,
    });
  }
  return members();
}

const getAllAccountMembers: Handler = (context) => ({status: 200, body: context.page(membersOf(context, accountOf(context).id))});

/**
 * The member of the path's account that the path names, refused (`409 owner_required`) when the
 * change would leave the account without an owner: it is the only owner and would not stay one.
 */
function memberChanged(context: RequestContext, role: unknown): ApiObject {
  const account = accountOf(context);
  const members = membersOf(context, account.id);
  const member = members.find((candidate) => candidate.id === context.params.member_id);
  if (!member) throw new ApiError('resource_not_found', `Account ${account.id} has no member ${String(context.params.member_id)}.`);
  const owners = members.filter((other) => other.role === 'owner');
  if (member.role === 'owner' && role !== 'owner' && owners.length === 1) {
    throw new ApiError(
      'owner_required',
      `Member ${member.id} is the only owner of account ${account.id}. Make another member an owner with Update account member first.`,
    );
  }
  return member;
}

/** Update account member: a new role, as long as the account keeps an owner. */
const updateAccountMember: Handler = (context) => {
  const member = memberChanged(context, context.body.role);
  Object.assign(member, {role: context.body.role, updated_at: context.nowIso()});
  return {status: 200, body: member};
};

/** Delete account member: removes the member, unless it is the account's only owner. */
const deleteAccountMember: Handler = (context) => {
  context.remove(memberChanged(context, null).id);
  return {status: 204};
};

// Account invitations

/** How long the link of an account invitation works after each email (Create and Resend account invitation). */
const accountInvitationMs = 7 * dayMs;

const sameEmail = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();

/** The invitation the path names, to the path's account. */
function accountInvitationOf(context: RequestContext): ApiObject {
  const account = accountOf(context);
  const id = context.params.invitation_id ?? '';
  const invitation = context.get(id, 'invitation_id', ['inv']);
  if (invitation.account_id !== account.id) throw notFound(id, 'invitation_id');
  return invitation;
}

/** Emails the invitation with a new link, valid for 7 days, after which it expires unless accepted. */
function sendInvitation(context: RequestContext, invitation: ApiObject) {
  const now = context.now();
  Object.assign(invitation, {
    status: 'pending',
    send_count: Number(invitation.send_count) + 1,
    last_sent_at: iso(now),
    expires_at: iso(now + accountInvitationMs),
    updated_at: iso(now),
  });
  context.unschedule(invitation.id, 'account_invitation.expire');
  context.schedule(now + accountInvitationMs, 'account_invitation.expire', invitation.id);
}

/** Create account invitation: `pending`, unless the email belongs to a member or has a pending invitation. */
const createAccountInvitation: Handler = (context) => {
  const account = accountOf(context);
  const email = context.body.email;
  const member = membersOf(context, account.id).find((candidate) => sameEmail(candidate.email, email));
  if (member) {
    throw new ApiError(
      'resource_already_exists',
      `${String(email)} is already a member of account ${account.id} (${member.id}). Change their role with Update account member instead.`,
      'email',
    );
  }
  const pending = context
    .all(['inv'])
    .find((other) => other.account_id === account.id && other.status === 'pending' && sameEmail(other.email, email));
  if (pending) {
    throw new ApiError(
      'resource_already_exists',
      `Invitation ${pending.id} for ${String(email)} is still pending. Resend it instead of creating another.`,
      'email',
    );
  }
  const now = context.nowIso();
  const invitation = context.save({
    id: context.newId('inv'),
    account_id: account.id,
    email,
    role: context.body.role,
    status: 'pending',
    member_id: null,
    send_count: 0,
    last_sent_at: now,
    expires_at: now,
    accepted_at: null,
    revoked_at: null,
    created_at: now,
    updated_at: now,
  });
  sendInvitation(context, invitation);
  return {status: 201, body: invitation};
};

/** Resend account invitation: a `pending` or `expired` invitation gets a new link; a closed one cannot. */
const resendAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status === 'accepted' || invitation.status === 'revoked') {
    throw new ApiError(
      'account_invitation_closed',
      `Invitation ${invitation.id} is ${String(invitation.status)} and cannot be resent. Create a new invitation for ${String(invitation.email)}.`,
    );
  }
  sendInvitation(context, invitation);
  return {status: 200, body: invitation};
};

/** Delete account invitation: revokes a `pending` or `expired` invitation, again a revoked one, never an accepted one. */
const deleteAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status === 'accepted') {
    throw new ApiError(
      'account_invitation_closed',
      `Invitation ${invitation.id} was accepted by member ${String(invitation.member_id)}. Remove the member with Delete account member instead.`,
    );
  }
  if (invitation.status !== 'revoked') {
    Object.assign(invitation, {status: 'revoked', revoked_at: context.nowIso(), updated_at: context.nowIso()});
    context.unschedule(invitation.id);
  }
  return {status: 204};
};

/** Accept account invitation (sandbox): the invited person follows the link and becomes a member with its role. */
const acceptAccountInvitation: Handler = (context) => {
  const invitation = accountInvitationOf(context);
  if (invitation.status !== 'pending') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Invitation ${invitation.id} cannot be accepted because its status is ${String(invitation.status)}. Only the link of a pending invitation works.`,
    );
  }
  const now = context.nowIso();
  const member = context.save({
    id: context.newId('mem'),
    account_id: invitation.account_id,
    name: context.body.name,
    email: invitation.email,
    role: invitation.role,
    invitation_id: invitation.id,
    two_factor_enabled: false,
    last_login_at: now,
    created_at: now,
    updated_at: now,
  });
  Object.assign(invitation, {status: 'accepted', member_id: member.id, accepted_at: now, updated_at: now});
  context.unschedule(invitation.id);
  return {status: 200, body: invitation};
};

/** A US account holds US dollars. */
function checkCurrency(country: unknown, currency: unknown) {
  if (country !== 'US' || currency === undefined || currency === 'USD') return;
  throw new ApiError(
    'currency_unsupported',
    `default_currency ${String(currency)} cannot be used for an account in US. Use USD.`,
    'default_currency',
  );
}

/** Create account: a `seller` of the caller's platform (the default) or a `merchant` it manages, `restricted` until approved. */
const createAccount: Handler = (context) => {
  checkCurrency(context.body.country, context.body.default_currency);
  return {status: 201, body: newAccount(context, context.body)};
};

/** A new account of the caller's from the fields of Create account, with its onboarding `not_started`; `account.created` is sent. */
function newAccount(context: RequestContext, body: Json): ApiObject {
  const now = context.nowIso();
  const type = body.type ?? 'seller';
  const codes = [...new Set((body.products as string[] | undefined) ?? ['payments', 'payouts'])];
  const account = context.save({
    id: context.newId('acct'),
    type,
    platform_account_id: type === 'seller' ? context.account.id : null,
    created_by_account_id: context.account.id,
    business_name: body.business_name,
    email: body.email,
    phone: body.phone ?? null,
    country: body.country,
    default_currency: body.default_currency ?? 'USD',
    status: created('account', 'restricted'),
    status_reason: 'onboarding_pending',
    products: codes.map((code) => ({code, status: created('product', 'contract_required'), contract_id: null, added_at: now})),
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
  });
  startOnboarding(context, account.id, created('onboarding', 'not_started'));
  emitFor(context, account.id, 'account.created', account);
  return account;
}

const getAccount: Handler = (context) => ({status: 200, body: accountOf(context)});

const getAllAccounts: Handler = (context) => ({status: 200, body: context.page(context.all(['acct']))});

/** Update account: the fields sent replace the stored ones. */
type Setting = {
  name: string;
  value: string | null;
  default_value: string | null;
  allowed_values: string[] | null;
  access: string;
  access_request_id: string | null;
};
type SettingList = {data: Setting[]; has_more: boolean; next_cursor: string | null};

/**
 * An account's settings, as Get all account settings lists them: made on first use from that
 * operation's example, each at its default value and with no access asked for, as on a new account.
 * The ledger reads `payouts.schedule` from here.
 */
function settingsOf(context: RequestContext, accountId: string): SettingList {
  const key = `/v1/accounts/${accountId}/settings`;
  const stored = context.account.singletons[key] as SettingList | undefined;
  if (stored) return stored;
  const example = (context.example(undefined, 'getAllAccountSettings').data ?? []) as Setting[];
  const data = example.map((setting) => ({
    ...setting,
    value: setting.default_value,
    access: setting.access === 'requested' ? 'locked' : setting.access,
    access_request_id: null,
    updated_at: null,
  }));
  const list = {data, has_more: false, next_cursor: null};
  context.account.singletons[key] = list;
  return list;
}

const getAllAccountSettings: Handler = (context) => ({status: 200, body: settingsOf(context, accountOf(context).id)});

/** How long the sandbox's Plaza takes to grant a request for access to a setting. */
const accessDecisionMs = 60 * 60 * 1000;

/**
 * Request account setting access: a `locked` setting becomes `requested`, and Plaza grants the
 * request an hour later (the job `setting_access.grant`), which unlocks the setting.
 */
const requestAccountSettingAccess: Handler = (context) => {
  const account = accountOf(context);
  const name = context.params.setting_name ?? '';
  const setting = settingsOf(context, account.id).data.find((candidate) => candidate.name === name);
  if (!setting) throw new ApiError('resource_not_found', `Account ${account.id} has no setting ${name}.`, 'setting_name');
  if (setting.access === 'unlocked') {
    throw new ApiError(
      'setting_not_locked',
      `The setting ${name} is already unlocked for account ${account.id}. Change it with Update account.`,
    );
  }
  if (setting.access === 'requested') {
    throw new ApiError(
      'resource_already_exists',
      `Access request ${String(setting.access_request_id)} for ${name} is still pending. Wait for Plaza's decision.`,
    );
  }
  const request = context.save({
    id: context.newId('asr'),
    account_id: account.id,
    setting_name: name,
    reason: context.body.reason,
    requested_value: context.body.requested_value ?? null,
    status: 'pending',
    decision_reason: null,
    decided_at: null,
    created_at: context.nowIso(),
  });
  Object.assign(setting, {access: 'requested', access_request_id: request.id});
  context.schedule(context.now() + accessDecisionMs, 'setting_access.grant', request.id);
  return {status: 201, body: request};
};

/**
 * Update account: the fields sent, and the settings named in `settings`, each only while `unlocked`
 * (`409 setting_locked`) and to one of its allowed values; `null` returns a setting to its default.
 * Everything is checked before anything changes.
 */
const updateAccount: Handler = (context) => {
  const account = accountOf(context);
  const body = context.body;
  checkCurrency(account.country, body.default_currency);
  const changes = Object.entries((body.settings ?? {}) as Record<string, string | null>);
  const settings = changes.length > 0 ? settingsOf(context, account.id).data : [];
  const now = context.nowIso();
  const changed = changes.map(([name, value]) => {
    const setting = settings.find((candidate) => candidate.name === name);
    if (!setting) throw new ApiError('parameter_invalid', `${name} is not a setting of account ${account.id}.`, `settings.${name}`);
    if (setting.access !== 'unlocked') {
      throw new ApiError(
        'setting_locked',
        `The setting ${name} is ${setting.access}. Ask for access with Request account setting access first.`,
        `settings.${name}`,
      );
    }
    if (value !== null && setting.allowed_values && !setting.allowed_values.includes(value)) {
      throw new ApiError('parameter_invalid', `${name} takes one of ${setting.allowed_values.join(', ')}.`, `settings.${name}`);
    }
    return () => Object.assign(setting, {value: value ?? setting.default_value, updated_at: now});
  });
  for (const change of changed) change();
  for (const field of ['business_name', 'email', 'phone', 'default_currency', 'metadata'] as const) {
    if (body[field] !== undefined) account[field] = body[field];
  }
  account.updated_at = now;
  emitFor(context, account.id, 'account.updated', account);
  return {status: 200, body: account};
};

/** Delete account: only a seller that holds no funds and has no payout in flight. */
const deleteAccount: Handler = (context) => {
  const account = accountOf(context);
  if (account.type !== 'seller') {
    throw new ApiError(
      'account_not_deletable',
      `Account ${account.id} is a ${String(account.type)} account. Only seller accounts can be deleted through the API; contact Plaza support to close it.`,
    );
  }
  const holders = [
    account.id,
    ...context
      .all(['ha'])
      .filter((holding) => holding.account_id === account.id)
      .map((holding) => holding.id),
  ];
  const funds = holders.flatMap((holder) =>
    Object.entries(context.account.balances[holder] ?? {})
      .filter(([, money]) => money.available !== 0 || money.pending !== 0)
      .map(([currency, money]) => `${money.available} ${currency} available and ${money.pending} ${currency} pending in ${holder}`),
  );
  const inFlight = context
    .all(['po'])
    .some((payout) => payout.account_id === account.id && ['pending', 'processing'].includes(String(payout.status)));
  if (funds.length > 0 || inFlight) {
    const holds = funds.length > 0 ? `holds ${funds.join(', ')}` : 'has a payout in flight';
    throw new ApiError(
      'account_not_deletable',
      `Account ${account.id} ${holds}. Pay out or transfer its balance and wait for pending funds and payouts to settle, then delete it.`,
    );
  }
  context.remove(account.id);
  delete context.account.singletons[onboardingKey(account.id)];
  return {status: 204};
};

/** Get seller accounts: a platform's sellers; other accounts have none. */
const getSellerAccounts: Handler = (context) => {
  const account = accountOf(context);
  return {status: 200, body: context.page(context.all(['acct']).filter((seller) => seller.platform_account_id === account.id))};
};

/** Get managed accounts: every account the key acts for, with why. */
const getManagedAccounts: Handler = (context) => {
  const own = context.account.id;
  const rows = context.all(['acct']).map((account) => ({
    id: account.id,
    account_id: account.id,
    type: account.type,
    business_name: account.business_name,
    status: account.status,
    relationship: account.id === own ? 'self' : account.platform_account_id === own ? 'seller' : 'created',
  }));
  const page = context.page(rows);
  for (const row of page.data) delete (row as Partial<ApiObject>).id;
  return {status: 200, body: page};
};

/** Add product: `contract_required` until its contract is signed; `credit` needs active payments and an approved onboarding. */
const addProduct: Handler = (context) => {
  const account = accountOf(context);
  const code = String(context.body.product_code);
  const products = account.products as Json[];
  const existing = products.find((product) => product.code === code);
  if (existing) {
    throw new ApiError(
      'resource_already_exists',
      `Account ${account.id} already has the ${code} product (${String(existing.status)}).`,
      'product_code',
    );
  }
  const paymentsActive = products.some((product) => product.code === 'payments' && product.status === 'active');
  if (code === 'credit' && (!paymentsActive || onboardingOf(context, account.id).status !== 'approved')) {
    throw new ApiError(
      'product_unavailable',
      `The credit product needs an active payments product and an approved onboarding; account ${account.id} is ${String(account.status_reason ?? account.status)}.`,
      'product_code',
    );
  }
  const now = context.nowIso();
  products.push({code, status: created('product', 'contract_required'), contract_id: null, added_at: now});
  account.updated_at = now;
  emitFor(context, account.id, 'account.updated', account);
  return {status: 200, body: account};
};

// Onboarding

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
export function onboardingReview(context: AccountContext, accountId: string): Json {
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

// Onboarding invitations

/** How long an onboarding invitation's link works unless `expires_at` says otherwise, and the bounds of `expires_at`. */
const onboardingInvitationMs = 14 * dayMs;
const earliestExpiryMs = hourMs;
const latestExpiryMs = 30 * dayMs;

/** The `expires_at` sent, in ms, from 1 hour to 30 days from now (`400 parameter_invalid` otherwise). */
function expiryOf(context: RequestContext): number {
  const at = Date.parse(String(context.body.expires_at));
  if (at < context.now() + earliestExpiryMs || at > context.now() + latestExpiryMs)
    throw new ApiError('parameter_invalid', 'expires_at must be from 1 hour to 30 days from now.', 'expires_at');
  return at;
}

/** The link stops working at `expires_at` unless the seller completes the form first. */
function scheduleExpiry(context: RequestContext, invitation: ApiObject, at: number) {
  invitation.expires_at = iso(at);
  context.unschedule(invitation.id, 'onboarding_invitation.expire');
  context.schedule(at, 'onboarding_invitation.expire', invitation.id);
}

const onboardingInvitationOf = (context: RequestContext) =>
  context.get(context.params.onboarding_invitation_id ?? '', 'onboarding_invitation_id', ['oinv']);

/** Create onboarding invitation: `pending`, unless the email has a `pending` or `opened` invitation. */
const createOnboardingInvitation: Handler = (context) => {
  const body = context.body;
  const open = context
    .all(['oinv'])
    .find((other) => (other.status === 'pending' || other.status === 'opened') && sameEmail(other.email, body.email));
  if (open) {
    throw new ApiError(
      'resource_already_exists',
      `Onboarding invitation ${open.id} for ${String(body.email)} is still ${String(open.status)}. Update or revoke it instead of creating another.`,
      'email',
    );
  }
  const expires = body.expires_at === undefined ? context.now() + onboardingInvitationMs : expiryOf(context);
  const now = context.nowIso();
  const id = context.newId('oinv');
  // Nobody opens the hosted form of the sandbox: its link is the specs' example link, for this invitation.
  const example = context.example();
  const invitation = context.save({
    id,
    email: body.email,
    business_name: body.business_name ?? null,
    url: String(example.url).replace(String(example.id), id),
    return_url: body.return_url ?? null,
    products: body.products ?? ['payments', 'payouts'],
    status: created('onboardingInvitation', 'pending'),
    account_id: null,
    metadata: body.metadata ?? {},
    expires_at: null,
    opened_at: null,
    completed_at: null,
    revoked_at: null,
    created_at: now,
    updated_at: now,
  });
  scheduleExpiry(context, invitation, expires);
  return {status: 201, body: invitation};
};

/**
 * Update onboarding invitation: a `completed` or `revoked` invitation takes only `metadata`, and the
 * form's fields (`email`, `business_name`, `products`) change only until the seller opens the link
 * (`409 onboarding_invitation_closed`). A new `expires_at` reopens an `expired` invitation.
 */
const updateOnboardingInvitation: Handler = (context) => {
  const invitation = onboardingInvitationOf(context);
  const body = context.body;
  const closed = (message: string, param: string) => new ApiError('onboarding_invitation_closed', message, param);
  const beyondMetadata = Object.keys(body).find((name) => name !== 'metadata');
  if ((invitation.status === 'completed' || invitation.status === 'revoked') && beyondMetadata) {
    throw closed(`Onboarding invitation ${invitation.id} is ${String(invitation.status)}; only its metadata can change.`, beyondMetadata);
  }
  const formField = ['email', 'business_name', 'products'].find((name) => body[name] !== undefined);
  if (invitation.opened_at !== null && formField) {
    throw closed(
      `The seller already opened onboarding invitation ${invitation.id}, so its ${formField} can no longer change. Revoke it and create a new one.`,
      formField,
    );
  }
  const now = context.nowIso();
  if (body.expires_at !== undefined) {
    scheduleExpiry(context, invitation, expiryOf(context));
    if (invitation.status === 'expired') move('onboardingInvitation', invitation, invitation.opened_at === null ? 'pending' : 'opened');
  }
  for (const name of ['email', 'business_name', 'return_url', 'products', 'metadata'])
    if (body[name] !== undefined) invitation[name] = body[name];
  if (body.status === 'revoked') {
    move('onboardingInvitation', invitation, 'revoked', {revoked_at: now});
    context.unschedule(invitation.id);
  }
  invitation.updated_at = now;
  return {status: 200, body: invitation};
};

/**
 * Open onboarding invitation (sandbox): the seller opens the link of a `pending` invitation, which
 * makes their seller account under the platform, in the platform's country, named after the
 * invitation's `business_name` (or its email until the seller gives one), with its products.
 */
const openOnboardingInvitation: Handler = (context) => {
  const invitation = onboardingInvitationOf(context);
  if (invitation.status !== 'pending') {
    throw new ApiError(
      'sandbox_simulation_invalid',
      `Onboarding invitation ${invitation.id} cannot be opened because its status is ${String(invitation.status)}. Only a pending invitation's link makes a seller account.`,
    );
  }
  const account = newAccount(context, {
    type: 'seller',
    business_name: invitation.business_name ?? invitation.email,
    email: invitation.email,
    country: context.get(context.account.id).country,
    products: invitation.products,
  });
  const now = context.nowIso();
  move('onboardingInvitation', invitation, 'opened', {account_id: account.id, opened_at: now, updated_at: now});
  return {status: 200, body: invitation};
};

/** The `opened` invitation of an account that is submitted for review is `completed`: its form has nothing left to do. */
function completeInvitation(context: RequestContext, accountId: string) {
  const now = context.nowIso();
  for (const invitation of context.all(['oinv'])) {
    if (invitation.account_id !== accountId || invitation.status !== 'opened') continue;
    move('onboardingInvitation', invitation, 'completed', {completed_at: now, updated_at: now});
    context.unschedule(invitation.id);
  }
}

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

// Business details

/**
 * A business detail saved or deleted: refused while the review runs (`409 onboarding_already_submitted`),
 * and the first one starts the onboarding (`in_progress`). Documents can be uploaded at any time.
 */
const detail =
  (handler: (context: RequestContext, account: ApiObject) => HandlerResult, lockedInReview = true): Handler =>
  (context) => {
    const account = accountOf(context);
    const record = onboardingOf(context, account.id);
    if (lockedInReview && (record.status === 'submitted' || record.status === 'in_review')) {
      throw new ApiError(
        'onboarding_already_submitted',
        'The onboarding of this account is in review, so its business details are locked. Wait for the review to end, or for onboarding.action_required, before changing them.',
      );
    }
    const result = handler(context, account);
    if (record.status === 'not_started') move('onboarding', record, 'in_progress', {updated_at: context.nowIso()});
    return result;
  };

/** The answer of the specs' examples, for the details the sandbox keeps without rules of its own (directors, owners). */
const fromExample: Handler = (context) => {
  const answer = generic.handlers?.['*'];
  if (!answer) throw new Error('the generic domain has no answer');
  return answer(context);
};

/** A detail kept by path, or `404` before its first save. */
const readDetail =
  (part: string, noun: string): Handler =>
  (context) => {
    const account = accountOf(context);
    const stored = detailsOf(context, account.id, part);
    if (!stored) throw new ApiError('resource_not_found', `Account ${account.id} has no ${noun} saved yet.`);
    return {status: 200, body: stored};
  };

/** The fields a detail's first save must include (`400 parameter_invalid` naming the first one missing). */
function firstSave(context: RequestContext, noun: string, names: string[]) {
  const missing = names.find((name) => context.body[name] === undefined);
  if (missing)
    throw new ApiError('parameter_invalid', `The first save of the ${noun} needs ${names.join(', ')}: ${missing} is missing.`, missing);
}

/** Save business: the fields sent, over the business saved so far; fields never saved are `null`. */
const saveBusiness = detail((context, account) => {
  const path = detailsPath(account.id, '');
  const now = context.nowIso();
  let business = context.account.singletons[path];
  if (!business) {
    firstSave(context, 'business', ['legal_name', 'business_type', 'address']);
    business = {
      account_id: account.id,
      ...nulls([
        'legal_name',
        'doing_business_as',
        'business_type',
        'business_structure',
        'industry_code',
        'website',
        'phone',
        'address',
        'incorporation_date',
        'incorporation_country',
        'incorporation_state',
        'product_description',
        'expected_monthly_volume',
      ]),
      currency: account.default_currency,
      sells_firearms: false,
      created_at: now,
    };
  }
  Object.assign(business, context.body, {updated_at: now});
  context.account.singletons[path] = business;
  return {status: 200, body: business};
});

const nulls = (names: string[]) => Object.fromEntries(names.map((name) => [name, null]));

/**
 * Save tax information: a new tax ID or legal name is checked again (`pending`, then `verified` as
 * soon as the request ends). A test tax ID is remembered for the decision it makes on submission.
 */
const saveTaxInformation = detail((context, account) => {
  const body = context.body;
  if ((body.tax_id === undefined) !== (body.tax_id_type === undefined)) {
    const missing = body.tax_id === undefined ? 'tax_id' : 'tax_id_type';
    throw new ApiError('parameter_invalid', `Send tax_id_type and tax_id together: ${missing} is missing.`, missing);
  }
  const path = detailsPath(account.id, '/tax-information');
  const now = context.nowIso();
  const tax = (context.account.singletons[path] ??= {
    account_id: account.id,
    ...nulls(['tax_id_type', 'masked_tax_id', 'legal_name', 'industry_code', 'verification_status', 'verified_at']),
    created_at: now,
  });
  if (typeof body.tax_id === 'string') {
    const digits = body.tax_id.replace(/-/g, '');
    Object.assign(tax, {tax_id_type: body.tax_id_type, masked_tax_id: maskTaxId(body.tax_id)});
    const tested = [...context.index.sandboxValues('SaveTaxInformationRequest', 'tax_id')].find(
      ([value]) => value.replace(/-/g, '') === digits,
    );
    onboardingOf(context, account.id).test_decision = taxIdDecisions[tested?.[1][0] ?? ''] ?? null;
  }
  for (const name of ['legal_name', 'industry_code'] as const) if (body[name] !== undefined) tax[name] = body[name];
  if ((body.tax_id !== undefined || body.legal_name !== undefined) && tax.masked_tax_id !== null) {
    Object.assign(tax, {verification_status: 'pending', verified_at: null});
    context.schedule(context.now(), 'tax_information.verify', account.id);
  }
  tax.updated_at = now;
  return {status: 200, body: structuredClone(tax)};
});

/** Every digit but the last four masked: `93-4417205` is `**-***7205`. */
const maskTaxId = (taxId: string) => {
  let kept = 0;
  return [...taxId]
    .reverse()
    .map((char) => (/\d/.test(char) && ++kept > 4 ? '*' : char))
    .reverse()
    .join('');
};

/** Save business representative: at least 18 years old; the last digits of the SSN are kept but never shown. */
const saveBusinessRepresentative = detail((context, account) => {
  const path = detailsPath(account.id, '/representative');
  const now = context.nowIso();
  const body = {...context.body};
  let representative = context.account.singletons[path];
  if (!representative) {
    firstSave(context, 'representative', ['first_name', 'last_name', 'address']);
    representative = {
      account_id: account.id,
      ...nulls(['first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'address']),
      ssn_last4_provided: false,
      title: null,
      ultimate_beneficial_owner_id: null,
      created_at: now,
    };
  }
  if (typeof body.date_of_birth === 'string') {
    const adult = new Date(Date.parse(body.date_of_birth));
    adult.setUTCFullYear(adult.getUTCFullYear() + 18);
    if (adult.getTime() > context.now())
      throw new ApiError('parameter_invalid', 'The business representative must be at least 18 years old.', 'date_of_birth');
  }
  if (body.ssn_last4 !== undefined) representative.ssn_last4_provided = true;
  delete body.ssn_last4;
  Object.assign(representative, body, {updated_at: now});
  context.account.singletons[path] = representative;
  return {status: 200, body: representative};
});

/** The lists of owners whose shares may not add up to more than 100%, by ID prefix: their names in a refusal. */
const ownerLists = {ubo: ['ultimate beneficial owners', 'owners'], sh: ['shareholders', 'shareholders']} as const;

/**
 * Refuses a share that would make an account's owners of one list own more than 100% of the business
 * (`ownership_total_exceeded`); `replaced` is the owner whose share it replaces, on an update.
 */
function requireOwnershipWithin(
  context: RequestContext,
  account: ApiObject,
  prefix: keyof typeof ownerLists,
  share: number,
  replaced?: string,
) {
  const owners = context.all([prefix]).filter((owner) => owner.account_id === account.id && owner.id !== replaced);
  // In cents of a percent, as `ownership_percentage` has up to two decimals.
  const total = Math.round(owners.reduce((sum, owner) => sum + Number(owner.ownership_percentage), share) * 100) / 100;
  if (total > 100) {
    const [list, others] = ownerLists[prefix];
    throw new ApiError(
      'ownership_total_exceeded',
      `The ${list} of this account would own ${total}% of the business. Lower ownership_percentage or correct the other ${others} first.`,
      'ownership_percentage',
    );
  }
}

/** Create or update of a shareholder or an ultimate beneficial owner (the ID in path parameter `idParam`), within 100%. */
const ownerWithinFullOwnership = (prefix: keyof typeof ownerLists, idParam: string): Handler =>
  detail((context, account) => {
    const share = context.body.ownership_percentage;
    const replaced = context.params[idParam];
    // An unknown owner is not found, whatever its share would make the total.
    if (replaced !== undefined) context.get(replaced, idParam, [prefix]);
    if (share !== undefined) requireOwnershipWithin(context, account, prefix, Number(share), replaced);
    return fromExample(context);
  });

/**
 * Copy business representative as owner: a new ultimate beneficial owner with the representative's
 * details and the share sent; once only, and the owners' shares may not pass 100%.
 */
const copyBusinessRepresentativeAsOwner = detail((context, account) => {
  const representative = detailsOf(context, account.id, '/representative');
  if (!representative) throw new ApiError('resource_not_found', `Account ${account.id} has no business representative saved yet.`);
  const copied = representative.ultimate_beneficial_owner_id;
  if (typeof copied === 'string' && context.find(copied)) {
    throw new ApiError(
      'resource_already_exists',
      `The business representative was already copied to ultimate beneficial owner ${copied}. Update that owner instead.`,
    );
  }
  const share = Number(context.body.ownership_percentage);
  requireOwnershipWithin(context, account, 'ubo', share);
  const now = context.nowIso();
  const person = ['first_name', 'last_name', 'email', 'phone', 'date_of_birth', 'address', 'ssn_last4_provided'];
  const owner = context.save({
    id: context.newId('ubo'),
    account_id: account.id,
    ...Object.fromEntries(person.map((name) => [name, representative[name]])),
    ownership_percentage: share,
    title: representative.title,
    created_at: now,
    updated_at: now,
  });
  Object.assign(representative, {ultimate_beneficial_owner_id: owner.id, updated_at: now});
  return {status: 201, body: owner};
});

/** Save bank account: replaces the account's business bank account with a new `new` one, which receives micro-deposits. */
const saveBankAccount = detail((context, account) => {
  const body = context.body;
  const replaced = businessBankAccount(context, account.id);
  const bankAccount = openBankAccount(
    context,
    'bba',
    {routingNumber: String(body.routing_number), accountNumber: String(body.account_number)},
    {account_id: account.id, holder_name: body.holder_name, holder_type: body.holder_type, account_type: body.account_type},
  );
  if (replaced) context.remove(replaced.id);
  return {status: 200, body: structuredClone(bankAccount)};
});

const getBankAccount: Handler = (context) => ({status: 200, body: savedBankAccount(context)});

/**
 * Create contract: the product must be on the account; signing it makes the product `active` and
 * supersedes the account's earlier contract for it. The same version signed twice is refused.
 */
const createContract = detail((context, account) => {
  const body = context.body;
  const code = String(body.product_code);
  const product = (account.products as Json[]).find((candidate) => candidate.code === code);
  if (!product) {
    throw new ApiError(
      'product_not_enabled',
      `The ${code} product is not added to account ${account.id}. Add the product to the account, then sign its contract.`,
      'product_code',
    );
  }
  const signedAt = Date.parse(String(body.signed_at));
  if (signedAt > context.now() || signedAt < context.now() - 7 * dayMs) {
    throw new ApiError('parameter_invalid', 'signed_at cannot be in the future or more than 7 days ago.', 'signed_at');
  }
  const earlier = context
    .all(['ctr'])
    .find((contract) => contract.account_id === account.id && contract.product_code === code && contract.status === 'active');
  if (earlier && earlier.version === body.version) {
    throw new ApiError(
      'resource_already_exists',
      `Account ${account.id} already signed version ${String(body.version)} of the ${code} contract (${earlier.id}).`,
      'version',
    );
  }
  const now = context.nowIso();
  if (earlier) Object.assign(earlier, {status: 'superseded', superseded_at: now});
  const id = context.newId('ctr');
  const contract = context.save({
    id,
    account_id: account.id,
    product_code: code,
    version: body.version,
    title: `Plaza ${code[0]?.toUpperCase() ?? ''}${code.slice(1)} Terms of Service`,
    signer_name: body.signer_name,
    signer_title: body.signer_title,
    ip_address: body.ip_address,
    user_agent: body.user_agent ?? null,
    signed_at: body.signed_at,
    status: 'active',
    superseded_at: null,
    document_url: `https://files.plaza.example/contracts/signed/${id}.pdf`,
    created_at: now,
  });
  move('product', product, 'active', {contract_id: id});
  account.updated_at = now;
  return {status: 201, body: contract};
}, false);

/** Get all products: Plaza's catalogue, the same for every account, as the specs' example lists it. */
const getAllProducts: Handler = (context) => ({status: 200, body: context.page((context.example().data ?? []) as ApiObject[])});

/**
 * Get latest product contract: the product's own contract, as the specs' examples of the operation
 * give one for each product, with the version Get all products names as its `latest_contract_version`.
 */
const getLatestProductContract: Handler = (context) => {
  const code = context.params.product_code;
  const examples = context.operation.responses.find((response) => response.status === 200)?.examples ?? [];
  const contract = examples.find((example) => (example as Json).product_code === code);
  if (!contract) throw new Error(`The specs give no latest contract of the ${String(code)} product.`);
  return {status: 200, body: structuredClone(contract)};
};

/** The file types and size Upload business document takes. */
const documentTypes = ['application/pdf', 'image/jpeg', 'image/png'];
const maxDocumentBytes = 10 * 1024 * 1024;

/**
 * Upload business document, from its multipart parts: `document_type`, and `file` as
 * `{file_name, content_type, size}`. A document the review asked for is no longer due.
 */
const uploadBusinessDocument = detail((context, account) => {
  const documentType = context.body.document_type;
  const file = context.body.file as {file_name?: unknown; content_type?: unknown; size?: unknown} | undefined;
  if (typeof documentType !== 'string') throw new ApiError('parameter_invalid', 'The document_type part is required.', 'document_type');
  if (!file || typeof file.file_name !== 'string') throw new ApiError('parameter_invalid', 'The file part is required.', 'file');
  const size = Number(file.size);
  if (!documentTypes.includes(String(file.content_type)) || !(size >= 1 && size <= maxDocumentBytes)) {
    throw new ApiError('file_invalid', `${file.file_name} is not a PDF, JPEG or PNG of at most 10 MB. Upload a supported file.`, 'file');
  }
  const now = context.nowIso();
  const document = context.save({
    id: context.newId('doc'),
    account_id: account.id,
    document_type: documentType,
    file_name: file.file_name,
    content_type: file.content_type,
    size,
    status: 'pending_review',
    rejection_reason: null,
    reviewed_at: null,
    created_at: now,
    updated_at: now,
  });
  const record = onboardingOf(context, account.id);
  record.documents_due = record.documents_due.filter((type) => type !== documentType);
  return {status: 201, body: document};
}, false);

/** Whether the account has uploaded a document of the type reviewers ask for. */
const hasRequestedDocument = (context: AccountContext, accountId: string) =>
  context.all(['doc']).some((document) => document.account_id === accountId && document.document_type === requestedDocument);

export const accounts: Domain = {
  handlers: {
    createAccount,
    getAccount,
    getAllAccounts,
    updateAccount,
    getAllAccountSettings,
    requestAccountSettingAccess,
    createAccountInvitation,
    resendAccountInvitation,
    deleteAccountInvitation,
    acceptAccountInvitation,
    getAllAccountMembers,
    updateAccountMember,
    deleteAccountMember,
    deleteAccount,
    getSellerAccounts,
    getManagedAccounts,
    addProduct,
    reviewOnboarding,
    onboard,
    decideOnboarding,
    setAccountStatus,
    createOnboardingInvitation,
    updateOnboardingInvitation,
    openOnboardingInvitation,
    getBusiness: readDetail('', 'business'),
    saveBusiness,
    getTaxInformation: readDetail('/tax-information', 'tax information'),
    saveTaxInformation,
    getBusinessRepresentative: readDetail('/representative', 'business representative'),
    saveBusinessRepresentative,
    getBankAccount,
    saveBankAccount,
    createContract,
    getAllProducts,
    getLatestProductContract,
    uploadBusinessDocument,
    saveBusinessFirearmsQuestionnaire: detail(fromExample),
    createDirector: detail(fromExample),
    updateDirector: detail(fromExample),
    deleteDirector: detail(fromExample),
    createShareholder: ownerWithinFullOwnership('sh', 'shareholder_id'),
    updateShareholder: ownerWithinFullOwnership('sh', 'shareholder_id'),
    deleteShareholder: detail(fromExample),
    createUltimateBeneficialOwner: ownerWithinFullOwnership('ubo', 'ultimate_beneficial_owner_id'),
    updateUltimateBeneficialOwner: ownerWithinFullOwnership('ubo', 'ultimate_beneficial_owner_id'),
    deleteUltimateBeneficialOwner: detail(fromExample),
    copyBusinessRepresentativeAsOwner,
  },
  jobs: {
    /** Plaza grants a request for access to a setting: the setting is unlocked, and the account told. */
    'setting_access.grant': (context, job) => {
      const request = context.find(job.id);
      const account = request && context.find(String(request.account_id));
      if (!request || !account || request.status !== 'pending') return;
      const setting = accountSetting(context, account.id, String(request.setting_name));
      Object.assign(request, {status: 'granted', decided_at: context.nowIso()});
      if (setting) setting.access = 'unlocked';
      account.updated_at = context.nowIso();
      emitFor(context, account.id, 'account.updated', account);
    },
    /** Seven days after its last email, an invitation nobody accepted expires. */
    'account_invitation.expire': (context, job) => {
      const invitation = context.find(job.id);
      if (invitation?.status === 'pending') Object.assign(invitation, {status: 'expired', updated_at: context.nowIso()});
    },
    /** At `expires_at`, the link of an invitation the seller has not completed stops working. */
    'onboarding_invitation.expire': (context, job) => {
      const invitation = context.find(job.id);
      if (invitation?.status === 'pending' || invitation?.status === 'opened')
        move('onboardingInvitation', invitation, 'expired', {updated_at: context.nowIso()});
    },
    /** The tax authority confirms a pending tax ID (the test tax IDs included). */
    'tax_information.verify': (context, job) => {
      const tax = detailsOf(context, job.id, '/tax-information');
      if (tax?.verification_status === 'pending')
        Object.assign(tax, {verification_status: 'verified', verified_at: context.nowIso(), updated_at: context.nowIso()});
    },
  },
  open,
};
