/**
 * The sandbox: one request in, one response out, as Plaza's sandbox host answers it. Isomorphic:
 * no Node API, so the same code runs behind `npm run sandbox` and in a browser worker.
 *
 * A request goes through, in order: the route (an unknown path is a `404`), the key (`401`), the rate
 * limit (`429`), the permission of the operation (`403`), the parameters and the body against the
 * specs (`400 parameter_invalid` naming the field), the idempotency key (replay, `409`), then the
 * operation's handler, or the generic one that answers from the specs' examples. Before each request,
 * the account's clock runs the jobs that fell due.
 */
import {ApiError, notFound} from './errors';
import {AccountContext, RequestContext, type Query} from './context';
import {makingSteps, remake, runSeed, seedFits, type Seed} from './seed';
import {SpecIndex, type SandboxSpecs, type SpecOperation} from '../../lib/api-model/request-index';
import {emptyState, makeId, own, put, type AccountState, type KeyRecord, type SandboxState} from './state';
import {dayMs} from './time';
import type {Domain, Handler, HandlerResult, JobRunner, SandboxRequest, SandboxResponse} from './types';

export type SandboxOptions = {
  specs: SandboxSpecs;
  domains: Domain[];
  /** The host's clock (ms); sandbox time runs with it, plus each account's advances. */
  wall?: () => number;
  /** Requests a second per key; 25, as on Plaza's sandbox host. */
  rateLimit?: number;
  /**
   * Called with each answer and each event that the specs do not allow. When it is set, every answer
   * is checked against its operation's documented statuses and response schema, and every event made
   * while answering against the Event schema and the schema of the object it carries.
   */
  onMismatch?: (mismatch: Mismatch) => void;
  state?: SandboxState;
  /**
   * What each new account starts with (seed.ts): the objects the examples name, under the examples'
   * IDs, so that a request copied from a page reaches a real object. Without it, an account starts empty.
   */
  seed?: Seed;
};

/**
 * An offer to make again the seed's object a failed request needed (Sandbox.remakeAfter): the field
 * that names it, the example's ID there, the operation that makes it and how many requests that takes.
 */
export type Remake = {in: 'path' | 'body'; name: string; example: string; maker: string; requests: number};

/** An answer or an event that the specs do not allow: what it is, where in it (JSON Pointer), the value there and why. */
export type Mismatch = {subject: string; pointer: string; value: unknown; message: string};

/** A mismatch in one line: `createPayment 201 /amount = "12": Instance type "string" is invalid. Expected "integer".` */
export function mismatchLine({subject, pointer, value, message}: Mismatch): string {
  const shown = value === undefined ? '(none)' : JSON.stringify(value);
  return `${subject} ${pointer || '(body)'} = ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}: ${message}`;
}

/**
 * The largest body the sandbox reads, as a production gateway would refuse a larger one: room for the
 * largest file Upload business document takes (10 MB) with its multipart parts.
 */
export const maxBodyBytes = 11 * 1024 * 1024;
const secretKey = /^sk_test_[A-Za-z0-9_]{8,200}$/;

/** The origin a request's URL (its path and query) is read against. */
const requestBase = 'https://api.sandbox.plaza.example';

/** A top-level field of a JSON request body, if the body is a JSON object that has it. */
function bodyField(body: string | undefined, name: string): unknown {
  try {
    const parsed: unknown = JSON.parse(body ?? '');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[name] : undefined;
  } catch {
    return undefined;
  }
}

export class Sandbox {
  readonly index: SpecIndex;
  /** How many answers and events were checked against the specs (with `onMismatch` set). */
  readonly conformance = {answers: 0, events: 0};
  private state: SandboxState;
  private readonly handlers = new Map<string, Handler>();
  private readonly jobs = new Map<string, JobRunner>();
  private readonly openers: ((context: AccountContext) => void)[] = [];
  private readonly wall: () => number;
  private readonly windows = new Map<string, {second: number; count: number}>();
  /** The seed of new accounts, when it fits the specs (seedFits). */
  private readonly seed?: Seed;
  private requests = 0;

