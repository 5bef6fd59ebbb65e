/**
 * The sandbox's state: plain JSON, so that it can be saved to a file and loaded back as it was.
 * Each `sk_test_` key that first calls the sandbox opens an account of its own; nothing of one
 * account is reachable from another.
 */

/** An API object as the API shows it (`id`, fields, `created_at`...). */
export type ApiObject = Record<string, unknown> & {id: string};

/** A job the clock runs when sandbox time reaches `at` (ms). */
export type Job = {at: number; kind: string; id: string; data?: Record<string, unknown>};

export type Money = {available: number; pending: number};

export type IdempotencyEntry = {fingerprint: string; at: number; status?: number; body?: unknown; headers?: Record<string, string>};

/** One event's delivery to one webhook, as Get all webhook events shows it. */
export type Delivery = {
  webhook_id: string;
  event_id: string;
  event_type: string;
  delivery_status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_attempt_at: string | null;
  last_response_status: number | null;
  last_response_body: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
  succeeded_at: string | null;
  failed_at: string | null;
  created_at: string;
};

export type AccountState = {
  /** The account's ID, as the API shows it: every seeded account has the examples' (seed.ts). */
  id: string;
  /** What the state keeps the account under, drawn from the key that opened it, and the seed of its IDs. */
  handle: string;
  /** Sandbox time is wall time plus this offset (ms); advancing the clock grows it. */
  clockOffset: number;
  /** Counter of everything numbered: IDs, creation order. */
  seq: number;
  /** Every object by ID. */
  objects: Record<string, ApiObject>;
  /** The creation number of each object, for newest-first lists. */
  created: Record<string, number>;
  /** Objects of operations answered from examples, by the path they live at (a singleton such as `/v1/accounts/acct_.../settings`). */
  singletons: Record<string, ApiObject | Record<string, unknown>>;
  /** Balances by holding account (`acct_...` or `ha_...`) and currency. */
  balances: Record<string, Record<string, Money>>;
  jobs: Job[];
  /** Webhook deliveries by `<webhook ID>/<event ID>`. */
  deliveries: Record<string, Delivery>;
  idempotency: Record<string, IdempotencyEntry>;
};

export type KeyRecord = {
  account: string;
  keyId: string;
  permissions: string[];
  revoked?: boolean;
  /** When a request last came with this value, in the account's time: the key's `last_used_at`. */
  usedAt?: string;
};

export type SandboxState = {
  version: 1;
  accounts: Record<string, AccountState>;
  /** Every secret key the sandbox knows, by its value. */
  keys: Record<string, KeyRecord>;
};

export const emptyState = (): SandboxState => ({version: 1, accounts: {}, keys: {}});

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A new ID: the prefix and 24 lower-case letters and digits, drawn from the account's ID and its
 * counter, so that a session replayed from the same saved state makes the same IDs.
 */
export function makeId(prefix: string, seed: string, counter: number): string {
  let hash = 2166136261;
  for (const char of `${seed}:${counter}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  let out = '';
  for (let index = 0; index < 24; index++) {
    hash ^= hash << 13;
    hash >>>= 0;
    hash ^= hash >>> 17;
    hash ^= hash << 5;
    hash >>>= 0;
    out += alphabet[hash % 36];
  }
  return `${prefix}_${out}`;
}

/** An ISO 8601 time in UTC to the second, as the API writes them. */
export const iso = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** An entry of a map keyed by what a request sends (an API key, an idempotency key): its own, never the prototype's. */
export const own = <T>(map: Record<string, T>, key: string): T | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

/** Sets an entry of such a map as its own property, also for a key such as `__proto__`. */
export function put<T>(map: Record<string, T>, key: string, value: T) {
  Object.defineProperty(map, key, {value, enumerable: true, writable: true, configurable: true});
}

/** Whether two JSON values are the same: objects field by field, whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const names = Object.keys(left);
  return (
    names.length === Object.keys(right).length && names.every((name) => Object.hasOwn(right, name) && sameJson(left[name], right[name]))
  );
}

/**
 * An update: sets the fields on the object, and its `updated_at` ("when the object last changed"), when
 * it has one, only if a value changed, so that the same update sent again leaves the object as it was. Returns whether
 * anything changed, for the handlers that send an event about the change.
 */
export function update(object: ApiObject, fields: Record<string, unknown>, now: string): boolean {
  if (Object.entries(fields).every(([name, value]) => sameJson(object[name], value))) return false;
  Object.assign(object, fields);
  if (Object.hasOwn(object, 'updated_at')) object.updated_at = now;
  return true;
}
