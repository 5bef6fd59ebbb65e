/**
 * The ledger (/concepts/transactions): every movement of a balance is a `txn_` Transaction, and the
 * balance of each holder (the caller's own `acct_`, or one of its sellers) is the sum of their `net`.
 * Incoming funds wait as `pending` until their `available_at`; when a transaction becomes available
 * it joins its holder's `open` settlement of that UTC day and currency, payouts excepted. A settlement
 * closes at the next 00:00 UTC through the `settlement.close` job, which the payouts' domain runs,
 * since an automatic payout follows. This file also answers the reads of that money: transactions,
 * settlements and the holding accounts' balances.
 */
import type {AccountContext, RequestContext} from './context';
import {businessBankAccount, emitFor} from './domain/customers';
import {onboardingOf} from './domain/onboarding-record';
import {ApiError, notFound} from './errors';
import {created, move} from './lifecycles';
import {iso, type ApiObject} from './state';
import {dayMs} from './time';
import type {Domain, Handler, JobRunner} from './types';

/**
 * Records one movement of funds of a holder (the `acct_` ID of the platform/merchant account itself,
 * or of a seller account) as a `txn_` Transaction, and moves the holder's balance: `pending` when
 * `availableAt` is later than now (a `funds.available` job makes it available then), else `available`
 * at once. Negative amounts debit. Returns the transaction.
 */
export function recordTransaction(
  ctx: AccountContext,
  entry: {
    holder: string;
    type: string;
    amount: number;
    fee?: number;
    currency: string;
    sourceId: string;
    availableAt?: number;
    description?: string;
  },
): ApiObject {
  return record(ctx, entry);
}

/**
 * The one balance rule (/concepts/transactions, Available and pending balance): money a request sends
 * out of an available balance (a payout with its fee, a refund, a transfer) must be covered by it;
 * otherwise `422 insufficient_balance`. Only what Plaza withdraws on its own, a dispute case, can make
 * an available balance negative.
 */
export function requireAvailable(ctx: AccountContext, holder: string, currency: string, amount: number): void {
  const {available} = ctx.balance(holder, currency);
  if (available < amount) {
    throw new ApiError(
      'insufficient_balance',
      `The available ${currency} balance of ${holder} is ${available}, less than the ${amount} this request takes from it. Pending funds cannot be used until they are available.`,
      'amount',
    );
  }
}

type Entry = {
  holder: string;
  type: string;
  amount: number;
  fee?: number;
  currency: string;
  sourceId: string | null;
  availableAt?: number;
  description?: string;
};

/** A transaction, also one without a source object (an `adjustment`), into the day's settlement or a given one. */
function record(ctx: AccountContext, entry: Entry, settlement?: ApiObject): ApiObject {
  const fee = entry.fee ?? 0;
  const availableAt = Math.max(entry.availableAt ?? 0, ctx.now());
  const pending = availableAt > ctx.now();
  const transaction = ctx.save({
    id: ctx.newId('txn'),
    account_id: entry.holder,
    type: entry.type,
    status: created('transaction', pending ? 'pending' : 'available'),
    amount: entry.amount,
    fee,
    net: entry.amount - fee,
    currency: entry.currency,
    source_id: entry.sourceId,
    settlement_id: null,
    description: entry.description ?? null,
    available_at: iso(availableAt),
    created_at: ctx.nowIso(),
    updated_at: ctx.nowIso(),
  });
  const balance = ctx.balance(entry.holder, entry.currency);
  if (pending) {
    balance.pending += entry.amount - fee;
    ctx.schedule(availableAt, 'funds.available', transaction.id);
  } else {
    balance.available += entry.amount - fee;
    settle(ctx, transaction, settlement);
  }
  return transaction;
}

/** A pending transaction's funds become available, and it joins the day's settlement. */
const fundsAvailable: JobRunner = (ctx, job) => {
  const transaction = ctx.find(job.id);
  if (transaction?.status !== 'pending') return;
  const net = Number(transaction.net);
  const balance = ctx.balance(String(transaction.account_id), String(transaction.currency));
  balance.pending -= net;
  balance.available += net;
  move('transaction', transaction, 'available', {updated_at: ctx.nowIso()});
  settle(ctx, transaction);
};

