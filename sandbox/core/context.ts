/**
 * What a handler or a clock job works with: one account's objects, its clock, its balances, its
 * events and webhook deliveries. A request adds its operation, parameters and body.
 */
import {ApiError, notFound} from './errors';
import {created} from './lifecycles';
import type {SpecIndex, SpecOperation} from '../../lib/api-model/request-index';
import {iso, makeId, type AccountState, type ApiObject, type Delivery, type Job, type KeyRecord, type Money} from './state';
import {dayMs} from './time';

/** How long automatic delivery attempts go on, and the first wait (doubling after each failure). */
export const retryWindowMs = 3 * dayMs;
export const firstRetryMs = 60_000;

export class AccountContext {
  constructor(
    readonly account: AccountState,
    /** Wall-clock time in ms, the host's. */
    readonly wall: number,
    /** The operations of the specs, with their examples and the sandbox's test values. */
    readonly index: SpecIndex,
    readonly requestId: string | null = null,
    readonly correlationId: string | null = null,
  ) {}

  /**
   * The codes of the outcome that a test value of a request field chooses (the specs'
   * `x-plaza-sandbox-values` of `schema.property`); empty for a value that is not a test value.
   */
  testOutcome(schema: string, property: string, value: unknown): string[] {
    return this.index.sandboxValues(schema, property).get(String(value)) ?? [];
  }

  /** The outcome of the test number a card or bank account was made from: it keeps only its `last4`. */
  numberOutcome(schema: string, property: string, last4: unknown): string[] {
    for (const [number, outcome] of this.index.sandboxValues(schema, property)) if (number.endsWith(String(last4))) return outcome;
    return [];
  }

  /** Sandbox time in ms. */
  now(): number {
    return this.wall + this.account.clockOffset;
  }

  nowIso(): string {
    return iso(this.now());
  }

  newId(prefix: string): string {
    return makeId(prefix, this.account.handle, ++this.account.seq);
  }

  find(id: string): ApiObject | undefined {
    return Object.hasOwn(this.account.objects, id) ? this.account.objects[id] : undefined;
  }

  /** The object with this ID, of one of the prefixes when given, or a `404`. */
  get(id: string, param: string | null = null, prefixes?: string[]): ApiObject {
    const found = this.find(id);
    if (!found || (prefixes && !prefixes.some((prefix) => id.startsWith(`${prefix}_`)))) throw notFound(id, param);
    return found;
  }

  save<T extends ApiObject>(object: T): T {
    if (!Object.hasOwn(this.account.created, object.id)) this.account.created[object.id] = ++this.account.seq;
    this.account.objects[object.id] = object;
    return object;
  }

  remove(id: string) {
    delete this.account.objects[id];
  }

  /** Every object of the prefixes, newest first. */
  all(prefixes: string[]): ApiObject[] {
    return Object.values(this.account.objects)
      .filter((object) => prefixes.some((prefix) => object.id.startsWith(`${prefix}_`)))
      .sort((a, b) => (this.account.created[b.id] ?? 0) - (this.account.created[a.id] ?? 0));
  }

  /** A balance of a holder (`acct_` or `ha_`) in a currency, made on first use. */
  balance(holder: string, currency: string): Money {
    const byCurrency = (this.account.balances[holder] ??= {});
    return (byCurrency[currency] ??= {available: 0, pending: 0});
  }

  schedule(at: number, kind: string, id: string, data?: Record<string, unknown>) {
    this.account.jobs.push({at, kind, id, ...(data ? {data} : {})});
  }

  /** Removes the jobs of an object, of one kind or all. */
  unschedule(id: string, kind?: string) {
    this.account.jobs = this.account.jobs.filter((job: Job) => job.id !== id || (kind !== undefined && job.kind !== kind));
  }

  /** Records an event and queues its delivery to every enabled webhook that takes its type. */
  emit(type: string, object: ApiObject): ApiObject {
    const event = this.save({
      id: this.newId('evt'),
      type,
      created_at: this.nowIso(),
      account_id: this.account.id,
      request_id: this.requestId,
      correlation_id: this.correlationId,
      data: {object: structuredClone(object)},
    });
    for (const webhook of this.all(['wh'])) {
      const types = Array.isArray(webhook.enabled_events) ? (webhook.enabled_events as string[]) : [];
      if (webhook.status !== 'enabled' || !(types.includes('*') || types.includes(type))) continue;
      this.queueDelivery(webhook.id, event);
    }
    return event;
  }

  queueDelivery(webhookId: string, event: ApiObject) {
    const delivery: Delivery = {
      webhook_id: webhookId,
      event_id: event.id,
      event_type: String(event.type),
      delivery_status: created('delivery', 'pending'),
      attempts: 0,
      last_attempt_at: null,
      last_response_status: null,
      last_response_body: null,
      last_error: null,
      next_attempt_at: this.nowIso(),
      succeeded_at: null,
      failed_at: null,
      created_at: this.nowIso(),
    };
    this.account.deliveries[`${webhookId}/${event.id}`] = delivery;
    this.schedule(this.now(), 'webhook.deliver', `${webhookId}/${event.id}`);
    return delivery;
  }
}

