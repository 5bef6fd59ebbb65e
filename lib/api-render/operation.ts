/**
 * An operation as its page reads it (lib/api-render/reference.ts makes one of each operation and
 * webhook of the spec): its method and path, parameters, body, responses, callbacks and security,
 * with the schemes they name.
 */
import type {SecurityScheme} from '../api-model/specs';
import type {Schema} from './schema';

export type Example = {summary?: string; value?: unknown};
export type Media = {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
  encoding?: Record<string, {contentType?: string}>;
};
export type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  example?: unknown;
  examples?: Record<string, Example>;
  schema?: Schema;
  style?: string;
  explode?: boolean;
};
type Link = {operationId?: string; operationRef?: string; description?: string; parameters?: Record<string, unknown>};
export type Response = {
  description?: string;
  headers?: Record<string, {description?: string; schema?: Schema}>;
  content?: Record<string, Media>;
  links?: Record<string, Link>;
};
type Callback = Record<string, Record<string, {summary?: string; description?: string; requestBody?: {content?: Record<string, Media>}}>>;

export type ApiPage = {
  id: string;
  title: string;
  api: {
    /** Whether the spec keeps Plaza's conventions (lib/api-model/model.ts): only then do its key, error object and events get Plaza's words and links. */
    plaza?: boolean;
    /** A webhook of the spec's `webhooks`: its key there, and the method of the request the API sends. */
    webhook?: {name: string; method: string};
    method: string;
    path: string;
    summary?: string;
    tags?: string[];
    description?: string;
    deprecated?: boolean;
    parameters?: Parameter[];
    requestBody?: {description?: string; required?: boolean; content?: Record<string, Media>};
    responses?: Record<string, Response>;
    callbacks?: Record<string, Callback>;
    servers?: {url: string}[];
    security?: Record<string, string[]>[];
    securitySchemes?: Record<string, SecurityScheme>;
  };
};

/**
 * A webhook of the spec's top-level `webhooks` (OpenAPI 3.1): the plugin gives it the method `event`.
 * The API sends it, so its page shows the payload, not code that would send it.
 */
export const isWebhook = (page: ApiPage): boolean => page.api.method === 'event';

/**
 * The responses of a page by status. A lenient read leaves out a response of the wrong kind, but
 * not a key that is no status (`properties: null` among the statuses): only objects are responses.
 */
export const responsesOf = (page: ApiPage): [string, Response][] =>
  Object.entries(page.api.responses ?? {}).filter(([, response]) => response !== null && typeof response === 'object');
