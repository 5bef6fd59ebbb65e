/**
 * API keys (/concepts/api-keys, /api/authentication#creating-and-revoking-keys). Each ApiKey object
 * keeps its current secret in `secret`, shown only by Create, Reveal and Regenerate API key; each
 * secret key's values are in the sandbox's keyring, so a request with one works with exactly the
 * key's permissions, and a revoked or replaced value stops working.
 */
import {hourMs} from '../time';
import {ApiError} from '../errors';
import {created, move} from '../lifecycles';
import type {AccountContext, RequestContext} from '../context';
import type {Domain, Handler, JobRunner} from '../types';
import {iso, type ApiObject} from '../state';

/** Reveal API key works for 1 hour after the key was created or regenerated. */
const revealableMs = hourMs;
const alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A secret: the prefix and 32 random letters and digits (`sk_test_...`, `whsec_...`). */
export function randomSecret(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `${prefix}${Array.from(bytes, (byte) => alphanumeric[byte % alphanumeric.length]).join('')}`;
}

/** The prefix and last 4 letters or digits of a secret, `sk_test_...4f9a`. */
const redacted = (secret: string) => `${secret.startsWith('pk_') ? 'pk' : 'sk'}_test_...${secret.replace(/[^A-Za-z0-9]/g, '').slice(-4)}`;

/** A key as the API shows it: without its secret, and revealable only until `revealable_until` passes. */
function shown(context: AccountContext, key: ApiObject): ApiObject {
  const copy: ApiObject = {...key, revealable_until: revealable(context, key) ? key.revealable_until : null};
  delete copy.secret;
  return copy;
}

const revealable = (context: AccountContext, key: ApiObject) =>
  key.status === 'active' && typeof key.revealable_until === 'string' && Date.parse(key.revealable_until) > context.now();

/**
 * Brings the keys up to date with the keyring: the key that opened the account becomes an ApiKey
 * object (with every permission, and no reveal window), and the values of revoked keys, and previous
 * values whose grace period ended, stop working.
 */
function sync(context: RequestContext) {
  for (const [secret, record] of context.keyring.list()) {
    let key = context.find(record.keyId);
    if (!key) {
      const opened = String(context.get(context.account.id).created_at);
      key = context.save({
        id: record.keyId,
        name: 'Sandbox key',
        type: 'secret',
        mode: 'test',
        permissions: record.permissions,
        status: 'active',
        secret,
        redacted_key: redacted(secret),
        revealable_until: null,
        previous_secret_expires_at: null,
        last_used_at: null,
        expires_at: null,
        revoked_at: null,
        metadata: {},
        created_at: opened,
        updated_at: opened,
      });
    }
    if (record.usedAt && (key.last_used_at === null || record.usedAt > String(key.last_used_at))) key.last_used_at = record.usedAt;
    const previous = secret !== key.secret;
    const graceOver = key.previous_secret_expires_at === null || Date.parse(String(key.previous_secret_expires_at)) <= context.now();
    if (key.status === 'revoked' || (previous && graceOver)) record.revoked = true;
  }
}

const getKey = (context: RequestContext) => {
  sync(context);
  return context.get(context.params.api_key_id ?? '', 'api_key_id', ['key']);
};

/** Stops every value of a key at once (all of them, or all but `keep`). */
function revokeValues(context: RequestContext, keyId: string, keep?: string) {
  for (const [secret, record] of context.keyring.list()) if (record.keyId === keyId && secret !== keep) record.revoked = true;
}

/**
 * The permissions a request may give a key: for a secret key a list, or `["*"]` alone; none for a
 * publishable key (`422 permissions_invalid`); and only permissions the calling key holds (`403`).
 */
