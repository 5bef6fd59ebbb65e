/** The sandbox core: everything a host (the Node server, a browser worker, a test) needs. */
import {clock} from './clock';
import {accounts} from './domain/accounts';
import {achDebits} from './domain/ach-debits';
import {businessDetails} from './domain/business';
import {customerBankAccounts} from './domain/bank-accounts';
import {customers} from './domain/customers';
import {disputes} from './domain/disputes';
import {invitations} from './domain/invitations';
import {keys} from './domain/keys';
import {onboarding} from './domain/onboarding';
import {payments} from './domain/payments';
import {payouts} from './domain/payouts';
import {refunds} from './domain/refunds';
import {transfers} from './domain/transfers';
import {wallets} from './domain/wallets';
import {webhooks} from './domain/webhooks';
import {generic} from './generic';
import {ledger} from './ledger';
import {Sandbox, type SandboxOptions} from './sandbox';
import type {SpecIndex} from '../../lib/api-model/request-index';

export {Sandbox, maxBodyBytes, mismatchLine, type Mismatch, type Remake} from './sandbox';
export {browserSpecs, SpecIndex, type FormInput, type OperationForm, type SandboxSpecs} from '../../lib/api-model/request-index';
export type {SandboxState} from './state';
export type {Domain, SandboxRequest, SandboxResponse} from './types';

/** Plaza's behaviour, domain by domain; the generic answer comes last. */
export const domains = [
  clock,
  payments,
  achDebits,
  refunds,
  disputes,
  ledger,
  payouts,
  transfers,
  accounts,
  invitations,
  onboarding,
  businessDetails,
  customers,
  customerBankAccounts,
  wallets,
  keys,
  webhooks,
  generic,
];

/** A sandbox of Plaza's behaviour; pass the specs' index when making many (it is the costly part). */
export const createSandbox = (options: Omit<SandboxOptions, 'domains'>, index?: SpecIndex) => new Sandbox({...options, domains}, index);
