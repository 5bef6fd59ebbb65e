/**
 * Customers' bank accounts: saving one, and its verification by micro-deposits or the hosted bank
 * login, which also verifies the business bank account of onboarding; and the balance of a bank
 * account verified through the bank login (/guides/payment-methods).
 */
import {ApiError} from '../errors';
import type {AccountContext, RequestContext} from '../context';
import {move} from '../lifecycles';
import type {Domain, Handler} from '../types';
import {iso, update, type ApiObject} from '../state';
import {
  attach,
  bankAccounts,
  changedMethodOf,
  customerOf,
  detach,
  drawn,
  emitFor,
  list,
  methodOf,
  numbersOf,
  openBankAccount,
  remove,
  savedBankAccount,
} from './customers';

/** The micro-deposits, in cents, are always these in the sandbox. */
const microDeposits = [32, 45];

/** The outcome of the test account number a bank account was saved with (none for another number). */
const accountNumberOutcome = (context: AccountContext, bankAccount: ApiObject) =>
  context.testOutcome('CreateBankAccountRequest', 'account_number', numbersOf(context)[bankAccount.id]?.split('/')[1]);

/** Whether a bank account's test account number fails its verification, by micro-deposits or the bank login. */
const failsVerification = (context: AccountContext, bankAccount: ApiObject) =>
  accountNumberOutcome(context, bankAccount).includes('verification_failed');

const createBankAccount: Handler = (context) => {
  const body = context.body;
  const routingNumber = String(body.routing_number);
  const accountNumber = String(body.account_number);
  const customer = body.customer_id === undefined ? undefined : customerOf(context, body.customer_id);
  const numbers = numbersOf(context);
  const same = context
    .all(['ba'])
    .find((other) => customer && other.customer_id === customer.id && numbers[other.id] === `${routingNumber}/${accountNumber}`);
  if (customer && same) {
    throw new ApiError(
      'resource_already_exists',
      `Customer ${customer.id} already has this bank account as ${same.id}. Use it instead of saving it again.`,
      'account_number',
    );
  }
  const bankAccount = openBankAccount(
    context,
    'ba',
    {routingNumber, accountNumber},
    {
      customer_id: customer?.id ?? null,
      account_holder_name: body.account_holder_name,
      account_holder_type: body.account_holder_type,
      account_type: body.account_type,
      verification_method: body.verification_method ?? 'micro_deposits',
      failure_code: null,
      metadata: body.metadata ?? {},
    },
  );
  return {status: 201, body: structuredClone(bankAccount)};
};

const updateBankAccount: Handler = (context) => {
  const bankAccount = changedMethodOf(context, bankAccounts);
  update(bankAccount, context.body, context.nowIso());
  return {status: 200, body: bankAccount};
};

/**
 * The bank account a verification names: a customer's (`/v1/bank-accounts/{bank_account_id}`) or the
 * business bank account of an account (`/v1/accounts/{account_id}/business/bank-account`). Both APIs
 * name these operations alike, so one handler serves both.
 */
const verifiedOne = (context: RequestContext): ApiObject =>
  context.params.bank_account_id === undefined ? savedBankAccount(context) : methodOf(context, bankAccounts);

/**
 * The event about a bank account, `bank_account.<verb>` for a customer's (`ba_`) and
 * `business_bank_account.<verb>` for an account's own (`bba_`), goes to the account that holds it:
 * a seller's for a business bank account.
 */
const emitBankAccount = (context: AccountContext, verb: 'verified' | 'verification_failed', bankAccount: ApiObject) =>
  emitFor(
    context,
    typeof bankAccount.account_id === 'string' ? bankAccount.account_id : context.account.id,
    `${bankAccount.id.startsWith('bba_') ? 'business_bank_account' : 'bank_account'}.${verb}`,
    bankAccount,
  );

function notVerifiable(bankAccount: ApiObject, allowed: string[]) {
  if (allowed.includes(String(bankAccount.status))) return;
  const why =
    bankAccount.status === 'verified'
      ? 'is already verified. There is nothing left to verify'
      : `has status ${String(bankAccount.status)} and cannot be verified. Save a new bank account`;
  throw new ApiError('bank_account_not_verifiable', `Bank account ${bankAccount.id} ${why}.`);
}

/**
 * Save bank verification: the two micro-deposits, 32 and 45 cents, verify the bank account; wrong
 * amounts use one of 3 attempts, and the third makes it `verification_failed`. The failing test
 * account number fails at the first attempt.
 */
const saveBankVerification: Handler = (context) => {
  const bankAccount = verifiedOne(context);
  notVerifiable(bankAccount, ['verification_pending']);
  const now = context.nowIso();
  const amounts = [...(context.body.amounts as number[])].sort((a, b) => a - b);
  if (failsVerification(context, bankAccount)) {
    move('bankAccount', bankAccount, 'verification_failed', {updated_at: now});
    emitBankAccount(context, 'verification_failed', bankAccount);
    return {status: 200, body: bankAccount};
  }
  if (amounts.join() === microDeposits.join()) {
    move('bankAccount', bankAccount, 'verified', {verification_method: 'micro_deposits', verified_at: now, updated_at: now});
    emitBankAccount(context, 'verified', bankAccount);
    return {status: 200, body: bankAccount};
  }
  const remaining = Number(bankAccount.verification_attempts_remaining) - 1;
  Object.assign(bankAccount, {verification_attempts_remaining: remaining, updated_at: now});
  if (remaining > 0) {
    throw new ApiError(
      'amount_invalid',
      `The amounts do not match the two deposits sent to this bank account. ${remaining} attempt${remaining === 1 ? '' : 's'} remain${remaining === 1 ? 's' : ''} before verification fails.`,
      'amounts',
    );
  }
  move('bankAccount', bankAccount, 'verification_failed');
  emitBankAccount(context, 'verification_failed', bankAccount);
  throw new ApiError(
    'amount_invalid',
    `The amounts do not match the two deposits sent to this bank account. No attempts remain: bank account ${bankAccount.id} is now verification_failed.`,
    'amounts',
  );
};

