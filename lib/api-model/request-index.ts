/**
 * The specs as the sandbox reads them: every operation with its route, its parameters, its body and
 * response schemas, its examples, its permission and its events; and the validator of each schema.
 *
 * Schemas are validated by @cfworker/json-schema, which interprets a schema instead of compiling it
 * to code: spec text stays data, in Node as in a browser worker under a CSP without `unsafe-eval`.
 * OpenAPI 3.0 schemas are turned into JSON Schema 2019-09 once per API and direction: `nullable`
 * adds `null` to the type, a `readOnly` property is not required of a request, a `writeOnly` one not of
 * a response, and `#/components/schemas/X` becomes `#/$defs/X` of one root document per API.
 *
 * A response of Plaza's specs is read closed: an object schema with `properties` and no
 * `additionalProperties` allows no other field (`unevaluatedProperties: false`), so that an answer
 * carrying a field the specs never name is a mismatch. A foreign spec's (the mock's, under the name
 * `mock`) is read open, as JSON Schema reads it. A part of an `allOf` stays open (the whole is closed), through `X.open`, the open
 * twin of each component.
 */
import {dereference, encodePointer, validate, type Schema} from '@cfworker/json-schema';
import {eventsApi, objectSchema, typeDescriptions} from './events';
import {listOperations, parameterExample, resolveLocalRef, type ApiName, type OpenApiDocument} from './operations';
import {plainMessage, schemaAt} from './messages';

export type SandboxSpecs = Record<ApiName, OpenApiDocument>;

export type Parameter = {name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: Schema};

/**
 * A documented response: its JSON schema, or the media type of a file answer (`text/csv`), its first
 * example, and every example it has (its named ones, one per product for instance, in the spec's order).
 */
export type SpecResponse = {status: number; schemaKey?: string; mediaType?: string; example?: unknown; examples: unknown[]};

export type SpecOperation = {
  api: ApiName;
  operationId: string;
  /** The operation's summary, `Create a payment`, when the spec gives one. */
  summary?: string;
  method: string;
  /** The path template, `/v1/payments/{payment_id}`. */
  path: string;
  permission: string;
  /** The event types the operation documents (`x-plaza-events`). */
  events: string[];
  sandboxOnly: boolean;
  parameters: Parameter[];
  /** The media type of the body and the key of its schema, when the operation takes one. */
  body?: {mediaType: string; required: boolean; schemaKey?: string};
  /** Documented responses, in the order of the spec. */
  responses: SpecResponse[];
  match: (path: string) => Record<string, string> | undefined;
  /** How many literal segments the template has: a literal route wins over a parameter. */
  literals: number;
};

/** What does not fit a schema: where (`param` as a request names it, `pointer` as JSON Pointer), the value there, and why. */
export type SchemaProblem = {param: string | null; pointer: string; value: unknown; message: string};

/** An input of the Try it form: a parameter or a field of the body, with what its control needs. */
export type FormInput = {
  name: string;
  required: boolean;
  /** `file` for a binary string (an upload); `json` for anything else that is not a scalar (edited as JSON text). */
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'file' | 'json';
  enum?: unknown[];
  /** The parameter's example, when the spec gives one. */
  example?: unknown;
  /** The sandbox's test values of the input (`x-plaza-sandbox-values`), each with its outcome. */
  testValues?: Record<string, string>;
  /**
   * For a time the API accepts only near the present (`x-plaza-example-from-now`): how many seconds
   * from now to fill in, in place of the example's fixed time, which grows stale.
   */
  fromNow?: number;
};

/** What the Try it form of an operation shows: its parameters, and its body as fields (or as one JSON text) with its example. */
export type OperationForm = {
  api: ApiName;
  operationId: string;
  method: string;
  path: string;
  parameters: (FormInput & {in: Parameter['in']})[];
  body?: {mediaType: string; required: boolean; fields?: FormInput[]; example?: unknown};
};
type Direction = 'request' | 'response';

