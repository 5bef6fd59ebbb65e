/**
 * The sandbox at its edges, as a careless or hostile client meets it: every operation of the specs
 * sent invalid requests of every kind (each answered with a documented 4xx and the error object
 * naming the field, never a 5xx), unknown paths and keys, missing permissions, idempotency, the
 * isolation of accounts, the rate limit, save and load, the error table against /api/errors, the
 * browser build, and the HTTP server under a bounded load.
 *
 * The sandbox is built in-process from the committed specs, with a wall clock that moves 1 s at each
 * reading, so that the 25 requests a second of a key never interfere (except in the rate-limit test).
 * Every answer and event must fit the specs (tests/lib/conforming-sandbox.ts).
 */
import assert from 'node:assert/strict';
import {createHmac} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer} from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import {setTimeout as sleep} from 'node:timers/promises';
import {runLoad} from '../../bench/lib/sandbox';
import {resolveLocalRef} from '../../lib/api-model/specs';
import {buildCatalogue, eventTypes} from '../../lib/api-render/webhook-events';
import {
  createSandbox,
  domains,
  maxBodyBytes,
  mismatchLine,
  type Mismatch,
  type Sandbox,
  type SandboxResponse,
  type SandboxState,
} from '../../sandbox/core';
import {eventObjects, takeOutbox} from '../../sandbox/core/domain/webhooks';
import {errorCodes} from '../../sandbox/core/errors';
import type {SpecOperation} from '../../lib/api-model/request-index';
import type {ApiName} from '../../lib/api-model/operations';
import {startSandboxServer} from '../../sandbox/server';
import {conformingSandbox, index, specs} from '../lib/conforming-sandbox';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

const start = Date.parse('2026-03-02T09:00:00Z');
const keyA = 'sk_test_edgecasesalpha01';
const keyB = 'sk_test_edgecasesbravo02';
const hourMs = 3600_000;

/** A sandbox whose wall clock moves `clock.step` ms at each reading (1 s by default). */
function clocked(wall = start) {
  const clock = {wall, step: 1000};
  const sandbox = conformingSandbox({wall: () => (clock.wall += clock.step)});
  return {sandbox, clock};
}

type Call = {method: string; url: string; key?: string | null; body?: unknown; headers?: Record<string, string>};

