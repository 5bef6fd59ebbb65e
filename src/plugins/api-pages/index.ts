/**
 * The Markdown generators that docusaurus-plugin-openapi-docs calls for every page of the API
 * reference (see its `markdownGenerators` and `template` options in docusaurus.config.ts).
 *
 * An operation page is plain MDX written out in full when the pages are generated: the endpoint,
 * parameter and field tables, and the request samples in six languages with the response
 * examples. Readers' browsers render it like any other page, with no API theme and no code
 * generator to download, and every word is in the HTML that search engines and the site search read.
 *
 * The parts of a page that say the same on many pages (header parameters, response fields, the
 * samples) carry Pagefind's `data-pagefind-ignore="all"`, so the site search indexes what sets the
 * operation apart: its description, path and query parameters and request body.
 *
 * The sample tabs are lazy: only the chosen language, example and status are rendered, so a page
 * with many examples hydrates a few code blocks rather than dozens. The other samples are in the
 * page's own module, ready the moment a reader picks them.
 */
import {STATUS_CODES} from 'node:http';
import type {Paragraph, PhrasingContent, RootContent, TableRow} from 'mdast';
import type {Download} from '../../../scripts/lib/downloads';
import {frontMatter, jsxBlock, jsxInline, plainText, specMarkdown, text, toMdx} from '../../../scripts/lib/spec-text';
import {languages, type Part, type SampleRequest} from './samples';
import {constraints, fieldTable, flatten, schemaExample, typeLabel, type Alternatives, type Field, type FieldTable, type Schema} from './schema';

/** The generators write each page whole, front matter included (see spec-text.ts): the template adds nothing. */
export const pageTemplate = require.resolve('./page.mustache');

type Example = {summary?: string; value?: unknown};
type Media = {schema?: Schema; example?: unknown; examples?: Record<string, Example>};
type Parameter = {name: string; in: string; required?: boolean; description?: string; deprecated?: boolean; example?: unknown; schema?: Schema};
type Response = {description?: string; headers?: Record<string, {description?: string; schema?: Schema}>; content?: Record<string, Media>};
type SecurityScheme = {type: string; in?: string; name?: string; scheme?: string};

