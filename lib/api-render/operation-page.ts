/**
 * The pages of the API reference as MDX (lib/api-render/reference.ts calls them for each API of the
 * model, in the API reference plugin's lifecycle), each written whole, front matter included.
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
 * with many examples hydrates a few code blocks rather than dozens. The request samples of the
 * first language (cURL) are in the page; those of the other five are not. They go into a JSON
 * file of the page's own (SampleFile), which the reader's browser fetches the first time one of
 * them is shown (src/components/Sample), so that neither the bundler nor a reader who never
 * picks another language pays for them. The Markdown twin reads that file and shows all six. The
 * file is named after a hash of all it holds, highlighting included, so that it can be cached for
 * good.
 */
import {createHash} from 'node:crypto';
import {STATUS_CODES} from 'node:http';
import type {Paragraph, PhrasingContent, RootContent, TableRow} from 'mdast';
import type {Download} from './downloads';
import {frontMatter, jsxBlock, jsxInline, plainText, specMarkdown, text, toMdx} from './spec-text';
import {isPlazaKey, type SecurityScheme} from '../api-model/specs';
import snakeCase from 'lodash/snakeCase';
import {languages, type Part, type Pieces, type SampleRequest} from './samples';
import {
  constraints,
  fieldTable,
  flatten,
  schemaExample,
  typeLabel,
  type Alternatives,
  type Field,
  type FieldTable,
  type Schema,
} from './schema';

type Example = {summary?: string; value?: unknown};
type Media = {schema?: Schema; example?: unknown; examples?: Record<string, Example>; encoding?: Record<string, {contentType?: string}>};
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  example?: unknown;
  schema?: Schema;
  style?: string;
  explode?: boolean;
};
type Link = {operationId?: string; operationRef?: string; description?: string; parameters?: Record<string, unknown>};
type Response = {
  description?: string;
  headers?: Record<string, {description?: string; schema?: Schema}>;
  content?: Record<string, Media>;
  links?: Record<string, Link>;
};
type Callback = Record<string, Record<string, {summary?: string; description?: string; requestBody?: {content?: Record<string, Media>}}>>;

