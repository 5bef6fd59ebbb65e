/**
 * JSON schemas of the specs (already dereferenced by docusaurus-plugin-openapi-docs) turned into
 * the rows of a compact table: one row per field, nested fields named by their path
 * (`metadata.order_id`, `items[].amount`).
 */

export type Schema = {
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  example?: unknown;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
};

export type Field = {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Constraints, each a short Markdown phrase such as "Pattern: `^[A-Z]{3}$`". */
  constraints: string[];
  deprecated: boolean;
};

/** A schema with its `allOf` members folded in; the schema's own keys win over the members'. */
export function flatten(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const {allOf, ...own} = schema;
  const merged: Schema = {};
  for (const member of [...allOf.map(flatten), own]) {
    const properties = {...merged.properties, ...member.properties};
    const required = [...(merged.required ?? []), ...(member.required ?? [])];
    Object.assign(merged, member);
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = [...new Set(required)];
  }
  return merged;
}

/** The type as a reader would say it: `string (date-time)`, `array of object`, `map of string`. */
export function typeLabel(input: Schema): string {
  const schema = flatten(input);
  let label: string;
  if (schema.type === 'array' && schema.items) {
    label = `array of ${typeLabel(schema.items)}`;
  } else if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    label = `map of ${typeLabel(schema.additionalProperties)}`;
  } else {
    label = schema.type ?? 'any';
    if (schema.format && schema.format !== 'binary') label += ` (${schema.format})`;
    if (schema.format === 'binary') label = 'file';
  }
  return schema.nullable ? `${label} or null` : label;
}

/** A value as a Markdown code span, fenced by more backticks than it holds. */
function code(value: unknown): string {
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

/** The constraints of a schema, as short phrases for the description column. */
export function constraints(input: Schema): string[] {
  const schema = flatten(input);
  const phrases: string[] = [];
  if (schema.enum) phrases.push(`One of ${schema.enum.map(code).join(', ')}.`);
  phrases.push(...bounds('Length', schema.minLength, schema.maxLength));
  phrases.push(...bounds('Value', schema.minimum, schema.maximum));
  phrases.push(...bounds('Items', schema.minItems, schema.maxItems));
  if (schema.pattern) phrases.push(`Pattern ${code(schema.pattern)}.`);
  if (schema.default !== undefined) phrases.push(`Default ${code(schema.default)}.`);
  if (schema.example !== undefined && typeof schema.example !== 'object') phrases.push(`Example ${code(schema.example)}.`);
  return phrases;
}

/**
 * The fields of an object schema, depth first. `direction` drops the fields that do not travel
 * that way: read-only fields from requests, write-only fields from responses.
 */
export function fields(input: Schema, direction: 'request' | 'response', prefix = ''): Field[] {
  const schema = flatten(input);
  const rows: Field[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const field = flatten(property);
    if ((direction === 'request' && field.readOnly) || (direction === 'response' && field.writeOnly)) continue;
    const path = `${prefix}${name}`;
    rows.push({
      name: path,
      type: typeLabel(field),
      required: (schema.required ?? []).includes(name),
      description: field.description ?? '',
      constraints: constraints(field),
      deprecated: field.deprecated === true,
    });
    rows.push(...nested(field, direction, path));
  }
  return rows;
}

function nested(field: Schema, direction: 'request' | 'response', path: string): Field[] {
  if (field.properties) return fields(field, direction, `${path}.`);
  const items = field.type === 'array' && field.items ? flatten(field.items) : undefined;
  if (items?.properties) return fields(items, direction, `${path}[].`);
  const values = typeof field.additionalProperties === 'object' ? flatten(field.additionalProperties) : undefined;
  if (values?.properties) return fields(values, direction, `${path}.<key>.`);
  return [];
}