  constructor(
    private readonly options: SandboxOptions,
    index?: SpecIndex,
  ) {
    this.index = index ?? new SpecIndex(options.specs);
    this.state = options.state ?? emptyState();
    this.wall = options.wall ?? Date.now;
    this.seed = options.seed && seedFits(options.seed, this.index) ? options.seed : undefined;
    for (const domain of options.domains) {
      for (const [id, handler] of Object.entries(domain.handlers ?? {})) this.handlers.set(id, handler);
      for (const [kind, runner] of Object.entries(domain.jobs ?? {})) this.jobs.set(kind, runner);
      if (domain.open) this.openers.push(domain.open);
    }
  }

  /** Which operations have a handler of their own (the others answer from the specs' examples). */
  statefulOperations(): string[] {
    return this.index.operations.map((operation) => operation.operationId).filter((id) => this.handlers.has(id));
  }

  /** The whole state, as JSON-ready data. */
  save(): SandboxState {
    return structuredClone(this.state);
  }

  load(state: SandboxState) {
    if (state?.version !== 1 || typeof state.accounts !== 'object' || typeof state.keys !== 'object') {
      throw new Error('not a saved sandbox state (version 1)');
    }
    this.state = structuredClone(state);
  }

  /**
   * The account of a key, opened (and seeded) as its first request would open it when the key is a
   * sandbox secret key not seen before; undefined for any other key.
   */
  async open(key: string): Promise<AccountState | undefined> {
    if (secretKey.test(key)) await this.enter(key);
    return this.accountOf(key);
  }

  /**
   * What the reader can do after a failed request that needed one of the seed's objects in a state it
   * is no longer in (captured, deleted): make another like it (`remake`). The object is the one the
   * operation's example names in the field the error names, or in the last path parameter when the
   * error names none. A second capture of the example payment offers a new authorized payment; a
   * second transfer of the example payment, a new payment. Undefined when there is nothing to offer.
   */
  remakeAfter(request: SandboxRequest, response: SandboxResponse): Remake | undefined {
    if (!this.seed || ![404, 409, 422].includes(response.status) || !URL.canParse(request.url, requestBase)) return undefined;
    const route = this.index.route(request.method.toUpperCase(), new URL(request.url, requestBase).pathname);
    const form = typeof route === 'object' ? this.index.form(route.operation.method, route.operation.path) : undefined;
    if (typeof route !== 'object' || !form) return undefined;
    const named = (response.body as {error?: {param?: unknown}} | undefined)?.error?.param;
    const path = form.parameters.filter((parameter) => parameter.in === 'path');
    const inPath = typeof named === 'string' ? path.find((parameter) => parameter.name === named) : path.at(-1);
    const field = inPath
      ? {in: 'path' as const, name: inPath.name, example: inPath.example, sent: route.params[inPath.name]}
      : typeof named === 'string'
        ? {
            in: 'body' as const,
            name: named,
            example: (form.body?.example as Record<string, unknown> | undefined)?.[named],
            sent: bodyField(request.body, named),
          }
        : undefined;
    // Only the account's own example object was used up by an earlier request: a reader's own ID may never have existed.
    if (typeof field?.example !== 'string' || field.sent !== field.example) return undefined;
    const steps = makingSteps(this.seed, field.example);
    if (!steps?.[0]) return undefined;
    const maker = this.index.operations.find((operation) => operation.operationId === steps[0]!.call);
    return {in: field.in, name: field.name, example: field.example, maker: maker?.summary ?? steps[0].call, requests: steps.length};
  }

  /** Makes another object like the seed's `id` in the key's account, as the seed made it; returns its ID. */
  async remake(key: string, id: string): Promise<string> {
    if (!this.seed) throw new Error('this sandbox has no seed to make objects from');
    const {account} = await this.enter(key);
    try {
      return await remake(this.seed, id, {index: this.index, account, key, wall: this.wall, send: this.uncounted(key)});
    } finally {
      this.windows.delete(key);
    }
  }

  /** Sends requests of the sandbox's own (a seed's) that do not count against the key's rate limit. */
  private uncounted(key: string) {
    return (request: SandboxRequest) => {
      this.windows.delete(key);
      return this.handle(request);
    };
  }

