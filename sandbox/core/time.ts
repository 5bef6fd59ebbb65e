/**
 * The lengths of time the sandbox counts in, and the 17:00 UTC cutoff. A leaf of the sandbox: it imports
 * nothing, so that the clock, the contexts and every domain can share it without importing one another.
 * The sandbox has no weekends or holidays (/api/testing), so a business day is 24 hours.
 */

export const hourMs = 3600_000;
export const dayMs = 24 * hourMs;
/** Plaza submits ACH debits, refunds and standard payouts in a batch at 17:00 UTC each business day. */
const cutoffHour = 17;

/** The next 17:00 UTC cutoff after a time (ms). */
export function nextCutoff(ms: number): number {
  const today = Math.floor(ms / dayMs) * dayMs + cutoffHour * hourMs;
  return today > ms ? today : today + dayMs;
}
