// The package ships its type declarations (a `declare module`) without naming them in its package.json.
/// <reference types="postman-collection/types" />
/**
 * Checks of a downloadable Postman collection, shared by the unit test of the generator
 * (tests/unit/downloads.test.ts) and the browser test of the served files
 * (tests/e2e/downloads.spec.ts): against the format (tests/fixtures/postman-collection-v2.1.schema.json,
 * with @cfworker/json-schema, the validator of the sandbox), and, loaded with Postman's own SDK, against the spec it was made from.
 */
import {readFileSync} from 'node:fs';
import {isDeepStrictEqual} from 'node:util';
import {Validator, type OutputUnit} from '@cfworker/json-schema';
import {Collection, Item, ItemGroup, Url} from 'postman-collection';
import {collectionAuth, collectionVariables} from '../../lib/api-render/downloads';
import {listOperations, resolveLocalRef, type OpenApiDocument, type Operation} from '../../lib/api-model/specs';

// The format is a draft-07 schema; every error is wanted, not only the first.
const format = new Validator(JSON.parse(readFileSync('tests/fixtures/postman-collection-v2.1.schema.json', 'utf8')), '7', false);

/** Errors that only say that a part failed (a property, an item, a reference, a branch): the part's own error says how. */
const enclosing = new Set(['properties', 'items', '$ref', 'if', 'allOf', 'false']);

/** What an error says the value at its place must be, worded as the breakage checks of tests/unit/downloads.test.ts expect. */
function formatMessage({keyword, error}: OutputUnit): string {
  const named = /"([^"]*)"/.exec(error)?.[1];
  if (keyword === 'required') return `must have required property '${named}'`;
  if (keyword === 'additionalProperties') return `must NOT have additional properties ("${named}")`;
  if (keyword === 'pattern') return 'must match pattern';
  return error;
}

/** Where the collection breaks the format, at most `limit` of them, as `/json/pointer message`. */
export function formatProblems(collection: unknown, limit = 5): string[] {
  return format
    .validate(collection)
    .errors.filter((error) => !enclosing.has(error.keyword))
    .slice(0, limit)
    .map((error) => `${error.instanceLocation.slice(1) || '/'} ${formatMessage(error)}`);
}

/** An operation as a request of the collection shows it: the method, and the path with `:name` variables. */
export function requestKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

function requestsOf(group: ItemGroup): Item[] {
  return (group.items.all() as unknown[]).flatMap((entry) =>
    ItemGroup.isItemGroup(entry) ? requestsOf(entry as ItemGroup) : Item.isItem(entry) ? [entry as Item] : [],
  );
}

type Parameter = {name: string; in: string; example?: unknown; schema?: {example?: unknown}};
type Media = {example?: unknown; examples?: Record<string, unknown>};

/** The example values a spec gives a JSON request body or a response (each `$ref` resolved). */
function exampleValues(spec: OpenApiDocument, media: Media | undefined): unknown[] {
  if (!media) return [];
  const named = Object.values(media.examples ?? {}).map((example) => resolveLocalRef<{value?: unknown}>(spec, example).value);
  return media.example === undefined ? named : [media.example, ...named];
}

function parseJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

/** What is wrong with one request against its operation: URL, auth, path values, body, examples. */
function requestProblems(spec: OpenApiDocument, operation: Operation, item: Item, key: string): string[] {
  const problems: string[] = [];
  const {request} = item;
  // An operation with servers of its own is sent there; the others to the collection's base URL.
  const ownServer = (operation.raw.servers as {url: string}[] | undefined)?.[0]?.url;
  const host = ownServer ? new URL(ownServer).host : `{{${collectionVariables.baseUrl}}}`;
  if (request.url.getHost() !== host) problems.push(`${key} goes to ${request.url.getHost()}, not ${host}`);
  if (request.auth) problems.push(`${key} has an auth of its own instead of inheriting the collection's`);
  for (const parameter of operation.parameters
    .map((value) => resolveLocalRef<Parameter>(spec, value))
    .filter((value) => value.in === 'path')) {
    const value: unknown = request.url.variables.get(parameter.name);
    const example = parameter.example ?? parameter.schema?.example;
    if (!value) problems.push(`${key} has no value for the path variable :${parameter.name}`);
    else if (example !== undefined && value !== String(example))
      problems.push(`${key} sets :${parameter.name} to ${value}, not the spec's example ${example}`);
  }
  const body = resolveLocalRef<{content?: Record<string, Media>} | undefined>(spec, operation.raw.requestBody)?.content?.[
    'application/json'
  ];
  const examples = exampleValues(spec, body);
  if (examples.length > 0 && !examples.some((example) => isDeepStrictEqual(example, parseJson(request.body?.raw)))) {
    problems.push(`${key} sends a body that is none of the spec's examples`);
  }
  // A range (4XX) or `default` has no one status for an example response to carry.
  const statuses = Object.keys((operation.raw.responses as Record<string, unknown> | undefined) ?? {}).filter((status) =>
    /^\d{3}$/.test(status),
  );
  const shown = new Set((item.responses.all() as {code: number}[]).map((response) => String(response.code)));
  const missing = statuses.filter((status) => !shown.has(status));
  if (missing.length > 0) problems.push(`${key} has no example response for ${missing.join(', ')}`);
  return problems;
}