function call(sandbox: Sandbox, {method, url, key = keyA, body, headers = {}}: Call): Promise<SandboxResponse> {
  return sandbox.handle({
    method,
    url,
    headers: {...(key === null ? {} : {'X-API-KEY': key}), 'Content-Type': 'application/json', ...headers},
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const operation = (operationId: string): SpecOperation => {
  const found = index.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the specs`);
  return found;
};

/**
 * The catalogue of /api/errors: each `| \`code\` | \`type\` | status |` row, its type the first of its
 * cell (`processing_error` for payments; asynchronous for payouts), its status the first number.
 */
const catalogue = new Map<string, {type: string; status: number}>();
for (const [, code = '', type = '', status = ''] of readFileSync('docs/api/errors.mdx', 'utf8').matchAll(
  /^\| `([a-z_]+)` \| `([a-z_]+)`[^|]* \| (\d{3})\b/gm,
)) {
  catalogue.set(code, {type, status: Number(status)});
}

type Expected = {status: number; code: string; param?: string | null};

/** What is wrong with an answer that should be this refusal (empty when it is); `param` is checked when given. */
function refusalProblems(response: SandboxResponse, expected: Expected, documentedBy?: SpecOperation): string[] {
  const error = isNode(response.body) && isNode(response.body.error) ? response.body.error : undefined;
  const problems: string[] = [];
  if (response.status !== expected.status || error?.code !== expected.code)
    problems.push(`answered ${response.status} ${String(error?.code ?? '')}, not ${expected.status} ${expected.code}`);
  if (documentedBy && !documentedBy.responses.some((documented) => documented.status === response.status))
    problems.push(`${response.status} is not a documented response of ${documentedBy.operationId}`);
  if (!error) return [...problems, 'the body is not the error object'];
  const fields = Object.keys(error).sort().join(', ');
  if (fields !== 'code, message, param, request_id, type') problems.push(`the error object has ${fields}`);
  const listed = catalogue.get(String(error.code));
  if (!listed || listed.type !== error.type || listed.status !== response.status)
    problems.push(`${String(error.code)} with ${String(error.type)} and ${response.status} is not in the catalogue of /api/errors`);
  if (typeof error.message !== 'string' || error.message === '') problems.push('the message is empty');
  if (error.request_id !== response.headers['x-request-id']) problems.push('request_id is not the X-Request-Id header');
  if (expected.param !== undefined && error.param !== expected.param)
    problems.push(`param is ${JSON.stringify(error.param)}, not ${JSON.stringify(expected.param)}`);
  return problems;
}

const assertRefusal = (response: SandboxResponse, expected: Expected, documentedBy?: SpecOperation) =>
  assert.deepEqual(refusalProblems(response, expected, documentedBy), [], JSON.stringify(response.body));

// --- The specs as the invalid requests are made from them ---------------------------------------

/** A node of an API's document with its `$ref`s followed. */
function follow(api: ApiName, value: unknown): Node {
  let node = value;
  for (let hops = 0; isNode(node) && typeof node.$ref === 'string' && hops < 16; hops++) node = resolveLocalRef(specs[api], node);
  return isNode(node) ? node : {};
}

/** A schema with its `$ref`s followed and its `allOf` parts merged into one. */
function schemaOf(api: ApiName, value: unknown): Node {
  const node = follow(api, value);
  if (!Array.isArray(node.allOf)) return node;
  const merged: Node = {...node, allOf: undefined, properties: {...(isNode(node.properties) ? node.properties : {})}};
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  for (const part of node.allOf.map((one) => schemaOf(api, one))) {
    Object.assign(merged, {...part, properties: {...(merged.properties as Node), ...(isNode(part.properties) ? part.properties : {})}});
    for (const name of Array.isArray(part.required) ? (part.required as string[]) : []) required.add(name);
  }
  return {...merged, required: [...required]};
}

/** The JSON types a schema accepts, or undefined when it accepts any. */
function typesOf(api: ApiName, schema: Node): Set<string> | undefined {
  const nullable = schema.nullable === true ? ['null'] : [];
  if (typeof schema.type === 'string') return new Set([schema.type, ...nullable]);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(alternatives)) return undefined;
  const types = new Set<string>(nullable);
  for (const alternative of alternatives) {
    const some = typesOf(api, schemaOf(api, alternative));
    if (!some) return undefined;
    for (const type of some) types.add(type);
  }
  return types;
}

/** A value of a JSON type that the schema's types leave out. */
function wrongTyped(types: Set<string>): unknown {
  if (!types.has('string')) return 'not of this type';
  if (!types.has('integer') && !types.has('number')) return 4242;
  if (!types.has('boolean')) return true;
  if (!types.has('object')) return {};
  return types.has('array') ? undefined : [];
}

/** The pattern of an ID: a prefix, or prefixes in a group, then `_`. */
const idPattern = /^\^(\(([a-z]+\|)*[a-z]+\)|[a-z]+)_/;

/** An ID of another kind than the pattern's. */
const wrongId = (pattern: string) =>
  ['cus', 'pay'].map((prefix) => `${prefix}_8fk2m1x9q4t7b3n6c5v0z2wd`).find((id) => !new RegExp(pattern).test(id)) ?? 'x';

const rawOperation = (target: SpecOperation): Node =>
  follow(target.api, specs[target.api].paths?.[target.path]?.[target.method.toLowerCase()]);

/** A valid value of a path parameter: its example, its first enum value, or an ID of its pattern. */
function sampleParameter(target: SpecOperation, name: string): string {
  const pathItem = specs[target.api].paths?.[target.path] ?? {};
  const parameters = [...((pathItem.parameters as unknown[]) ?? []), ...((rawOperation(target).parameters as unknown[]) ?? [])];
  const parameter = parameters.map((one) => follow(target.api, one)).find((one) => one.name === name && one.in === 'path') ?? {};
  const schema = schemaOf(target.api, parameter.schema);
  const prefix = typeof schema.pattern === 'string' ? /^\^\(?([a-z]+)/.exec(schema.pattern)?.[1] : undefined;
  const value = parameter.example ?? schema.example ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  return typeof value === 'string' ? value : `${prefix ?? 'x'}_8fk2m1x9q4t7b3n6c5v0z2wd`;
}

/** The operation's path with its parameters filled: `values` first, then valid samples. */
const urlOf = (target: SpecOperation, values: Record<string, string | undefined> = {}) =>
  target.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? sampleParameter(target, name)));

/** The JSON content of the operation's request body: its schema and example. */
function jsonContent(target: SpecOperation): Node {
  const requestBody = follow(target.api, rawOperation(target).requestBody);
  return isNode(requestBody.content) ? follow(target.api, requestBody.content['application/json']) : {};
}

/** The operation's request example (JSON bodies only). */
function bodyExample(target: SpecOperation): Node | undefined {
  const content = jsonContent(target);
  const examples = isNode(content.examples) ? Object.values(content.examples) : [];
  const example = content.example ?? (examples[0] === undefined ? undefined : follow(target.api, examples[0]).value);
  return isNode(example) ? example : undefined;
}

/** A copy of `body` with the field at `path` set to `value`, or removed when `value` is undefined. */
function withField(body: Node, path: string[], value: unknown): string {
  const copy = structuredClone(body);
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Node)[key], copy) as Node;
  const last = path.at(-1) ?? '';
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return JSON.stringify(copy);
}