/** The hosted bank login signs in this long after its URL is made: in the sandbox, no holder has to. */
const bankLoginMs = 60_000;
/** The token of each bank account's latest verification URL: only its login counts. */
const bankLogins = (context: AccountContext) => (context.account.singletons['bank-logins'] ??= {}) as Record<string, string>;

/**
 * Get bank verification URL: a one-time hosted page, valid 30 minutes, while the bank account is `new`
 * or `verification_pending`. Each call ends the earlier URLs. In the sandbox the holder finishes the
 * bank login a minute later (`bank_account.login`).
 */
const getBankVerificationUrl: Handler = (context) => {
  const bankAccount = verifiedOne(context);
  notVerifiable(bankAccount, ['new', 'verification_pending']);
  const returnUrl = context.query.return_url;
  if (typeof returnUrl === 'string' && !returnUrl.startsWith('https://')) {
    throw new ApiError('url_invalid', `return_url must be a public https URL; ${returnUrl} is not.`, 'return_url');
  }
  const now = context.now();
  const token = `bvs_${drawn(`${bankAccount.id}:${now}:${context.account.seq}`)}`;
  bankLogins(context)[bankAccount.id] = token;
  context.schedule(now + bankLoginMs, 'bank_account.login', bankAccount.id, {token});
  return {
    status: 200,
    body: {
      bank_account_id: bankAccount.id,
      verification_url: `https://connect.sandbox.plaza.example/bank-verification/${token}`,
      ...(context.params.bank_account_id === undefined ? {} : {return_url: returnUrl ?? null}),
      expires_at: iso(now + 30 * 60_000),
      created_at: iso(now),
    },
  };
};

/**
 * The balance is known only of a bank account verified through the bank login (`instant`). The
 * refusal names the one step that works from the bank account's status: the bank login for one still
 * waiting for verification, a new bank account for one that can no longer go through it.
 */
const getBankAccountBalanceById: Handler = (context) => {
  const bankAccount = methodOf(context, bankAccounts);
  if (bankAccount.status !== 'verified' || bankAccount.verification_method !== 'instant') {
    const status = String(bankAccount.status);
    const why =
      status === 'verified'
        ? 'was verified with micro-deposits, so Plaza has no connection to its bank and cannot read its balance. To read balances, delete it with Delete bank account, create it again with Create bank account and verification_method instant, and have the holder sign in through the hosted bank login'
        : status === 'new' || status === 'verification_pending'
          ? `is ${status}. Verify it through the hosted bank login, with a URL from Get bank verification URL, to read its balance`
          : `is ${status}, so its balance cannot be read. Delete it with Delete bank account, then create it again with Create bank account and verification_method instant`;
    throw new ApiError('bank_account_balance_unavailable', `Bank account ${bankAccount.id} ${why}.`);
  }
  return {status: 200, body: {...context.example(), bank_account_id: bankAccount.id, refreshed_at: context.nowIso()}};
};

export const customerBankAccounts: Domain = {
  handlers: {
    createBankAccount,
    getAllBankAccountsForACustomer: list(bankAccounts, true),
    updateBankAccount,
    deleteBankAccount: remove(bankAccounts),
    attachBankAccountToCustomer: attach(bankAccounts),
    detachBankAccountFromCustomer: detach(bankAccounts),
    saveBankVerification,
    getBankVerificationUrl,
    getBankAccountBalanceById,
  },
  jobs: {
    /**
     * The holder finishes the hosted bank login of the latest URL: the bank account is `verified`
     * instantly, or `verification_failed` for the failing test account number, which the bank shows
     * as another account.
     */
    'bank_account.login': (context, job) => {
      const bankAccount = context.find(job.id);
      if (!bankAccount || bankLogins(context)[job.id] !== job.data?.token) return;
      if (bankAccount.status !== 'new' && bankAccount.status !== 'verification_pending') return;
      delete bankLogins(context)[job.id];
      const now = context.nowIso();
      if (failsVerification(context, bankAccount)) {
        move('bankAccount', bankAccount, 'verification_failed', {updated_at: now});
        emitBankAccount(context, 'verification_failed', bankAccount);
      } else {
        move('bankAccount', bankAccount, 'verified', {verification_method: 'instant', verified_at: now, updated_at: now});
        emitBankAccount(context, 'verified', bankAccount);
      }
    },
    /**
     * The micro-deposits reach a bank account that is still `new`: it waits for their amounts. The bank
     * of a test account number whose outcome is `errored` returns them at once, with the failure its
     * outcome names, which a customer's bank account shows in `failure_code`.
     */
    'bank_account.micro_deposits': (context, job) => {
      const bankAccount = context.find(job.id);
      if (bankAccount?.status !== 'new') return;
      const now = context.nowIso();
      move('bankAccount', bankAccount, 'verification_pending', {updated_at: now});
      const outcome = accountNumberOutcome(context, bankAccount);
      if (!outcome.includes('errored')) return;
      move('bankAccount', bankAccount, 'errored', {updated_at: now});
      if (Object.hasOwn(bankAccount, 'failure_code')) bankAccount.failure_code = outcome.find((code) => code !== 'errored') ?? null;
    },
  },
};
