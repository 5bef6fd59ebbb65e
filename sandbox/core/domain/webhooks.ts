/**
 * Webhooks, events and their deliveries (/concepts/webhooks, /api/testing#testing-webhooks).
 *
 * `context.emit` records each event and queues one delivery per enabled webhook that takes its type;
 * the clock job `webhook.deliver` then puts the delivery in the account's outbox. The core makes no
 * network request: the host takes the outbox with `takeOutbox` (signed, ready to post), posts each
 * delivery and reports the answer with `recordAttempt`, which schedules the retries.
 */
import {dayMs} from '../time';
import {ApiError, notFound} from '../errors';
import {move} from '../lifecycles';
import {firstRetryMs, retryWindowMs, type AccountContext, type RequestContext} from '../context';
import type {Domain, Handler, JobRunner} from '../types';
import {iso, type AccountState, type ApiObject, type Delivery} from '../state';
import {randomSecret} from './keys';

/** Events and delivery records stay readable for 30 days (Get all events, Get all webhook events). */
const keptMs = 30 * dayMs;

/** Every event type Plaza sends (Get all event types), with the ID prefix of the object it carries. */
export const eventObjects: Record<string, string> = {
  'account.created': 'acct',
  'account.updated': 'acct',
  'onboarding.submitted': 'onboarding',
  'onboarding.approved': 'onboarding',
  'onboarding.rejected': 'onboarding',
  'onboarding.action_required': 'onboarding',
  'customer.created': 'cus',
  'customer.updated': 'cus',
  'customer.deleted': 'cus',
  'bank_account.verified': 'ba',
  'bank_account.verification_failed': 'ba',
  'business_bank_account.verified': 'bba',
  'business_bank_account.verification_failed': 'bba',
  'payment.created': 'pay',
  'payment.authorized': 'pay',
  'payment.succeeded': 'pay',
  'payment.failed': 'pay',
  'payment.canceled': 'pay',
  'refund.created': 're',
  'refund.succeeded': 're',
  'refund.failed': 're',
  'refund.canceled': 're',
  'payout.created': 'po',
  'payout.paid': 'po',
  'payout.failed': 'po',
  'payout.canceled': 'po',
  'dispute_case.created': 'dc',
  'dispute_case.updated': 'dc',
  'dispute_case.won': 'dc',
  'dispute_case.lost': 'dc',
  'settlement.created': 'stl',
  'settlement.paid': 'stl',
  'balance_transfer.created': 'bt',
  'payment_transfer.created': 'ptr',
  'refund_transfer.created': 'rtr',
  'api_key.created': 'key',
  'api_key.revoked': 'key',
};

/** A delivery the clock made due, waiting for the host to post it. */
type Due = {account: string; webhookId: string; eventId: string};
/** The account's outbox: due deliveries, and the requeued ones, whose next failure is final. */
type Outbox = {due: Due[]; requeued: string[]};

const outboxOf = (account: AccountState): Outbox => (account.singletons.outbox ??= {due: [], requeued: []}) as Outbox;
const deliveryKey = (webhookId: string, eventId: string) => `${webhookId}/${eventId}`;

/**
 * The `Plaza-Signature` header of a delivery: `t` in Unix seconds and `v1`, the lower-case hex
 * HMAC-SHA256 of `<t>.<body>` keyed with the whole `whsec_` secret (/concepts/webhooks#verifying-signatures).
 */
export async function signature(secret: string, body: string, t: number): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${t}.${body}`)));
  return `t=${t},v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

export type OutgoingDelivery = Due & {url: string; headers: Record<string, string>; body: string};

/**
 * Empties the account's outbox: each due delivery as the request to post, its body the event's JSON.
 * It is signed at the host's time `wall` (ms), not sandbox time, so that a receiver's 5-minute check
 * passes after the sandbox clock was advanced.
 */
export async function takeOutbox(account: AccountState, wall = Date.now()): Promise<OutgoingDelivery[]> {
  const due = outboxOf(account).due.splice(0);
  const t = Math.floor(wall / 1000);
  const outgoing: OutgoingDelivery[] = [];
  for (const item of due) {
    const webhook = account.objects[item.webhookId];
    const event = account.objects[item.eventId];
    if (!webhook || !event) continue;
    const body = JSON.stringify(event);
    const headers = {'content-type': 'application/json', 'plaza-signature': await signature(String(webhook.secret), body, t)};
    outgoing.push({...item, url: String(webhook.url), headers, body});
  }
  return outgoing;
}

export type AttemptResult = {status?: number; body?: string; error?: 'timeout' | 'connection_failed' | 'tls_error' | 'non_2xx_status'};