function checkPermissions(context: RequestContext, type: unknown, permissions: unknown) {
  if (type === 'publishable' && permissions !== undefined) {
    throw new ApiError(
      'permissions_invalid',
      'A publishable key has a fixed browser-safe scope and takes no permissions. Leave permissions out, or create a secret key.',
      'permissions',
    );
  }
  if (type !== 'secret') return;
  if (!Array.isArray(permissions) || permissions.length === 0) {
    throw new ApiError(
      'permissions_invalid',
      'A secret key needs permissions. Send the permissions it needs, or ["*"] for all of them.',
      'permissions',
    );
  }
  if (permissions.includes('*') && permissions.length > 1) {
    throw new ApiError(
      'permissions_invalid',
      'Send "*" on its own for every permission, or a list of named permissions without it.',
      'permissions',
    );
  }
  const held = context.keyring.list().find(([, record]) => record.keyId === context.keyId)?.[1].permissions ?? [];
  const missing = (permissions as string[]).find((permission) => !held.includes('*') && !held.includes(permission));
  if (missing) {
    throw new ApiError(
      'permission_denied',
      `This API key cannot grant ${missing} because it does not have that permission itself. Remove it from permissions, or use a key that has it.`,
      'permissions',
    );
  }
}

/** An automatic expiry lies from 1 hour to 2 years ahead. */
function checkExpiry(context: AccountContext, expiresAt: unknown) {
  if (typeof expiresAt !== 'string') return;
  const at = Date.parse(expiresAt);
  const latest = new Date(context.now());
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  if (at < context.now() + hourMs || at > latest.getTime()) {
    throw new ApiError('parameter_invalid', 'expires_at must be from 1 hour to 2 years from now.', 'expires_at');
  }
}

function scheduleExpiry(context: AccountContext, key: ApiObject) {
  context.unschedule(key.id, 'api_key.expire');
  if (typeof key.expires_at === 'string') context.schedule(Date.parse(key.expires_at), 'api_key.expire', key.id);
}

function refuseRevoked(key: ApiObject, doing: string) {
  if (key.status !== 'revoked') return;
  throw new ApiError(
    'api_key_revoked',
    `API key ${key.id} was revoked at ${String(key.revoked_at)} and cannot be ${doing}. Create a new key instead.`,
  );
}

/** Marks a key revoked; its values stop working with the next request that syncs the keyring. */
function revoke(context: AccountContext, key: ApiObject) {
  const now = context.nowIso();
  move('apiKey', key, 'revoked', {revoked_at: now, revealable_until: null, previous_secret_expires_at: null, updated_at: now});
  context.unschedule(key.id);
  context.emit('api_key.revoked', shown(context, key));
}

const getAllApiKeys: Handler = (context) => {
  sync(context);
  return {status: 200, body: context.page(context.all(['key']).map((key) => shown(context, key)))};
};

const getApiKeyById: Handler = (context) => ({status: 200, body: shown(context, getKey(context))});

/** Create API key: a new `active` test key, its value returned once; a secret key's value works at once. */
const createApiKey: Handler = (context) => {
  sync(context);
  const body = context.body;
  checkPermissions(context, body.type, body.permissions);
  checkExpiry(context, body.expires_at);
  const secret = randomSecret(body.type === 'secret' ? 'sk_test_' : 'pk_test_');
  const now = context.now();
  const key = context.save({
    id: context.newId('key'),
    name: body.name,
    type: body.type,
    mode: 'test',
    permissions: body.type === 'secret' ? body.permissions : null,
    status: created('apiKey', 'active'),
    secret,
    redacted_key: redacted(secret),
    revealable_until: iso(now + revealableMs),
    previous_secret_expires_at: null,
    last_used_at: null,
    expires_at: body.expires_at ?? null,
    revoked_at: null,
    metadata: body.metadata ?? {},
    created_at: iso(now),
    updated_at: iso(now),
  });
  if (body.type === 'secret') context.keyring.add(secret, {keyId: key.id, permissions: body.permissions as string[]});
  scheduleExpiry(context, key);
  context.emit('api_key.created', shown(context, key));
  return {status: 201, body: {...key}};
};