/** The HTTP authentication schemes whose credential goes in the Authorization header after the scheme's name. */
const authorizationPrefix = (scheme: SecurityScheme): string => {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'Bearer ';
  const name = scheme.scheme ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1).toLowerCase()} `;
};

/** Whether a scheme is Plaza's secret key: only in a spec that keeps Plaza's conventions. */
const plazaKey = (page: ApiPage, scheme: SecurityScheme | undefined): boolean => page.api.plaza === true && isPlazaKey(scheme);

/** The environment variable a sample reads a scheme's credential from: the scheme's name in capitals, or PLAZA_SECRET_KEY. */
function credentialVariable(page: ApiPage, name: string, scheme: SecurityScheme): string {
  return plazaKey(page, scheme) ? 'PLAZA_SECRET_KEY' : snakeCase(name).toUpperCase();
}

export type ApiPage = {
  id: string;
  title: string;
  api: {
    /** Whether the spec keeps Plaza's conventions (lib/api-model/model.ts): only then do its key, error object and events get Plaza's words and links. */
    plaza?: boolean;
    /** Whether the page has Try it (the sandbox of Plaza's site). */
    tryIt?: boolean;
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
  children: [
    {type: 'paragraph', data: {directiveLabel: true}, children: [text(title)]},
    {type: 'paragraph', children: [text(body)]},
  ],
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

const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children) => ({type: 'tableCell', children})),
});

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
    if (field.same)
      parts.push([text('The same fields as '), code(field.same.path), text(' in the '), strong(field.same.shape), text(' shape above.')]);
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
    const values = discriminator.mapping.flatMap(([value, label], index) => [
      ...(index ? [text(', ')] : []),
      code(value),
      text(` for ${label}`),
    ]);
    parts.push(paragraph(text('Its '), code(discriminator.property), text(' field says which: '), ...values, text('.')));
  }
  const items = group.options.map((option, index) => {
    const values = option.values.flatMap((value, at) => [...(at ? [text(' or ')] : []), code(value)]);
    const when =
      discriminator && values.length ? [paragraph(text('When '), code(discriminator.property), text(' is '), ...values, text('.'))] : [];
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

/** What a reader sends for one security scheme, in words. */
function credentialWords(page: ApiPage, name: string, scheme: SecurityScheme | undefined, scopes: string[] = []): PhrasingContent[] {
  const granted = scopes.length ? [text(scopes.length > 1 ? ' granting the scopes ' : ' granting the scope '), ...typeList(scopes)] : [];
  const authorization = [...granted, text(' in the '), code('Authorization'), text(' header')];
  if (scheme?.type === 'apiKey')
    return [
      text(plazaKey(page, scheme) ? 'your secret key in the ' : 'an API key in the '),
      code(scheme.name ?? name),
      text(` ${scheme.in}`),
    ];
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return [text('a bearer token'), ...authorization];
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
    return [text('a user name and password (HTTP basic, Base64 of '), code('user:password'), text(')'), ...authorization];
  if (scheme?.type === 'http') return [text(`${scheme.scheme} credentials`), ...authorization];
  if (scheme?.type === 'oauth2') return [text('an OAuth 2.0 access token of '), code(name), text(' as a bearer token'), ...authorization];
  if (scheme?.type === 'openIdConnect')
    return [text('an OpenID Connect access token of '), code(name), text(' as a bearer token'), ...authorization];
  return [code(name)];
}

const joinWords = (ways: PhrasingContent[][], word: string): PhrasingContent[] =>
  ways.flatMap((way, index) => [...(index ? [text(word)] : []), ...way]);

/** The operation's security: each requirement's schemes together, requirements as alternatives. */
function authentication(page: ApiPage): PhrasingContent[] {
  const requirements = page.api.security ?? [];
  if (requirements.length === 0) return [text('No authentication.')];
  const schemes = page.api.securitySchemes ?? {};
  const ways = requirements.map((requirement) =>
    joinWords(
      Object.entries(requirement).map(([name, scopes]) => credentialWords(page, name, schemes[name], scopes)),
      ' and ',
    ),
  );
  const samples = requirements.length > 1 ? [text(' The samples send the first.')] : [];
  const permission = (page.api as {'x-plaza-permission'?: string})['x-plaza-permission'];
  const plaza = requirements.some((requirement) => Object.keys(requirement).some((name) => plazaKey(page, schemes[name])));
  return [
    text('Send '),
    ...joinWords(ways, ' or '),
    ...(permission ? [text(' with the '), code(permission), text(' permission')] : []),
    text('.'),
    ...(plaza ? [text(' See '), link('Authentication', '/api/authentication'), text('.')] : []),
    ...samples,
  ];
}

const parameterTitles = {path: 'Path parameters', query: 'Query parameters', header: 'Header parameters', cookie: 'Cookie parameters'};

function parameterSection(page: ApiPage, place: keyof typeof parameterTitles): RootContent[] {
  const matching = (page.api.parameters ?? []).filter((parameter) => parameter.in === place);
  return matching.length ? [heading(3, parameterTitles[place]), ...table(matching.map(parameterField))] : [];
}

/**
 * The media types of a body grouped by schema: types whose schemas are the same (a JSON body that
 * may also be sent as a form) are documented once, together.
 */
function mediaGroups(content: Record<string, Media> | undefined): {types: string[]; schema?: Schema}[] {
  const groups: {types: string[]; schema?: Schema; key: string}[] = [];
  for (const [type, media] of Object.entries(content ?? {})) {
    const key = JSON.stringify(media.schema ?? null);
    const group = groups.find((candidate) => candidate.key === key);
    if (group) group.types.push(type);
    else groups.push({types: [type], schema: media.schema, key});
  }
  return groups.map(({types, schema}) => ({types, schema}));
}

/** `a`, `b` or `c`, as code. */
const typeList = (types: string[]): PhrasingContent[] =>
  types.flatMap((type, index) => [...(index === 0 ? [] : [text(index === types.length - 1 ? ' or ' : ', ')]), code(type)]);

/**
 * Each group of media types with its schema's fields: one group is shown as it is; several (a body
 * whose JSON and form differ) are a switch of tabs, one per group, labelled with its types.
 */
function mediaTables(
  groups: {types: string[]; schema?: Schema}[],
  render: (schema: Schema, index: number) => RootContent[],
): RootContent[] {
  const shown = groups.map((group, index) => ({group, body: group.schema ? render(group.schema, index) : []}));
  if (shown.length <= 1) return shown.flatMap(({body}) => body);
  // A body with no fields (a CSV file, a string) is said by its type and description.
  const plain = (schema: Schema | undefined): RootContent[] => {
    if (!schema) return [paragraph(text('The spec gives no schema.'))];
    const {description} = flatten(schema);
    return [paragraph(text(`Type: ${typeLabel(schema)}.`)), ...(description ? specMarkdown(description) : [])];
  };
  const items = shown.map(({group, body}, index) =>
    jsxBlock('TabItem', {value: String(index + 1), label: group.types.join(', ')}, body.length ? body : plain(group.schema)),
  );
  return [jsxBlock('Tabs', {className: 'api-alternatives api-media-types'}, items)];
}

function bodySection(page: ApiPage): RootContent[] {
  const {requestBody} = page.api;
  const groups = mediaGroups(requestBody?.content);
  if (groups.length === 0) return [];
  const types = groups.flatMap((group) => group.types);
  const description = requestBody?.description ?? (groups[0]?.schema ? flatten(groups[0].schema).description : undefined);
  return [
    heading(3, 'Body'),
    paragraph(text('Content type '), ...typeList(types), text(`${requestBody?.required ? ', required' : ''}.`)),
    ...(description ? specMarkdown(description) : []),
    ...mediaTables(groups, (schema, index) => fieldTables(fieldTable(flatten(schema), 'request', `request-${index + 1}`))),
  ];
}

/**
 * Whether a response's body is Plaza's error object, the one the errors page describes: an `error`
 * holding a `type` and a `code`. Only then does the page say so.
 */
function isErrorObject(page: ApiPage, response: Response): boolean {
  if (!page.api.plaza) return false;
  const schema = Object.values(response.content ?? {})[0]?.schema;
  const error = schema ? flatten(schema).properties?.error : undefined;
  const properties = error ? flatten(error).properties : undefined;
  return Boolean(properties?.type && properties.code);
}

/** The names of the status ranges and the default of OpenAPI's responses. */
const statusRanges: Record<string, string> = {
  '1XX': 'Informational',
  '2XX': 'Success',
  '3XX': 'Redirection',
  '4XX': 'Client error',
  '5XX': 'Server error',
  default: '(any other status)',
};

function responseSection(page: ApiPage): RootContent[] {
  const parts = [heading(2, 'Responses')];
  // OpenAPI 3.1 lets an operation, or a webhook, leave its responses out.
  if (Object.keys(page.api.responses ?? {}).length === 0) parts.push(paragraph(text('The spec documents no response.')));
  for (const [status, response] of Object.entries(page.api.responses ?? {})) {
    parts.push(heading(3, `${status} ${STATUS_CODES[status] ?? statusRanges[status] ?? ''}`.trim()));
    if (response.description) parts.push(...specMarkdown(response.description));
    const types = Object.keys(response.content ?? {});
    if (types.length > 1)
      parts.push(
        paragraph(
          text('Content types: '),
          ...joinWords(
            types.map((type) => [code(type)]),
            ', ',
          ),
          text('.'),
        ),
      );
    if (isErrorObject(page, response)) {
      parts.push(
        paragraph(
          text('The body is an '),
          link('error object', '/api/errors'),
          text(': its '),
          code('type'),
          text(' and '),
          code('code'),
          text(' say what went wrong.'),
        ),
      );
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
    const groups = mediaGroups(response.content);
    const body = mediaTables(groups, (schema, index) =>
      fieldTables(noneRequired(fieldTable(schema, 'response', `response-${status}${index ? `-${index + 1}` : ''}`))),
    );
    if (body.length) parts.push(paragraph(text('Body:')), ...body);
    parts.push(...linkParts(response));
  }
  return parts;
}

/** A response's links: the operation each leads to, the values it passes and why. */
function linkParts(response: Response): RootContent[] {
  return Object.entries(response.links ?? {}).flatMap(([name, target]) => {
    const values = Object.entries(target.parameters ?? {}).flatMap(([parameter, value], index) => [
      text(index ? ', ' : ' with '),
      code(parameter),
      text(' = '),
      code(typeof value === 'string' ? value : JSON.stringify(value)),
    ]);
    return [
      paragraph(text('Link '), code(name), text(': to '), code(target.operationId ?? target.operationRef ?? ''), ...values, text('.')),
      ...(target.description ? specMarkdown(target.description) : []),
    ];
  });
}

/** The operation's callbacks: for each, the request the API sends to the URL the expression gives, and its body. */
function callbackSection(page: ApiPage): RootContent[] {
  const parts = Object.entries(page.api.callbacks ?? {}).flatMap(([name, callback]) =>
    Object.entries(callback).flatMap(([expression, item]) =>
      Object.entries(item).flatMap(([method, operation]) => [
        heading(3, operation.summary ?? name),
        paragraph(text('The API sends '), code(`${method.toUpperCase()} ${expression}`), text(` (callback `), code(name), text(').')),
        ...(operation.description ? specMarkdown(operation.description) : []),
        ...Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, media]) => [
          paragraph(text('Content type '), code(type), text('.')),
          ...(media.schema ? fieldTables(fieldTable(media.schema, 'request', `callback-${snakeCase(name)}-${snakeCase(type)}`)) : []),
        ]),
      ]),
    ),
  );
  return parts.length ? [heading(2, 'Callbacks'), ...parts] : [];
}

const mediaExamples = (media: Media | undefined): [string, Example][] => {
  if (!media) return [];
  if (media.examples) return Object.entries(media.examples);
  return media.example === undefined ? [] : [['example', {value: media.example}]];
};

/** A parameter's value in the samples: its example, else its schema's example, default or first enum value. */
function exampleOf(parameter: Parameter): unknown {
  const schema = flatten(parameter.schema ?? {});
  return parameter.example ?? schema.example ?? schema.default ?? schema.enum?.[0];
}

/**
 * The value of a path, header or cookie parameter in the samples, in OpenAPI's `simple` style
 * (arrays and objects comma-separated, an exploded object as `key=value` pairs), each part passed
 * through `encode`; a placeholder (left as it is) when the spec gives no value.
 */
function sampleValue(parameter: Parameter, encode: (value: string) => string = (value) => value): string {
  const value = exampleOf(parameter);
  if (value === undefined) return `{${parameter.name}}`;
  if (Array.isArray(value)) return value.map((item) => encode(String(item))).join(',');
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => [encode(key), encode(String(item))]);
    return entries.map((pair) => pair.join(parameter.explode ? '=' : ',')).join(',');
  }
  return encode(String(value));
}

/** The delimiters of the query styles that join an array's items in one value. */
const queryDelimiters: Record<string, string> = {form: ',', spaceDelimited: '%20', pipeDelimited: '%7C'};

/**
 * A query parameter in the samples as `name=value` pairs, URL-encoded, by its `style` and `explode`
 * (by default `form`, exploded): an exploded array repeats the name, an exploded object gives its
 * own keys, `deepObject` writes `name[key]`, and the others join the values in one.
 */
function queryPairs(parameter: Parameter): string[] {
  const value = exampleOf(parameter);
  const name = encodeURIComponent(parameter.name);
  const encode = (item: unknown) => encodeURIComponent(String(item));
  const style = parameter.style ?? 'form';
  const explode = parameter.explode ?? style === 'form';
  const entries = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : undefined;
  if (Array.isArray(value) && explode) return value.map((item) => `${name}=${encode(item)}`);
  if (Array.isArray(value)) return [`${name}=${value.map(encode).join(queryDelimiters[style] ?? ',')}`];
  if (entries && style === 'deepObject') return entries.map(([key, item]) => `${name}${encode(`[${key}]`)}=${encode(item)}`);
  if (entries && explode) return entries.map(([key, item]) => `${encode(key)}=${encode(item)}`);
  // A single value, a placeholder, or an object not exploded (`key,value,…`): as the simple style writes it.
  return [`${name}=${sampleValue({...parameter, explode: false}, encodeURIComponent)}`];
}

/** Texts made of pieces joined into one, `separator(index)` before each but the first; neighbouring literals become one. */
function joinPieces(texts: Pieces[], separator: (index: number) => string): Pieces {
  return texts
    .flatMap((pieces, index) => [...(index ? [separator(index)] : []), ...pieces])
    .reduce<Pieces>((joined, piece) => {
      const last = joined.at(-1);
      return typeof piece === 'string' && typeof last === 'string' ? [...joined.slice(0, -1), last + piece] : [...joined, piece];
    }, []);
}

/**
 * The credentials of the operation's first security requirement (the samples send one way), as
 * headers and query parameters whose values the samples read from the environment.
 */
function sampleCredentials(page: ApiPage): {
  headers: [string, Pieces][];
  query: [string, Pieces][];
  cookies: Pieces[];
  basic?: SampleRequest['basic'];
} {
  const requirement = page.api.security?.[0] ?? {};
  const found: ReturnType<typeof sampleCredentials> = {headers: [], query: [], cookies: []};
  for (const name of Object.keys(requirement)) {
    const scheme = page.api.securitySchemes?.[name];
    if (!scheme) continue;
    const value = {env: credentialVariable(page, name, scheme)};
    if (scheme.type === 'apiKey' && scheme.in === 'query') found.query.push([scheme.name ?? name, [value]]);
    else if (scheme.type === 'apiKey' && scheme.in === 'cookie') found.cookies.push([`${scheme.name ?? name}=`, value]);
    else if (scheme.type === 'apiKey') found.headers.push([scheme.name ?? name, [value]]);
    else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
      found.basic = {user: `${value.env}_USER`, password: `${value.env}_PASSWORD`};
    else found.headers.push(['Authorization', [authorizationPrefix(scheme), value]]);
  }
  return found;
}

/** A JSON media type: `application/json` with or without parameters, or any `+json` type (`application/vnd.api+json`). */
const isJsonType = (type: string): boolean => /^application\/json\b/i.test(type) || /\+json\b/i.test(type);

type FormField = Schema & {contentMediaType?: string; contentEncoding?: string};

/** A field sent as a file: `format: binary` (3.0), or a string with a content media type or binary encoding (3.1). */
const isBinary = (field: FormField): boolean =>
  field.format === 'binary' || (field.type === 'string' && (field.contentMediaType !== undefined || field.contentEncoding === 'binary'));

/** The sample file of a binary field: its example, else a name made of the field's name and its media type's subtype. */
function sampleFile(name: string, field: FormField, type = field.contentMediaType): string {
  if (typeof field.example === 'string') return field.example;
  const subtype = type?.split(',')[0]?.trim().split('/')[1]?.split(/[+;]/)[0];
  return `${name}.${!subtype || subtype === 'octet-stream' ? 'bin' : subtype}`;
}

/**
 * A form field's value in the samples: its example; for a required field with none, its default or
 * first allowed value. An optional field with no example is not sent: the API's own default applies,
 * which a sample must not change.
 */
function formValue(field: Schema, required: boolean): unknown {
  return field.example ?? (required ? (field.default ?? field.enum?.[0]) : undefined);
}

/** What a form sends of a field: an array's items each (a part per item), any other field itself. */
const sentItem = (field: FormField): FormField => (field.type === 'array' && field.items !== undefined ? flatten(field.items) : field);

/**
 * The parts of a form: one per field, an array's items each a part of the same name (files too),
 * an object as JSON text. `values` are an example's, or made from the schema.
 */
function formParts(media: Media, values: [string, unknown][]): Part[] {
  const properties = flatten(media.schema ?? {}).properties ?? {};
  return values.flatMap(([name, value]): Part[] => {
    const field: FormField = flatten(properties[name] ?? {});
    const item = sentItem(field);
    const type = media.encoding?.[name]?.contentType;
    const one = (piece: unknown): Part =>
      isBinary(item)
        ? {name, file: typeof piece === 'string' && piece ? piece : sampleFile(name, item, type ?? item.contentMediaType)}
        : {name, value: piece === undefined ? `{${name}}` : typeof piece === 'object' ? JSON.stringify(piece) : String(piece)};
    return Array.isArray(value) && field.type === 'array' ? value.map(one) : [one(value)];
  });
}

/**
 * The forms a sample sends, by label: each of the spec's examples, or else one made from the schema
 * (its required fields, files, and the optional fields the spec gives an example for).
 */
function forms(media: Media): [string, Part[]][] {
  const examples = mediaExamples(media).filter(([, example]) => example.value && typeof example.value === 'object');
  if (examples.length)
    return examples.map(([name, example]) => [example.summary ?? name, formParts(media, Object.entries(example.value as object))]);
  const schema = flatten(media.schema ?? {});
  const values = Object.entries(schema.properties ?? {}).flatMap(([name, property]): [string, unknown][] => {
    const field: FormField = flatten(property);
    const required = schema.required?.includes(name) === true;
    if (field.readOnly) return [];
    if (isBinary(sentItem(field))) return [[name, undefined]];
    const value = formValue(field, required);
    return value !== undefined || required ? [[name, value]] : [];
  });
  return [['form', formParts(media, values)]];
}

/** The root element of an XML body: the schema's `xml.name`, else its name (its title), as OpenAPI's XML object says. */
const xmlRoot = (schema: Schema | undefined): string =>
  (schema as {xml?: {name?: string}} | undefined)?.xml?.name ?? schema?.title ?? 'body';

/** A JSON value as XML under an element `name`, for the samples of XML bodies. */
function xml(name: string, value: unknown): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  if (Array.isArray(value)) return value.map((item) => xml(name, item)).join('');
  if (value && typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([key, item]) => xml(key, item))
      .join('')}</${name}>`;
  return `<${name}>${escape(String(value ?? ''))}</${name}>`;
}

