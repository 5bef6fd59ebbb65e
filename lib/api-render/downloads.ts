/**
 * The files a reader can download for each API, made from the model by the API reference plugin
 * into generated/static/specs/ (git-ignored), which the site serves as /specs/: the spec as
 * committed (YAML), the same document as JSON, and a Postman Collection v2.1.
 *
 * The Postman converter, which takes a third of a second to load, is imported only when a
 * collection is made.
 */
import {createHash} from 'node:crypto';
import {isDeepStrictEqual} from 'node:util';
import type {CollectionResult, Options} from 'openapi-to-postmanv2';
import {toMarkdown} from './spec-text';
import camelCase from 'lodash/camelCase';
import omit from 'lodash/omit';
import type {Api, ApiModel, ApiSpec} from '../api-model/model';
import {isPlazaKey, listOperations, resolveLocalRef, type OpenApiDocument, type SecurityScheme} from '../api-model/specs';

/** The URL path of the downloads. */
export const downloadsFolder = 'specs';

const formats = [
  {label: 'OpenAPI YAML', suffix: '.yaml'},
  {label: 'OpenAPI JSON', suffix: '.json'},
  {label: 'Postman collection', suffix: '.postman_collection.json'},
] as const;

export type Download = {label: (typeof formats)[number]['label']; file: string; url: string};

/** The three downloads of an API: YAML, JSON, Postman collection, in that order. */
export function downloadsOf(api: string): Download[] {
  return formats.map(({label, suffix}) => ({label, file: `${api}${suffix}`, url: `/${downloadsFolder}/${api}${suffix}`}));
}

/** The collection variables a reader sets (`secretKey`) or may change (`baseUrl`). */
export const collectionVariables = {baseUrl: 'baseUrl', secretKey: 'secretKey'} as const;

export class DownloadError extends Error {}

const converterOptions: Options = {
  folderStrategy: 'Tags',
  parametersResolution: 'Example',
  // Optional parameters and headers are listed but switched off, so each request works as it is.
  enableOptionalParameters: false,
  // Requests inherit the collection's auth, and example requests carry no placeholder key.
  alwaysInheritAuthentication: true,
  includeAuthInfoInExample: false,
};

/**
 * The document with every `#/components/headers/...` reference replaced by its header: the
 * converter writes referenced response headers with neither value nor description.
 */
function inlineHeaders(spec: OpenApiDocument): OpenApiDocument {
  const copy = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(copy);
    if (!value || typeof value !== 'object') return value;
    const ref = (value as {$ref?: unknown}).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/headers/')) return copy(resolveLocalRef(spec, value));
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, copy(child)]));
  };
  return copy(spec) as OpenApiDocument;
}

/** A UUID that stays the same for an API, so that Postman offers to replace an older import. */
function stableId(name: string): string {
  const hex = createHash('sha1').update(`plaza-docs/${name}`).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type Json = Record<string, unknown>;
type PostmanUrl = {raw?: string; host?: string[]; path?: string[]; query?: {key: string; value: string; disabled?: boolean}[]};

/** The URL as Postman shows it: `{{baseUrl}}/v1/accounts/:account_id?limit=25`, enabled query only. */
function rawUrl(url: PostmanUrl): string {
  const query = (url.query ?? []).filter((param) => !param.disabled).map((param) => `${param.key}=${param.value}`);
  return `${(url.host ?? []).join('.')}/${(url.path ?? []).join('/')}${query.length ? `?${query.join('&')}` : ''}`;
}

/** Descriptions already rewritten: the collections repeat the same ones (shared schemas and headers) thousands of times. */
const rewritten = new Map<string, string>();

function safeMarkdown(markdown: string): string {
  let safe = rewritten.get(markdown);
  if (safe === undefined) rewritten.set(markdown, (safe = toMarkdown(markdown)));
  return safe;
}

/** A description of the spec as Postman shows it (Markdown): rewritten from its cleaned syntax tree. */
function safeDescription(description: unknown): unknown {
  if (typeof description === 'string') return safeMarkdown(description);
  const content = (description as {content?: unknown} | null)?.content;
  return typeof content === 'string' ? {...(description as Json), content: safeMarkdown(content)} : description;
}

/**
 * The converter's output made tidy: every URL gets its `raw` form, and these are dropped: random
 * ids, empty event lists, empty bodies (of requests that send none), empty descriptions, nulls
 * (`auth: null` means "inherit", as no auth does), the request's copy of its item's name, the
 * "disabled" mark on the headers of example responses (they are what the API sends, not options),
 * and the example responses of a status range or `default` (`4XX`), which have no status to show.
 */
function tidy(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const kept = key === 'response' ? value.filter((response) => typeof (response as {code?: unknown}).code === 'number') : value;
    return kept.map((child) => tidy(child, key));
  }
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([childKey, child]) => {
    if (childKey === 'id' || child === null) return false;
    if ((childKey === 'event' || childKey === 'body') && typeof child === 'object' && Object.keys(child).length === 0) return false;
    if (childKey === 'description' && typeof child === 'object' && !(child as {content?: string}).content) return false;
    return !(key === 'request' && childKey === 'name');
  });
  const node = Object.fromEntries(
    entries.map(([childKey, child]) => {
      if (childKey === 'description') return [childKey, safeDescription(child)];
      const shown = key === 'response' && childKey === 'header' ? (child as Json[]).map((header) => omit(header, 'disabled')) : child;
      return [childKey, tidy(shown, childKey)];
    }),
  );
  return key === 'url' ? {raw: rawUrl(node as PostmanUrl), ...node} : node;
}