/** Update API key: new permissions apply to the key's every value from its next request. */
const updateApiKey: Handler = (context) => {
  const key = getKey(context);
  refuseRevoked(key, 'changed');
  const body = context.body;
  if (body.permissions !== undefined) checkPermissions(context, key.type, body.permissions);
  checkExpiry(context, body.expires_at);
  for (const field of ['name', 'permissions', 'expires_at', 'metadata'] as const) {
    if (body[field] !== undefined) key[field] = body[field];
  }
  if (Array.isArray(body.permissions)) {
    for (const [, record] of context.keyring.list()) if (record.keyId === key.id) record.permissions = body.permissions as string[];
  }
  if (body.expires_at !== undefined) scheduleExpiry(context, key);
  key.updated_at = context.nowIso();
  return {status: 200, body: shown(context, key)};
};

/** Delete API key: revokes it at once, with any previous value; a key cannot revoke itself. */
const deleteApiKey: Handler = (context) => {
  const key = getKey(context);
  if (key.id === context.keyId) {
    throw new ApiError(
      'api_key_self_revocation',
      `API key ${key.id} is the key making this request and cannot revoke itself. Send the request with another key that has api_keys:write.`,
    );
  }
  if (key.status === 'revoked') {
    throw new ApiError(
      'api_key_revoked',
      `API key ${key.id} was already revoked at ${String(key.revoked_at)}. There is nothing left to do.`,
    );
  }
  revoke(context, key);
  revokeValues(context, key.id);
  return {status: 204};
};

const revealApiKey: Handler = (context) => {
  const key = getKey(context);
  if (key.status === 'revoked') {
    throw new ApiError('api_key_not_revealable', `API key ${key.id} is revoked and cannot be revealed. Create a new key instead.`);
  }
  if (!revealable(context, key)) {
    const until = typeof key.revealable_until === 'string' ? ` could be revealed until ${key.revealable_until}` : ' cannot be revealed';
    throw new ApiError('api_key_not_revealable', `API key ${key.id}${until}. Regenerate the key to get a new value.`);
  }
  return {status: 200, body: {...key}};
};

/**
 * Regenerate API key: a new value, with the same ID and permissions. The value it replaces works on
 * for `grace_period_minutes` (none by default); any older value stops at once.
 */
const regenerateApiKey: Handler = (context) => {
  const key = getKey(context);
  refuseRevoked(key, 'regenerated');
  const grace = typeof context.body.grace_period_minutes === 'number' ? context.body.grace_period_minutes : 0;
  const previous = String(key.secret);
  revokeValues(context, key.id, grace > 0 ? previous : undefined);
  const secret = randomSecret(key.type === 'secret' ? 'sk_test_' : 'pk_test_');
  const now = context.now();
  if (key.type === 'secret') context.keyring.add(secret, {keyId: key.id, permissions: key.permissions as string[]});
  context.unschedule(key.id, 'api_key.previous_secret');
  if (grace > 0) context.schedule(now + grace * 60_000, 'api_key.previous_secret', key.id);
  Object.assign(key, {
    secret,
    redacted_key: redacted(secret),
    revealable_until: iso(now + revealableMs),
    previous_secret_expires_at: grace > 0 ? iso(now + grace * 60_000) : null,
    updated_at: iso(now),
  });
  return {status: 200, body: {...key}};
};

const jobs: Record<string, JobRunner> = {
  /** `expires_at` passed: the key is revoked and `api_key.revoked` is sent. */
  'api_key.expire': (context, job) => {
    const key = context.find(job.id);
    if (key?.status === 'active') revoke(context, key);
  },
  /** The grace period of the value replaced by the last regeneration ended. */
  'api_key.previous_secret': (context, job) => {
    const key = context.find(job.id);
    if (key) key.previous_secret_expires_at = null;
  },
};

export const keys: Domain = {
  handlers: {getAllApiKeys, getApiKeyById, createApiKey, updateApiKey, deleteApiKey, revealApiKey, regenerateApiKey},
  jobs,
};