/**
 * What is wrong with a collection against the spec it was made from, read through the
 * postman-collection SDK: every operation must be exactly one request, sent to `{{baseUrl}}` with
 * the collection's auth, its path variables, body and responses taken from the spec; the collection
 * must send the credentials the spec's top-level security names, from empty variables (`secretKey`
 * for Plaza's key in a spec that keeps its conventions, `plaza`), and hold `baseUrl` (the spec's first server).
 */
export function specProblems(json: object, spec: OpenApiDocument, plaza = true): string[] {
  const collection = new Collection(json);
  const problems: string[] = [];
  const requests = new Map<string, Item[]>();
  for (const item of requestsOf(collection)) {
    const key = requestKey(item.request.method, item.request.url.getPath(true));
    requests.set(key, [...(requests.get(key) ?? []), item]);
  }
  const operations = new Map(listOperations(spec).map((operation) => [requestKey(operation.method, operation.path), operation]));
  for (const [key, operation] of operations) {
    const found = requests.get(key) ?? [];
    const [only] = found;
    if (found.length !== 1 || !only) problems.push(`${key} is ${found.length} requests, not one`);
    else problems.push(...requestProblems(spec, operation, only, key));
  }
  for (const key of requests.keys()) if (!operations.has(key)) problems.push(`${key} is a request for no operation of the spec`);

  // The scheme the spec's top-level security names first, sent from empty variables (collectionAuth).
  const expected = collectionAuth(spec, plaza);
  const auth = collection.auth;
  // The SDK's type declarations leave out the auth's `type`, which it does hold.
  const authType = (auth as {type?: string} | undefined)?.type;
  const sent = (expected.auth?.[String(expected.auth.type)] as {key: string; value: string}[] | undefined) ?? [];
  if (authType !== expected.auth?.type || sent.some(({key, value}) => auth?.parameters().get(key) !== value)) {
    const variables = expected.variables.map(({key}) => `{{${key}}}`).join(' and ') || 'no credentials';
    problems.push(`the collection does not send ${variables} as the spec's security says (auth: ${JSON.stringify(auth?.toJSON())})`);
  }
  const baseUrl: unknown = collection.variables.get(collectionVariables.baseUrl);
  if (baseUrl !== spec.servers?.[0]?.url)
    problems.push(`{{${collectionVariables.baseUrl}}} is ${baseUrl}, not the spec's first server ${spec.servers?.[0]?.url}`);
  for (const {key} of expected.variables) {
    const credential = collection.variables.one(key);
    if (!credential || credential.get() !== '') problems.push(`{{${key}}} is not an empty collection variable`);
  }
  return problems;
}

/** Each URL's `raw` text must say what its parts say: a reader sees the raw text in Postman. */
export function rawUrlProblems(json: unknown): string[] {
  const problems: string[] = [];
  const visit = (value: unknown, key: string): void => {
    if (Array.isArray(value)) return value.forEach((child) => visit(child, key));
    if (!value || typeof value !== 'object') return;
    if (key === 'url') {
      const parts = new Url(value);
      const fromRaw = new Url((value as {raw: string}).raw);
      const query = (url: Url) =>
        url.query
          .all()
          .filter((param: {disabled?: boolean}) => !param.disabled)
          .map((param: {key: string; value: string}) => `${param.key}=${param.value}`);
      if (
        fromRaw.getHost() !== parts.getHost() ||
        fromRaw.getPath(true) !== parts.getPath(true) ||
        !isDeepStrictEqual(query(fromRaw), query(parts))
      ) {
        problems.push(
          `${(value as {raw: string}).raw} is not ${parts.getHost()}${parts.getPath(true)} with the query ${query(parts).join('&')}`,
        );
      }
    }
    for (const [childKey, child] of Object.entries(value)) visit(child, childKey);
  };
  visit(json, '');
  return problems;
}