type Probe = {kind: string; url: string; body?: string; expected: Expected};

const invalid = (param: string | null): Expected => ({status: 400, code: 'parameter_invalid', param});
const oversized = JSON.stringify({padding: 'x'.repeat(maxBodyBytes)});

/**
 * The invalid requests of one operation. Each is otherwise valid: its path parameters are samples of
 * their schemas, and a JSON body is the operation's example with one thing changed.
 */
function probesOf(target: SpecOperation): Probe[] {
  const example = bodyExample(target);
  const validBody = example === undefined ? undefined : JSON.stringify(example);
  const url = urlOf(target);
  const probes: Probe[] = [];
  const probe = (kind: string, expected: Expected, change: {url?: string; body?: string}) =>
    probes.push({kind, url: change.url ?? url, body: 'body' in change ? change.body : validBody, expected});

  for (const parameter of target.parameters) {
    if (parameter.in !== 'path' || !parameter.name.endsWith('_id') || typeof parameter.schema.pattern !== 'string') continue;
    probe(
      'wrong ID prefix in the path',
      {status: 404, code: 'resource_not_found', param: parameter.name},
      {url: urlOf(target, {[parameter.name]: wrongId(parameter.schema.pattern)})},
    );
  }
  probe('unknown query parameter', invalid('not_a_parameter'), {url: `${url}?not_a_parameter=1`});
  if (target.parameters.some((parameter) => parameter.in === 'query' && parameter.name === 'limit')) {
    probe('limit=0', invalid('limit'), {url: `${url}?limit=0`});
    probe('limit=101', invalid('limit'), {url: `${url}?limit=101`});
  }
  probe(`body over ${maxBodyBytes} bytes`, invalid(null), {body: oversized});
  if (target.body?.mediaType !== 'application/json' || !example || !target.body.schemaKey) return probes;
  probe('malformed JSON', invalid(null), {body: '{"amount": 12,'});
  if (target.body.required) probe('no body', invalid(null), {body: undefined});

  const api = target.api;
  const visit = (schema: Node, value: Node, path: string[]) => {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    if (schema.additionalProperties === false)
      probe('unknown body field', invalid([...path, 'not_a_field'].join('.')), {body: withField(example, [...path, 'not_a_field'], 1)});
    for (const [name, property] of Object.entries(isNode(schema.properties) ? schema.properties : {})) {
      const field = schemaOf(api, property);
      if (field.readOnly === true) continue;
      const at = [...path, name];
      const param = at.join('.');
      if (required.includes(name) && name in value)
        probe('required body field missing', invalid(param), {body: withField(example, at, undefined)});
      const types = typesOf(api, field);
      const wrong = types && wrongTyped(types);
      if (wrong !== undefined) probe('wrong type of a body field', invalid(param), {body: withField(example, at, wrong)});
      const items = schemaOf(api, field.items);
      if (Array.isArray(field.enum)) probe('unknown enum value', invalid(param), {body: withField(example, at, 'not_a_documented_value')});
      else if (Array.isArray(items.enum))
        probe('unknown enum value', invalid(`${param}.0`), {body: withField(example, at, ['not_a_documented_value'])});
      if (typeof field.pattern === 'string' && idPattern.test(field.pattern))
        probe('wrong ID prefix in the body', invalid(param), {body: withField(example, at, wrongId(field.pattern))});
      const inner = value[name];
      if (isNode(inner)) visit(field, inner, at);
      else if (Array.isArray(inner) && isNode(inner[0])) visit(items, inner[0], [...at, '0']);
    }
  };
  visit(schemaOf(api, jsonContent(target).schema), example, []);
  return probes;
}