  /** The account a key opens, made on its first request. */
  accountOf(key: string): AccountState | undefined {
    const record = own(this.state.keys, key);
    return record ? this.state.accounts[record.account] : undefined;
  }

  async handle(request: SandboxRequest): Promise<SandboxResponse> {
    const wall = this.wall();
    const requestId = makeId('req', 'requests', ++this.requests + wall);
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const correlationId = headers['x-correlation-id'] ?? null;
    const extra: Record<string, string> = {};
    const respond = (status: number, body?: unknown, file?: HandlerResult['file']): SandboxResponse => ({
      status,
      headers: {
        'x-request-id': requestId,
        ...(correlationId ? {'x-correlation-id': correlationId} : {}),
        ...(file ? {'content-type': file.type, 'content-disposition': `attachment; filename="${file.name}"`} : {}),
        ...(body !== undefined && !file ? {'content-type': 'application/json'} : {}),
        ...extra,
      },
      body,
    });
    let operation: SpecOperation | undefined;
    let since: {account: AccountState; seq: number} | undefined;
    try {
      if (!URL.canParse(request.url, requestBase)) {
        throw new ApiError('resource_not_found', `${request.method.toUpperCase()} ${request.url} is not an operation of the Plaza API.`);
      }
      const url = new URL(request.url, requestBase);
      const route = this.index.route(request.method.toUpperCase(), url.pathname);
      if (typeof route !== 'object') {
        throw new ApiError('resource_not_found', `${request.method.toUpperCase()} ${url.pathname} is not an operation of the Plaza API.`);
      }
      operation = route.operation;
      const {key, record, account, opened} = await this.enter(headers['x-api-key']);
      since = {account, seq: opened ? 0 : account.seq};
      Object.assign(extra, this.rateLimit(key, wall));
      if (!hasPermission(record.permissions, operation.permission)) {
        throw new ApiError(
          'permission_denied',
          `This API key does not have the ${operation.permission} permission that ${operation.operationId} needs.`,
        );
      }
      this.runDue(account, wall);
      const query = this.readQuery(operation, url.searchParams);
      this.checkParameters(operation, route.params, headers);
      const body = await this.readBody(operation, headers['content-type'], request.body);
      checkMailbox(operation, body);
      const keyring = {
        add: (secret: string, added: Omit<KeyRecord, 'account'>) => put(this.state.keys, secret, {...added, account: record.account}),
        list: () => Object.entries(this.state.keys).filter(([, known]) => known.account === record.account),
      };
      const context = new RequestContext(
        account,
        wall,
        requestId,
        correlationId,
        operation,
        route.params,
        query,
        body,
        record.keyId,
        keyring,
        this.index,
      );
      record.usedAt = context.nowIso();
      const idempotencyKey = request.method.toUpperCase() === 'POST' ? headers['idempotency-key'] : undefined;
      const result = idempotencyKey
        ? await this.idempotent(account, context, idempotencyKey, request.body ?? '', extra)
        : this.run(context);
      return this.conform(operation, respond(result.status, result.body, result.file), since);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      Object.assign(extra, error.headers);
      return this.conform(operation, respond(error.status, error.body(requestId)), since);
    }
  }

  /** Runs every job of an account that falls due by sandbox time `now`, in time order. */
  runDue(account: AccountState, wall: number) {
    const context = new AccountContext(account, wall, this.index);
    for (let guard = 0; guard < 100_000; guard++) {
      const due = account.jobs.filter((job) => job.at <= context.now()).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      account.jobs.splice(account.jobs.indexOf(due), 1);
      // A job runs at its own time: its objects and events carry it.
      const at = new AccountContext(account, wall - (context.now() - due.at), this.index);
      this.jobs.get(due.kind)?.(at, due);
    }
    throw new Error('the clock jobs of an account did not settle');
  }