const base = (api: ApiName, direction: Direction) => `https://sandbox.plaza.example/${api}/${direction}`;

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A local `$ref` (`#/components/...`) followed to its target, or the value itself; `{}` for anything but an object. */
function follow(document: OpenApiDocument, value: unknown): Node {
  const node: unknown = resolveLocalRef(document, value);
  return isNode(node) ? node : {};
}

/** The values of a media type's named `examples`, each followed to its target, in the order given. */
const exampleValues = (document: OpenApiDocument, media: Node): unknown[] =>
  isNode(media.examples) ? Object.values(media.examples).map((example) => follow(document, example).value) : [];

/** Whether a media type carries JSON (`application/json`, `application/problem+json`, with parameters or not). */
export const isJson = (mediaType: string | undefined): boolean => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(mediaType ?? '');

/** An OpenAPI 3.0 schema as JSON Schema 2019-09, for one direction of travel; `open` for a part of an `allOf`. */
function toJsonSchema(schema: unknown, direction: Direction, api: ApiName, open = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, direction, api));
  if (!isNode(schema)) return schema;
  // Plaza's answers are read closed; a foreign spec's (the mock's, sandbox/mock) as JSON Schema reads it.
  const closed = direction === 'response' && !open && String(api) !== 'mock';
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    // A scalar `example` stays, for the plain messages to quote (messages.ts); an object one would be
    // read as schemas by the validator's dereferencing (an `id` field names a schema).
    if (key === 'example' && (typeof value !== 'object' || value === null)) {
      out.example = value;
      continue;
    }
    if (
      key === 'example' ||
      key === 'examples' ||
      key === 'description' ||
      key === 'nullable' ||
      key === 'discriminator' ||
      key.startsWith('x-')
    )
      continue;
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace(
        /^#\/components\/schemas\/(.*)$/,
        (_, name: string) => `${base(api, direction)}#/$defs/${name}${direction === 'response' && open ? '.open' : ''}`,
      );
    else if (key === 'properties' && isNode(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, toJsonSchema(property, direction, api)]));
    else if (key === 'allOf' && Array.isArray(value)) out.allOf = value.map((part) => toJsonSchema(part, direction, api, true));
    // The discriminator names the one choice of a `oneOf`, which choices open to other fields could not tell apart alone.
    else if (key === 'oneOf' && isNode(schema.discriminator)) out.anyOf = toJsonSchema(value, direction, api);
    else if (key === 'enum' || key === 'default' || key === 'const' || key === 'required') out[key] = value;
    else out[key] = toJsonSchema(value, direction, api);
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  }
  if (Array.isArray(out.required) && isNode(schema.properties)) {
    const skip = direction === 'request' ? 'readOnly' : 'writeOnly';
    const properties = schema.properties;
    out.required = (out.required as string[]).filter((name) => !(isNode(properties[name]) && properties[name][skip] === true));
  }
  if (closed && (isNode(schema.properties) || Array.isArray(schema.allOf)) && schema.additionalProperties === undefined)
    out.unevaluatedProperties = false;
  return out;
}

/** An OpenAPI schema followed through its `$ref` and the parts of its `allOf`, as one node. */
function flatten(document: OpenApiDocument, value: unknown, depth = 0): Node {
  const node = follow(document, value);
  if (!Array.isArray(node.allOf) || depth > 8) return node;
  const parts = node.allOf.map((part) => flatten(document, part, depth + 1));
  return {
    ...Object.assign({}, ...parts),
    ...node,
    properties: Object.assign({}, ...parts.map((part) => part.properties), node.properties),
    required: [...parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])), ...((node.required as string[]) ?? [])],
  };
}

/** The control an OpenAPI schema needs in a form. */
function inputKind(document: OpenApiDocument, schema: unknown): Pick<FormInput, 'kind' | 'enum' | 'testValues' | 'fromNow'> {
  const node = flatten(document, schema);
  const type = Array.isArray(node.type) ? node.type.find((item) => item !== 'null') : node.type;
  const tests = node['x-plaza-sandbox-values'];
  const fromNow = node['x-plaza-example-from-now'];
  const values = {
    ...(Array.isArray(node.enum) ? {enum: node.enum} : {}),
    ...(typeof fromNow === 'number' ? {fromNow} : {}),
    ...(isNode(tests) ? {testValues: Object.fromEntries(Object.entries(tests).map(([value, outcome]) => [value, String(outcome)]))} : {}),
  };
  if (type === 'string' && (node.format === 'binary' || node.contentEncoding === 'binary')) return {kind: 'file'};
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return {kind: type, ...values};
  return {kind: 'json'};
}