test('every operation answers invalid requests with a documented 4xx naming the field, never a 5xx', async () => {
  const {sandbox} = clocked();
  type Row = {requests: number; operations: Set<string>; expected: number; other4xx: number; server: number; thrown: number};
  const rows = new Map<string, Row>();
  const failures: string[] = [];
  for (const target of sandbox.index.operations) {
    // The request example must be valid, or the probes made from it say nothing.
    const example = bodyExample(target);
    if (example && target.body?.schemaKey)
      assert.deepEqual(index.problems(target.body.schemaKey, example, 'request'), [], target.operationId);
    for (const probe of probesOf(target)) {
      const row = rows.get(probe.kind) ?? {requests: 0, operations: new Set(), expected: 0, other4xx: 0, server: 0, thrown: 0};
      rows.set(probe.kind, row);
      row.requests++;
      row.operations.add(`${target.api} ${target.operationId}`);
      const label = `${target.operationId} (${probe.kind}): ${target.method} ${probe.url.slice(0, 120)}`;
      let response: SandboxResponse;
      try {
        response = await call(sandbox, {method: target.method, url: probe.url, body: probe.body});
      } catch (error) {
        row.thrown++;
        failures.push(`${label}: threw ${error instanceof Error ? error.stack : String(error)}`);
        continue;
      }
      const problems = refusalProblems(response, probe.expected, target);
      if (problems.length === 0) row.expected++;
      else {
        if (response.status >= 500) row.server++;
        else row.other4xx++;
        failures.push(`${label}: ${problems.join('; ')}`);
      }
    }
  }
  const header = ['kind of invalid request', 'requests', 'operations', 'as documented', 'another answer', '5xx', 'thrown'];
  const all = [...rows.values()];
  const sum = (figure: (row: Row) => number) => all.reduce((total, row) => total + figure(row), 0);
  const lines = [
    ...[...rows].map(([kind, row]) => [kind, row.requests, row.operations.size, row.expected, row.other4xx, row.server, row.thrown]),
    [
      'all',
      sum((row) => row.requests),
      sandbox.index.operations.length,
      sum((row) => row.expected),
      sum((row) => row.other4xx),
      sum((row) => row.server),
      sum((row) => row.thrown),
    ],
  ].map((cells) => cells.join(' | '));
  console.log(['', `| ${header.join(' | ')} |`, `|${' --- |'.repeat(header.length)}`, ...lines.map((line) => `| ${line} |`)].join('\n'));
  for (const failure of failures.slice(0, 40)) console.log(`  ${failure}`);
  assert.deepEqual(failures, []);
});

test('an unknown path is a 404, a missing or wrong key a 401, a key without the permission a 403', async () => {
  const {sandbox} = clocked();
  const list = operation('getAllCustomers');
  for (const [method, url] of [
    ['GET', '/v1/not-an-operation'],
    ['GET', '/v2/customers'],
    ['PATCH', '/v1/customers'],
    ['GET', '//%zz'],
    ['GET', '/v1/customers/%E0%A4%A'],
  ] as const) {
    assertRefusal(await call(sandbox, {method, url}), {status: 404, code: 'resource_not_found', param: null});
  }
  for (const key of [null, '', 'pk_test_edgecasespublishable', 'sk_live_edgecasesproduction', 'sk_test_short', 'sk_test_not a key!']) {
    assertRefusal(
      await call(sandbox, {method: 'GET', url: '/v1/customers', key}),
      {status: 401, code: 'api_key_invalid', param: null},
      list,
    );
  }

  // A key that may read customers but not write them, made with Create API key.
  const made = await call(sandbox, {
    method: 'POST',
    url: '/v1/api-keys',
    body: {name: 'Customer reader', type: 'secret', permissions: [list.permission]},
  });
  assert.equal(made.status, 201);
  const limited = isNode(made.body) ? String(made.body.secret) : '';
  assert.equal((await call(sandbox, {method: 'GET', url: '/v1/customers', key: limited})).status, 200);
  const create = operation('createCustomer');
  assertRefusal(
    await call(sandbox, {method: 'POST', url: '/v1/customers', key: limited, body: bodyExample(create)}),
    {status: 403, code: 'permission_denied', param: null},
    create,
  );
});

test('idempotency: a replay within 24 hours, another body refused, keys forgotten after 24 hours, one request at a time, a 400 not kept', async () => {
  const {sandbox, clock} = clocked();
  const create = operation('createCustomer');
  const body = bodyExample(create) ?? {};
  const post = (key: string, sent: unknown = body) =>
    call(sandbox, {method: 'POST', url: '/v1/customers', body: sent, headers: {'Idempotency-Key': key}});

  const first = await post('order-5531');
  assert.equal(first.status, 201);
  assert.equal(first.headers['idempotent-replayed'], 'false');
  clock.wall += 23 * hourMs;
  const replay = await post('order-5531');
  assert.equal(replay.status, 201);
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.deepEqual(replay.body, first.body);
  assertRefusal(
    await post('order-5531', {...body, email: 'someone.else@example.com'}),
    {status: 409, code: 'idempotency_key_reused'},
    create,
  );

  clock.wall += 2 * hourMs;
  const after = await post('order-5531');
  assert.equal(after.status, 201);
  assert.equal(after.headers['idempotent-replayed'], 'false');
  assert.notEqual((after.body as Node).id, (first.body as Node).id);

  const together = await Promise.all([post('order-5532'), post('order-5532')]);
  assert.deepEqual(together.map((response) => response.status).sort(), [201, 409]);
  const refused = together.find((response) => response.status === 409);
  assert.ok(refused);
  assertRefusal(refused, {status: 409, code: 'idempotency_key_in_use'}, create);
  const settled = await post('order-5532');
  assert.equal(settled.headers['idempotent-replayed'], 'true');

  assertRefusal(await post('order-5533', {...body, email: 42}), invalid('email'), create);
  const fixed = await post('order-5533');
  assert.equal(fixed.status, 201);
  assert.equal(fixed.headers['idempotent-replayed'], 'false');

  // A key named like a property of every object is a key like any other, and is saved with the state.
  for (const key of ['__proto__', 'constructor']) {
    assert.equal((await post(key)).headers['idempotent-replayed'], 'false', key);
    sandbox.load(JSON.parse(JSON.stringify(sandbox.save())) as SandboxState);
    assert.equal((await post(key)).headers['idempotent-replayed'], 'true', key);
  }
});

