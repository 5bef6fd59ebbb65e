/**
 * Reading and checking Plaza's OpenAPI documents: the operations they hold, the page slugs
 * the API reference plugin derives from them, and the problems that would break or endanger
 * the reference (missing fields, slug collisions, script in descriptions).
 */
import kebabCase from 'lodash/kebabCase';
import {parse as parseYaml} from 'yaml';
import {plainText} from '../api-render/spec-text';
import {listOperations, type ApiName, type OpenApiDocument, type Operation} from './operations';

export {apis, listOperations, methods, resolveLocalRef, type ApiName, type OpenApiDocument, type Operation} from './operations';

export function parseSpec(text: string): OpenApiDocument {
  const parsed: unknown = parseYaml(text);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('the document is not a YAML mapping');
  }
  return parsed as OpenApiDocument;
}

/** A security scheme of a spec's components, as far as the site reads it. */
export type SecurityScheme = {type: string; in?: string; name?: string; scheme?: string};

/**
 * Plaza's own API key (the `X-API-KEY` header of API-CONVENTIONS), which the guides call the secret
 * key, read from PLAZA_SECRET_KEY and explain on /api/authentication. A foreign spec's scheme gets
 * none of that: what is written from it says only what the spec says.
 */
export const isPlazaKey = (scheme: SecurityScheme | undefined): boolean =>
  scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name === 'X-API-KEY';

/** The slug of an operation's page: its operationId in kebab case, else its summary's. Every route of an operation is made with it. */
export function operationSlug(operation: Pick<Operation, 'operationId' | 'summary'>): string {
  return kebabCase(operation.operationId || operation.summary || '');
}

/** The id (and route's last part) of an API's introduction page, which it has when its info has a title or a description. */
export function introductionId(info: {title?: string; description?: string} | undefined): string | undefined {
  return info?.title || info?.description ? kebabCase(info.title ?? 'introduction') : undefined;
}

/** The id (and route's last part) of a declared tag's page. */
export const tagPageId = (name: string): string => kebabCase(name);

/**
 * An operation's title (its page's heading, sidebar label and breadcrumb): its summary's words on
 * one line (a summary is Markdown, and may run over lines), else its operationId, else `fallback`
 * (its method and path, or a webhook's name).
 */
export function operationTitle(operation: {summary?: unknown; operationId?: unknown}, fallback: string): string {
  const summary = typeof operation.summary === 'string' ? plainText(operation.summary) : '';
  const operationId = typeof operation.operationId === 'string' ? operation.operationId.trim() : '';
  return summary || operationId || fallback;
}

/** An operation with its page: the title, the slug and the route that every output names it by. */
export type OperationRecord = Operation & {title: string; slug: string; route: string};

/**
 * The operation records of a document, its `paths` then its `webhooks`: the one place a page's
 * title, slug and route are derived. `apiRoute` is the route folder of the API's pages.
 */
export function operationRecords(spec: OpenApiDocument, apiRoute: string): OperationRecord[] {
  return [...listOperations(spec), ...listOperations(spec, {webhooks: true})].map((operation) => {
    const title = operationTitle(operation, operation.webhook ?? `${operation.method} ${operation.path}`);
    const slug = operationSlug({operationId: operation.operationId, summary: title});
    return {...operation, title, slug, route: `${apiRoute}/${slug}`};
  });
}

/** The operations of the document's `paths`, its webhooks left out: those with a page of their own and Try it. */
export const pathOperations = <T extends Operation>(operations: readonly T[]): T[] => operations.filter((operation) => !operation.webhook);

/** Plaza's rule: every operation has an operationId, a summary and a tag. */
export function checkOperationFields(spec: OpenApiDocument): string[] {
  return listOperations(spec).flatMap((operation) => {
    const where = `${operation.method} ${operation.path}`;
    return [
      ...(operation.operationId ? [] : [`${where} has no operationId`]),
      ...(operation.summary ? [] : [`${where} has no summary`]),
      ...(operation.tags.length ? [] : [`${where} has no tag`]),
    ];
  });
}