/**
 * Records the answer to one delivery attempt. A `2xx` makes the delivery `succeeded`. Otherwise the
 * next attempt waits a minute, doubling after each failure, while it falls within 3 days of the
 * event; after that, or after a requeued attempt, the delivery is `failed`.
 */
export function recordAttempt(context: AccountContext, webhookId: string, eventId: string, result: AttemptResult) {
  const key = deliveryKey(webhookId, eventId);
  const delivery = context.account.deliveries[key];
  if (delivery?.delivery_status !== 'pending') return;
  const outbox = outboxOf(context.account);
  const requeued = outbox.requeued.includes(key);
  outbox.requeued = outbox.requeued.filter((item) => item !== key);
  const now = context.now();
  const succeeded = result.error === undefined && result.status !== undefined && result.status >= 200 && result.status < 300;
  Object.assign(delivery, {
    attempts: delivery.attempts + 1,
    last_attempt_at: iso(now),
    last_response_status: result.status ?? null,
    last_response_body: result.body === undefined ? null : result.body.slice(0, 1000),
    last_error: succeeded ? null : (result.error ?? 'non_2xx_status'),
  });
  if (succeeded) {
    move('delivery', delivery, 'succeeded', {succeeded_at: iso(now), next_attempt_at: null});
    return;
  }
  const next = now + firstRetryMs * 2 ** (delivery.attempts - 1);
  if (requeued || next > Date.parse(delivery.created_at) + retryWindowMs) {
    fail(delivery, now);
    if (!requeued) disableIfFailing(context, webhookId);
    return;
  }
  delivery.next_attempt_at = iso(next);
  context.schedule(next, 'webhook.deliver', key);
}

function fail(delivery: Delivery, now: number) {
  move('delivery', delivery, 'failed', {failed_at: iso(now), next_attempt_at: null});
}

/** A webhook none of whose deliveries succeeded for 3 days is disabled for `delivery_failures`. */
function disableIfFailing(context: AccountContext, webhookId: string) {
  const webhook = context.find(webhookId);
  const since = iso(context.now() - retryWindowMs);
  const succeeded = Object.values(context.account.deliveries).some(
    (delivery) => delivery.webhook_id === webhookId && delivery.succeeded_at !== null && delivery.succeeded_at >= since,
  );
  if (!webhook || succeeded || webhook.status !== 'enabled') return;
  const now = context.nowIso();
  Object.assign(webhook, {status: 'disabled', disabled_reason: 'delivery_failures', disabled_at: now, updated_at: now});
}

/** The hosts the sandbox delivers webhooks to: this machine's, where a developer's endpoint runs. */
const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);
const isLoopback = (url: string) => URL.canParse(url) && loopbackHosts.has(new URL(url).hostname);

/**
 * A due delivery goes to the outbox, for the host to post. One whose webhook is disabled is not
 * sent, and fails; one to a host that is not this machine's cannot be reached from the sandbox, and
 * its attempt is recorded at once as `connection_failed` (retried as any failure).
 */
const deliver: JobRunner = (context, job) => {
  const delivery = context.account.deliveries[job.id];
  if (!delivery || delivery.delivery_status !== 'pending') return;
  const webhook = context.find(delivery.webhook_id);
  if (webhook?.status !== 'enabled') {
    fail(delivery, context.now());
    return;
  }
  if (!isLoopback(String(webhook.url))) {
    recordAttempt(context, delivery.webhook_id, delivery.event_id, {error: 'connection_failed'});
    return;
  }
  outboxOf(context.account).due.push({account: context.account.id, webhookId: delivery.webhook_id, eventId: delivery.event_id});
};

/** A webhook as the API shows it: its signing secret only in the answer of Create webhook. */
function shown(webhook: ApiObject): ApiObject {
  const copy = {...webhook};
  delete copy.secret;
  return copy;
}

const isPrivateIpv4 = (host: string) => {
  const parts = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!parts) return false;
  const [a, b] = [Number(parts[1]), Number(parts[2])];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
};

/**
 * A webhook URL must be a public `https` address: plain `http`, `localhost`, private networks and
 * names that no public DNS resolves are refused (/concepts/webhooks#creating-a-webhook). The local
 * sandbox delivers only to this machine, so it also takes `localhost` or `127.0.0.1` with a port.
 */
function checkUrl(value: string) {
  const refuse = (why: string) => new ApiError('url_invalid', `url must be a publicly reachable https URL; ${value} ${why}.`, 'url');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('is not a URL');
  }
  const host = url.hostname.toLowerCase();
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (web && url.port !== '' && (host === 'localhost' || host === '127.0.0.1')) return;
  if (url.protocol !== 'https:') throw refuse(`uses ${url.protocol.replace(/:$/, '')}`);
  if (host === 'localhost' || host.startsWith('[') || isPrivateIpv4(host) || /\.(localhost|local|internal)$/.test(host)) {
    throw refuse('is on a private network');
  }
  if (!host.includes('.')) throw refuse('has no public host name');
}