// --- A varied session, made from the specs' examples ---------------------------------------------

type Made = {id: string; url: string};

/** The prefix of a sandbox ID (`cus` of `cus_...`). */
const prefixOf = (value: unknown) => (typeof value === 'string' ? /^([a-z]+)_[a-z0-9]{24}$/.exec(value)?.[1] : undefined);

/** The ID prefix a path parameter takes (its pattern's first). */
const parameterPrefix = (target: SpecOperation, name: string) => {
  const pattern = target.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema.pattern;
  return typeof pattern === 'string' ? /^\^\(?([a-z]+)/.exec(pattern)?.[1] : undefined;
};

/** The path of an operation with each ID parameter filled from `known` (by prefix), or undefined. */
function fill(target: SpecOperation, known: Map<string, string>): string | undefined {
  let complete = true;
  const url = target.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = known.get(parameterPrefix(target, name) ?? '');
    if (!value) complete = false;
    return value ?? '';
  });
  return complete ? url : undefined;
}

/** Replaces each ID of an example with the account's own of the same kind, when it has one. */
const withKnownIds = (value: unknown, known: Map<string, string>): unknown =>
  JSON.parse(JSON.stringify(value), (_, item: unknown) => {
    const prefix = prefixOf(item);
    return (prefix && known.get(prefix)) ?? item;
  });

/**
 * A session of one key: every create operation (`201`) with its request example, its IDs replaced by
 * objects the account holds (the test payment methods, then what it made); then the sandbox clock
 * advanced 3 days (card funds become available) and the creates that failed tried again. Returns each
 * object made that its own key reads back, with the URL it reads from.
 */
async function session(sandbox: Sandbox, key: string): Promise<Made[]> {
  await call(sandbox, {method: 'GET', url: '/v1/customers', key});
  const account = sandbox.accountOf(key);
  assert.ok(account);
  const known = new Map<string, string>([['acct', account.id]]);
  for (const id of Object.keys(account.objects)) if (!known.has(prefixOf(id) ?? '')) known.set(prefixOf(id) ?? '', id);
  const creates = index.operations.filter(
    (target) => target.method === 'POST' && target.responses.some((response) => response.status === 201) && bodyExample(target),
  );
  const made: Made[] = [];
  const done = new Set<SpecOperation>();
  for (const advance of [0, 72]) {
    if (advance) await call(sandbox, {method: 'POST', url: '/v1/sandbox/clock/advance', key, body: {hours: advance}});
    for (const target of creates) {
      const url = fill(target, known);
      if (!url || done.has(target)) continue;
      const response = await call(sandbox, {method: 'POST', url, key, body: withKnownIds(bodyExample(target), known)});
      const id = isNode(response.body) ? response.body.id : undefined;
      const prefix = prefixOf(id);
      if (response.status !== 201 || typeof id !== 'string' || !prefix) continue;
      done.add(target);
      known.set(prefix, id);
      const read = index.operations
        .filter(
          (candidate) =>
            candidate.method === 'GET' && parameterPrefix(candidate, candidate.path.match(/\{([^}]+)\}$/)?.[1] ?? '') === prefix,
        )
        .map((candidate) => fill(candidate, known))
        .find((candidate) => candidate !== undefined);
      if (read && (await call(sandbox, {method: 'GET', url: read, key})).status === 200) made.push({id, url: read});
    }
  }
  return made;
}

test('two keys are two accounts: nothing one makes is found or listed by the other', async () => {
  const {sandbox} = clocked();
  const made = await session(sandbox, keyA);
  await session(sandbox, keyB);
  const kinds = new Set(made.map((one) => prefixOf(one.id)));
  console.log(`The session of each key made ${made.length} objects of ${kinds.size} kinds: ${[...kinds].join(', ')}`);
  for (const kind of ['cus', 'pay', 'wh']) assert.ok(kinds.has(kind), `the session made no ${kind}_ object: ${[...kinds].join(', ')}`);
  assert.ok(kinds.size >= 6, `the session made only ${[...kinds].join(', ')}`);
  for (const {id, url} of made) {
    const read = index.route('GET', url.split('?')[0] ?? '');
    assert.ok(typeof read === 'object');
    assertRefusal(await call(sandbox, {method: 'GET', url, key: keyB}), {status: 404, code: 'resource_not_found'}, read.operation);
    assert.equal((await call(sandbox, {method: 'GET', url, key: keyA})).status, 200, id);
  }
  const accountB = sandbox.accountOf(keyB)?.id ?? '';
  const ownIds = new Set(made.map((one) => one.id));
  for (const list of index.operations.filter((target) => target.parameters.some((parameter) => parameter.name === 'limit'))) {
    const url = fill(list, new Map([['acct', accountB]]));
    if (!url) continue;
    const response = await call(sandbox, {method: 'GET', url: `${url}?limit=100`, key: keyB});
    const leaked = [...JSON.stringify(response.body ?? null).matchAll(/"([a-z]+_[a-z0-9]{24})"/g)].filter(([, id]) => ownIds.has(id ?? ''));
    assert.deepEqual(leaked, [], `${list.operationId} of the other key lists objects of the first`);
  }
});