/** Adds an available transaction to its holder's open settlement of the day (or to `into`), opening one if needed. */
function settle(ctx: AccountContext, transaction: ApiObject, into?: ApiObject) {
  if (transaction.type === 'payout') return;
  const settlement = into ?? openSettlement(ctx, String(transaction.account_id), String(transaction.currency));
  const amount = Number(transaction.amount);
  const total = totalOf(String(transaction.type), amount);
  settlement[total] = Number(settlement[total]) + amount;
  settlement.fee_amount = Number(settlement.fee_amount) + Number(transaction.fee);
  settlement.net_amount = Number(settlement.net_amount) + Number(transaction.net);
  settlement.transaction_count = Number(settlement.transaction_count) + 1;
  settlement.updated_at = ctx.nowIso();
  transaction.settlement_id = settlement.id;
}

/** The holder's `open` settlement of the current UTC day in a currency; the first one opens it (`settlement.created`). */
function openSettlement(ctx: AccountContext, holder: string, currency: string): ApiObject {
  const start = Math.floor(ctx.now() / dayMs) * dayMs;
  const found = ctx
    .all(['stl'])
    .find((open) => open.account_id === holder && open.currency === currency && open.status === 'open' && open.period_start === iso(start));
  if (found) return found;
  const settlement = ctx.save({
    id: ctx.newId('stl'),
    account_id: holder,
    status: created('settlement', 'open'),
    currency,
    gross_amount: 0,
    refund_amount: 0,
    dispute_amount: 0,
    transfer_amount: 0,
    adjustment_amount: 0,
    fee_amount: 0,
    net_amount: 0,
    transaction_count: 0,
    period_start: iso(start),
    period_end: iso(start + dayMs),
    payout_id: null,
    bank_account_last4: businessBankAccount(ctx, holder)?.last4 ?? null,
    created_at: ctx.nowIso(),
    updated_at: ctx.nowIso(),
    closed_at: null,
    paid_at: null,
  });
  ctx.schedule(start + dayMs, 'settlement.close', settlement.id);
  emitFor(ctx, holder, 'settlement.created', settlement);
  return settlement;
}

/**
 * The settlement total a transaction adds its `amount` to. A refund given back (a failed or canceled
 * refund's positive entry) counts as an adjustment, since `refund_amount` is never positive.
 */
function totalOf(type: string, amount: number): string {
  if (type === 'payment') return 'gross_amount';
  if (type === 'refund' && amount <= 0) return 'refund_amount';
  if (type === 'dispute') return 'dispute_amount';
  if (type.endsWith('_transfer')) return 'transfer_amount';
  return 'adjustment_amount';
}

/**
 * Carries a closed settlement's negative `net_amount` into the next day (/concepts/transactions,
 * Settlements): an `adjustment` that brings the closed settlement to zero, and its opposite in the
 * settlement that is open now, so that the balance, the sum of every `net`, does not change.
 */
export function carryForward(ctx: AccountContext, settlement: ApiObject) {
  const amount = Number(settlement.net_amount);
  const entry = {holder: String(settlement.account_id), type: 'adjustment', currency: String(settlement.currency), sourceId: null};
  record(ctx, {...entry, amount: -amount, description: `Negative settlement ${settlement.id} carried forward`}, settlement);
  record(ctx, {...entry, amount, description: `Carried forward from settlement ${settlement.id}`});
}

/** The account whose money a request names: the caller's own, or one of its sellers; `404` for any other. */
export function requireHolder(ctx: AccountContext, id: string, param: string): string {
  if (id === ctx.account.id) return id;
  return requireSeller(ctx, id, param);
}

/** One of the caller's seller accounts, or `404`. */
export function requireSeller(ctx: AccountContext, id: string, param: string): string {
  if (ctx.find(id)?.platform_account_id !== ctx.account.id || !id.startsWith('acct_')) throw notFound(id, param);
  return id;
}

/**
 * A seller can receive funds only once its onboarding is `approved` (`422 onboarding_incomplete`),
 * and only while Plaza has not restricted or closed it since (`422 account_not_active`). The callers
 * pass an account they have found (a seller, or the account a payment names); its onboarding record
 * holds the status Review onboarding shows.
 */
