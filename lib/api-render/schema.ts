/**
 * JSON schemas of the specs (already dereferenced by the API model, lib/api-model) read in the
 * vocabulary of OpenAPI 3.0 and 3.1: `allOf` folded, nullable types, the alternatives of a `oneOf` or
 * `anyOf`, and what the reference says of a schema: its type as a reader would say it and its
 * constraints as short phrases. The field tables (schema-fields.ts) and the examples built from a
 * schema (schema-example.ts) read schemas through these.
 */
import omit from 'lodash/omit';
import {unresolvedKey} from '../api-model/model';

/**
 * A schema; `circular(Title)` where the dereferencer cut a cycle back to the ancestor titled Title;
 * or a boolean schema (3.1: `true` allows anything, `false` nothing).
 */
export type Child = Schema | string | boolean;

export type Schema = {
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Child>;
  patternProperties?: Record<string, Child>;
  additionalProperties?: Child;
  required?: string[];
  items?: Child;
  prefixItems?: Child[];
  allOf?: Child[];
  oneOf?: Child[];
  anyOf?: Child[];
  not?: Child;
  discriminator?: {propertyName: string; mapping?: Record<string, Child>};
  const?: unknown;
  enum?: unknown[];
  'x-enumDescriptions'?: Record<string, string>;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** A bound of its own in 3.1; in 3.0, `true` makes `minimum` exclusive. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
};

export type Direction = 'request' | 'response';

/** The title of the ancestor a cut cycle points back to, or undefined for a schema. */
export function cycleTitle(child: Child | undefined): string | undefined {
  return typeof child === 'string' ? (/^circular\((.*)\)$/.exec(child)?.[1] ?? '') : undefined;
}

/** A child as a schema; a cut cycle becomes an empty schema titled as its ancestor. */
const schemaOf = (child: Child | undefined): Schema =>
  typeof child === 'string' ? {title: cycleTitle(child)} : typeof child === 'object' ? child : {};

/** A schema with its `allOf` members folded in, properties of the same name merged; the schema's own keys win over the members'. */
export function flatten(child: Child): Schema {
  // An empty `enum` allows nothing, which no spec means: it is read as absent (a member's enum stands).
  const schema =
    Array.isArray(schemaOf(child).enum) && schemaOf(child).enum!.length === 0 ? omit(schemaOf(child), 'enum') : schemaOf(child);
  if (!schema.allOf) return schema;
  const {allOf, ...own} = schema;
  const merged: Schema = {};
  for (const member of [...allOf.map(flatten), own]) {
    // A property that two members both define is both: each one's keys, the later member's winning.
    const properties = {...merged.properties};
    for (const [name, property] of Object.entries(member.properties ?? {})) {
      const earlier = properties[name];
      properties[name] = earlier === undefined ? property : {allOf: [earlier, property]};
    }
    const required = [...(merged.required ?? []), ...(member.required ?? [])];
    Object.assign(merged, member);
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = [...new Set(required)];
  }
  return merged;
}

const isNull = (child: Child): boolean => {
  const schema = schemaOf(child);
  return schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null');
};

/**
 * A schema read plainly: `allOf` folded, a `oneOf`/`anyOf` of one schema and `null` read as that
 * schema made nullable, and 3.1's type arrays split into their types and whether null is allowed.
 */
export function read(child: Child): {schema: Schema; types: string[]; nullable: boolean} {
  let schema = flatten(child);
  let nullable = schema.nullable === true;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword];
    if (options?.some(isNull) && options.filter((option) => !isNull(option)).length === 1) {
      schema = {...flatten(options.find((option) => !isNull(option))!), ...omit(schema, keyword)};
      nullable = true;
    }
  }
  const declared = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (declared.includes('null') || schema.const === null) nullable = true;
  return {schema, types: declared.filter((type) => type !== 'null'), nullable};
}

/**
 * The `oneOf` or `anyOf` of a schema whose options are shapes to choose between (not single values);
 * or, for a base schema whose discriminator maps to the schemas that extend it with `allOf`
 * (OpenAPI's inheritance), those schemas, one of which a value is.
 */