export type ApiPage = {
  id: string;
  title: string;
  api: {
    method: string;
    path: string;
    summary?: string;
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
  id: string;
  info: {title: string; version: string; description?: string};
};

export type TagPage = {
  id: string;
  title: string;
  tag: {name: string; description?: string};
};

const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const strong = (value: string): PhrasingContent => ({type: 'strong', children: [text(value)]});
const code = (value: string): PhrasingContent => ({type: 'inlineCode', value});
const link = (label: string, url: string): PhrasingContent => ({type: 'link', url, children: [text(label)]});
const heading = (depth: 1 | 2 | 3, value: string): RootContent => ({type: 'heading', depth, children: [text(value)]});
const admonition = (kind: string, title: string, body: string): RootContent => ({
  type: 'containerDirective',
  name: kind,
  children: [{type: 'paragraph', data: {directiveLabel: true}, children: [text(title)]}, {type: 'paragraph', children: [text(body)]}],
});
const br = (): PhrasingContent => jsxInline('br', {}, []);

/** Spec Markdown squeezed into one table cell: paragraphs and list items become line breaks. */
function cell(markdown: string): PhrasingContent[] {
  const lines: PhrasingContent[][] = [];
  const walk = (nodes: RootContent[], bullet = ''): void => {
    for (const node of nodes) {
      if (node.type === 'list') node.children.forEach((item) => walk(item.children, '• '));
      else if (node.type === 'paragraph' || node.type === 'heading') lines.push([...(bullet ? [text(bullet)] : []), ...node.children]);
      else if (node.type === 'code') lines.push([code(node.value)]);
      else if ('children' in node) walk(node.children as RootContent[], bullet);
      else if (node.type !== 'thematicBreak') lines.push([node as PhrasingContent]);
    }
  };
  walk(specMarkdown(markdown));
  return oneLine(lines.flatMap((line, index) => (index === 0 ? line : [br(), ...line])));
}

/** Phrasing content with its line breaks turned into spaces, as a table row is one line. */
function oneLine(nodes: PhrasingContent[]): PhrasingContent[] {
  return nodes.map((node) => {
    if (node.type === 'text' || node.type === 'inlineCode') return {...node, value: node.value.replace(/\s*[\r\n]\s*/g, ' ')};
    if (node.type === 'break') return text(' ');
    return 'children' in node ? ({...node, children: oneLine(node.children as PhrasingContent[])} as PhrasingContent) : node;
  });
}

/** The first sentence of a description as plain text, for the page's meta description. */
function summary(markdown: string): string {
  const words = plainText(markdown);
  const sentence = words.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? words;
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}

function badges(field: Pick<Field, 'required' | 'deprecated'>): PhrasingContent[] {
  return [
    ...(field.required ? [jsxInline('span', {className: 'api-field__required'}, [text('required')])] : []),
    ...(field.deprecated ? [jsxInline('span', {className: 'api-field__deprecated'}, [text('deprecated')])] : []),
  ];
}

const row = (cells: PhrasingContent[][]): TableRow => ({type: 'tableRow', children: cells.map((children) => ({type: 'tableCell', children}))});

/**
 * A target of the links of recursive fields: an `<a id>`, which the theme's MDX link component
 * registers with the build's broken-anchor check and keeps clear of the sticky navbar.
 */
const anchor = (id: string, children: PhrasingContent[]): PhrasingContent => jsxInline('a', {id}, children);

/** The name cell: the field's path (a link target when a recursive field points back to it) and its badges. */
function nameCell(field: Field): PhrasingContent[] {
  const name = code(field.name);
  return [field.anchor ? anchor(field.anchor, [name]) : name, ...badges(field)];
}

/** A link to the row (or table) a recursive field repeats, as a plain anchor within the page. */
function repeatsLink(repeats: NonNullable<Field['repeats']>): PhrasingContent[] {
  const target = repeats.path ? code(repeats.path) : text('the top level');
  return [text('Recursive: the same fields as '), jsxInline('a', {href: `#${repeats.anchor}`}, [target]), text('.')];
}

function table(rows: Field[]): RootContent[] {
  if (rows.length === 0) return [];
  const lines = rows.map((field) => {
    const parts = [field.description, ...field.constraints].filter(Boolean).map(cell);
    if (field.repeats) parts.push(repeatsLink(field.repeats));
    const description = parts.flatMap((part, index) => [...(index ? [text(' ')] : []), ...part]);
    return row([nameCell(field), [text(field.type)], description]);
  });
  return [{type: 'table', align: [], children: [row([[text('Name')], [text('Type')], [text('Description')]]), ...lines]}];
}

/**
 * A field table with what follows it: the alternatives of a `oneOf`/`anyOf` as tabs (all in the
 * page, so they are read without JavaScript, by the search and by the Markdown twin), and the
 * fields nested too deep as a `<details>` the reader opens.
 */
function fieldTables(fields: FieldTable): RootContent[] {
  const parts: RootContent[] = [];
  if (fields.anchor) parts.push(paragraph(jsxInline('p', {}, [anchor(fields.anchor, [text('Fields:')])])));
  parts.push(...table(fields.rows));
  for (const group of fields.groups) {
    if (group.kind === 'collapsed') {
      const summary = paragraph(jsxInline('summary', {}, [text('Fields of '), code(group.path)]));
      parts.push(jsxBlock('details', {className: 'api-fields__more'}, [summary, ...fieldTables(group.table)]));
    } else {
      parts.push(...alternativesTabs(group));
    }
  }
  return parts;
}

function alternativesTabs(group: Alternatives): RootContent[] {
  const subject: PhrasingContent[] = group.path ? [code(group.path), text(' is')] : [text('The body is')];
  const how = group.keyword === 'oneOf' ? ' exactly one of these shapes.' : ' one or more of these shapes.';
  const parts: RootContent[] = [paragraph(...subject, text(how))];
  const {discriminator} = group;
  if (discriminator?.mapping.length) {
    const values = discriminator.mapping.flatMap(([value, label], index) => [...(index ? [text(', ')] : []), code(value), text(` for ${label}`)]);
    parts.push(paragraph(text('Its '), code(discriminator.property), text(' field says which: '), ...values, text('.')));
  }
  const items = group.options.map((option, index) => {
    const values = option.values.flatMap((value, at) => [...(at ? [text(' or ')] : []), code(value)]);
    const when = discriminator && values.length ? [paragraph(text('When '), code(discriminator.property), text(' is '), ...values, text('.'))] : [];
    const body = [...when, ...(option.description ? specMarkdown(option.description) : []), ...fieldTables(option.table)];
    return jsxBlock('TabItem', {value: String(index + 1), label: option.label}, body);
  });
  parts.push(jsxBlock('Tabs', {className: 'api-alternatives'}, items));
  return parts;
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

/** A field table with no field marked required (every field of a response is always there, null when empty). */
function noneRequired(fields: FieldTable): FieldTable {
  return {
    ...fields,
    rows: fields.rows.map((field) => ({...field, required: false})),
    groups: fields.groups.map((group) =>
      group.kind === 'collapsed'
        ? {...group, table: noneRequired(group.table)}
        : {...group, options: group.options.map((option) => ({...option, table: noneRequired(option.table)}))},
    ),
  };
}

function authentication(page: ApiPage): PhrasingContent[] {
  const requirements = page.api.security ?? [];
  if (requirements.length === 0) return [text('No authentication.')];
  const schemes = page.api.securitySchemes ?? {};
  const ways = requirements.flatMap((requirement) =>
    Object.keys(requirement).map((name): PhrasingContent[] => {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey') return [text('your secret key in the '), code(scheme.name ?? name), text(` ${scheme.in}`)];
      return [code(name)];
    }),
  );
  const joined = ways.flatMap((way, index) => [...(index ? [text(' or ')] : []), ...way]);
  return [text('Send '), ...joined, text('. See '), link('Authentication', '/api/authentication'), text('.')];
}

const parameterTitles = {path: 'Path parameters', query: 'Query parameters', header: 'Header parameters'};

function parameterSection(page: ApiPage, place: keyof typeof parameterTitles): RootContent[] {
  const matching = (page.api.parameters ?? []).filter((parameter) => parameter.in === place);
  return matching.length ? [heading(3, parameterTitles[place]), ...table(matching.map(parameterField))] : [];
}

function bodySection(page: ApiPage): RootContent[] {
  const {requestBody} = page.api;
  const parts: RootContent[] = [];
  Object.entries(requestBody?.content ?? {}).forEach(([type, media], index) => {
    const schema = media.schema ? flatten(media.schema) : undefined;
    parts.push(heading(3, 'Body'), paragraph(text('Content type '), code(type), text(`${requestBody?.required ? ', required' : ''}.`)));
    const description = requestBody?.description ?? schema?.description;
    if (description) parts.push(...specMarkdown(description));
    if (schema) parts.push(...fieldTables(fieldTable(schema, 'request', `request-${index + 1}`)));
  });
  return parts;
}

function responseSection(page: ApiPage): RootContent[] {
  const parts = [heading(2, 'Responses')];
  for (const [status, response] of Object.entries(page.api.responses ?? {})) {
    parts.push(heading(3, `${status} ${STATUS_CODES[status] ?? ''}`.trim()));
    if (response.description) parts.push(...specMarkdown(response.description));
    if (Number(status) >= 400) {
      parts.push(paragraph(text('The body is an '), link('error object', '/api/errors'), text(': its '), code('type'), text(' and '), code('code'), text(' say what went wrong.')));
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
    if (headers.length) parts.push(paragraph(text('Headers:')), ...table(headers));
    const media = Object.values(response.content ?? {})[0];
    const body = media?.schema ? fieldTables(noneRequired(fieldTable(media.schema, 'response', `response-${status}`))) : [];
    if (body.length) parts.push(paragraph(text('Body:')), ...body);
  }
  return parts;
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

type Tab = {value: string; label: string; body: RootContent[]};

/** Lazy theme-classic tabs (only the chosen item is rendered); `attributes` are Tabs' own. */
function lazyTabs(items: Tab[], attributes: Record<string, string>): RootContent {
  return jsxBlock(
    'Tabs',
    {lazy: true, ...attributes},
    items.map((item) => jsxBlock('TabItem', {value: item.value, label: item.label}, item.body)),
  );
}

const fenced = (lang: string, value: string, meta?: string): RootContent => ({type: 'code', lang, meta, value});

function languageTabs(request: SampleRequest): RootContent[] {
  const items = languages.map((language) => ({value: language.id, label: language.label, body: [fenced(language.highlight, language.write(request))]}));
  return [lazyTabs(items, {groupId: 'api-language', className: 'api-samples__tabs'})];
}

/** Tabs with one item per example, labelled with its summary; a single example needs no tabs. */
function exampleTabs(entries: [string, RootContent[]][]): RootContent[] {
  if (entries.length === 1) return entries[0][1];
  return [lazyTabs(entries.map(([label, body], index) => ({value: String(index), label, body})), {className: 'api-samples__examples'})];
}

function responseExamples(page: ApiPage): RootContent {
  const responses = Object.entries(page.api.responses ?? {});
  const items = responses.map(([status, response]): Tab => {
    const media = Object.values(response.content ?? {})[0];
    const examples = mediaExamples(media);
    // Without examples of the media type's own, the schema's (or its fields') examples make one.
    const built = examples.length || !media?.schema ? undefined : schemaExample(media.schema, 'response');
    if (built !== undefined) examples.push(['example', {value: built}]);
    const blocks = examples.map(([name, example]): [string, RootContent[]] => [example.summary ?? name, [fenced('json', JSON.stringify(example.value, null, 2))]]);
    return {value: status, label: status, body: blocks.length ? exampleTabs(blocks) : [paragraph(jsxInline('p', {}, [text('No body.')]))]};
  });
  const success = responses.find(([status]) => status.startsWith('2'))?.[0] ?? responses[0][0];
  return lazyTabs(items, {className: 'api-samples__tabs', defaultValue: success});
}

function samplesAside(page: ApiPage): RootContent {
  const requests = sampleRequests(page).map(([label, request]): [string, RootContent[]] => [label, languageTabs(request)]);
  return jsxBlock('aside', {className: 'api-samples', 'aria-label': 'Request and response samples', ...notIndexed}, [
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text('Request')])),
    ...exampleTabs(requests),
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text('Responses')])),
    responseExamples(page),
  ]);
}