/** How a sample prints the answer of the first success response: JSON, text, or only its status (no body, or bytes). */
function answerOf(page: ApiPage): SampleRequest['answer'] {
  const success = Object.entries(page.api.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const types = Object.keys(success?.content ?? {});
  if (types.some(isJsonType)) return 'json';
  if (types.some((type) => type.startsWith('text/') || /[/+]xml\b/.test(type))) return 'text';
  return 'status';
}

/** One request to write samples for, per request body example (or one without a body). */
function sampleRequests(page: ApiPage): [string, SampleRequest][] {
  const {method, path, parameters = [], servers = [], requestBody} = page.api;
  let url = `${servers[0]?.url ?? ''}${path}`;
  for (const parameter of parameters.filter((item) => item.in === 'path')) {
    url = url.replace(`{${parameter.name}}`, sampleValue(parameter, encodeURIComponent));
  }
  const credentials = sampleCredentials(page);
  const query: Pieces[] = [
    ...parameters.filter((item) => item.in === 'query' && item.required).flatMap((item) => queryPairs(item).map((pair) => [pair])),
    ...credentials.query.map(([name, value]) => [`${name}=`, ...value]),
  ];
  const urlPieces = joinPieces([[url], ...query], (index) => (index === 1 ? '?' : '&'));
  const headers = parameters
    .filter((item) => item.in === 'header' && (item.required || item.name === 'Idempotency-Key'))
    .map((item): [string, string] => [item.name, sampleValue(item)]);
  const cookies: Pieces[] = [
    ...parameters.filter((item) => item.in === 'cookie' && item.required).map((item) => [`${item.name}=${sampleValue(item)}`]),
    ...credentials.cookies,
  ];
  const cookieHeader: [string, Pieces][] = cookies.length ? [['Cookie', joinPieces(cookies, () => '; ')]] : [];
  const base = {
    method: method.toUpperCase(),
    url: urlPieces,
    credentials: [...credentials.headers, ...cookieHeader],
    ...(credentials.basic ? {basic: credentials.basic} : {}),
    headers,
    answer: answerOf(page),
  };
  // JSON first when the body may be JSON: every field can be sent as it is, nested ones too.
  const content = Object.entries(requestBody?.content ?? {});
  const json = content.find(([type]) => isJsonType(type));
  if (json) {
    const [type, media] = json;
    const typed = type === 'application/json' ? {} : {type};
    const examples = examplesOf(media, 'request');
    if (examples.length)
      return examples.map(([name, example]) => [example.summary ?? name, {...base, body: {json: example.value, ...typed}}]);
    return [['body', {...base, body: {json: {}, ...typed}}]];
  }
  const multipart = content.find(([type]) => /^multipart\//i.test(type))?.[1];
  if (multipart) return forms(multipart).map(([label, parts]) => [label, {...base, body: {multipart: parts}}]);
  const form = content.find(([type]) => /^application\/x-www-form-urlencoded\b/i.test(type))?.[1];
  if (form)
    return forms(form).map(([label, parts]) => [
      label,
      {...base, body: {form: parts.map((part): [string, string] => [part.name, 'value' in part ? part.value : part.file])}},
    ]);
  const [type, media] = content[0] ?? [];
  if (type && media && /[/+]xml\b/.test(type) && mediaExamples(media).length) {
    const root = xmlRoot(media.schema);
    return mediaExamples(media).map(([name, example]) => [
      example.summary ?? name,
      {...base, body: {text: typeof example.value === 'string' ? example.value : xml(root, example.value), type}},
    ]);
  }
  if (type && media && (type.startsWith('text/') || /[/+]xml\b/.test(type)) && typeof media.example === 'string')
    return [['body', {...base, body: {text: media.example, type}}]];
  if (type && media) return [['file', {...base, body: {file: sampleFile('body', flatten(media.schema ?? {}), type), type}}]];
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

/**
 * The request samples of the languages after the first, which a page's module leaves out, as the
 * file the browser fetches: by language id, the language to highlight and each request example (in
 * the order of the page's example tabs), its code with its tokens (src/plugins/code-tokens.ts).
 */
export type SampleFile = Record<string, {lang: string; examples: {code: string; tokens?: string}[]}>;

/** What highlights code at build time (src/plugins/code-tokens.ts): the tokens of `code` in `lang`, encoded. */
export type Tokenize = (code: string, lang: string) => string | undefined;

/** The folder where the site serves the sample files of an API's pages: `<folder>/<page id>.<hash>.json`. */
export function samplesFolder(apiRoute: string): string {
  return `/samples${apiRoute}`;
}

const [inPage, ...fetched] = languages;

/** The samples of `requests` that are fetched, not in the page, each with its tokens when `tokenize` is given. */
function fetchedSamples(requests: SampleRequest[], tokenize?: Tokenize): SampleFile {
  return Object.fromEntries(
    fetched.map(({id, highlight, write}) => [
      id,
      {
        lang: highlight,
        examples: requests.map((request) => {
          const code = write(request);
          return {code, ...(tokenize ? {tokens: tokenize(code, highlight)} : {})};
        }),
      },
    ]),
  );
}

/**
 * The language tabs of the `example`th request: the first language's code in the page, each other
 * one a Sample of the page's file at `src`, which knows its number of lines so that the space it
 * takes does not change when its code arrives.
 */
function languageTabs(request: SampleRequest, example: number, samples: SampleFile, src: string): RootContent[] {
  const first = {value: inPage.id, label: inPage.label, body: [fenced(inPage.highlight, inPage.write(request))]};
  const others = fetched.map((language) => ({
    value: language.id,
    label: language.label,
    body: [
      jsxBlock(
        'Sample',
        {
          src,
          language: language.id,
          example: String(example),
          lines: String(samples[language.id]?.examples[example]?.code.split('\n').length ?? 1),
        },
        [],
      ),
    ],
  }));
  return [lazyTabs([first, ...others], {groupId: 'api-language', className: 'api-samples__tabs'})];
}

/** Tabs with one item per example, labelled with its summary; a single example needs no tabs. */
function exampleTabs(entries: [string, RootContent[]][]): RootContent[] {
  const [only] = entries;
  if (only && entries.length === 1) return only[1];
  return [
    lazyTabs(
      entries.map(([label, body], index) => ({value: String(index), label, body})),
      {className: 'api-samples__examples'},
    ),
  ];
}

/** An example as the reader sees it, in its media type's syntax: XML as XML, a string as it is, anything else as JSON. */
function exampleBlock(value: unknown, type = 'application/json', schema?: Schema): RootContent {
  if (/[/+]xml\b/i.test(type)) {
    return fenced('xml', typeof value === 'string' ? value : xml(xmlRoot(schema), value));
  }
  return typeof value === 'string' ? fenced('text', value) : fenced('json', JSON.stringify(value, null, 2));
}

/** The examples of a media type: its own, else one made from its schema (the fields' examples, then values of their types). */
function examplesOf(media: Media, direction: 'request' | 'response'): [string, Example][] {
  const examples = mediaExamples(media);
  if (examples.length || !media.schema) return examples;
  const built = schemaExample(media.schema, direction) ?? schemaExample(media.schema, direction, true);
  return built === undefined ? [] : [['example', {value: built}]];
}

function responseExamples(page: ApiPage): RootContent[] {
  const responses = Object.entries(page.api.responses ?? {});
  if (responses.length === 0) return [paragraph(jsxInline('p', {}, [text('No response documented.')]))];
  const items = responses.map(([status, response]): Tab => {
    const media = Object.entries(response.content ?? {});
    // With several media types, each example's label names its type.
    const blocks = media.flatMap(([type, content]) =>
      examplesOf(content, 'response').map(([name, example]): [string, RootContent[]] => {
        const label = example.summary ?? name;
        return [media.length > 1 ? `${label} (${type})` : label, [exampleBlock(example.value, type, content.schema)]];
      }),
    );
    return {value: status, label: status, body: blocks.length ? exampleTabs(blocks) : [paragraph(jsxInline('p', {}, [text('No body.')]))]};
  });
  const success = responses.find(([status]) => status.startsWith('2'))?.[0] ?? responses[0]?.[0] ?? '';
  return [lazyTabs(items, {className: 'api-samples__tabs', defaultValue: success})];
}

/**
 * A webhook of the spec's top-level `webhooks` (OpenAPI 3.1): the plugin gives it the method `event`.
 * The API sends it, so its page shows the payload, not code that would send it.
 */
const isWebhook = (page: ApiPage): boolean => page.api.method === 'event';

/** The payload examples of a webhook, one JSON block each. */
function payloadExamples(page: ApiPage): [string, RootContent[]][] {
  const [type, media] = Object.entries(page.api.requestBody?.content ?? {})[0] ?? [];
  const examples = media ? examplesOf(media, 'request') : [];
  if (examples.length === 0) return [['payload', [paragraph(jsxInline('p', {}, [text(type ? 'No example.' : 'No body.')]))]]];
  return examples.map(([name, example]) => [example.summary ?? name, [exampleBlock(example.value, type, media?.schema)]]);
}

/** A page's requests to write samples for, with the file of the samples of them it fetches and that file's URL. */
type Samples = {requests: [string, SampleRequest][]; file: SampleFile; url: string};

/** The samples of a page; none for a webhook, which shows its payload. */
function pageSamples(page: ApiPage, apiRoute: string, tokenize?: Tokenize): Samples | undefined {
  if (isWebhook(page)) return undefined;
  const requests = sampleRequests(page);
  const file = fetchedSamples(
    requests.map(([, request]) => request),
    tokenize,
  );
  const hash = createHash('sha256').update(JSON.stringify(file)).digest('hex').slice(0, 8);
  return {requests, file, url: `${samplesFolder(apiRoute)}/${page.id}.${hash}.json`};
}

function samplesAside(page: ApiPage, samples: Samples | undefined): RootContent {
  const requests = samples
    ? samples.requests.map(([label, request], index): [string, RootContent[]] => [
        label,
        languageTabs(request, index, samples.file, samples.url),
      ])
    : payloadExamples(page);
  return jsxBlock('aside', {className: 'api-samples', 'aria-label': 'Request and response samples', ...notIndexed}, [
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text(isWebhook(page) ? 'Payload' : 'Request')])),
    ...exampleTabs(requests),
    paragraph(jsxInline('h2', {className: 'api-samples__title'}, [text('Responses')])),
    ...responseExamples(page),
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
  const about = page.api.plaza && (page.api.tags ?? []).some((tag) => eventTags.has(tag));
  return about ? [paragraph(text('Every event type and its payload: '), link('Webhook events', '/api/webhook-events'), text('.'))] : [];
}

const imports = (page: ApiPage): RootContent[] =>
  [
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    ...(isWebhook(page) ? [] : ["import Sample from '@site/src/components/Sample';"]),
    ...(page.api.tryIt ? ["import TryIt from '@site/src/components/TryIt';"] : []),
  ].map((value) => ({type: 'mdxjsEsm', value}));

/**
 * The MDX of an operation page, front matter included; its meta description is the first sentence
 * of its description. Header parameters (the same few headers on most pages) and response fields
 * (the same objects on many pages) are left out of the search index; the samples too. With it, the
 * file of its samples in the languages the page leaves out (none for a webhook), to be served at
 * `url`: `apiRoute` is the route of the page's API, and `tokenize` highlights the file's code.
 */
export function createApiPageMD(
  page: ApiPage,
  apiRoute: string,
  tokenize?: Tokenize,
): {mdx: string; samples?: {url: string; file: SampleFile}} {
  const {api} = page;
  // The summary as written: the plugin's page title has its double quotes turned into single ones.
  const title = api.summary ?? page.title;
  const method = api.method.toLowerCase();
  const hasRequest = (api.parameters ?? []).length > 0 || api.requestBody !== undefined;
  const samples = pageSamples(page, apiRoute, tokenize);
  const head = frontMatter({
    id: page.id,
    title,
    // Without one, Docusaurus would take the page's first line, its title, as its description.
    description: api.description
      ? summary(api.description)
      : isWebhook(page)
        ? `The ${api.webhook?.name ?? title} webhook.`
        : `${api.method.toUpperCase()} ${api.path}`,
    sidebar_label: title,
    hide_table_of_contents: true,
    sidebar_class_name: `${method} api-method`,
    hide_title: true,
    custom_edit_url: null,
  });
  const body = toMdx(
    [
      ...imports(page),
      ...part(
        [
          heading(1, title),
          // A paragraph that is only an element, on one line: MDX reads it as that element, as a block.
          isWebhook(page)
            ? paragraph(
                jsxInline('p', {className: 'api-endpoint'}, [
                  jsxInline('span', {className: `api-endpoint__method api-endpoint__method--${method}`}, [text('WEBHOOK')]),
                  text(' '),
                  jsxInline('code', {className: 'api-endpoint__path'}, [
                    text(`${api.webhook?.method.toUpperCase() ?? 'POST'} ${api.webhook?.name ?? ''}`.trim()),
                  ]),
                  text(' The API sends this request to the URL you give it.'),
                ]),
              )
            : paragraph(
                jsxInline('p', {className: 'api-endpoint'}, [
                  jsxInline('span', {className: `api-endpoint__method api-endpoint__method--${method}`}, [text(method.toUpperCase())]),
                  text(' '),
                  jsxInline('code', {className: 'api-endpoint__path'}, [text(api.path)]),
                ]),
              ),
        ],
        true,
      ),
      // The request panel, outside the parts: they become static trees, and it is a component with props.
      ...(isWebhook(page) || !api.tryIt ? [] : [jsxBlock('TryIt', {method: api.method.toUpperCase(), path: api.path}, [])]),
      ...part(
        [
          ...(api.deprecated
            ? [admonition('warning', 'Deprecated', 'This operation is deprecated and will be removed in a future version.')]
            : []),
          ...(api.description ? specMarkdown(api.description) : []),
          ...eventCatalogueLink(page),
          ...(isWebhook(page) ? [] : [paragraph(strong('Authentication.'), text(' '), ...authentication(page))]),
          ...(hasRequest ? [heading(2, 'Request')] : []),
          ...parameterSection(page, 'path'),
          ...parameterSection(page, 'query'),
        ],
        true,
      ),
      ...part([...parameterSection(page, 'header'), ...parameterSection(page, 'cookie')], false),
      ...part(bodySection(page), true),
      ...part(responseSection(page), false),
      ...part(callbackSection(page), true),
      samplesAside(page, samples),
    ],
    `${api.method.toUpperCase()} ${api.path} (${page.id})`,
  );
  return {mdx: `${head}\n\n${body}`, ...(samples ? {samples: {url: samples.url, file: samples.file}} : {})};
}

/**
 * The MDX of an API's introduction page: its title, version and description from the spec, and
 * links to its downloads (plain anchors with `download`: static files, not routes of the site).
 */
export function createInfoPageMD(page: InfoPage, downloads: Download[] = [], {home = false, plaza = true} = {}): string {
  const {version, description} = page.info;
  const title = plainText(page.info.title);
  const head = frontMatter({
    id: page.id,
    ...(home ? {slug: '/'} : {}),
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
        ? [
            paragraph(
              strong('Download:'),
              text(' '),
              ...links,
              // Plaza's API overview says how to import them into Postman.
              ...(plaza ? [text(' ('), link('how to import into Postman', '/api/#download-the-specs'), text(')')] : []),
            ),
          ]
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
  const head = frontMatter({
    id: page.id,
    title: page.title,
    description: description ? summary(description) : page.title,
    custom_edit_url: null,
  });
  const cards = [
    "import DocCardList from '@theme/DocCardList';",
    "import {useCurrentSidebarCategory} from '@docusaurus/theme-common';",
    '',
    '<DocCardList items={useCurrentSidebarCategory().items}/>',
  ].join('\n');
  const body = toMdx([...(description ? specMarkdown(description) : []), fenced('mdx-code-block', cards)], `the tag ${page.tag.name}`);
  return `${head}\n\n${body}`;
}