export function alternativesOf(schema: Schema): {keyword: 'oneOf' | 'anyOf'; options: Child[]} | undefined {
  if (requirementOptions(schema)) return undefined;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword]?.filter((option) => !isNull(option));
    if (options?.length && !valueOptions(schema)) return {keyword, options};
  }
  const subtypes = Object.values(schema.discriminator?.mapping ?? {}).filter((target): target is Schema => typeof target === 'object');
  if (subtypes.length)
    return {keyword: 'oneOf', options: [...new Set(subtypes)].map((subtype) => extension(subtype, schema.discriminator!.propertyName))};
  return undefined;
}

/**
 * What a schema adds to the base it extends: its `allOf` without the base (the member that carries
 * the same discriminator, or the cut cycle back to it), whose fields the base's table already shows.
 */
function extension(subtype: Schema, property: string): Schema {
  const isBase = (member: Child) => typeof member === 'string' || schemaOf(member).discriminator?.propertyName === property;
  return omit(flatten({...subtype, allOf: (subtype.allOf ?? []).filter((member) => !isBase(member))}), 'discriminator');
}

/**
 * The options of a `oneOf`/`anyOf` that only require fields (`oneOf: [{required: [a]}, {required: [b]}]`):
 * which fields must be sent together, not shapes of their own.
 */
function requirementOptions(schema: Schema): {keyword: 'oneOf' | 'anyOf'; lists: string[][]} | undefined {
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const options = schema[keyword]?.map(schemaOf);
    const only = (option: Schema) => Object.keys(option).every((key) => key === 'required' || key === 'description' || key === 'title');
    if (options?.length && options.every((option) => option.required?.length && only(option)))
      return {keyword, lists: options.map((option) => option.required!)};
  }
  return undefined;
}

/** The options of a `oneOf`/`anyOf` that are each one value (`const` or a one-value `enum`), as an enum with descriptions. */
export function valueOptions(schema: Schema): {value: unknown; description?: string; type?: string}[] | undefined {
  const options = (schema.oneOf ?? schema.anyOf)?.filter((option) => !isNull(option)).map(schemaOf);
  if (!options?.length) return undefined;
  const values = options.map((option) => ('const' in option ? option.const : option.enum?.length === 1 ? option.enum[0] : undefined));
  if (values.some((value) => value === undefined)) return undefined;
  return options.map((option, index) => ({
    value: values[index],
    description: option.description ?? option.title,
    type: typeof option.type === 'string' ? option.type : undefined,
  }));
}

/** Whether an alternative is an object, with fields of its own, rather than a plain value. */
const isShape = (option: Child): boolean => {
  const {schema, types} = read(option);
  return Boolean(schema.properties || alternativesOf(schema) || types.includes('object'));
};

/** What an alternative is called: its title, else its type. */
export const optionLabel = (option: Child): string => schemaOf(option).title ?? typeLabel(option);

/** The `$ref` that a lenient read found pointing at nothing and left in a node's place (lib/api-model/model.ts). */
export function unresolvedRef(node: unknown): string | undefined {
  const ref = node && typeof node === 'object' ? (node as Record<string, unknown>)[unresolvedKey] : undefined;
  return typeof ref === 'string' ? ref : undefined;
}

/** The type as a reader would say it: `string (date-time)`, `array of object`, `map of string`, `integer or null`. */
export function typeLabel(child: Child): string {
  const cycle = cycleTitle(child);
  if (cycle !== undefined) return cycle || 'object';
  const unresolved = unresolvedRef(child);
  if (unresolved !== undefined) return `unresolved reference ${unresolved}`;
  const {schema, types, nullable} = read(child);
  const values = valueOptions(schema);
  const alternatives = alternativesOf(schema);
  let label: string;
  if (values) {
    label = [...new Set(values.map((value) => value.type ?? valueType(value.value)))].join(' or ');
  } else if (alternatives) {
    // Shapes are named in the tabs below the table; plain values are named here.
    const shapes = alternatives.options.filter(isShape).length;
    const count = alternatives.options.length;
    // Plain values are named once each (`anyOf: [string, string enum]` is a string), and null when it is one of them.
    const orNull = (schema[alternatives.keyword] ?? []).some(isNull) && !nullable ? ['null'] : [];
    label = shapes
      ? `${alternatives.keyword === 'oneOf' ? 'one' : 'one or more'} of ${count} shapes`
      : [...new Set([...alternatives.options.map(optionLabel), ...orNull])].join(' or ');
  } else if (schema.prefixItems) {
    const rest = schema.items === undefined || typeof schema.items === 'boolean' ? '' : `, then ${typeLabel(schema.items)}`;
    label = `tuple of ${schema.prefixItems.map(typeLabel).join(', ')}${rest}`;
  } else if (types.includes('array') && schema.items !== undefined) {
    label = `array of ${grouped(typeLabel(schema.items))}`;
  } else if (mapValues(schema) && !schema.properties) {
    label = `map of ${grouped(typeLabel(mapValues(schema)!))}`;
  } else if (schema.format === 'binary' || (schema as {contentEncoding?: string}).contentEncoding === 'binary') {
    label = 'file';
  } else {
    const only = (Array.isArray(schema.type) ? schema.type : [schema.type]).every((type) => type === 'null');
    if (only && schema.type !== undefined) return 'null';
    // Without a type, the allowed values say it.
    const valueTypes = [...new Set((schema.enum ?? []).map(jsonType))];
    label = types.length ? types.join(' or ') : schema.const !== undefined ? jsonType(schema.const) : valueTypes.join(' or ') || 'any';
    if (schema.format) label += ` (${schema.format})`;
  }
  return nullable ? `${label} or null` : label;
}

