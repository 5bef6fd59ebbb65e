/**
 * A mock of any OpenAPI document, built from the document alone: the host of Try it on a preview site
 * (`npm run preview`), run in the same browser worker as Plaza's sandbox (sandbox/worker.ts). Its
 * rules, which the README repeats for spec authors:
 *
 * - A request is checked against its operation: path, query, header and cookie parameters, and the
 *   body. One that does not fit is refused with the operation's documented 400 (else 422) example
 *   when it has one, else with a 400 whose `problems` name each field and say what is wrong.
 * - The status is the lowest documented 2xx (`2XX` counts as 200), else `default` as 200. A
 *   `Prefer: code=404` header asks for another documented status, and `Prefer: example=name` for a
 *   named example, as with Prism.
 * - The body is the response's example, else one made from its schema (./generate). Of named
 *   examples, the one `Prefer: example=` names, else the one named as the request's example the body
 *   is (as Microcks pairs them), else the first.
 * - Within the tab, a POST to a collection (`/pets`) whose item path the spec has (`/pets/{petId}`)
 *   keeps the object it answers, with a new `id` (or a field named as the item's parameter) and the
 *   body's fields of the same name and type. A GET of that item answers it, a GET of the collection
 *   lists what was made there, a PUT or PATCH copies the body's fields onto it, and a DELETE removes
 *   it: every request to its path answers 404 from then on. An item never made answers the example.
 * - Credentials are not checked: the mock has no accounts.
 *
 * The document is data: schemas are validated by the sandbox's interpreting validator (SpecIndex),
 * examples are copied, nothing of it runs as code.
 */
import {listOperations, resolveLocalRef, type OpenApiDocument} from '../../lib/api-model/operations';
import type {SandboxRequest, SandboxResponse} from '../core/types';
import {isJson, SpecIndex, type SandboxSpecs, type SpecOperation} from '../../lib/api-model/request-index';
import {generate} from './generate';

/** What a preview site's Try it downloads: the one document it mocks. */
export type MockSpecs = {mock: OpenApiDocument};

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A problem of a request: where, which field (`name`, `owner.city`, or null for the whole body), and what. */
export type MockProblem = {in: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'prefer'; field: string | null; message: string};

/** A documented response of an operation: its status, media type, schema and examples by name. */
type Documented = {code: string; status: number; mediaType?: string; schema?: unknown; schemaKey?: string; examples: [string, unknown][]};

/** A documented status code as a number: `2XX` as 200, `default` as 200 when nothing else says. */
const statusOf = (code: string): number => (/^\dXX$/i.test(code) ? Number(code[0]) * 100 : code === 'default' ? 200 : Number(code));

/** A JSON text as its value, or the text when it is no JSON. */
function jsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A parameter's or field's text as the value its type reads: numbers and booleans as such, arrays split at commas, objects as JSON. */
function typed(type: unknown, text: string): unknown {
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('object') || types.includes('json')) return jsonOr(text);
  if (types.includes('array')) return text.split(',');
  if (types.includes('integer') || types.includes('number')) return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text;
  if (types.includes('boolean')) return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** A value as JSON text with the keys of its objects sorted, to compare two values. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, node: unknown) =>
    isNode(node) ? Object.fromEntries(Object.entries(node).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : node,
  );

/** The `Prefer` header's `code=` and `example=` preferences. */
function preferences(header: string | undefined): {code?: string; example?: string} {
  const found: Record<string, string> = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const [name = '', value = ''] = part.split('=').map((item) => item.trim().replace(/^"|"$/g, ''));
    if (name === 'code' || name === 'example') found[name] = value;
  }
  return found;
}

export class Mock {
  readonly index: SpecIndex;
  private readonly raw = new Map<string, Node>();
  /** The objects made in this tab, by the path of their collection (`/pets`) and their ID. */
  private readonly made = new Map<string, Map<string, Node>>();
  /** The paths of the items deleted in this tab (`/pets/3`). */
  private readonly gone = new Set<string>();
  private count = 0;

