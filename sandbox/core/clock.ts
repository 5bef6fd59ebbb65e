/**
 * The sandbox clock: the lengths of time the domains count in, the 17:00 UTC cutoff, and Advance
 * sandbox clock, which moves an account's time forward and says what completed on the way. The
 * sandbox has no weekends or holidays (/api/testing), so a business day is 24 hours.
 */
import type {AccountContext} from './context';
import type {Domain, Handler} from './sandbox';

export const hourMs = 3600_000;
export const dayMs = 24 * hourMs;
/** Plaza submits ACH debits, refunds and standard payouts in a batch at 17:00 UTC each business day. */
const cutoffHour = 17;

/** The next 17:00 UTC cutoff after a time (ms). */
export function nextCutoff(ms: number): number {
  const today = Math.floor(ms / dayMs) * dayMs + cutoffHour * hourMs;
  return today > ms ? today : today + dayMs;
}

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