/** Pagefind leaves an element with this attribute, its headings included, out of the search index. */
const notIndexed = {'data-pagefind-ignore': 'all'};

/** A part of the reference column; only `indexed` parts are read by the site search. */
function part(content: RootContent[], indexed: boolean): RootContent[] {
  if (content.length === 0) return [];
  return [jsxBlock('div', {className: 'api-operation__part', ...(indexed ? {} : notIndexed)}, content)];
}

/** The tags of the operations about webhooks and events, whose pages link to the catalogue of event types. */
const eventTags = new Set(['Webhooks', 'Events']);

function eventCatalogueLink(page: ApiPage): RootContent[] {
  const about = (page.api.tags ?? []).some((tag) => eventTags.has(tag));
  return about ? [paragraph(text('Every event type and its payload: '), link('Webhook events', '/api/webhook-events'), text('.'))] : [];
}

const imports: RootContent[] = ["import Tabs from '@theme/Tabs';", "import TabItem from '@theme/TabItem';"].map((value) => ({type: 'mdxjsEsm', value}));

/**
 * The MDX of an operation page, front matter included; its meta description is the first sentence
 * of its description. Header parameters (the same few headers on most pages) and response fields
 * (the same objects on many pages) are left out of the search index; the samples too.
 */
export function createApiPageMD(page: ApiPage): string {
  const {api} = page;
  // The summary as written: the plugin's page title has its double quotes turned into single ones.
  const title = api.summary ?? page.title;
  const method = api.method.toLowerCase();
  const hasRequest = (api.parameters ?? []).length > 0 || api.requestBody !== undefined;
  const head = frontMatter({
    id: page.id,
    title,
    description: api.description ? summary(api.description) : undefined,
    sidebar_label: title,
    hide_table_of_contents: true,
    sidebar_class_name: `${method} api-method`,
    hide_title: true,
    custom_edit_url: null,
  });
  const body = toMdx(
    [
      ...imports,
      ...part(
        [
          heading(1, title),
          // A paragraph that is only an element, on one line: MDX reads it as that element, as a block.
          paragraph(
            jsxInline('p', {className: 'api-endpoint'}, [
              jsxInline('span', {className: `api-endpoint__method api-endpoint__method--${method}`}, [text(method.toUpperCase())]),
              text(' '),
              jsxInline('code', {className: 'api-endpoint__path'}, [text(api.path)]),
            ]),
          ),
          ...(api.deprecated
            ? [admonition('warning', 'Deprecated', 'This operation is deprecated and will be removed in a future version.')]
            : []),
          ...(api.description ? specMarkdown(api.description) : []),
          ...eventCatalogueLink(page),
          paragraph(strong('Authentication.'), text(' '), ...authentication(page)),
          ...(hasRequest ? [heading(2, 'Request')] : []),
          ...parameterSection(page, 'path'),
          ...parameterSection(page, 'query'),
        ],
        true,
      ),
      ...part(parameterSection(page, 'header'), false),
      ...part(bodySection(page), true),
      ...part(responseSection(page), false),
      samplesAside(page),
    ],
    `${api.method.toUpperCase()} ${api.path} (${page.id})`,
  );
  return `${head}\n\n${body}`;
}

