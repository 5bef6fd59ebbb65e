/**
 * The Markdown generators that docusaurus-plugin-openapi-docs calls for every page of the API
 * reference (see its `markdownGenerators` and `template` options in docusaurus.config.ts).
 *
 * An operation page is plain MDX written out in full when the pages are generated: the endpoint,
 * parameter and field tables, and the request samples in six languages with the response
 * examples. Readers' browsers render it like any other page, with no API theme and no code
 * generator to download, and every word is in the HTML that search engines and the site search read.
 *
 * The page's children are laid out for the site search: docusaurus-lunr-search indexes the
 * sections under the h2/h3 of `.markdown` and descends only into `data-search-children`
 * containers, so only the parts marked so are indexed.
 *
 * The sample tabs are lazy: only the chosen language, example and status are rendered, so a page
 * with many examples hydrates a few code blocks rather than dozens. The other samples are in the
 * page's own module, ready the moment a reader picks them.
 */
import {STATUS_CODES} from 'node:http';
import type {Download} from '../../../scripts/lib/downloads';
import {languages, type Part, type SampleRequest} from './samples';
import {fields, flatten, constraints, typeLabel, type Field, type Schema} from './schema';

export const pageTemplate = require.resolve('./page.mustache');

type Example = {summary?: string; value?: unknown};
type Media = {schema?: Schema; example?: unknown; examples?: Record<string, Example>};
type Parameter = {name: string; in: string; required?: boolean; description?: string; deprecated?: boolean; example?: unknown; schema?: Schema};
type Response = {description?: string; headers?: Record<string, {description?: string; schema?: Schema}>; content?: Record<string, Media>};
type SecurityScheme = {type: string; in?: string; name?: string; scheme?: string};

export type ApiPage = {
  title: string;
  frontMatter: {description?: string};
  api: {
    method: string;
    path: string;
    tags?: string[];
    description?: string;
    deprecated?: boolean;
    parameters?: Parameter[];
    requestBody?: {description?: string; required?: boolean; content?: Record<string, Media>};
    responses?: Record<string, Response>;
    servers?: {url: string}[];
    security?: Record<string, string[]>[];
    securitySchemes?: Record<string, SecurityScheme>;
    jsonRequestBodyExample?: unknown;
  };
};

export type InfoPage = {
  frontMatter: {description?: string};
  info: {title: string; version: string; description?: string};
};

/** Markdown from the specs made safe for MDX: braces and angle brackets outside code are literal text. */
export function mdx(markdown: string): string {
  return markdown
    .split(/(```[\s\S]*?```|`[^`\n]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[{}]/g, '\\$&').replaceAll('<', '&lt;').replaceAll('>', '&gt;')))
    .join('');
}

/** Markdown squeezed into one table cell: paragraphs and list items become line breaks. */
function cell(markdown: string): string {
  return mdx(markdown.trim())
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\n\s*[-*] /g, '<br />• ').replace(/^[-*] /, '• ').replace(/\s*\n\s*/g, ' '))
    .join('<br /><br />')
    .replaceAll('|', '\\|');
}

/** The first sentence of a description as plain text, for the page's meta description. */
function summary(markdown: string): string {
  const text = markdown.replace(/`([^`]*)`/g, '$1').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\s+/g, ' ').trim();
  const sentence = text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text;
  const short = sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, '')}…`;
  return short.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
}

function badges(field: Pick<Field, 'required' | 'deprecated'>): string {
  return [
    field.required ? '<span className="api-field__required">required</span>' : '',
    field.deprecated ? '<span className="api-field__deprecated">deprecated</span>' : '',
  ].join('');
}

function table(rows: Field[]): string {
  if (rows.length === 0) return '';
  const lines = rows.map((row) => {
    const description = [cell(row.description), ...row.constraints.map(cell)].filter(Boolean).join(' ');
    return `| \`${row.name}\`${badges(row)} | ${cell(row.type)} | ${description} |`;
  });
  return ['| Name | Type | Description |', '| --- | --- | --- |', ...lines].join('\n');
}

function parameterField(parameter: Parameter): Field {
  const schema = {...(parameter.schema ?? {})};
  if (parameter.example !== undefined) schema.example = parameter.example;
  return {
    name: parameter.name,
    type: typeLabel(schema),
    required: parameter.required === true,
    description: parameter.description ?? flatten(schema).description ?? '',
    constraints: constraints(schema),
    deprecated: parameter.deprecated === true,
  };
}

/** The fields of a body schema: an object's properties, or an array's items as `[].name`. */
function bodyFields(schema: Schema | undefined, direction: 'request' | 'response'): Field[] {
  if (!schema) return [];
  const flat = flatten(schema);
  if (flat.type === 'array' && flat.items) return fields(flat.items, direction, '[].');
  return fields(flat, direction);
}