/** The operations of both specs, and the validators of their schemas. */
export class SpecIndex {
  readonly operations: SpecOperation[] = [];
  private readonly forms = new Map<string, () => OperationForm>();
  private readonly sources = new Map<string, unknown>();
  private readonly roots = new Map<string, Record<string, Schema | boolean>>();
  private eventObjects?: Map<string, {objectType: string}>;
  private readonly testValues = new Map<string, Map<string, string[]>>();

  constructor(readonly specs: SandboxSpecs) {
    for (const api of Object.keys(specs) as ApiName[]) this.index(api, specs[api]);
    // A literal segment beats a parameter: /v1/transactions/export before /v1/transactions/{id}.
    this.operations.sort((a, b) => b.literals - a.literals);
  }

  private index(api: ApiName, document: OpenApiDocument) {
    for (const {method, path, raw, operationId: id, summary, parameters: entries} of listOperations(document)) {
      const operationId = id ?? `${method} ${path}`;
      const parameters = new Map<string, Parameter>();
      for (const entry of entries) {
        const parameter = follow(document, entry);
        const name = String(parameter.name);
        parameters.set(`${String(parameter.in)} ${name}`, {
          name,
          in: parameter.in as Parameter['in'],
          required: parameter.required === true,
          schema: (toJsonSchema(follow(document, parameter.schema), 'request', api) as Schema) ?? {},
        });
      }
      const requestBody = raw.requestBody ? follow(document, raw.requestBody) : undefined;
      let body: SpecOperation['body'];
      if (requestBody && isNode(requestBody.content)) {
        const [mediaType = 'application/json', content] = Object.entries(requestBody.content)[0] ?? [];
        const schemaKey = isNode(content) && content.schema ? this.register(api, `${operationId}.body`, content.schema) : undefined;
        body = {mediaType, required: requestBody.required === true, schemaKey};
      }
      const responses: SpecResponse[] = [];
      for (const [status, value] of Object.entries(isNode(raw.responses) ? raw.responses : {})) {
        const response = follow(document, value);
        const [mediaType, media] = isNode(response.content) ? (Object.entries(response.content)[0] ?? []) : [];
        const content = follow(document, media);
        const examples = exampleValues(document, content);
        const json = isJson(mediaType);
        responses.push({
          status: Number(status),
          schemaKey: json && content.schema ? this.register(api, `${operationId}.${status}`, content.schema) : undefined,
          ...(mediaType && !json ? {mediaType} : {}),
          example: content.example ?? examples[0],
          examples: content.example === undefined ? examples : [content.example],
        });
      }
      const names: string[] = [];
      const pattern = new RegExp(
        `^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`,
      );
      this.operations.push({
        api,
        operationId,
        summary,
        method,
        path,
        permission: String(raw['x-plaza-permission'] ?? ''),
        events: Array.isArray(raw['x-plaza-events']) ? raw['x-plaza-events'].map(String) : [],
        sandboxOnly: raw['x-plaza-sandbox-only'] === true,
        parameters: [...parameters.values()],
        body,
        responses,
        match: (concrete) => {
          const found = pattern.exec(concrete);
          if (!found) return undefined;
          try {
            return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]));
          } catch {
            // A parameter that is not valid percent-encoding (`%E0%A4%A`) is no value of it.
            return undefined;
          }
        },
        literals: path.split('/').filter((part) => part && !part.startsWith('{')).length,
      });
      // Made on first use, then kept: the seed asks for a form on each of its requests.
      let made: OperationForm | undefined;
      const makeForm = (): OperationForm => {
        const media = body && isNode(requestBody?.content) ? follow(document, requestBody.content[body.mediaType]) : {};
        const schema = flatten(document, media.schema);
        const required = new Set(Array.isArray(schema.required) ? schema.required : []);
        const properties = isNode(schema.properties) ? Object.entries(schema.properties) : undefined;
        const examples = exampleValues(document, media);
        return {
          api,
          operationId,
          method,
          path,
          parameters: entries.map((entry) => {
            const parameter = follow(document, entry);
            return {
              name: String(parameter.name),
              in: parameter.in as Parameter['in'],
              required: parameter.required === true,
              ...inputKind(document, parameter.schema),
              example: parameterExample(parameter, (value) => follow(document, value)) ?? flatten(document, parameter.schema).example,
            };
          }),
          ...(body && {
            body: {
              mediaType: body.mediaType,
              required: body.required,
              ...(properties && {
                fields: properties
                  .filter(([, property]) => flatten(document, property).readOnly !== true)
                  .map(([name, property]) => ({name, required: required.has(name), ...inputKind(document, property)})),
              }),
              example: media.example ?? examples[0] ?? schema.example,
            },
          }),
        };
      };
      this.forms.set(`${method} ${path}`, () => (made ??= makeForm()));
    }
  }

  /**
   * The sandbox test values of a property of a schema of the specs (`x-plaza-sandbox-values`), each
   * with the codes of its outcome (`credit, card_declined` is `['credit', 'card_declined']`), in the
   * order of the spec. The sandbox decides every test value's outcome from these maps; a property
   * whose spec declares none (a foreign spec's) has no test values, and every value of it succeeds.
   */
  sandboxValues(schema: string, property: string): Map<string, string[]> {
    const key = `${schema}.${property}`;
    let values = this.testValues.get(key);
    if (!values) {
      const found = Object.values(this.specs)
        .map((document) => {
          const owner = flatten(document, document.components?.schemas?.[schema]);
          return flatten(document, isNode(owner.properties) ? owner.properties[property] : undefined)['x-plaza-sandbox-values'];
        })
        .find(isNode);
      values = new Map(Object.entries(found ?? {}).map(([value, outcome]) => [value, String(outcome).split(', ')]));
      this.testValues.set(key, values);
    }
    return values;
  }

  /** The Try it form of the operation of a method and path template (`/v1/payments/{payment_id}`), if there is one. */
  form(method: string, path: string): OperationForm | undefined {
    return this.forms.get(`${method} ${path}`)?.();
  }

  /** Keeps an operation's schema under a key of its API's root document; returns the key. */
  private register(api: ApiName, name: string, schema: unknown): string {
    this.sources.set(`${api}:${name}`, schema);
    return `${api}:${name}`;
  }

  /** The operations whose method and path match, best first. */
  route(method: string, path: string): {operation: SpecOperation; params: Record<string, string>} | 'method' | undefined {
    let pathMatched = false;
    for (const operation of this.operations) {
      const params = operation.match(path);
      if (!params) continue;
      if (operation.method === method) return {operation, params};
      pathMatched = true;
    }
    return pathMatched ? 'method' : undefined;
  }

  private lookup(api: ApiName, direction: Direction): Record<string, Schema | boolean> {
    const key = `${api}/${direction}`;
    let lookup = this.roots.get(key);
    if (!lookup) {
      const document = this.specs[api];
      const defs: Node = {};
      for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
        defs[name] = toJsonSchema(schema, direction, api);
        if (direction === 'response') defs[`${name}.open`] = toJsonSchema(schema, direction, api, true);
      }
      for (const [sourceKey, schema] of this.sources) {
        if (sourceKey.startsWith(`${api}:`)) defs[sourceKey.slice(api.length + 1)] = toJsonSchema(schema, direction, api);
      }
      lookup = dereference({$id: base(api, direction), $defs: defs} as Schema);
      this.roots.set(key, lookup);
    }
    return lookup;
  }

  /** What is wrong with a value for the schema under `schemaKey` (empty when it fits). */
  problems(schemaKey: string, value: unknown, direction: Direction): SchemaProblem[] {
    const [api, name = ''] = schemaKey.split(/:(.*)/s) as [ApiName, string];
    // The key is a JSON Pointer token of the root: an operation without an ID is keyed `GET /things`.
    return this.check(value, {$ref: `${base(api, direction)}#/$defs/${encodePointer(name)}`}, this.lookup(api, direction));
  }

  /** What is wrong with a parameter's value for its (inline) schema. */
  parameterProblems(api: ApiName, parameter: Parameter, value: unknown): SchemaProblem[] {
    return this.check(value, parameter.schema, this.lookup(api, 'request')).map((problem) => ({...problem, param: parameter.name}));
  }

  private check(value: unknown, schema: Schema, lookup: Record<string, Schema | boolean>): SchemaProblem[] {
    const result = validate(value, schema, '2019-09', lookup, false);
    if (result.valid) return [];
    // The innermost errors say what is wrong; the outer ones only that a property or item failed.
    const inner = result.errors.filter(
      (error) => !['properties', '$ref', 'items', 'allOf', 'additionalProperties', 'unevaluatedProperties'].includes(error.keyword),
    );
    const problems = (inner.length > 0 ? inner : result.errors).map((error) => {
      const path = error.instanceLocation
        .replace(/^#\/?/, '')
        .split('/')
        .filter(Boolean)
        .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
      const message = plainMessage(error.keyword, error.error, schemaAt(schema, path, lookup));
      const missing = error.keyword === 'required' ? /property "([^"]+)"/.exec(error.error)?.[1] : undefined;
      if (missing) path.push(missing);
      const pointer = path.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
      return {param: path.length > 0 ? path.join('.') : null, pointer, value: at(value, path), message};
    });
    // A field that breaks its own schema, or holds a field that does, is not "evaluated", so
    // unevaluatedProperties names it too: the problem inside it is the one to say.
    const inside = (outer: SchemaProblem, inner: SchemaProblem) =>
      inner.pointer.startsWith(`${outer.pointer}/`) || (inner.pointer === outer.pointer && inner.message !== outer.message);
    return problems.filter(
      (problem) => problem.message !== 'is not a field here' || !problems.some((other) => other !== problem && inside(problem, other)),
    );
  }

  /**
   * What is wrong with an event, as its webhook payload: the envelope against the Event schema, and
   * `data.object` against the schema of the object its type carries (Get all event types' `object_type`).
   */
  eventProblems(event: unknown): SchemaProblem[] {
    const api = eventsApi(this.specs);
    const envelope = this.problems(`${api}:Event`, event, 'response');
    const type = isNode(event) ? event.type : undefined;
    const described = typeof type === 'string' ? (this.eventObjects ??= typeDescriptions(this.specs)).get(type) : undefined;
    const object = isNode(event) && isNode(event.data) ? event.data.object : undefined;
    if (!described || object === undefined) return envelope;
    const schema = objectSchema(this.specs, described.objectType);
    const inner = this.problems(`${schema.api}:${schema.name}`, object, 'response').map((problem) => ({
      ...problem,
      param: `data.object${problem.param ? `.${problem.param}` : ''}`,
      pointer: `/data/object${problem.pointer}`,
    }));
    return [...envelope, ...inner];
  }
}

/** The value at a path of property names and indexes, or `undefined` when there is none. */
function at(value: unknown, path: string[]): unknown {
  let node = value;
  for (const part of path) {
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isNode(node) && Object.hasOwn(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

/** A document without its `description` texts (an example's fields named `description` are data, and stay). */
function withoutDescriptions(node: unknown, inExample = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutDescriptions(item, inExample));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => inExample || key !== 'description' || typeof value !== 'string')
      .map(([key, value]) => [key, withoutDescriptions(value, inExample || key === 'example' || key === 'examples')]),
  );
}

/** The specs as a browser worker downloads them: without their `description` texts, which the sandbox never reads. */
export const browserSpecs = (specs: SandboxSpecs): SandboxSpecs => withoutDescriptions(specs) as SandboxSpecs;