export function requireApproved(ctx: AccountContext, id: string, param: string) {
  const status = onboardingOf(ctx, id).status;
  if (status !== 'approved') {
    throw new ApiError(
      'onboarding_incomplete',
      `Account ${id} cannot receive funds until its onboarding is approved (onboarding_status ${String(status)}).`,
      param,
    );
  }
  requireActive(ctx, id, param);
}

/**
 * A restricted or disabled account can neither take payments nor pay out (/concepts/accounts,
 * Account status): `422 account_not_active`, with the `status_reason` that says why.
 */
export function requireActive(ctx: AccountContext, id: string, param: string) {
  const account = ctx.find(id);
  if (!account || account.status === 'active') return;
  const remedy =
    account.status === 'disabled'
      ? 'Plaza closed it; contact Plaza support'
      : 'Call Review onboarding and provide what its requirements list';
  throw new ApiError(
    'account_not_active',
    `Account ${id} is ${String(account.status)} (status_reason ${String(account.status_reason)}), so it can neither take payments nor pay out. ${remedy}.`,
    param,
  );
}

/**
 * An account's product must be `active` (its contract signed) to be used (/concepts/accounts, Products):
 * `422 product_not_enabled` when the account lacks it or has not signed its contract yet.
 */
export function requireActiveProduct(ctx: AccountContext, id: string, code: string, param: string): void {
  const products = ctx.find(id)?.products;
  const product = Array.isArray(products) ? (products as {code?: string; status?: string}[]).find((one) => one.code === code) : undefined;
  if (!product) {
    throw new ApiError(
      'product_not_enabled',
      `Account ${id} does not have the ${code} product enabled. Add it in the Accounts API before creating ${code}.`,
      param,
    );
  }
  if (product.status !== 'active') {
    throw new ApiError(
      'product_not_enabled',
      `The ${code} product of account ${id} is ${String(product.status)}. Sign its latest contract with Create contract before creating ${code}.`,
      param,
    );
  }
}

type SettingState = {name: string; value: string | null; access: string};

/** A setting of an account as Get all account settings shows it, once its list is made (see domain/accounts.ts). */
export function accountSetting(ctx: AccountContext, id: string, name: string): SettingState | undefined {
  const settings = ctx.account.singletons[`/v1/accounts/${id}/settings`] as {data?: SettingState[]} | undefined;
  return settings?.data?.find((setting) => setting.name === name);
}

/** The account's `payouts.schedule` setting: `daily` unless set otherwise. */
export const payoutSchedule = (ctx: AccountContext, id: string): string => accountSetting(ctx, id, 'payouts.schedule')?.value ?? 'daily';

/**
 * An instant payout needs the paying account's setting `payouts.instant` turned on: `false` and
 * `locked` on a new account, until Plaza grants access and the account sets it to `"true"`.
 */
export function requireInstantPayouts(ctx: AccountContext, id: string) {
  const setting = accountSetting(ctx, id, 'payouts.instant');
  if (setting?.value === 'true') return;
  throw new ApiError(
    'instant_payouts_not_enabled',
    `Account ${id} cannot make instant payouts because its setting payouts.instant is ${setting?.value ?? 'false'} (access ${setting?.access ?? 'locked'}). Ask for access with Request account setting access, then set it to true with Update account, or use speed standard.`,
    'speed',
  );
}

/** The holders whose money the caller reads: its own account and its sellers. */
function holders(ctx: AccountContext): string[] {
  return [
    ctx.account.id,
    ...ctx
      .all(['acct'])
      .filter((account) => account.platform_account_id === ctx.account.id)
      .map((account) => account.id),
  ];
}

/**
 * The `operating` holding account of each holder, made on first read: every account has one
 * (/concepts/accounts). Its currencies are those it has held, or the account's default currency.
 */
