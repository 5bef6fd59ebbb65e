/**
 * The sections of an operation page's reference column: its parameters by place, its request body,
 * its responses (with their headers, bodies and links) and its callbacks. A body whose media types
 * differ is a switch of tabs, one per group of types.
 */
import {STATUS_CODES} from 'node:http';
import type {RootContent} from 'mdast';
import snakeCase from 'lodash/snakeCase';
import {parameterExample} from '../api-model/operations';
import {jsxBlock, specMarkdown, text} from './spec-text';
import {code, heading, joinWords, link, paragraph, typeList} from './page-nodes';
import {fieldTables, table} from './field-tables';
import {responsesOf, type ApiPage, type Media, type Parameter, type Response} from './operation';
import {constraints, flatten, typeLabel, unresolvedRef, type Schema} from './schema';
import {fieldTable, type Field, type FieldTable} from './schema-fields';

function parameterField(parameter: Parameter): Field {
  const schema = {...(parameter.schema ?? {})};
  const example = parameterExample(parameter);
  if (example !== undefined) schema.example = example;
  return {
    name: parameter.name,
    type: typeLabel(schema),
    required: parameter.required === true,
    description: parameter.description ?? flatten(schema).description ?? '',
    constraints: constraints(schema),
    deprecated: parameter.deprecated === true,
  };
}

/**
 * A field table with no field marked required: Plaza's convention for its responses, where every
 * field is always there (null when empty). A spec that is not Plaza's keeps its own `required`.
 */
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

const parameterTitles = {path: 'Path parameters', query: 'Query parameters', header: 'Header parameters', cookie: 'Cookie parameters'};

export function parameterSection(page: ApiPage, place: keyof typeof parameterTitles): RootContent[] {
  const matching = (page.api.parameters ?? []).filter((parameter) => parameter.in === place);
  return matching.length ? [heading(3, parameterTitles[place]), ...table(matching.map(parameterField))] : [];
}

/** What stands where the spec refers to something it does not hold: the reference, said plainly. */
const unresolvedNote = (ref: string, what: string): RootContent =>
  paragraph(text('Unresolved reference '), code(ref), text(`: the spec refers to ${what} that it does not define.`));

/** The parameters the spec refers to but does not define, each said where the parameters are. */
export function unresolvedParameters(page: ApiPage): RootContent[] {
  return (page.api.parameters ?? []).flatMap((parameter) => {
    const ref = unresolvedRef(parameter);
    return ref === undefined ? [] : [unresolvedNote(ref, 'a parameter')];
  });
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

export function bodySection(page: ApiPage): RootContent[] {
  const {requestBody} = page.api;
  const unresolved = unresolvedRef(requestBody);
  if (unresolved !== undefined) return [heading(3, 'Body'), unresolvedNote(unresolved, 'a request body')];
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

export function responseSection(page: ApiPage): RootContent[] {
  const parts = [heading(2, 'Responses')];
  // OpenAPI 3.1 lets an operation, or a webhook, leave its responses out.
  const responses = responsesOf(page);
  if (responses.length === 0) parts.push(paragraph(text('The spec documents no response.')));
  for (const [status, response] of responses) {
    parts.push(heading(3, `${status} ${STATUS_CODES[status] ?? statusRanges[status] ?? ''}`.trim()));
    const unresolved = unresolvedRef(response);
    if (unresolved !== undefined) {
      parts.push(unresolvedNote(unresolved, 'a response'));
      continue;
    }
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
      // A header the spec refers to but does not define says so as its type.
      type: typeLabel(header.schema ?? (unresolvedRef(header) === undefined ? {} : (header as Schema))),
      required: false,
      description: header.description ?? '',
      constraints: [],
      deprecated: false,
    }));
    if (headers.length) parts.push(paragraph(text('Headers:')), ...table(headers));
    const groups = mediaGroups(response.content);
    const body = mediaTables(groups, (schema, index) => {
      const fields = fieldTable(schema, 'response', `response-${status}${index ? `-${index + 1}` : ''}`);
      return fieldTables(page.api.plaza ? noneRequired(fields) : fields);
    });
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
export function callbackSection(page: ApiPage): RootContent[] {
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