const getWebhook = (context: RequestContext) => context.get(context.params.webhook_id ?? '', 'webhook_id', ['wh']);

const createWebhook: Handler = (context) => {
  const body = context.body;
  checkUrl(String(body.url));
  const now = context.nowIso();
  const webhook = context.save({
    id: context.newId('wh'),
    url: body.url,
    description: body.description ?? null,
    enabled_events: body.enabled_events,
    status: 'enabled',
    disabled_reason: null,
    secret: randomSecret('whsec_'),
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
    disabled_at: null,
  });
  return {status: 201, body: {...webhook}};
};

const getAllWebhooks: Handler = (context) => ({status: 200, body: context.page(context.all(['wh']).map(shown))});

const getWebhookById: Handler = (context) => ({status: 200, body: shown(getWebhook(context))});

/** Update webhook: the fields sent replace the stored ones; `status` disables or enables it again. */
const updateWebhook: Handler = (context) => {
  const webhook = getWebhook(context);
  const body = context.body;
  if (typeof body.url === 'string') checkUrl(body.url);
  const now = context.nowIso();
  for (const field of ['url', 'enabled_events', 'description', 'metadata'] as const) {
    if (body[field] !== undefined) webhook[field] = body[field];
  }
  if (body.status === 'disabled' && webhook.status !== 'disabled') {
    Object.assign(webhook, {status: 'disabled', disabled_reason: 'disabled_by_user', disabled_at: now});
  } else if (body.status === 'enabled') {
    Object.assign(webhook, {status: 'enabled', disabled_reason: null, disabled_at: null});
  }
  webhook.updated_at = now;
  return {status: 200, body: shown(webhook)};
};

/** Delete webhook: its pending deliveries are dropped and its delivery records go with it. */
const deleteWebhook: Handler = (context) => {
  const webhook = getWebhook(context);
  for (const [key, delivery] of Object.entries(context.account.deliveries)) {
    if (delivery.webhook_id !== webhook.id) continue;
    context.unschedule(key);
    delete context.account.deliveries[key];
  }
  const outbox = outboxOf(context.account);
  outbox.due = outbox.due.filter((item) => item.webhookId !== webhook.id);
  outbox.requeued = outbox.requeued.filter((key) => !key.startsWith(`${webhook.id}/`));
  context.remove(webhook.id);
  return {status: 204};
};

const recent = (context: AccountContext, createdAt: unknown) => String(createdAt) >= iso(context.now() - keptMs);

/** The account's events of the last 30 days: a test event is only delivered, never one of them. */
const readable = (context: AccountContext, event: ApiObject) =>
  recent(context, event.created_at) && !testEventsOf(context.account).includes(event.id);

const getAllEvents: Handler = (context) => ({
  status: 200,
  body: context.page(context.all(['evt']).filter((event) => readable(context, event))),
});

const getEventById: Handler = (context) => {
  const event = context.get(context.params.event_id ?? '', 'event_id', ['evt']);
  if (!readable(context, event)) throw notFound(event.id, 'event_id');
  return {status: 200, body: event};
};

/** The deliveries to one webhook of the last 30 days, newest event first. */
const getAllWebhookEvents: Handler = (context) => {
  const webhook = getWebhook(context);
  const created = context.account.created;
  const rows = Object.values(context.account.deliveries)
    .filter((delivery) => delivery.webhook_id === webhook.id && recent(context, delivery.created_at))
    .sort((a, b) => (created[b.event_id] ?? 0) - (created[a.event_id] ?? 0))
    .map((delivery) => ({id: delivery.event_id, ...delivery}));
  const page = context.page(rows);
  for (const row of page.data) delete (row as Partial<ApiObject>).id;
  return {status: 200, body: page};
};

function getDelivery(context: RequestContext): Delivery {
  const webhook = getWebhook(context);
  const eventId = context.params.event_id ?? '';
  const delivery = context.account.deliveries[deliveryKey(webhook.id, eventId)];
  if (!delivery) throw notFound(eventId, 'event_id');
  return delivery;
}

const getWebhookEventById: Handler = (context) => ({status: 200, body: getDelivery(context)});