  /** The account of a request's key, made and seeded when the key is new. */
  private async enter(key: string | undefined): Promise<{key: string; record: KeyRecord; account: AccountState; opened: boolean}> {
    const entered = this.authenticate(key);
    if (entered.opened && this.seed) {
      const send = this.uncounted(entered.key);
      await runSeed(this.seed, {index: this.index, account: entered.account, key: entered.key, wall: this.wall, send});
      this.windows.delete(entered.key);
    }
    return entered;
  }

  private authenticate(key: string | undefined): {key: string; record: KeyRecord; account: AccountState; opened: boolean} {
    const refused = new ApiError(
      'api_key_invalid',
      'Send a sandbox secret key (sk_test_ and at least 8 letters or digits) in the X-API-KEY header.',
    );
    if (!key) throw refused;
    let record = own(this.state.keys, key);
    const opened = !record;
    if (!record) {
      if (!secretKey.test(key)) throw refused;
      record = this.make(key);
    }
    const account = this.state.accounts[record.account];
    if (record.revoked || !account) throw new ApiError('api_key_invalid', 'This API key was revoked.');
    return {key, record, account, opened};
  }

  /**
   * Makes a new account for a key seen for the first time: the key has every permission. The state
   * keeps it under a handle drawn from the key; its ID is the handle, or the seed's account ID, which
   * every seeded account shares, as each reader's account is the one the examples call theirs.
   */
  private make(key: string): KeyRecord {
    const handle = makeId('acct', key, 0);
    const account: AccountState = {
      id: this.seed?.account ?? handle,
      handle,
      clockOffset: 0,
      seq: 0,
      objects: {},
      created: {},
      singletons: {},
      balances: {},
      jobs: [],
      idempotency: {},
      deliveries: {},
    };
    this.state.accounts[handle] = account;
    const context = new AccountContext(account, this.wall(), this.index);
    const record: KeyRecord = {account: handle, keyId: context.newId('key'), permissions: ['*']};
    put(this.state.keys, key, record);
    for (const open of this.openers) open(context);
    return record;
  }