type Example = {summary?: string; value?: unknown};
type ResponseObject = {content?: Record<string, {examples?: Record<string, unknown>}>};
type PostmanItem = {
  item?: PostmanItem[];
  request?: {method: string; url: {path?: string[]}};
  response?: {name: string; code: number; body?: string}[];
};

/**
 * Example responses named on one line and told apart: the converter names each after the
 * response's description (line breaks included), so where the spec has several examples for a
 * status, each name gets its summary.
 */
function nameExamples(items: PostmanItem[], spec: OpenApiDocument): void {
  for (const item of items) {
    if (item.item) nameExamples(item.item, spec);
    if (!item.request || !item.response) continue;
    const path = `/${(item.request.url.path ?? []).map((part) => part.replace(/^:(.+)$/, '{$1}')).join('/')}`;
    const operation = spec.paths?.[path]?.[item.request.method.toLowerCase()] as {responses?: Record<string, unknown>} | undefined;
    for (const response of item.response) {
      response.name = response.name.replace(/\s+/g, ' ').trim();
      const media = resolveLocalRef<ResponseObject | undefined>(spec, operation?.responses?.[String(response.code)])?.content;
      const examples = Object.values(media?.['application/json']?.examples ?? {}).map((example) => resolveLocalRef<Example>(spec, example));
      if (examples.length < 2 || response.body === undefined) continue;
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        continue;
      }
      const summary = examples.find((example) => isDeepStrictEqual(example.value, body))?.summary;
      if (summary) response.name = `${response.name} (${summary})`;
    }
  }
}

async function convert(spec: OpenApiDocument): Promise<Json> {
  const {convertV2} = await import('openapi-to-postmanv2');
  return new Promise((resolve, reject) => {
    convertV2({type: 'json', data: inlineHeaders(spec)}, converterOptions, (error, result?: CollectionResult) => {
      const collection = result?.output?.find((output) => output.type === 'collection')?.data;
      if (error || !result?.result || !collection) {
        reject(new DownloadError(`the Postman converter failed: ${error?.message ?? result?.reason ?? 'it returned no collection'}`));
      } else resolve(collection as Json);
    });
  });
}

/** The requests of a collection, folders walked. */
function countRequests(items: unknown[]): number {
  return items.reduce<number>((count, item) => {
    const children = (item as {item?: unknown[]}).item;
    return count + (children ? countRequests(children) : 1);
  }, 0);
}

/** The security scheme that the spec's top-level `security` names first, by its name (undefined when it names none or the spec lacks it). */
function topLevelScheme(spec: OpenApiDocument): {name?: string; scheme?: SecurityScheme} {
  const name = Object.keys(spec.security?.[0] ?? {})[0];
  return {
    name,
    scheme: name === undefined ? undefined : resolveLocalRef<SecurityScheme | undefined>(spec, spec.components?.securitySchemes?.[name]),
  };
}

/** How a collection sends credentials: its auth, the variables a reader fills in, and a sentence that says so. */
export type CollectionAuth = {auth?: Json; variables: {key: string; description: string}[]; sentence: string};

const variable = (key: string) => ({key, value: `{{${key}}}`, type: 'string'});

/**
 * The auth of a collection: the scheme that the spec's top-level `security` names first, sent
 * from empty collection variables. Plaza's key is the `secretKey` of the guides; another API key
 * is named after its scheme; HTTP bearer, OAuth 2.0 and OpenID Connect send an access token,
 * HTTP basic a user name and password. Without top-level security the requests send none. `plaza`
 * says whether the spec keeps Plaza's conventions, its key among them.
 */