test('a saved state loads back as it was: the same state, the same answers', async () => {
  const first = clocked();
  const made = [...(await session(first.sandbox, keyA)), ...(await session(first.sandbox, keyB))];
  const saved = JSON.parse(JSON.stringify(first.sandbox.save())) as SandboxState;
  assert.deepEqual(saved, first.sandbox.save());
  const second = clocked(first.clock.wall);
  second.sandbox.load(saved);
  assert.deepEqual(second.sandbox.save(), saved);
  for (const {url} of made) {
    for (const key of [keyA, keyB]) {
      const [one, other] = [await call(first.sandbox, {method: 'GET', url, key}), await call(second.sandbox, {method: 'GET', url, key})];
      assert.equal(other.status, one.status, url);
      if (one.status === 200) assert.deepEqual(other.body, one.body, url);
    }
  }
  assert.deepEqual(second.sandbox.save(), first.sandbox.save());
  assert.throws(() => second.sandbox.load({version: 2} as unknown as SandboxState), /not a saved sandbox state/);
});

test('the rate limit: 25 requests a second per key, then 429 with Retry-After; every answer has its headers', async () => {
  const {sandbox, clock} = clocked();
  clock.step = 0;
  const list = operation('getAllCustomers');
  const requestIds = new Set<string>();
  for (let count = 1; count <= 26; count++) {
    const response = await call(sandbox, {method: 'GET', url: '/v1/customers', headers: {'X-Correlation-Id': `checkout-${count}`}});
    assert.match(response.headers['x-request-id'] ?? '', /^req_[a-z0-9]{24}$/);
    requestIds.add(response.headers['x-request-id'] ?? '');
    assert.equal(response.headers['x-correlation-id'], `checkout-${count}`);
    assert.equal(response.headers['x-ratelimit-limit'], '25');
    assert.equal(response.headers['x-ratelimit-remaining'], String(Math.max(0, 25 - count)));
    assert.equal(response.headers['x-ratelimit-reset'], String(Math.floor(clock.wall / 1000) + 1));
    if (count <= 25) {
      assert.equal(response.status, 200);
      assert.equal(response.headers['retry-after'], undefined);
    } else {
      assertRefusal(response, {status: 429, code: 'rate_limit_exceeded', param: null}, list);
      assert.equal(response.headers['retry-after'], '1');
    }
  }
  assert.equal(requestIds.size, 26);
  // Another key has its own 25; the next second starts again from zero.
  assert.equal((await call(sandbox, {method: 'GET', url: '/v1/customers', key: keyB})).status, 200);
  clock.wall += 1000;
  assert.equal((await call(sandbox, {method: 'GET', url: '/v1/customers'})).status, 200);
});

test('every handler of the domains answers an operation of the specs', () => {
  const ids = new Set(index.operations.map((operation) => operation.operationId));
  const unknown = domains.flatMap((domain) => Object.keys(domain.handlers ?? {})).filter((id) => id !== '*' && !ids.has(id));
  assert.deepEqual(unknown, []);
  const stateful = createSandbox({specs}, index).statefulOperations();
  console.log(`${stateful.length} of ${ids.size} operations have behaviour of their own: ${stateful.join(', ')}`);
  assert.ok(stateful.length > 0);
});

test("the sandbox's event types are the Event schema's, each with the kind of object it carries", () => {
  assert.deepEqual(Object.keys(eventObjects).sort(), eventTypes(specs).sort());
});

