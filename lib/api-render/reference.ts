/**
 * The API reference of one API, from its model: the introduction page, a page per tag and a page
 * per operation (and per OpenAPI 3.1 webhook), each as MDX with its file name, and the sidebar that
 * groups them by tag. Page ids are the operation slugs of lib/api-model/specs.ts, so a page's route
 * is `<api route>/<slug>`, the same rule every other output (search, the webhook catalogue, the
 * reference tables) reads.
 */
import type {ApiSpec} from '../api-model/model';
import {introductionId, tagPageId, type OpenApiDocument, type SecurityScheme} from '../api-model/specs';
import type {Download} from './downloads';
import type {ApiPage} from './operation';
import {createApiPageMD, createInfoPageMD, createTagPageMD} from './operation-page';
import type {SampleFile, Tokenize} from './operation-samples';

/** A sidebar item of the docs plugin, as the reference uses them. */
export type SidebarItem =
  | {type: 'doc'; id: string; label?: string; className?: string}
  | {type: 'category'; label: string; link?: {type: 'doc'; id: string}; items: SidebarItem[]};

export type Reference = {
  /** The pages, by file name in the API's folder of docs/. */
  files: Map<string, string>;
  /** The operation pages' fetched samples (operation-samples.ts), by the URL the site serves each at. */
  samples: Map<string, SampleFile>;
  /** The items of the API's reference category. */
  sidebar: SidebarItem[];
};

type Tag = {name: string; description?: string; 'x-displayName'?: string};
type PageOperation = {id: string; title: string; method: string; tags: string[]; deprecated: boolean; page: ApiPage; group: string};

/**
 * Where an operation with no tag is listed: under its path's first word (`/v1/channels/{id}` under
 * Channels, versions and parameters skipped), a webhook under Webhooks, as a reader browses a spec.
 */
function untaggedGroup(path: string, webhook: boolean): string {
  if (webhook) return 'Webhooks';
  const word = path.split('/').find((segment) => segment && !/^v\d+(\.\d+)*$/i.test(segment) && !segment.startsWith('{')) ?? '';
  const words = word.replace(/[-_.]+/g, ' ').trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}` : 'Other';
}

/** The schemes of the document, HTTP scheme names in lower case as RFC 7235 compares them. */
function securitySchemesOf(document: OpenApiDocument): Record<string, SecurityScheme> {
  const schemes = (document.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  return Object.fromEntries(
    Object.entries(schemes).map(([name, scheme]) => [
      name,
      scheme.type === 'http' && scheme.scheme ? {...scheme, scheme: scheme.scheme.toLowerCase()} : scheme,
    ]),
  );
}

/** A page for every operation and webhook of the API, from its operation records. */
function pageOperations({resolved, operations, plaza}: ApiSpec): PageOperation[] {
  const securitySchemes = securitySchemesOf(resolved);
  return operations.map((operation) => {
    const method = operation.method.toLowerCase();
    const api = {
      ...operation.raw,
      plaza,
      summary: operation.title,
      parameters: operation.parameters,
      tags: operation.tags,
      ...(operation.webhook
        ? {webhook: {name: operation.webhook, method}, method: 'event', path: 'webhook'}
        : {method, path: operation.path}),
      servers: operation.servers,
      security: operation.security,
      securitySchemes,
    } as ApiPage['api'];
    const {slug: id, title, tags, deprecated} = operation;
    return {
      id,
      title,
      method: api.method,
      tags,
      deprecated,
      page: {id, title, api},
      group: untaggedGroup(operation.path, operation.webhook !== undefined),
    };
  });
}

/**
 * The pages and the sidebar of one API's reference. With `preview` (a site of this API alone), its
 * introduction is the site's home page, and Try it answers from a mock of the spec (sandbox/mock).
 * `tokenize` highlights the code of the sample files.
 */
export function renderReference(
  api: ApiSpec,
  downloads: Download[],
  {preview = false, tokenize}: {preview?: boolean; tokenize?: Tokenize} = {},
): Reference {
  const {resolved} = api;
  const folder = api.route.replace(/^\//, '');
  const docId = (id: string) => `${folder}/${id}`;
  const files = new Map<string, string>();
  const sidebar: SidebarItem[] = [];

  const info = resolved.info;
  const id = introductionId(info);
  if (info && id) {
    files.set(
      `${id}.info.mdx`,
      createInfoPageMD(
        {id, info: {title: info.title ?? 'Introduction', version: info.version ?? '', description: info.description}},
        downloads,
        {home: preview, plaza: api.plaza},
      ),
    );
    sidebar.push({type: 'doc', id: docId(id)});
  }

  const operations = pageOperations(api);
  const samples = new Map<string, SampleFile>();
  for (const operation of operations) {
    const page = createApiPageMD(operation.page, api.route, tokenize);
    files.set(`${operation.id}.api.mdx`, page.mdx);
    if (page.samples) samples.set(page.samples.url, page.samples.file);
  }

  const declared = (resolved.tags ?? []) as Tag[];
  const used = [...new Set(operations.flatMap((operation) => operation.tags))];
  const tagNames = [...new Set([...declared.map((tag) => tag.name).filter((name) => used.includes(name)), ...used])];
  for (const name of tagNames) {
    const tag = declared.find((candidate) => candidate.name === name);
    const label = tag?.['x-displayName'] ?? name;
    if (tag) files.set(`${tagPageId(name)}.tag.mdx`, createTagPageMD({id: tagPageId(name), title: label, tag}));
    sidebar.push({
      type: 'category',
      label,
      ...(tag ? {link: {type: 'doc' as const, id: docId(tagPageId(name))}} : {}),
      items: operations.filter((operation) => operation.tags.includes(name)).map((operation) => sidebarDoc(operation, docId)),
    });
  }
  const untagged = operations.filter((operation) => operation.tags.length === 0);
  for (const group of new Set(untagged.map((operation) => operation.group))) {
    // Named apart from the tags, whose categories come first.
    const label = tagNames.includes(group) ? `${group} (untagged)` : group;
    const items = untagged.filter((operation) => operation.group === group).map((operation) => sidebarDoc(operation, docId));
    sidebar.push({type: 'category', label, items});
  }
  return {files, samples, sidebar};
}

function sidebarDoc(operation: PageOperation, docId: (id: string) => string): SidebarItem {
  const className = [operation.deprecated ? 'menu__list-item--deprecated' : '', 'api-method', operation.method].filter(Boolean).join(' ');
  return {type: 'doc', id: docId(operation.id), label: operation.title, className};
}