  private rateLimit(key: string, wall: number): Record<string, string> {
    const limit = this.options.rateLimit ?? 25;
    const second = Math.floor(wall / 1000);
    const window = this.windows.get(key);
    const current = window && window.second === second ? window : {second, count: 0};
    current.count += 1;
    this.windows.set(key, current);
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - current.count)),
      'x-ratelimit-reset': String(second + 1),
    };
    if (current.count > limit) {
      throw new ApiError(
        'rate_limit_exceeded',
        'Too many requests for this API key. Wait for the number of seconds in Retry-After, then retry.',
        null,
        {...headers, 'retry-after': '1'},
      );
    }
    return headers;
  }

  private readQuery(operation: SpecOperation, search: URLSearchParams): Query {
    const query: Query = {};
    for (const name of new Set(search.keys())) {
      const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
      if (!parameter) throw new ApiError('parameter_invalid', `${name} is not a query parameter of ${operation.operationId}.`, name);
      const values = search.getAll(name);
      const type = parameter.schema.type;
      let value: unknown = values.at(-1);
      if (type === 'array') value = values.flatMap((item) => item.split(','));
      else if (type === 'integer' || type === 'number') value = /^-?\d+(\.\d+)?$/.test(String(value)) ? Number(value) : value;
      else if (type === 'boolean') value = value === 'true' ? true : value === 'false' ? false : value;
      const problem = this.index.parameterProblems(operation.api, parameter, value)[0];
      if (problem) throw new ApiError('parameter_invalid', `${name} ${problem.message}.`, name);
      query[name] = value;
    }
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query' || query[parameter.name] !== undefined) continue;
      if (parameter.required) throw new ApiError('parameter_invalid', `${parameter.name} is required.`, parameter.name);
      if (parameter.schema.default !== undefined) query[parameter.name] = parameter.schema.default;
    }
    return query;
  }

  private checkParameters(operation: SpecOperation, params: Record<string, string>, headers: Record<string, string | undefined>) {
    for (const parameter of operation.parameters) {
      const value =
        parameter.in === 'path' ? params[parameter.name] : parameter.in === 'header' ? headers[parameter.name.toLowerCase()] : undefined;
      if (value === undefined) {
        if (parameter.required && parameter.in === 'header') {
          throw new ApiError('parameter_invalid', `The ${parameter.name} header is required.`, parameter.name);
        }
        continue;
      }
      const problem = this.index.parameterProblems(operation.api, parameter, value)[0];
      if (!problem) continue;
      // An ID of the wrong kind names nothing this operation can find.
      if (parameter.in === 'path' && /_id$/.test(parameter.name)) throw notFound(value, parameter.name);
      throw new ApiError(
        'parameter_invalid',
        `${parameter.in === 'header' ? `The ${parameter.name} header` : parameter.name} ${problem.message}.`,
        parameter.name,
      );
    }
  }

  private async readBody(
    operation: SpecOperation,
    contentType: string | undefined,
    text: string | undefined,
  ): Promise<Record<string, unknown>> {
    const empty = text === undefined || text.trim() === '';
    if (text !== undefined && text.length > maxBodyBytes) {
      throw new ApiError('parameter_invalid', `The body is larger than ${maxBodyBytes} bytes.`);
    }
    if (!operation.body) {
      if (!empty) throw new ApiError('parameter_invalid', `${operation.operationId} takes no body.`);
      return {};
    }
    if (operation.body.mediaType !== 'application/json') {
      if (empty && operation.body.required)
        throw new ApiError('parameter_invalid', `${operation.operationId} needs a ${operation.body.mediaType} body.`);
      if (!empty && !(contentType ?? '').startsWith(operation.body.mediaType.split(';')[0] ?? '')) {
        throw new ApiError('parameter_invalid', `Send the body as ${operation.body.mediaType}.`);
      }
      return empty || operation.body.mediaType !== 'multipart/form-data' ? {} : this.readForm(operation, contentType ?? '', text);
    }
    if (empty) {
      if (operation.body.required) throw new ApiError('parameter_invalid', `${operation.operationId} needs a JSON body.`);
      return {};
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError('parameter_invalid', 'The body is not valid JSON.');
    }
    if (operation.body.schemaKey) {
      const problem = this.index.problems(operation.body.schemaKey, body, 'request')[0];
      if (problem) {
        throw new ApiError('parameter_invalid', `${problem.param ?? 'The body'} ${problem.message}.`, problem.param);
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ApiError('parameter_invalid', 'The body must be a JSON object.');
    return body as Record<string, unknown>;
  }

  /**
   * A multipart body, read by the platform's own parser (`Response.formData`): a text part as its
   * text, a file part as `{file_name, content_type, size}`. The parts are checked against the schema
   * with each file standing as its name.
   */
  private async readForm(operation: SpecOperation, contentType: string, text: string): Promise<Record<string, unknown>> {
    let form: FormData;
    try {
      form = await new Response(text, {headers: {'content-type': contentType}}).formData();
    } catch {
      throw new ApiError('parameter_invalid', 'The body is not valid multipart/form-data.');
    }
    const body: Record<string, unknown> = {};
    const named: Record<string, unknown> = {};
    form.forEach((value, name) => {
      body[name] = typeof value === 'string' ? value : {file_name: value.name, content_type: value.type, size: value.size};
      named[name] = typeof value === 'string' ? value : value.name;
    });
    const problem = operation.body?.schemaKey ? this.index.problems(operation.body.schemaKey, named, 'request')[0] : undefined;
    if (problem) throw new ApiError('parameter_invalid', `${problem.param ?? 'The body'} ${problem.message}.`, problem.param);
    return body;
  }

  /** Runs the operation's handler, then the jobs it made due (an advance of the clock runs what falls in it). */
  private run(context: RequestContext): HandlerResult {
    const handler = this.handlers.get(context.operation.operationId) ?? this.handlers.get('*');
    if (!handler) throw new Error(`no handler answers ${context.operation.operationId}`);
    const result = handler(context);
    this.runDue(context.account, context.wall);
    // A copy, so that a saved answer replays as it was, not as its object is now.
    return {...result, body: structuredClone(result.body)};
  }

  /**
   * Runs a POST under an idempotency key. The key is taken before anything awaits, so that a second
   * request with it, arriving while the first runs, gets `409 idempotency_key_in_use`.
   */
  private async idempotent(
    account: AccountState,
    context: RequestContext,
    key: string,
    text: string,
    extra: Record<string, string>,
  ): Promise<HandlerResult> {
    const now = context.now();
    const entry = own(account.idempotency, key);
    const live = entry && now - entry.at < dayMs ? entry : undefined;
    if (live && live.status === undefined) {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running. Retry in a few seconds with the same key and body.',
      );
    }
    const taken = {fingerprint: '', at: now};
    if (!live) put(account.idempotency, key, taken);
    const fingerprint = await digest(`${context.operation.method} ${context.operation.path} ${JSON.stringify(context.params)} ${text}`);
    if (live) {
      if (live.fingerprint !== fingerprint) {
        throw new ApiError(
          'idempotency_key_reused',
          'This Idempotency-Key was used in the last 24 hours with a different body. Use a new key for a new request.',
        );
      }
      extra['idempotent-replayed'] = 'true';
      return {status: live.status ?? 500, body: live.body};
    }
    taken.fingerprint = fingerprint;
    extra['idempotent-replayed'] = 'false';
    try {
      const result = this.run(context);
      put(account.idempotency, key, {...taken, status: result.status, body: result.body});
      return result;
    } catch (error) {
      // Refusals by the state of objects are saved and replayed; anything else frees the key.
      if (error instanceof ApiError && [404, 409, 422].includes(error.status)) {
        put(account.idempotency, key, {...taken, status: error.status, body: error.body(context.requestId ?? '')});
      } else delete account.idempotency[key];
      throw error;
    }
  }

  /**
   * Checks an answer against its operation, and the events the request made (those saved after
   * `since.seq` in its account), when `onMismatch` is set. Answers to no operation are not checked.
   */
  private conform(
    operation: SpecOperation | undefined,
    response: SandboxResponse,
    since: {account: AccountState; seq: number} | undefined,
  ): SandboxResponse {
    const report = this.options.onMismatch;
    if (!report || !operation) return response;
    this.conformance.answers += 1;
    const subject = `${operation.operationId} ${response.status}`;
    const documented = operation.responses.find((candidate) => candidate.status === response.status);
    const type = response.headers['content-type'];
    if (!documented) report({subject, pointer: '', value: response.status, message: 'the status is not a documented response'});
    else if (documented.mediaType) {
      if (type !== documented.mediaType) report({subject, pointer: '', value: type, message: `the answer is not ${documented.mediaType}`});
    } else if (documented.schemaKey) {
      for (const problem of this.index.problems(documented.schemaKey, response.body, 'response')) report({subject, ...problem});
    } else if (response.body !== undefined) report({subject, pointer: '', value: response.body, message: 'the status documents no body'});
    if (!since) return response;
    const {account, seq} = since;
    for (const id of Object.keys(account.created)) {
      if (!id.startsWith('evt_') || (account.created[id] ?? 0) <= seq) continue;
      const event = account.objects[id];
      if (!event) continue;
      this.conformance.events += 1;
      for (const problem of this.index.eventProblems(event)) report({subject: `event ${String(event.type)} ${id}`, ...problem});
    }
    return response;
  }
}

/** A `write` permission does not include the matching `read` (/api/authentication). */
/**
 * Refuses, with `422 email_invalid`, an `email` whose domain cannot exist, one under the reserved
 * `.invalid` (RFC 2606), in the operations whose answers the specs document with that code.
 */
function checkMailbox(operation: SpecOperation, body: Record<string, unknown>) {
  const domain = typeof body.email === 'string' ? body.email.split('@').pop()?.toLowerCase() : undefined;
  if (!domain?.endsWith('.invalid')) return;
  const codeOf = (example: unknown) => (example as {error?: {code?: unknown}} | null)?.error?.code;
  if (!operation.responses.some((response) => response.examples.some((example) => codeOf(example) === 'email_invalid'))) return;
  throw new ApiError('email_invalid', `email must be an address that can receive mail; the domain ${domain} does not exist.`, 'email');
}

const hasPermission = (granted: string[], needed: string) => !needed || granted.includes('*') || granted.includes(needed);

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