  constructor(readonly document: OpenApiDocument) {
    // The index reads each document under the name of its API; the mock's one is `mock`.
    this.index = new SpecIndex({mock: document} as unknown as SandboxSpecs);
    for (const operation of listOperations(document)) this.raw.set(`${operation.method} ${operation.path}`, operation.raw);
  }

  /** The operation's documented responses, in the spec's order. */
  responses(operation: SpecOperation): Documented[] {
    const raw = this.raw.get(`${operation.method} ${operation.path}`) ?? {};
    return Object.entries(isNode(raw.responses) ? raw.responses : {}).map(([code, value], index) => {
      const response = resolveLocalRef<Node>(this.document, value);
      const [mediaType, content] = isNode(response.content) ? (Object.entries(response.content)[0] ?? []) : [];
      const media = resolveLocalRef<Node>(this.document, content) ?? {};
      const named = isNode(media.examples)
        ? Object.entries(media.examples).map(([name, example]): [string, unknown] => [
            name,
            resolveLocalRef<Node>(this.document, example)?.value,
          ])
        : [];
      return {
        code,
        status: statusOf(code),
        ...(mediaType ? {mediaType} : {}),
        ...(media.schema ? {schema: media.schema} : {}),
        schemaKey: operation.responses[index]?.schemaKey,
        examples: media.example === undefined ? named : [['example', media.example]],
      };
    });
  }

  /** The response a request gets when it fits: the one `Prefer: code=` names, else the lowest 2xx, else `default`, else the first. */
  private chooseResponse(operation: SpecOperation, code?: string): Documented | undefined {
    const documented = this.responses(operation);
    if (code !== undefined) return documented.find((response) => response.code === code || String(response.status) === code);
    const success = documented
      .filter((response) => response.code !== 'default' && response.status >= 200 && response.status < 300)
      .sort((a, b) => a.status - b.status);
    return success[0] ?? documented.find((response) => response.code === 'default') ?? documented[0];
  }

  /** The body of a response: the example of that name, else its first, else one made from its schema; undefined for none. */
  private body(response: Documented, name?: string): unknown {
    const example = name === undefined ? response.examples[0] : response.examples.find(([candidate]) => candidate === name);
    if (example) return structuredClone(example[1]);
    return response.schema === undefined ? undefined : generate(this.document, response.schema, 'response');
  }

  /**
   * The name of the operation's request example that the body is, keys in any order (the form starts
   * from one), so that the answer can be the response's example of the same name, as in Microcks.
   */
  private requestExample(operation: SpecOperation, body: unknown): string | undefined {
    const raw = this.raw.get(`${operation.method} ${operation.path}`);
    const requestBody = resolveLocalRef<Node | undefined>(this.document, raw?.requestBody);
    const media = resolveLocalRef<Node | undefined>(
      this.document,
      Object.values(isNode(requestBody?.content) ? requestBody.content : {})[0],
    );
    if (body === undefined || !isNode(media?.examples)) return undefined;
    const text = canonical(body);
    return Object.entries(media.examples).find(
      ([, example]) => canonical(resolveLocalRef<Node | undefined>(this.document, example)?.value) === text,
    )?.[0];
  }

  /** Whether a value fits the response's schema (any value does when it has none). */
  private fits(response: Documented, value: unknown): boolean {
    return !response.schemaKey || this.index.problems(response.schemaKey, value, 'response').length === 0;
  }