/** Problems that would leave an operation without a unique page: two pages, or a page and a tag, sharing a slug. */
export function checkSlugs(spec: OpenApiDocument): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  const claim = (slug: string, owner: string) => {
    const previous = owners.get(slug);
    if (previous) problems.push(`${owner} and ${previous} share the page slug "${slug}"`);
    else owners.set(slug, owner);
  };
  const introduction = introductionId(spec.info);
  if (introduction) claim(introduction, `the introduction page "${spec.info?.title ?? 'Introduction'}"`);
  for (const tag of spec.tags ?? []) claim(tagPageId(tag.name), `the tag "${tag.name}"`);
  for (const operation of operationRecords(spec, '')) claim(operation.slug, `${operation.method} ${operation.path}`);
  return problems;
}

const unsafePatterns: [RegExp, string][] = [
  [/<\s*script\b/i, 'a <script> tag'],
  [/<[^>]*\son[a-z]+\s*=/i, 'an event-handler attribute'],
  [/javascript\s*:/i, 'a javascript: URL'],
];

/** Strings anywhere in the document that could run script once rendered as HTML. */
export function findUnsafeHtml(value: unknown, at = '#'): string[] {
  if (typeof value === 'string') {
    const hit = unsafePatterns.find(([pattern]) => pattern.test(value));
    return hit ? [`${at} contains ${hit[1]}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => findUnsafeHtml(item, `${at}/${index}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => findUnsafeHtml(item, `${at}/${key.replace(/\//g, '~1')}`));
  }
  return [];
}

export type ListedOperation = {api: ApiName; tag: string; slug: string; summary: string; method: string};

/** The operations that the product requires, from the tables of specs/operations.md. */
export function parseOperationList(markdown: string): ListedOperation[] {
  const listed: ListedOperation[] = [];
  let api: ApiName | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^## .*`specs\/(accounts|financial)\.yaml`/.exec(line);
    if (heading) api = heading[1] as ApiName;
    const row = /^\|\s*([^|]+?)\s*\|\s*([a-z0-9-]+)\s*\|\s*([^|]+?)\s*\|\s*(GET|POST|PUT|DELETE|PATCH)\s*\|$/.exec(line);
    const [, tag, slug, summary, method] = row ?? [];
    if (api && tag && slug && summary && method) listed.push({api, tag, slug, summary, method});
  }
  return listed;
}

/** Problems where a spec does not hold the listed operations exactly, in the listed tag order. */
export function checkAgainstList(api: string, spec: OpenApiDocument, list: ListedOperation[]): string[] {
  const problems: string[] = [];
  const wanted = list.filter((item) => item.api === api);
  const bySlug = new Map(operationRecords(spec, '').map((operation) => [operation.slug, operation]));
  // A spec that is not Plaza's (none of the listed operations) gets one line, not one per operation.
  if (wanted.length > 0 && !wanted.some((item) => bySlug.has(item.slug))) {
    return [
      `${api}: none of the ${wanted.length} operations that specs/operations.md lists for it is in the spec; the check applies to Plaza's specs only`,
    ];
  }
  for (const item of wanted) {
    const operation = bySlug.get(item.slug);
    if (!operation) {
      problems.push(`${api}: no operation has the slug "${item.slug}" (${item.method} "${item.summary}")`);
      continue;
    }
    const where = `${api}: ${item.slug}`;
    if (operation.summary !== item.summary) problems.push(`${where} has summary "${operation.summary}", not "${item.summary}"`);
    if (operation.method !== item.method) problems.push(`${where} is ${operation.method}, not ${item.method}`);
    if (operation.tags.join(',') !== item.tag) problems.push(`${where} has tags [${operation.tags.join(', ')}], not [${item.tag}]`);
  }
  const wantedTags = [...new Set(wanted.map((item) => item.tag))];
  const specTags = (spec.tags ?? []).map((tag) => tag.name);
  if (specTags.join('|') !== wantedTags.join('|')) {
    problems.push(`${api}: the tags are [${specTags.join(', ')}], not [${wantedTags.join(', ')}] in that order`);
  }
  return problems;
}
