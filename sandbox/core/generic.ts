/**
 * The answer of every operation without a handler of its own, read off the specs: its documented
 * example, made to fit the session. A create stores a new object (a fresh ID, the body's fields, the
 * path's IDs, the sandbox time); a read finds it, or answers `404`; a list pages through the stored
 * objects of its kind with the query's filters; an update merges the body; a delete removes. A
 * sub-resource that is not an object of its own (`/v1/accounts/{account_id}/settings`) is kept by path.
 */
import type {RequestContext} from './context';
import {update, type ApiObject} from './state';
import type {Domain, HandlerResult} from './types';

type Json = Record<string, unknown>;
const idLike = /^([a-z]+)_[a-z0-9]{24}$/;

/** The prefix of an ID (`pay` of `pay_...`), or undefined. */
const prefixOf = (value: unknown): string | undefined => (typeof value === 'string' ? idLike.exec(value)?.[1] : undefined);

/**
 * The example with the session's IDs: the values the example gives the path's parameters become the
 * request's, and the example's own account becomes the caller's.
 */
function fitExample(context: RequestContext, example: unknown): Json {
  const replace = new Map<string, string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        const param = context.params[key];
        if (param && typeof value === 'string' && prefixOf(value)) replace.set(value, param);
        else if (key === 'account_id' && typeof value === 'string' && value.startsWith('acct_') && !replace.has(value))
          replace.set(value, context.account.id);
        visit(value);
      }
    }
  };
  visit(example);
  const rewrite = (node: unknown): unknown => {
    if (typeof node === 'string') return replace.get(node) ?? node;
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
    return node;
  };
  return (rewrite(example) ?? {}) as Json;
}

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
/** Two arrays hold items of one JSON type (a list of codes does not replace a list of objects). */
const sameItems = (a: unknown, b: unknown) =>
  !Array.isArray(a) || !Array.isArray(b) || a.length === 0 || b.length === 0 || kind(a[0]) === kind(b[0]);

/**
 * Copies the body's fields that the object has, of the same JSON type (or onto a `null`), onto it. An
 * update replaces a nested object as a whole, as the specs' update operations say of `metadata` and
 * addresses; a create merges it into the example's, so that a field the body leaves out keeps a value.
 */
function overlay(object: Json, body: Json, nested: 'merge' | 'replace'): Json {
  for (const [key, value] of Object.entries(body)) {
    if (!Object.hasOwn(object, key)) continue;
    const current = object[key];
    if (nested === 'merge' && kind(current) === 'object' && kind(value) === 'object') overlay(current as Json, value as Json, nested);
    else if (current === null || (kind(current) === kind(value) && sameItems(current, value))) object[key] = value;
  }
  return object;
}

const success = (context: RequestContext) =>
  context.operation.responses.find((response) => response.status >= 200 && response.status < 300)?.status ?? 200;

function answer(context: RequestContext): HandlerResult {
  const {operation, params} = context;
  const status = success(context);
  const example = fitExample(context, context.example());
  const segments = operation.path.split('/');
  const last = segments.at(-1) ?? '';
  const itemParam = /^\{(.+)\}$/.exec(last)?.[1];
  const itemId = itemParam ? params[itemParam] : undefined;
  const actionOf = /^\{(.+)\}$/.exec(segments.at(-2) ?? '')?.[1];
  const key = pathKey(context);

  if (operation.method === 'GET') {
    if (itemId) return {status, body: context.get(itemId, itemParam)};
    if (Array.isArray(example.data)) {
      const prefix = prefixOf((example.data[0] as Json | undefined)?.id);
      if (!prefix) return {status, body: example};
      const scoped = context.all([prefix]).filter((object) => belongsTo(object, params));
      return {status, body: context.page(scoped)};
    }
    return {status, body: context.account.singletons[key] ?? example};
  }
  // A POST makes a new object when its answer is one of another kind than the path's last ID names:
  // `/v1/accounts/{account_id}/invitations` makes an `inv_`, `/v1/cards/{card_id}/attach` acts on the card.
  const parent = actionOf ? params[actionOf] : undefined;
  const made = prefixOf(example.id);
  if (operation.method === 'POST' && !itemId && made && made !== prefixOf(parent)) {
    if (parent && prefixOf(parent)) context.get(parent, actionOf);
    const object = overlay({...example, id: context.newId(made)}, context.body, 'merge') as ApiObject;
    for (const [name, value] of Object.entries(params)) if (Object.hasOwn(object, name)) object[name] = value;
    stamp(context, object, true);
    return {status, body: context.save(object)};
  }
  if (operation.method === 'PUT' && itemId) {
    const object = context.get(itemId, itemParam);
    update(object, overlay({...object}, context.body, 'replace'), context.nowIso());
    return {status, body: context.save(object)};
  }
  if (operation.method === 'PUT') {
    const object = overlay((context.account.singletons[key] as Json | undefined) ?? example, context.body, 'replace');
    stamp(context, object, false);
    context.account.singletons[key] = object;
    return {status, body: object};
  }
  if (operation.method === 'DELETE' && itemId) {
    const object = context.get(itemId, itemParam);
    context.remove(object.id);
    return status === 204 ? {status} : {status, body: {...example, id: object.id}};
  }
  // An action on an object (`/v1/cards/{card_id}/attach`): the object must exist.
  if (actionOf && params[actionOf]) context.get(params[actionOf] ?? '', actionOf);
  return status === 204 ? {status} : {status, body: example};
}

/** The path of the request without its query, the key of a sub-resource kept by path. */
const pathKey = (context: RequestContext) =>
  context.operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => context.params[name] ?? '');

/** Whether an object belongs under the path's IDs (`/v1/customers/{customer_id}/cards`). */
const belongsTo = (object: ApiObject, params: Record<string, string>) =>
  Object.entries(params).every(
    ([name, value]) => !Object.hasOwn(object, name) || object[name] === value || (name === 'account_id' && object[name] === null),
  );

function stamp(context: RequestContext, object: Json, created: boolean) {
  const now = context.nowIso();
  if (created && Object.hasOwn(object, 'created_at')) object.created_at = now;
  if (Object.hasOwn(object, 'updated_at')) object.updated_at = now;
}

export const generic: Domain = {handlers: {'*': answer}};