/**
 * The MDX of an API's introduction page: its title, version and description from the spec, and
 * links to its downloads (plain anchors with `download`: static files, not routes of the site).
 */
export function createInfoPageMD(page: InfoPage, downloads: Download[] = []): string {
  const {title, version, description} = page.info;
  const head = frontMatter({
    id: page.id,
    title,
    description: description ? summary(description) : undefined,
    sidebar_label: 'Introduction',
    sidebar_position: 0,
    hide_title: true,
    custom_edit_url: null,
  });
  const links = downloads.flatMap((download, index) => [
    ...(index ? [text(' · ')] : []),
    jsxInline('a', {href: download.url, download: true}, [text(download.label)]),
  ]);
  const body = toMdx(
    [
      heading(1, title),
      paragraph(jsxInline('p', {className: 'api-version'}, [text(`Version ${version}`)])),
      ...(links.length
        ? [paragraph(strong('Download:'), text(' '), ...links, text(' ('), link('how to import into Postman', '/api/#download-the-specs'), text(')'))]
        : []),
      ...(description ? specMarkdown(description) : []),
    ],
    `the info of ${title}`,
  );
  return `${head}\n\n${body}`;
}

/** The MDX of a tag's page: its name, its description and the cards of its operations. */
export function createTagPageMD(page: TagPage): string {
  const {description} = page.tag;
  const head = frontMatter({id: page.id, title: page.title, description: description ? summary(description) : page.title, custom_edit_url: null});
  const cards = [
    "import DocCardList from '@theme/DocCardList';",
    "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';",
    '',
    '<DocCardList items={useCurrentSidebarCategory().items}/>',
  ].join('\n');
  const body = toMdx([...(description ? specMarkdown(description) : []), fenced('mdx-code-block', cards)], `the tag ${page.tag.name}`);
  return `${head}\n\n${body}`;
}