export function collectionAuth(spec: OpenApiDocument, plaza = true): CollectionAuth {
  const {name, scheme} = topLevelScheme(spec);
  if (name === undefined) return {variables: [], sentence: 'The requests send no credentials: the spec requires none.'};
  if (!scheme) throw new DownloadError(`its top-level security names ${name}, which components.securitySchemes does not define`);
  const http = scheme.type === 'http' ? scheme.scheme?.toLowerCase() : undefined;
  if (scheme.type === 'apiKey' && scheme.name && scheme.in) {
    const secret = plaza && isPlazaKey(scheme);
    const key = secret ? collectionVariables.secretKey : camelCase(name);
    const what = secret ? 'one of your sandbox secret keys' : 'your API key';
    return {
      auth: {
        type: 'apikey',
        apikey: [
          {key: 'key', value: scheme.name, type: 'string'},
          {...variable(key), key: 'value'},
          {key: 'in', value: scheme.in, type: 'string'},
        ],
      },
      variables: [{key, description: `Your ${secret ? 'secret API key' : 'API key'}, sent in the ${scheme.name} ${scheme.in}.`}],
      sentence: `Set the collection variable \`${key}\` to ${what}: every request sends it in the \`${scheme.name}\` ${scheme.in}.`,
    };
  }
  if (http === 'bearer' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    const token =
      http === 'bearer' ? 'bearer token' : `${scheme.type === 'oauth2' ? 'OAuth 2.0' : 'OpenID Connect'} access token of ${name}`;
    return {
      auth: {type: 'bearer', bearer: [{...variable('accessToken'), key: 'token'}]},
      variables: [{key: 'accessToken', description: `Your ${token}, sent as a bearer token in the Authorization header.`}],
      sentence: `Set the collection variable \`accessToken\` to your ${token}: every request sends it as a bearer token in the \`Authorization\` header.`,
    };
  }
  if (http === 'basic') {
    return {
      auth: {
        type: 'basic',
        basic: [
          {...variable('username'), key: 'username'},
          {...variable('password'), key: 'password'},
        ],
      },
      variables: [
        {key: 'username', description: 'Your user name, sent with HTTP basic authentication.'},
        {key: 'password', description: 'Your password, sent with HTTP basic authentication.'},
      ],
      sentence: 'Set the collection variables `username` and `password`: every request sends them with HTTP basic authentication.',
    };
  }
  throw new DownloadError(
    `its top-level security names ${name} (${http ? `HTTP ${scheme.scheme}` : scheme.type}), which a Postman collection cannot send`,
  );
}

/**
 * The Postman Collection v2.1 of an API: folders by tag, requests and examples from the spec's
 * examples. An API of the model says whether it keeps Plaza's conventions; Plaza's `apis` do.
 */
export async function toPostmanCollection(api: Api & {plaza?: boolean}, spec: OpenApiDocument): Promise<Json> {
  const {auth, variables, sentence} = collectionAuth(spec, api.plaza !== false);
  // Plaza's specs list the sandbox first; another spec's first server is whatever it is.
  const plaza = api.plaza !== false && isPlazaKey(topLevelScheme(spec).scheme);
  // A spec without servers is served from `/` of wherever its document is (OpenAPI's default): the reader sets the host.
  const sandbox = spec.servers?.[0]?.url;
  const converted = tidy(await convert(spec)) as {item: PostmanItem[]};
  nameExamples(converted.item, spec);
  const operations = listOperations(spec).length;
  const requests = countRequests(converted.item);
  if (requests !== operations) {
    throw new DownloadError(`the Postman converter wrote ${requests} requests for its ${operations} operations`);
  }
  const title = plaza ? `Plaza ${api.title}` : (spec.info?.title ?? api.title);
  const lead = [
    `Every operation of the ${title} ${spec.info?.version ?? ''}, from the OpenAPI document of the developer documentation.`,
    sentence,
    sandbox
      ? `\`${collectionVariables.baseUrl}\` is ${plaza ? 'the sandbox' : "the spec's first server"}, ${sandbox}.`
      : `The spec names no server: set \`${collectionVariables.baseUrl}\` to the API's address.`,
  ].join(' ');
  return {
    info: {
      _postman_id: stableId(api.name),
      name: title,
      description: {content: [lead, toMarkdown(spec.info?.description ?? '')].filter(Boolean).join('\n\n'), type: 'text/markdown'},
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: converted.item,
    ...(auth ? {auth} : {}),
    variable: [
      {
        key: collectionVariables.baseUrl,
        value: sandbox ?? '',
        type: 'string',
        description: plaza
          ? 'The API host: the sandbox here, the production host once you go live.'
          : sandbox
            ? "The API host, the spec's first server."
            : "The API host: the spec names none, so set it to the API's address.",
      },
      ...variables.map(({key, description}) => ({key, value: '', type: 'string', description})),
    ],
  };
}

/** The three files of an API, each as the text to write. */
async function downloadTexts(api: ApiSpec): Promise<Map<Download, string>> {
  const [yaml, json, postman] = downloadsOf(api.name);
  if (!yaml || !json || !postman) throw new DownloadError('an API has three downloads');
  const collection = await toPostmanCollection(api, api.document);
  return new Map([
    [yaml, api.source],
    [json, `${JSON.stringify(api.document, null, 2)}\n`],
    [postman, `${JSON.stringify(collection, null, 2)}\n`],
  ]);
}

/**
 * The downloads of every API of the model, by file name. Nothing is returned unless every file could
 * be made; a spec that cannot become a complete collection throws a DownloadError that names its file.
 */
export async function renderDownloads(model: ApiModel): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const api of model.apis) {
    try {
      for (const [download, text] of await downloadTexts(api)) texts.set(download.file, text);
    } catch (error) {
      throw new DownloadError(`${api.file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return texts;
}