test('a test event carries an example object of its type, never one of the account, and only its delivery is kept', async () => {
  const {sandbox} = clocked();
  const key = 'sk_test_edgecasestests05';
  const post = async (url: string, body: unknown) => (await call(sandbox, {method: 'POST', url, key, body})).body as Node;
  const webhook = await post('/v1/webhooks', {url: 'http://127.0.0.1:9/plaza', enabled_events: ['*']});
  const customer = await post('/v1/customers', {name: 'Real Buyer', email: 'real.buyer@example.com'});
  const real = (await takeOutbox(sandbox.accountOf(key)!)).map((sent) => (JSON.parse(sent.body) as Node).id);
  const catalogue = buildCatalogue(specs).flatMap((group) => group.events);
  for (const event of catalogue) {
    const delivery = await post(`/v1/sandbox/webhooks/${String(webhook.id)}/test-events`, {event_type: event.type});
    assert.equal(delivery.event_type, event.type);
    const [sent] = await takeOutbox(sandbox.accountOf(key)!);
    const object = (JSON.parse(sent!.body) as {data: {object: Node}}).data.object;
    const zeros = event.objectType === 'onboarding_review' ? object.account_id : object.id;
    assert.match(String(zeros), /^[a-z]+_0{24}$/, `${event.type} carries ${String(zeros)}`);
    const read = operation(event.read.operation.operationId ?? '').responses.find((response) => response.status === 200)?.schemaKey ?? '';
    assert.deepEqual(index.problems(read, object, 'response'), [], `${event.type}: its object fits ${read}`);
    assert.equal((await call(sandbox, {method: 'GET', url: `/v1/events/${String(delivery.event_id)}`, key})).status, 404);
  }
  assert.notEqual(customer.id, `cus_${'0'.repeat(24)}`);
  const events = (await call(sandbox, {method: 'GET', url: '/v1/events?limit=100', key})).body as {data: Node[]};
  assert.deepEqual(
    events.data.map((event) => event.id),
    real,
  );
  const deliveries = await call(sandbox, {method: 'GET', url: `/v1/webhooks/${String(webhook.id)}/events?limit=100`, key});
  assert.equal((deliveries.body as {data: Node[]}).data.length, real.length + catalogue.length);
});

test('the error table of the sandbox is the catalogue of /api/errors', () => {
  assert.ok(catalogue.size > 40, `only ${catalogue.size} rows read from docs/api/errors.mdx`);
  for (const [code, [status, type]] of Object.entries(errorCodes)) assert.deepEqual(catalogue.get(code), {type, status}, code);
});

