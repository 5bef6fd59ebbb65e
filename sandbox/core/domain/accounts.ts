/**
 * Accounts (/concepts/accounts): the caller's own, the ones it creates, their settings and products.
 *
 * The caller's own account is a `platform`, approved and `active` from the start. The seller and
 * merchant accounts it creates are `acct_` objects of its sandbox, `restricted` until their onboarding
 * review is approved (onboarding.ts). Their members and invitations are in invitations.ts, their
 * business details in business.ts.
 */
import {ApiError} from '../errors';
import {created} from '../lifecycles';
import {accountSetting} from '../ledger';
import type {AccountContext, RequestContext} from '../context';
import type {ApiObject} from '../state';
import type {Domain, Handler} from '../types';
import {emitFor} from './customers';
import {onboardingKey, onboardingOf, startOnboarding} from './onboarding-record';

type Json = Record<string, unknown>;

export const accountOf = (context: RequestContext) => context.get(context.params.account_id ?? '', 'account_id', ['acct']);

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
export function newAccount(context: RequestContext, body: Json): ApiObject {
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

/** Get all products: Plaza's catalogue, the same for every account, as the specs' example lists it. */
const getAllProducts: Handler = (context) => ({status: 200, body: context.page((context.example().data ?? []) as ApiObject[])});

export const accounts: Domain = {
  handlers: {
    createAccount,
    getAccount,
    getAllAccounts,
    updateAccount,
    getAllAccountSettings,
    requestAccountSettingAccess,
    deleteAccount,
    getSellerAccounts,
    getManagedAccounts,
    addProduct,
    getAllProducts,
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
  },
  open,
};
