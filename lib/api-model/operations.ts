/**
 * The two APIs, the operations of an OpenAPI document and its local references, with no I/O and no
 * Node.js API, so that the sandbox's browser build can read the specs as the site does. specs.ts
 * re-exports them.
 */

/** The two APIs: the spec file name, the route folder of its pages and the route of its index page. */
export const apis = [
  {name: 'accounts', title: 'Accounts API', file: 'specs/accounts.yaml', route: '/api/accounts', categorySlug: '/category/accounts'},
  {name: 'financial', title: 'Payments API', file: 'specs/financial.yaml', route: '/api/financial', categorySlug: '/category/payments'},
] as const;

export type ApiName = (typeof apis)[number]['name'];

export const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

export type OpenApiDocument = {
  openapi?: string;
  info?: {title?: string; version?: string; description?: string};
  servers?: {url: string; description?: string}[];
  security?: Record<string, string[]>[];
  tags?: {name: string}[];
  paths?: Record<string, Record<string, unknown>>;
  /** OpenAPI 3.1: the requests the API sends, by name, each a path item. */
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

/**
 * An operation of a document, as every reader of the specs takes it: the pages, the search facts,
 * the webhook catalogue, the checks, the sandbox and Try it. Its identity (method, path, tags, the
 * merged parameters, the security and servers that apply) is derived here and nowhere else; the
 * model adds its page's title, slug and route (lib/api-model/specs.ts `operationRecords`).
 */
export type Operation = {
  /** In upper case: `GET`. */
  method: string;
  /** The path template; for a webhook, its name. */
  path: string;
  /** For an operation of the document's `webhooks` (OpenAPI 3.1), the webhook's name. */
  webhook?: string;
  operationId?: string;
  summary?: string;
  tags: string[];
  deprecated: boolean;
  /**
   * The parameters of the path item that the operation does not redefine (same name and place, as
   * OpenAPI's rule says), then the operation's own; each as written (possibly a `$ref`).
   */
  parameters: unknown[];
  /** The security requirements that apply: the operation's, else the document's. */
  security?: Record<string, string[]>[];
  /** The servers that apply: the operation's, else its path item's, else the document's. */
  servers?: unknown[];
  /** The operation object as written. */
  raw: Record<string, unknown>;
};

/** The name and place of a parameter, which an operation's parameter of the same overrides. */
function parameterKey(spec: OpenApiDocument, parameter: unknown): string {
  const resolved = resolveLocalRef<{name?: unknown; in?: unknown} | undefined>(spec, parameter);
  // One with no name or place (an unresolved reference, say) redefines nothing: it is its own key.
  if (typeof resolved?.in !== 'string' || typeof resolved.name !== 'string') return JSON.stringify(parameter) ?? 'undefined';
  return `${resolved.in} ${resolved.name}`;
}

/**
 * Every operation of the document's `paths` (or, with `webhooks`, of its `webhooks`), in the order
 * the document gives them, each with the parameters of its path item (less those it redefines)
 * before its own.
 */
export function listOperations(spec: OpenApiDocument, {webhooks = false}: {webhooks?: boolean} = {}): Operation[] {
  const operations: Operation[] = [];
  const own = (raw: Record<string, unknown>) => (Array.isArray(raw.parameters) ? (raw.parameters as unknown[]) : []);
  for (const [path, item] of Object.entries((webhooks ? spec.webhooks : spec.paths) ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      const raw = value as Record<string, unknown> | null;
      if (!raw || typeof raw !== 'object' || !(methods as readonly string[]).includes(method)) continue;
      const shared = Array.isArray(item.parameters) ? (item.parameters as unknown[]) : [];
      operations.push({
        method: method.toUpperCase(),
        path,
        ...(webhooks ? {webhook: path} : {}),
        operationId: typeof raw.operationId === 'string' ? raw.operationId : undefined,
        summary: typeof raw.summary === 'string' ? raw.summary : undefined,
        tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : [],
        deprecated: raw.deprecated === true,
        parameters: [
          ...shared.filter((parameter) => !own(raw).some((mine) => parameterKey(spec, mine) === parameterKey(spec, parameter))),
          ...own(raw),
        ],
        security: (raw.security as Operation['security']) ?? spec.security,
        servers: (raw.servers ?? item.servers ?? spec.servers) as unknown[] | undefined,
        raw,
      });
    }
  }
  return operations;
}

/**
 * A parameter's example: its `example`, else the value of the first of its named `examples` (each
 * read through `follow`, which resolves a `$ref` where the document keeps them).
 */
export function parameterExample(parameter: {example?: unknown; examples?: unknown}, follow = (value: unknown): unknown => value): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const named = parameter.examples && typeof parameter.examples === 'object' ? Object.values(parameter.examples) : [];
  const first = named.length ? follow(named[0]) : undefined;
  return first && typeof first === 'object' ? (first as {value?: unknown}).value : undefined;
}

/** A value, or the node its local `$ref` (`#/components/...`) points to in the document. */
export function resolveLocalRef<T = Record<string, unknown>>(spec: OpenApiDocument, value: unknown): T {
  const ref = (value as {$ref?: string} | undefined)?.$ref;
  if (!ref) return value as T;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec) as T;
}
