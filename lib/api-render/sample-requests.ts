/**
 * The requests an operation page writes samples for (samples.ts writes them in each language): its
 * URL with the parameters' example values in their OpenAPI styles, the credentials, the required
 * headers, and a body per example: JSON, a form or multipart form, XML, text or a file.
 */
import {parameterExample} from '../api-model/operations';
import {sampleCredentials} from './authentication';
import {responsesOf, type ApiPage, type Example, type Media, type Parameter} from './operation';
import type {Part, Pieces, SampleRequest} from './samples';
import {flatten, type Schema} from './schema';
import {schemaExample} from './schema-example';

const mediaExamples = (media: Media | undefined): [string, Example][] => {
  if (!media) return [];
  if (media.examples) return Object.entries(media.examples);
  return media.example === undefined ? [] : [['example', {value: media.example}]];
};

/** A parameter's value in the samples: its example (or first named example), else its schema's example, default or first enum value. */
function exampleOf(parameter: Parameter): unknown {
  const schema = flatten(parameter.schema ?? {});
  return parameterExample(parameter) ?? schema.example ?? schema.default ?? schema.enum?.[0];
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
export const xmlRoot = (schema: Schema | undefined): string =>
  (schema as {xml?: {name?: string}} | undefined)?.xml?.name ?? schema?.title ?? 'body';

/** A JSON value as XML under an element `name`, for the samples of XML bodies. */
export function xml(name: string, value: unknown): string {
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
  const success = responsesOf(page).find(([status]) => status.startsWith('2'))?.[1];
  const types = Object.keys(success?.content ?? {});
  if (types.some(isJsonType)) return 'json';
  if (types.some((type) => type.startsWith('text/') || /[/+]xml\b/.test(type))) return 'text';
  return 'status';
}

/** One request to write samples for, per request body example (or one without a body). */
export function sampleRequests(page: ApiPage): [string, SampleRequest][] {
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

/** The examples of a media type: its own, else one made from its schema (the fields' examples, then values of their types). */
export function examplesOf(media: Media, direction: 'request' | 'response'): [string, Example][] {
  const examples = mediaExamples(media);
  if (examples.length || !media.schema) return examples;
  const built = schemaExample(media.schema, direction) ?? schemaExample(media.schema, direction, true);
  return built === undefined ? [] : [['example', {value: built}]];
}