function authentication(page: ApiPage): string {
  const requirements = page.api.security ?? [];
  if (requirements.length === 0) return 'No authentication.';
  const schemes = page.api.securitySchemes ?? {};
  const ways = requirements.flatMap((requirement) =>
    Object.keys(requirement).map((name) => {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey') return `your secret key in the \`${scheme.name}\` ${scheme.in}`;
      return `\`${name}\``;
    }),
  );
  return `Send ${ways.join(' or ')}. See [Authentication](/api/authentication).`;
}

const parameterTitles = {path: 'Path parameters', query: 'Query parameters', header: 'Header parameters'};

function parameterSection(page: ApiPage, place: keyof typeof parameterTitles): string {
  const matching = (page.api.parameters ?? []).filter((parameter) => parameter.in === place);
  return matching.length ? `### ${parameterTitles[place]}\n\n${table(matching.map(parameterField))}` : '';
}

function bodySection(page: ApiPage): string {
  const {requestBody} = page.api;
  const parts: string[] = [];
  for (const [type, media] of Object.entries(requestBody?.content ?? {})) {
    const schema = media.schema ? flatten(media.schema) : undefined;
    parts.push(`### Body`, `Content type \`${type}\`${requestBody?.required ? ', required' : ''}.`);
    const description = requestBody?.description ?? schema?.description;
    if (description) parts.push(mdx(description.trim()));
    parts.push(table(bodyFields(schema, 'request')));
  }
  return parts.filter(Boolean).join('\n\n');
}

function responseSection(page: ApiPage): string {
  const parts = ['## Responses'];
  for (const [status, response] of Object.entries(page.api.responses ?? {})) {
    parts.push(`### ${status} ${STATUS_CODES[status] ?? ''}`.trim());
    if (response.description) parts.push(mdx(response.description.trim()));
    if (Number(status) >= 400) {
      parts.push('The body is an [error object](/api/errors): its `type` and `code` say what went wrong.');
      continue;
    }
    const headers = Object.entries(response.headers ?? {}).map(([name, header]) => ({
      name,
      type: typeLabel(header.schema ?? {}),
      required: false,
      description: header.description ?? '',
      constraints: [],
      deprecated: false,
    }));
    if (headers.length) parts.push('Headers:', table(headers));
    const media = Object.values(response.content ?? {})[0];
    // Every field of a response is always there (null when empty), so none is marked required.
    const rows = bodyFields(media?.schema, 'response').map((row) => ({...row, required: false}));
    if (rows.length) parts.push('Body:', table(rows));
  }
  return parts.join('\n\n');
}

const mediaExamples = (media: Media | undefined): [string, Example][] => {
  if (!media) return [];
  if (media.examples) return Object.entries(media.examples);
  return media.example === undefined ? [] : [['example', {value: media.example}]];
};

/** The value of a parameter in the samples: its example, else its schema's, else a placeholder. */
function sampleValue(parameter: Parameter): string {
  const schema = flatten(parameter.schema ?? {});
  const value = parameter.example ?? schema.example ?? schema.default ?? schema.enum?.[0] ?? `{${parameter.name}}`;
  return String(value);
}

function multipartParts(schema: Schema | undefined): Part[] {
  return Object.entries(flatten(schema ?? {}).properties ?? {}).map(([name, property]) => {
    const field = flatten(property);
    if (field.format === 'binary') return {name, file: typeof field.example === 'string' ? field.example : 'document.pdf'};
    return {name, value: String(field.example ?? field.enum?.[0] ?? field.default ?? '')};
  });
}

/** One request to write samples for, per request body example (or one without a body). */
function sampleRequests(page: ApiPage): [string, SampleRequest][] {
  const {method, path, parameters = [], servers = [], requestBody} = page.api;
  let url = `${servers[0]?.url ?? ''}${path}`;
  for (const parameter of parameters.filter((item) => item.in === 'path')) {
    url = url.replace(`{${parameter.name}}`, encodeURIComponent(sampleValue(parameter)));
  }
  const query = parameters.filter((item) => item.in === 'query' && item.required);
  if (query.length) url += `?${query.map((item) => `${item.name}=${encodeURIComponent(sampleValue(item))}`).join('&')}`;
  const headers = parameters
    .filter((item) => item.in === 'header' && (item.required || item.name === 'Idempotency-Key'))
    .map((item): [string, string] => [item.name, sampleValue(item)]);
  const base = {method: method.toUpperCase(), url, headers};
  const content = requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    return [['multipart', {...base, body: {multipart: multipartParts(content['multipart/form-data'].schema)}}]];
  }
  const examples = mediaExamples(content['application/json']);
  if (examples.length) {
    return examples.map(([name, example]) => [example.summary ?? name, {...base, body: {json: example.value}}]);
  }
  if (content['application/json']) return [['body', {...base, body: {json: page.api.jsonRequestBodyExample ?? {}}}]];
  return [['request', base]];
}

type Tab = {value: string; label: string; body: string};