  /** Everything about the request that does not fit its operation, and the body as a value. */
  private async problems(
    operation: SpecOperation,
    params: Record<string, string>,
    request: SandboxRequest,
  ): Promise<{problems: MockProblem[]; body?: unknown}> {
    const url = new URL(request.url, 'http://mock.invalid');
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const cookies = new Map(
      (headers.cookie ?? '').split(';').map((pair): [string, string] => {
        const [name = '', ...value] = pair.split('=');
        return [name.trim(), decodeURIComponent(value.join('=').trim())];
      }),
    );
    const problems: MockProblem[] = [];
    for (const parameter of operation.parameters) {
      const text =
        parameter.in === 'path'
          ? params[parameter.name]
          : parameter.in === 'query'
            ? url.searchParams.getAll(parameter.name).at(-1)
            : parameter.in === 'header'
              ? headers[parameter.name.toLowerCase()]
              : cookies.get(parameter.name);
      if (text === undefined) {
        if (parameter.required) problems.push({in: parameter.in, field: parameter.name, message: 'is required'});
        continue;
      }
      const value = typed(parameter.schema.type, text);
      for (const problem of this.index.parameterProblems(operation.api, parameter, value))
        problems.push({in: parameter.in, field: parameter.name, message: problem.message});
    }
    let body: unknown;
    const type = headers['content-type'] ?? operation.body?.mediaType;
    if (request.body !== undefined && request.body !== '' && operation.body) {
      if (/^multipart\/form-data/i.test(type ?? '') || /^application\/x-www-form-urlencoded/i.test(type ?? '')) {
        const form = await new Response(request.body, {headers: {'content-type': type ?? ''}}).formData();
        const fields = this.index.form(operation.method, operation.path)?.body?.fields ?? [];
        const values: Node = {};
        form.forEach((value, name) => {
          const kind = fields.find((field) => field.name === name)?.kind;
          values[name] = typeof value === 'string' ? typed(kind, value) : value.name;
        });
        body = values;
      } else if (isJson(type)) {
        try {
          body = JSON.parse(request.body) as unknown;
        } catch {
          problems.push({in: 'body', field: null, message: 'is not valid JSON'});
        }
      }
      // A body of another media type (XML, a file) is sent as it is: the mock reads no schema into it.
      if (body !== undefined && operation.body.schemaKey)
        for (const problem of this.index.problems(operation.body.schemaKey, body, 'request'))
          problems.push({in: 'body', field: problem.param, message: problem.message});
    } else if (operation.body?.required) {
      problems.push({in: 'body', field: null, message: 'is required'});
    }
    return {problems, body};
  }

  /** The refusal of a request that does not fit: the documented 400 (else 422) example, else a 400 naming each problem. */
  private refuse(operation: SpecOperation, problems: MockProblem[]): SandboxResponse {
    const documented = this.responses(operation);
    const own = [400, 422]
      .map((status) => documented.find((response) => response.status === status && response.examples.length > 0))
      .find(Boolean);
    if (own) return this.answer(own, this.body(own));
    const message = problems.map((problem) => `${problem.field ?? problem.in} ${problem.message}`).join('; ');
    return {status: 400, headers: {'content-type': 'application/json'}, body: {error: 'invalid_request', message, problems}};
  }

  private answer(response: Documented, body: unknown): SandboxResponse {
    const status = response.status;
    if (body === undefined || status === 204) return {status, headers: {}};
    return {status, headers: {'content-type': response.mediaType ?? 'application/json'}, body};
  }

  private notFound(operation: SpecOperation, path: string): SandboxResponse {
    const documented = this.responses(operation).find((response) => response.status === 404);
    if (documented) return this.answer(documented, this.body(documented) ?? {error: 'not_found', message: `${path} was deleted.`});
    return {status: 404, headers: {'content-type': 'application/json'}, body: {error: 'not_found', message: `${path} was deleted.`}};
  }

  /** The name of the field that holds an object's ID: `id`, else the item path's parameter (`petId`). */
  private idField(object: unknown, parameter: string): string | undefined {
    if (!isNode(object)) return undefined;
    return ['id', parameter].find((name) => typeof object[name] === 'string' || typeof object[name] === 'number');
  }

  /** `object` with the body's fields of the same name and JSON type, when the result still fits the response. */
  private withBody(response: Documented, object: Node, body: unknown, keep: string): Node {
    if (!isNode(body)) return object;
    const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
    const changed = {...object};
    for (const [name, value] of Object.entries(body))
      if (name !== keep && Object.hasOwn(object, name) && (object[name] === null || kind(object[name]) === kind(value)))
        changed[name] = value;
    return this.fits(response, changed) ? changed : object;
  }