test('the server: on 127.0.0.1 only, CORS, a bounded load without a 5xx, its state saved and loaded back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-sandbox-'));
  const stateFile = join(dir, 'state.json');
  const mismatches: string[] = [];
  const onMismatch = (mismatch: Mismatch) => mismatches.push(mismatchLine(mismatch));
  const first = await startSandboxServer({port: 0, stateFile, onMismatch});
  let second: Awaited<ReturnType<typeof startSandboxServer>> | undefined;
  try {
    assert.equal((first.server.address() as AddressInfo).address, '127.0.0.1');
    const response = await fetch(`${first.origin}/v1/customers`, {headers: {'X-API-KEY': keyA, Origin: 'http://localhost:3000'}});
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {data: [], has_more: false, next_cursor: null});
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    for (const header of ['X-Request-Id', 'Idempotent-Replayed', 'X-RateLimit-Remaining', 'Retry-After'])
      assert.ok(response.headers.get('access-control-expose-headers')?.includes(header), header);

    const preflight = await fetch(`${first.origin}/v1/payments`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, idempotency-key, content-type, x-correlation-id',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
    for (const header of ['X-API-KEY', 'Idempotency-Key', 'Content-Type', 'X-Correlation-Id'])
      assert.ok(preflight.headers.get('access-control-allow-headers')?.includes(header), header);

    // A webhook on this machine receives its events, signed; one elsewhere is recorded as connection_failed.
    const received: {signature: string; body: string}[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request
        .on('data', (chunk: Buffer) => (body += chunk.toString()))
        .on('end', () => {
          received.push({signature: String(request.headers['plaza-signature']), body});
          response.end('ok');
        });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    try {
      const hooks = 'sk_test_edgecaseshooks04';
      const api = async (method: string, path: string, body?: unknown) => {
        const answer = await fetch(`${first.origin}${path}`, {
          method,
          headers: {'X-API-KEY': hooks, 'Content-Type': 'application/json'},
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return (await answer.json()) as Node;
      };
      const port = (receiver.address() as AddressInfo).port;
      const local = await api('POST', '/v1/webhooks', {url: `http://127.0.0.1:${port}/plaza`, enabled_events: ['customer.created']});
      const remote = await api('POST', '/v1/webhooks', {url: 'https://hooks.example.com/plaza', enabled_events: ['customer.created']});
      const customer = await api('POST', '/v1/customers', {name: 'Hook Buyer', email: 'hook.buyer@example.com'});
      const deliveries = async () => ((await api('GET', `/v1/webhooks/${String(remote.id)}/events`)).data as Node[] | undefined) ?? [];
      for (let wait = 0; wait < 50 && (received.length === 0 || (await deliveries()).every((one) => one.attempts === 0)); wait++)
        await sleep(100);
      const [delivery] = received;
      assert.ok(delivery, 'the local webhook received nothing');
      const event = JSON.parse(delivery.body) as Node;
      assert.equal(event.type, 'customer.created');
      assert.equal((event.data as {object: Node}).object.id, customer.id);
      const [, t = '', v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature) ?? [];
      assert.equal(v1, createHmac('sha256', String(local.secret)).update(`${t}.${delivery.body}`).digest('hex'));
      const [failed] = await deliveries();
      assert.equal(failed?.last_error, 'connection_failed');
      assert.deepEqual([failed?.last_response_status, failed?.last_response_body], [null, null]);
    } finally {
      receiver.close();
    }

    const {figures, created} = await runLoad(first.origin, {requests: 2000, concurrency: 32, keys: 20});
    console.log(
      `Load: ${figures.requests} requests in ${(figures.wallMs / 1000).toFixed(1)} s, p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms, not 2xx: ${JSON.stringify(figures.nonSuccess)}`,
    );
    assert.deepEqual(
      Object.keys(figures.nonSuccess).filter((status) => Number(status) >= 500),
      [],
    );
    assert.ok(created.length > 100, `only ${created.length} objects made`);

    const saved = await fetch(`${first.origin}/_sandbox/save`, {method: 'POST'});
    assert.deepEqual(await saved.json(), {saved: stateFile});
    const sample = created.filter((_, position) => position % 10 === 0);
    const read = async (origin: string) => {
      const answers: {status: number; body: unknown}[] = [];
      for (const {key, path} of sample) {
        const answer = await fetch(`${origin}${path}`, {headers: {'X-API-KEY': key}});
        answers.push({status: answer.status, body: await answer.json()});
      }
      return answers;
    };
    // The keys' rate-limit windows of the load are over.
    await sleep(1100);
    const before = await read(first.origin);
    second = await startSandboxServer({port: 0, stateFile, onMismatch});
    assert.deepEqual(await read(second.origin), before);
    assert.ok(before.every((answer) => answer.status === 200));
    assert.deepEqual(mismatches, [], 'answers of the server that the specs do not allow');
  } finally {
    await first.close();
    await second?.close();
    rmSync(dir, {recursive: true, force: true});
  }
});

test('the email filter of a list matches an address whatever the case of its letters', async () => {
  const {sandbox} = clocked();
  const made = await call(sandbox, {method: 'POST', url: '/v1/customers', body: {name: 'Avery Chen', email: 'avery.chen@example.com'}});
  assert.equal(made.status, 201);
  await call(sandbox, {method: 'POST', url: '/v1/customers', body: {name: 'Jordan Reyes', email: 'jordan.reyes@example.com'}});
  const found = await call(sandbox, {method: 'GET', url: '/v1/customers?email=Avery.Chen%40Example.com'});
  assert.deepEqual(
    (found.body as {data: Node[]}).data.map((customer) => customer.id),
    [(made.body as Node).id],
  );
});

test("a key's last_used_at is the time of the last request sent with it", async () => {
  const {sandbox} = clocked();
  await call(sandbox, {method: 'GET', url: '/v1/customers'});
  const listed = await call(sandbox, {method: 'GET', url: '/v1/api-keys'});
  const [key] = (listed.body as {data: Node[]}).data;
  const events = await call(sandbox, {method: 'GET', url: '/v1/events'});
  const again = await call(sandbox, {method: 'GET', url: `/v1/api-keys/${String(key?.id)}`});
  assert.equal(typeof key?.last_used_at, 'string');
  assert.equal(events.status, 200);
  assert.ok(String((again.body as Node).last_used_at) > String(key?.last_used_at), 'a later request moves last_used_at on');
});

test('the hosted bank login finishes a minute after the latest verification URL, and verifies the bank account at once', async () => {
  const {sandbox, clock} = clocked();
  const customer = await call(sandbox, {
    method: 'POST',
    url: '/v1/customers',
    body: {name: 'Jordan Ellis', email: 'jordan.ellis@example.com'},
  });
  const open = (account_number: string) =>
    call(sandbox, {
      method: 'POST',
      url: '/v1/bank-accounts',
      body: {
        customer_id: (customer.body as Node).id,
        routing_number: '111000025',
        account_number,
        account_holder_name: 'Jordan Ellis',
        account_holder_type: 'individual',
        account_type: 'checking',
        verification_method: 'instant',
      },
    });
  const good = (await open('000123456789')).body as Node;
  const bad = (await open('000222222227')).body as Node;
  const url = await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${good.id}/verification-url`});
  assert.match(String((url.body as Node).verification_url), /\/bank-verification\/bvs_[a-z0-9]+$/);
  await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${bad.id}/verification-url`});
  assert.equal(((await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${good.id}`})).body as Node).status, 'new');
  clock.wall += 60_000;
  const verified = (await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${good.id}`})).body as Node;
  assert.deepEqual([verified.status, verified.verification_method], ['verified', 'instant']);
  assert.equal(((await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${bad.id}`})).body as Node).status, 'verification_failed');
  const balance = await call(sandbox, {method: 'GET', url: `/v1/bank-accounts/${good.id}/balance`});
  assert.equal(balance.status, 200);
});
