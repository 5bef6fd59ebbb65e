/**
 * Advance sandbox clock, which moves an account's time forward and says what completed on the way, and
 * the tally of those completions. The lengths of time and the cutoff are time.ts's.
 */
import type {AccountContext} from './context';
import {hourMs} from './time';
import type {Domain, Handler} from './types';

/** The clock's tally of one advance: what completed between `from` and `to` (ms). */
type Advance = {from: number; to: number; completed: Record<Completion, number>};
export type Completion = 'payments' | 'refunds' | 'payouts' | 'settlements' | 'expired_authorizations';

/**
 * Counts an object that reached a final state in a clock job, for the answer of Advance sandbox clock.
 * The jobs that fall in an advance run right after its handler, inside the same request, so only
 * completions timed within the advance count; the payments, payouts and settlements call it.
 */
export function countCompletion(context: AccountContext, kind: Completion) {
  const advance = context.account.singletons.clock as Advance | undefined;
  if (advance && context.now() > advance.from && context.now() <= advance.to) advance.completed[kind] += 1;
}

/**
 * Moves the clock forward by `hours`. The jobs that fall due run after this handler returns, in the
 * same request, and count themselves into the `completed` object this answer holds.
 */
const advanceSandboxClock: Handler = (context) => {
  const hours = context.body.hours as number;
  const from = context.now();
  context.account.clockOffset += hours * hourMs;
  const advance: Advance = {
    from,
    to: context.now(),
    completed: {payments: 0, refunds: 0, payouts: 0, settlements: 0, expired_authorizations: 0},
  };
  context.account.singletons.clock = advance;
  return {
    status: 200,
    body: {account_id: context.account.id, current_time: context.nowIso(), advanced_hours: hours, completed: advance.completed},
  };
};

export const clock: Domain = {handlers: {advanceSandboxClock}};
