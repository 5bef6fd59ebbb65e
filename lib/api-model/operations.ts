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

export type Operation = {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  tags: string[];
  /**
   * The parameters of the path item that the operation does not redefine (same name and place, as
   * OpenAPI's rule says), then the operation's own; each as written (possibly a `$ref`).
   */
  parameters: unknown[];
  raw: Record<string, unknown>;
};

/** The name and place of a parameter, which an operation's parameter of the same overrides. */
function parameterKey(spec: OpenApiDocument, parameter: unknown): string {
  const resolved = resolveLocalRef<{name?: unknown; in?: unknown} | undefined>(spec, parameter);
  return `${String(resolved?.in)} ${String(resolved?.name)}`;
}

/** Every operation of the document, with the parameters of its path item (less those it redefines) before its own. */
export function listOperations(spec: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  const own = (raw: Record<string, unknown>) => (Array.isArray(raw.parameters) ? (raw.parameters as unknown[]) : []);
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of methods) {
      const raw = item?.[method] as Record<string, unknown> | undefined;
      if (!raw) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof raw.operationId === 'string' ? raw.operationId : undefined,
        summary: typeof raw.summary === 'string' ? raw.summary : undefined,
        tags: Array.isArray(raw.tags) ? raw.tags.filter((tag): tag is string => typeof tag === 'string') : [],
        parameters: [
          ...((item.parameters as unknown[]) ?? []).filter(
            (shared) => !own(raw).some((mine) => parameterKey(spec, mine) === parameterKey(spec, shared)),
          ),
          ...own(raw),
        ],
        raw,
      });
    }
  }
  return operations;
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