/** Requeue: one more attempt now; its failure is final. Refused while pending or when the webhook is disabled. */
const requeueAWebhookEventById: Handler = (context) => {
  const delivery = getDelivery(context);
  const key = deliveryKey(delivery.webhook_id, delivery.event_id);
  if (delivery.delivery_status === 'pending') {
    throw new ApiError(
      'webhook_event_not_requeueable',
      `Event ${delivery.event_id} already has a pending delivery to webhook ${delivery.webhook_id}, next attempt at ${delivery.next_attempt_at ?? 'once it is sent'}. Wait for it to finish before requeueing.`,
    );
  }
  if (context.find(delivery.webhook_id)?.status !== 'enabled') {
    throw new ApiError(
      'webhook_event_not_requeueable',
      `Webhook ${delivery.webhook_id} is disabled. Enable it with Update webhook, then requeue the event.`,
    );
  }
  move('delivery', delivery, 'pending', {next_attempt_at: context.nowIso(), succeeded_at: null, failed_at: null});
  const outbox = outboxOf(context.account);
  if (!outbox.requeued.includes(key)) outbox.requeued.push(key);
  context.schedule(context.now(), 'webhook.deliver', key);
  return {status: 200, body: {...delivery}};
};

/** The ID of the object of a test event: its prefix and 24 zeros, which no object of an account has. */
export const testObjectId = (prefix: string): string => `${prefix}_${'0'.repeat(24)}`;

/**
 * The object a test event carries, never one of the account's: the specs' example of its kind, with
 * an ID of zeros. It is in the status the type names when an example shows it (`failed` for
 * `payout.failed`), or one that Get all event types quotes for the type (`needs_response` for
 * `dispute_case.created`), else as the operation that causes the event answers (a `pending` payout
 * for `payout.created`). For `onboarding.*` it is an example of Review onboarding, of account `acct_000…`.
 */
function testObject(context: RequestContext, prefix: string, type: string): Record<string, unknown> {
  const verb = type.slice(type.indexOf('.') + 1);
  const review = prefix === 'onboarding';
  const found = review
    ? context.examples((operation) => operation.operationId === 'reviewOnboarding')
    : [...context.examples((operation) => operation.events.includes(type)), ...context.examples()].filter((object) =>
        String(object.id).startsWith(`${prefix}_`),
      );
  const types = context.example(200, 'getAllEventTypes').data as {type: string; description: string}[];
  const quoted = [...(types.find((item) => item.type === type)?.description ?? '').matchAll(/`([a-z_]+)`/g)];
  const chosen =
    [verb, ...quoted.map((match) => match[1])]
      .map((status) => found.find((object) => (review ? object.onboarding_status : object.status) === status))
      .find((object) => object !== undefined) ??
    found[0] ??
    {};
  const object: Record<string, unknown> = review ? {...chosen, account_id: testObjectId('acct')} : {...chosen, id: testObjectId(prefix)};
  // An API key's secret never leaves in an event.
  delete object.secret;
  return object;
}

/** The IDs of the account's test events: delivered, but not events of the account (Get all events). */
const testEventsOf = (account: AccountState): string[] => (account.singletons.testEvents ??= {ids: []}).ids as string[];

/**
 * Send test webhook event (sandbox): an event of the chosen type, delivered to this webhook only.
 * The type must be one Plaza sends and one the enabled webhook takes (`409 sandbox_simulation_invalid`).
 * Its object is an example (`testObject`), and Get all events and Get event by ID do not know it.
 */
const sendTestWebhookEvent: Handler = (context) => {
  const webhook = getWebhook(context);
  const type = String(context.body.event_type);
  const prefix = eventObjects[type];
  const types = Array.isArray(webhook.enabled_events) ? (webhook.enabled_events as string[]) : [];
  const refuse = (why: string) =>
    new ApiError('sandbox_simulation_invalid', `A test ${type} event cannot be sent to webhook ${webhook.id}: ${why}.`);
  if (!prefix) throw refuse('Get all event types does not list this type');
  if (webhook.status !== 'enabled') throw refuse('the webhook is disabled; enable it with Update webhook');
  if (!types.includes('*') && !types.includes(type)) throw refuse('its enabled_events do not include this type');
  const event = context.save({
    id: context.newId('evt'),
    type,
    created_at: context.nowIso(),
    account_id: context.account.id,
    request_id: context.requestId,
    correlation_id: context.correlationId,
    data: {object: testObject(context, prefix, type)},
  });
  testEventsOf(context.account).push(event.id);
  return {status: 201, body: {...context.queueDelivery(webhook.id, event)}};
};

export const webhooks: Domain = {
  handlers: {
    createWebhook,
    getAllWebhooks,
    getWebhookById,
    updateWebhook,
    deleteWebhook,
    getAllEvents,
    getEventById,
    getAllWebhookEvents,
    getWebhookEventById,
    requeueAWebhookEventById,
    sendTestWebhookEvent,
  },
  jobs: {'webhook.deliver': deliver},
};