/** Lazy theme-classic tabs (only the chosen item is rendered); `attributes` are Tabs' own, as MDX. */
function lazyTabs(items: Tab[], attributes: string): string {
  const body = items.map((item) => `<TabItem value=${JSON.stringify(item.value)} label=${JSON.stringify(item.label)}>\n\n${item.body}\n\n</TabItem>`);
  return `<Tabs lazy ${attributes}>\n\n${body.join('\n\n')}\n\n</Tabs>`;
}

const fenced = (language: string, code: string): string => `\`\`\`${language}\n${code}\n\`\`\``;

function languageTabs(request: SampleRequest): string {
  const items = languages.map((language) => ({value: language.id, label: language.label, body: fenced(language.highlight, language.write(request))}));
  return lazyTabs(items, 'groupId="api-language" className="api-samples__tabs"');
}

/** Tabs with one item per example, labelled with its summary; a single example needs no tabs. */
function exampleTabs(entries: [string, string][]): string {
  if (entries.length === 1) return entries[0][1];
  return lazyTabs(
    entries.map(([label, body], index) => ({value: String(index), label, body})),
    'className="api-samples__examples"',
  );
}

function responseExamples(page: ApiPage): string {
  const responses = Object.entries(page.api.responses ?? {});
  const items = responses.map(([status, response]): Tab => {
    const examples = mediaExamples(Object.values(response.content ?? {})[0]);
    const blocks = examples.map(([name, example]): [string, string] => [example.summary ?? name, fenced('json', JSON.stringify(example.value, null, 2))]);
    return {value: status, label: status, body: blocks.length ? exampleTabs(blocks) : '<p>No body.</p>'};
  });
  const success = responses.find(([status]) => status.startsWith('2'))?.[0] ?? responses[0][0];
  return lazyTabs(items, `className="api-samples__tabs" defaultValue="${success}"`);
}

function samplesAside(page: ApiPage): string {
  const requests = sampleRequests(page).map(([label, request]): [string, string] => [label, languageTabs(request)]);
  return [
    '<aside className="api-samples" aria-label="Request and response samples">',
    '<h2 className="api-samples__title">Request</h2>',
    exampleTabs(requests),
    '<h2 className="api-samples__title">Responses</h2>',
    responseExamples(page),
    '</aside>',
  ].join('\n\n');
}

/** A part of the reference column; `indexed` parts are read by the site search. */
function part(content: string[], indexed: boolean): string {
  const body = content.filter(Boolean);
  if (body.length === 0) return '';
  return [`<div className="api-operation__part"${indexed ? ' data-search-children="true"' : ''}>`, ...body, '</div>'].join('\n\n');
}

/** The tags of the operations about webhooks and events, whose pages link to the catalogue of event types. */
const eventTags = new Set(['Webhooks', 'Events']);

function eventCatalogueLink(page: ApiPage): string {
  const about = (page.api.tags ?? []).some((tag) => eventTags.has(tag));
  return about ? 'Every event type and its payload: [Webhook events](/api/webhook-events).' : '';
}

/**
 * The MDX of an operation page. Also gives the page a meta description: its first sentence.
 * Header parameters (the same few headers on most pages) and response fields (the same objects
 * on many pages) are left out of the search index; the samples too.
 */
export function createApiPageMD(page: ApiPage): string {
  const {api} = page;
  if (api.description) page.frontMatter.description = summary(api.description);
  const method = api.method.toLowerCase();
  const hasRequest = (api.parameters ?? []).length > 0 || api.requestBody !== undefined;
  return [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    part(
      [
        `# ${page.title}`,
        `<p className="api-endpoint"><span className="api-endpoint__method api-endpoint__method--${method}">${method.toUpperCase()}</span> <code className="api-endpoint__path">{${JSON.stringify(api.path)}}</code></p>`,
        api.deprecated ? ':::warning[Deprecated]\n\nThis operation is deprecated and will be removed in a future version.\n\n:::' : '',
        api.description ? mdx(api.description.trim()) : '',
        eventCatalogueLink(page),
        `**Authentication.** ${authentication(page)}`,
        hasRequest ? '## Request' : '',
        parameterSection(page, 'path'),
        parameterSection(page, 'query'),
      ],
      true,
    ),
    part([parameterSection(page, 'header')], false),
    part([bodySection(page)], true),
    part([responseSection(page)], false),
    samplesAside(page),
  ]
    .filter(Boolean)
    .join('\n\n');
}
/**
 * The MDX of an API's introduction page: its title, version and description from the spec, and
 * links to its downloads (plain anchors with `download`: static files, not routes of the site).
 */
export function createInfoPageMD(page: InfoPage, downloads: Download[] = []): string {
  const {title, version, description} = page.info;
  if (description) page.frontMatter.description = summary(description);
  const links = downloads.map((download) => `<a href="${download.url}" download>${download.label}</a>`).join(' · ');
  return [
    `# ${title}`,
    `<p className="api-version">Version ${version}</p>`,
    links ? `**Download:** ${links} ([how to import into Postman](/api/#download-the-specs))` : '',
    description ? mdx(description.trim()) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