function holdingAccounts(ctx: AccountContext): ApiObject[] {
  const owners = holders(ctx);
  for (const holder of owners) {
    if (ctx.all(['ha']).some((holding) => holding.account_id === holder)) continue;
    const account = ctx.find(holder);
    const created = typeof account?.created_at === 'string' ? account.created_at : ctx.nowIso();
    ctx.save({
      id: ctx.newId('ha'),
      account_id: holder,
      type: 'operating',
      status: 'active',
      default_currency: typeof account?.default_currency === 'string' ? account.default_currency : 'USD',
      currencies: [],
      created_at: created,
      updated_at: created,
    });
  }
  const mine = ctx.all(['ha']).filter((holding) => owners.includes(String(holding.account_id)));
  for (const holding of mine) {
    const held = Object.keys(ctx.account.balances[String(holding.account_id)] ?? {});
    holding.currencies = held.length > 0 ? held : [holding.default_currency];
  }
  return mine;
}

const getAllHoldingAccounts: Handler = (ctx) => ({status: 200, body: ctx.page(holdingAccounts(ctx))});

const getHoldingAccount = (ctx: RequestContext) => {
  const id = ctx.params.holding_account_id ?? '';
  const holding = holdingAccounts(ctx).find((candidate) => candidate.id === id);
  if (!holding) throw notFound(id, 'holding_account_id');
  return holding;
};

const getHoldingAccountById: Handler = (ctx) => ({status: 200, body: getHoldingAccount(ctx)});

/** The holding account's balance per currency, as the ledger has moved it; `updated_at` is its last entry's. */
const getHoldingAccountBalanceById: Handler = (ctx) => {
  const holding = getHoldingAccount(ctx);
  const holder = String(holding.account_id);
  const balances = (holding.currencies as string[]).map((currency) => ({currency, ...ctx.balance(holder, currency)}));
  const last = ctx.all(['txn']).find((entry) => entry.account_id === holder);
  return {
    status: 200,
    body: {holding_account_id: holding.id, account_id: holder, balances, updated_at: last ? last.updated_at : holding.updated_at},
  };
};

/** The ledger of one holder: the `account_id` filter, or the caller's own account without it. */
const ledgerOf = (ctx: RequestContext) => {
  const holder = typeof ctx.query.account_id === 'string' ? ctx.query.account_id : ctx.account.id;
  return ctx.all(['txn']).filter((entry) => entry.account_id === holder);
};

const getAllTransactions: Handler = (ctx) => ({status: 200, body: ctx.page(ledgerOf(ctx))});

/** The same filtered list as Get all transactions, every row at once, as CSV. */
const exportTransactions: Handler = (ctx) => ctx.csv(ctx.filter(ledgerOf(ctx)), 'transactions.csv');

/** A settlement of one holder, or `404`. */
const settlementOf = (ctx: RequestContext, holder: string) => {
  const id = ctx.params.settlement_id ?? '';
  const settlement = ctx.find(id);
  if (settlement?.account_id !== holder) throw notFound(id, 'settlement_id');
  return settlement;
};

/** The holder a settlement read is about: the path's seller or own account, or the caller's own account. */
const settlementHolder = (ctx: RequestContext) =>
  ctx.params.account_id === undefined ? ctx.account.id : requireHolder(ctx, ctx.params.account_id, 'account_id');

const getAllSettlements: Handler = (ctx) => {
  const holder = settlementHolder(ctx);
  return {status: 200, body: ctx.page(ctx.all(['stl']).filter((settlement) => settlement.account_id === holder))};
};

const getSettlement: Handler = (ctx) => ({status: 200, body: settlementOf(ctx, settlementHolder(ctx))});

/** The transactions of a settlement; their `net` adds up to its `net_amount`. */
const getSettlementTransactions: Handler = (ctx) => {
  const settlement = settlementOf(ctx, settlementHolder(ctx));
  return {status: 200, body: ctx.page(ctx.all(['txn']).filter((entry) => entry.settlement_id === settlement.id))};
};

export const ledger: Domain = {
  handlers: {
    getAllHoldingAccounts,
    getHoldingAccountById,
    getHoldingAccountBalanceById,
    getAllTransactions,
    exportTransactions,
    getAllSettlements,
    getAllSettlementsByAccountId: getAllSettlements,
    getSettlementById: getSettlement,
    getSettlementByIdAndAccountId: getSettlement,
    getAllTransactionsForASettlement: getSettlementTransactions,
    getAllTransactionsForASettlementByAccountId: getSettlementTransactions,
  },
  jobs: {'funds.available': fundsAvailable},
};