/** An item's type in brackets when it has alternatives: `array of (string or null) or null` is not ambiguous. */
const grouped = (label: string): string => (/ or /.test(label) ? `(${label})` : label);

/** The JSON type of a value, whole numbers as `integer`. */
const valueType = (value: unknown): string => (Number.isInteger(value) ? 'integer' : jsonType(value));

const jsonType = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'object' ? 'object' : typeof value;

/** The schema of a map's values: `additionalProperties`, else the single `patternProperties` schema. */
export function mapValues(schema: Schema): Child | undefined {
  if (typeof schema.additionalProperties === 'object' || typeof schema.additionalProperties === 'string')
    return schema.additionalProperties;
  const patterns = Object.values(schema.patternProperties ?? {});
  return patterns.length === 1 ? patterns[0] : undefined;
}

/** A value as a Markdown code span, fenced by more backticks than it holds. */
export function code(value: unknown): string {
  const literal = typeof value === 'string' ? value : JSON.stringify(value);
  const fence = '`'.repeat(Math.max(0, ...[...literal.matchAll(/`+/g)].map((run) => run[0].length)) + 1);
  const pad = /^`|`$/.test(literal) ? ' ' : '';
  return `${fence}${pad}${literal}${pad}${fence}`;
}

/** "Length 1 to 128." and the like, or nothing when neither bound is set. */
function bounds(what: string, min: number | undefined, max: number | undefined): string[] {
  if (min !== undefined && max !== undefined) return [`${what} ${min} to ${max}.`];
  if (min !== undefined) return [`${what} at least ${min}.`];
  if (max !== undefined) return [`${what} at most ${max}.`];
  return [];
}

/** The bounds of a number, exclusive ones in either form ("Value above 0 and at most 100."). */
function valueBounds(schema: Schema): string[] {
  const exclusive = (bound: number | boolean | undefined, plain: number | undefined) =>
    typeof bound === 'number' ? bound : bound === true ? plain : undefined;
  const above = exclusive(schema.exclusiveMinimum, schema.minimum);
  const below = exclusive(schema.exclusiveMaximum, schema.maximum);
  if (above === undefined && below === undefined) return bounds('Value', schema.minimum, schema.maximum);
  const lower = above !== undefined ? `above ${above}` : schema.minimum !== undefined ? `at least ${schema.minimum}` : undefined;
  const upper = below !== undefined ? `below ${below}` : schema.maximum !== undefined ? `at most ${schema.maximum}` : undefined;
  return [`Value ${[lower, upper].filter(Boolean).join(' and ')}.`];
}

/** Spec text on one line, to sit inside a list item of a phrase. */
const inline = (markdown: string): string => markdown.replace(/\s*\n\s*/g, ' ').trim();

/** "One of `a`, `b`.", or a list of the values with what each means when the spec says. */
function enumPhrase(values: {value: unknown; description?: string}[]): string {
  if (!values.some((value) => value.description)) return `One of ${values.map((value) => code(value.value)).join(', ')}.`;
  const lines = values.map((value) => `- ${code(value.value)}${value.description ? `: ${inline(value.description)}` : ''}`);
  return ['One of:', '', ...lines].join('\n');
}

/** What a `not` rules out, in the words of its schema. */
function notPhrase(child: Child): string {
  const schema = flatten(child);
  if (schema.enum) return `Not one of ${schema.enum.map(code).join(', ')}.`;
  if (schema.const !== undefined) return `Not ${code(schema.const)}.`;
  if (schema.required && !schema.type) {
    // `not: {required: [a, b]}` rules out having them all, not each one: said so it cannot be read as "neither".
    const [first, ...others] = schema.required.map(code);
    if (!others.length) return `Must not have ${first}.`;
    const list = `${[first, ...others.slice(0, -1)].join(', ')} and ${others.at(-1)}`;
    return others.length === 1 ? `Must not have both ${list}: one of them at most.` : `Must not have all of ${list} together.`;
  }
  if (schema.pattern) return `Must not match ${code(schema.pattern)}.`;
  return `Must not be ${typeLabel(schema)}${constraints(schema)
    .map((phrase) => ` ${phrase}`)
    .join('')}`.replace(/([^.])$/, '$1.');
}

const plainValue = (value: unknown): boolean => typeof value !== 'object';

/**
 * The constraints of each plain alternative of a `oneOf`/`anyOf` (`integer, at least 1`, `string, at
 * most 3 long`), as a list; nothing when none has any.
 */
function alternativePhrases(schema: Schema): string[] {
  const alternatives = alternativesOf(schema);
  if (!alternatives || alternatives.options.some(isShape)) return [];
  const lines = alternatives.options.map((option) => ({label: optionLabel(option), phrases: constraints(option).map(inline)}));
  if (!lines.some((line) => line.phrases.length)) return [];
  const intro = alternatives.keyword === 'oneOf' ? 'Exactly one of:' : 'Any of:';
  return [[intro, '', ...lines.map((line) => `- ${line.label}${line.phrases.length ? `: ${line.phrases.join(' ')}` : ''}`)].join('\n')];
}

/** The constraints of a schema, as short phrases for the description column. */
export function constraints(child: Child): string[] {
  const {schema} = read(child);
  const phrases: string[] = [];
  const values = valueOptions(schema);
  const descriptions = schema['x-enumDescriptions'] ?? {};
  if (schema.const !== undefined) phrases.push(`Always ${code(schema.const)}.`);
  if (schema.enum) phrases.push(enumPhrase(schema.enum.map((value) => ({value, description: descriptions[String(value)]}))));
  else if (values) phrases.push(enumPhrase(values));
  phrases.push(...bounds('Length', schema.minLength, schema.maxLength));
  phrases.push(...valueBounds(schema));
  if (schema.multipleOf !== undefined) phrases.push(`Multiple of ${schema.multipleOf}.`);
  phrases.push(...bounds('Items', schema.minItems, schema.maxItems));
  if (schema.uniqueItems) phrases.push('Items are unique.');
  phrases.push(...bounds(schema.properties ? 'Fields' : 'Keys', schema.minProperties, schema.maxProperties));
  const patterns = Object.keys(schema.patternProperties ?? {});
  if (patterns.length === 1 && !schema.properties) phrases.push(`Keys match ${code(patterns[0])}.`);
  if (schema.pattern) phrases.push(`Pattern ${code(schema.pattern)}.`);
  if (schema.not !== undefined) phrases.push(notPhrase(schema.not));
  const required = requirementOptions(schema);
  if (required) {
    const lists = required.lists.map((list) => list.map(code).join(' and '));
    phrases.push(`${required.keyword === 'oneOf' ? 'Send exactly one of' : 'Send at least one of'}: ${lists.join('; or ')}.`);
  }
  phrases.push(...alternativePhrases(schema));
  const items = schema.items !== undefined && typeof schema.items !== 'boolean' && !isShape(schema.items) ? constraints(schema.items) : [];
  if (items.length) phrases.push(`Each item: ${items.map(inline).join(' ')}`);
  if (schema.default !== undefined) phrases.push(`Default ${code(schema.default)}.`);
  if (schema.example !== undefined && plainValue(schema.example)) phrases.push(`Example ${code(schema.example)}.`);
  const examples = (schema.examples ?? []).filter(plainValue);
  if (examples.length) phrases.push(`${examples.length === 1 ? 'Example' : 'Examples'} ${examples.map(code).join(', ')}.`);
  return phrases;
}