export type Query = Record<string, unknown>;

/** The sandbox's secret keys: a new key's value opens the same account with the key's permissions. */
export type Keyring = {
  /** Adds a key of this account. */
  add(secret: string, record: Omit<KeyRecord, 'account'>): void;
  /** Every key of this account, with its secret. */
  list(): [string, KeyRecord][];
};

export class RequestContext extends AccountContext {
  constructor(
    account: AccountState,
    wall: number,
    requestId: string,
    correlationId: string | null,
    readonly operation: SpecOperation,
    readonly params: Record<string, string>,
    readonly query: Query,
    readonly body: Record<string, unknown>,
    /** The ID of the API key making the request. */
    readonly keyId: string,
    /** The secret keys of every account, for the API key operations. */
    readonly keyring: Keyring,
    index: SpecIndex,
  ) {
    super(account, wall, index, requestId, correlationId);
  }

  /**
   * A copy of an operation's example response for a status: this operation's by default, or the one
   * named by its operationId; its first success when no status is given.
   */
  example(status?: number, operationId = this.operation.operationId): Record<string, unknown> {
    const operation = this.index.operations.find((candidate) => candidate.operationId === operationId) ?? this.operation;
    const response = status
      ? operation.responses.find((candidate) => candidate.status === status)
      : operation.responses.find((candidate) => candidate.status >= 200 && candidate.status < 300);
    const value = response?.example;
    return value && typeof value === 'object' ? (structuredClone(value) as Record<string, unknown>) : {};
  }

  /**
   * Copies of the objects that the examples of the specs' answers show, whole bodies and the items of
   * lists, in the order of the specs: those of the operations `of` keeps, or of every one.
   */
  examples(of: (operation: SpecOperation) => boolean = () => true): Record<string, unknown>[] {
    return this.index.operations
      .filter(of)
      .flatMap((operation) => operation.responses.flatMap(({examples}) => examples as ({data?: unknown[]} | null)[]))
      .flatMap((example) => [example, ...(Array.isArray(example?.data) ? example.data : [])])
      .filter((value): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value))
      .map((object) => structuredClone(object));
  }

  /** A page of objects, newest first, after the cursor, with the query's filters that name fields. */
  page(objects: ApiObject[]): {data: ApiObject[]; has_more: boolean; next_cursor: string | null} {
    const limit = typeof this.query.limit === 'number' ? this.query.limit : 25;
    let rows = this.filter(objects);
    const cursor = typeof this.query.cursor === 'string' ? this.query.cursor : undefined;
    if (cursor) {
      const after = rows.findIndex((object) => `cur_${object.id.slice(object.id.lastIndexOf('_') + 1)}` === cursor);
      if (after === -1)
        throw new ApiError('parameter_invalid', 'The cursor is unknown or expired: start again from the first page.', 'cursor');
      rows = rows.slice(after + 1);
    }
    const data = rows.slice(0, limit);
    const last = data.at(-1);
    const hasMore = rows.length > limit;
    return {data, has_more: hasMore, next_cursor: hasMore && last ? `cur_${last.id.slice(last.id.lastIndexOf('_') + 1)}` : null};
  }

  /** The objects that the query's filters (`status`, `created_at_gte`...) keep, all of them: a page, or an export. */
  filter(objects: ApiObject[]): ApiObject[] {
    return objects.filter((object) => this.matchesFilters(object));
  }

  /**
   * The objects as the operation's file answer, CSV under the header row of its documented example:
   * an empty cell for `null`, a cell quoted when it holds a comma, a quote or a line break.
   */
  csv(objects: ApiObject[], name: string): {status: number; body: string; file: {type: string; name: string}} {
    const response = this.operation.responses.find((candidate) => candidate.mediaType === 'text/csv');
    const columns =
      String(response?.example ?? '')
        .split('\n', 1)[0]
        ?.split(',') ?? [];
    const cell = (value: unknown) => {
      const text = value === null || value === undefined ? '' : String(value);
      return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    const rows = objects.map((object) => columns.map((column) => cell(object[column])).join(','));
    return {status: response?.status ?? 200, body: `${[columns.join(','), ...rows].join('\n')}\n`, file: {type: 'text/csv', name}};
  }

  private matchesFilters(object: ApiObject): boolean {
    for (const [name, value] of Object.entries(this.query)) {
      if (value === undefined || name === 'limit' || name === 'cursor') continue;
      const bound = /^(.*)_(gte|lte)$/.exec(name);
      if (bound) {
        const field = object[bound[1] ?? ''];
        if (typeof field !== 'string') continue;
        if (bound[2] === 'gte' ? field < String(value) : field > String(value)) return false;
      } else if (Object.hasOwn(object, name)) {
        // An email address matches whatever the case of its letters (the specs' `email` filters).
        const fold = (item: unknown) => (name === 'email' && typeof item === 'string' ? item.toLowerCase() : item);
        const wanted = Array.isArray(value) ? value : [value];
        if (!wanted.some((item) => fold(item) === fold(object[name]))) return false;
      }
    }
    return true;
  }
}