  /** The item path template under a collection's (`/pets/{petId}` under `/pets`) and its parameter, if the spec has one. */
  private itemOf(collection: string): string | undefined {
    for (const operation of this.index.operations) {
      const found = /^(.*)\/\{([^}/]+)\}$/.exec(operation.path);
      if (found?.[1] === collection && found[2]) return found[2];
    }
    return undefined;
  }

  async handle(request: SandboxRequest): Promise<SandboxResponse> {
    const method = request.method.toUpperCase();
    const url = new URL(request.url, 'http://mock.invalid');
    const route = this.index.route(method, url.pathname);
    const json = {'content-type': 'application/json'};
    if (route === 'method')
      return {
        status: 405,
        headers: json,
        body: {error: 'method_not_allowed', message: `${url.pathname} has no ${method} operation in this spec.`},
      };
    if (!route)
      return {status: 404, headers: json, body: {error: 'not_found', message: `${method} ${url.pathname} is no operation of this spec.`}};
    const {operation, params} = route;
    const {problems, body} = await this.problems(operation, params, request);
    const prefer = preferences(request.headers[Object.keys(request.headers).find((name) => /^prefer$/i.test(name)) ?? '']);
    const response = this.chooseResponse(operation, prefer.code);
    if (!response)
      problems.push({in: 'prefer', field: 'code', message: `names ${prefer.code ?? 'a status'}, which the operation does not document`});
    else if (prefer.example !== undefined && !response.examples.some(([name]) => name === prefer.example))
      problems.push({
        in: 'prefer',
        field: 'example',
        message: `names ${prefer.example}, which the ${response.code} response does not document`,
      });
    if (problems.length > 0 || !response) return this.refuse(operation, problems);
    const named = prefer.example ?? this.requestExample(operation, body);
    const answer = this.body(response, response.examples.some(([name]) => name === named) ? named : undefined);
    if (response.status < 200 || response.status >= 300) return this.answer(response, answer);

    const item = /^(.*)\/\{([^}/]+)\}$/.exec(operation.path);
    if (item?.[2]) {
      const id = params[item[2]] ?? '';
      const collection = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
      if (this.gone.has(url.pathname)) return this.notFound(operation, url.pathname);
      const stored = this.made.get(collection)?.get(id);
      if (method === 'DELETE') {
        this.made.get(collection)?.delete(id);
        this.gone.add(url.pathname);
        return this.answer(response, answer);
      }
      if (!stored || !['GET', 'PUT', 'PATCH'].includes(method)) return this.answer(response, answer);
      if (method === 'PUT' || method === 'PATCH')
        Object.assign(stored, this.withBody(response, stored, body, this.idField(stored, item[2]) ?? ''));
      return this.answer(response, answer === undefined ? undefined : stored);
    }
    const parameter = this.itemOf(operation.path);
    const collection = this.made.get(url.pathname);
    if (method === 'POST' && parameter !== undefined && isNode(answer)) {
      const field = this.idField(answer, parameter);
      if (field === undefined) return this.answer(response, answer);
      const made = this.withBody(response, answer, body, field);
      this.count += 1;
      const example = made[field];
      const candidates = typeof example === 'number' ? [example + this.count] : [`${String(example)}-${this.count}`, crypto.randomUUID()];
      const id = candidates.find((candidate) => this.fits(response, {...made, [field]: candidate}));
      if (id === undefined) return this.answer(response, made);
      made[field] = id;
      const kept = this.made.get(url.pathname) ?? new Map<string, Node>();
      kept.set(String(id), made);
      this.made.set(url.pathname, kept);
      return this.answer(response, made);
    }
    if (method === 'GET' && collection && collection.size > 0) {
      const objects = [...collection.values()];
      if (Array.isArray(answer)) return this.answer(response, objects);
      const list = isNode(answer) ? Object.keys(answer).filter((name) => Array.isArray(answer[name])) : [];
      if (list.length === 1 && isNode(answer)) {
        const listed = {...answer, [list[0] ?? '']: objects};
        if (this.fits(response, listed)) return this.answer(response, listed);
      }
    }
    return this.answer(response, answer);
  }
}
