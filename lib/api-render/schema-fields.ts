/**
 * JSON schemas of the specs (already dereferenced by docusaurus-plugin-openapi-docs) turned into
 * the rows of a compact table: one row per field, nested fields named by their path
 * (`metadata.order_id`, `items[].amount`, `labels.<key>`), in the vocabulary of OpenAPI 3.0 and 3.1.
 *
 * What a row cannot hold becomes a group after the table: the alternatives of a `oneOf` or `anyOf`
 * (each with its own fields, and the discriminator's values), and the fields nested deeper than
 * `inlineDepth`, which the reader opens on demand. A recursive schema is expanded once: where it
 * comes back, the dereferencer left the string `circular(Title)`, and the row links back to the
 * ancestor that is expanded.
 */

import {schemaNameKey} from '../api-model/model';
import {
  alternativesOf,
  code,
  constraints,
  cycleTitle,
  flatten,
  mapValues,
  optionLabel,
  read,
  typeLabel,
  type Child,
  type Direction,
  type Schema,
} from './schema';

export type Field = {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Constraints, each a short Markdown phrase such as "Pattern: `^[A-Z]{3}$`". */
  constraints: string[];
  deprecated: boolean;
  /** The id of the row, set when a recursive field further down links back to it. */
  anchor?: string;
  /** A recursive field: the field (or table, when the path is empty) whose shape it repeats. */
  repeats?: {path: string; anchor: string};
  /** A field of a named schema already expanded in another alternative: where, and in which shape. */
  same?: {path: string; shape: string};
};

/** The alternatives of a `oneOf` or `anyOf` at `path` ('' for the whole body). */
export type Alternatives = {
  kind: 'alternatives';
  path: string;
  keyword: 'oneOf' | 'anyOf';
  /** The discriminator's property, and each of its values with the alternative it selects. */
  discriminator?: {property: string; mapping: [value: string, label: string][]};
  options: {label: string; values: string[]; description: string; table: FieldTable}[];
};

/** The fields under `path`, nested too deep to show inline: the reader opens them. */
export type Collapsed = {kind: 'collapsed'; path: string; table: FieldTable};

export type FieldTable = {rows: Field[]; groups: (Alternatives | Collapsed)[]; anchor?: string};

/** Fields nested deeper than this many levels are collapsed (today's Plaza specs nest three at most). */
export const inlineDepth = 3;

/** An expanded schema that a cut cycle below it can point back to. */
type Ancestor = {title?: string; path: string; field?: Field; table?: FieldTable};

/**
 * A walk through a schema: its direction, the scope of its ids, the ancestors a cycle can point back
 * to, its depth, the alternatives it is in (`shapes`, by label), and each named schema it expanded
 * (by name and content) with where, shared by the whole walk.
 */
type Walk = {
  direction: Direction;
  scope: string;
  ancestors: Ancestor[];
  depth: number;
  shapes: string[];
  expanded: Map<string, {path: string; shapes: string[]}>;
};

/** An id for a row or table, from its table's scope and its path. */
const anchorFor = (scope: string, path: string): string =>
  `${scope}-${path || 'fields'}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+$/, '');

/**
 * The fields of a body, parameter or alternative schema. `direction` drops the fields that do not
 * travel that way: read-only fields from requests, write-only fields from responses. `scope` makes
 * the ids of the page's rows unique (one scope per table).
 */
export function fieldTable(child: Child, direction: Direction, scope: string): FieldTable {
  const table: FieldTable = {rows: [], groups: []};
  // Read plainly, so that a body of `type: [array, null]` or an `anyOf` of an array and null is an array.
  const {schema, types} = read(child);
  const root: Ancestor = {title: schema.title, path: '', table};
  const walk: Walk = {direction, scope, ancestors: [root], depth: 0, shapes: [], expanded: new Map()};
  if (types.includes('array') && schema.items !== undefined && !alternativesOf(schema)) {
    const items = flatten(schema.items);
    addFields(table, items, {...walk, ancestors: [{title: items.title, path: '[]', table}]}, '[]');
  } else {
    addFields(table, schema, walk, '');
  }
  return table;
}

/** Adds the properties of `schema` (an object at `path`) and its alternatives to `table`. */
function addFields(table: FieldTable, schema: Schema, walk: Walk, path: string): void {
  const prefix = path ? `${path}.` : '';
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    // Read plainly: an `anyOf` of a described schema and null keeps that description.
    const field = read(property).schema;
    if ((walk.direction === 'request' && field.readOnly) || (walk.direction === 'response' && field.writeOnly)) continue;
    const row: Field = {
      name: `${prefix}${name}`,
      type: typeLabel(property),
      required: (schema.required ?? []).includes(name),
      description: field.description ?? '',
      constraints: constraints(property),
      deprecated: field.deprecated === true,
    };
    table.rows.push(row);
    addNested(table, property, walk, row);
  }
  // Beside named fields, the keys a map part allows: each pattern's, then any other key's.
  const others: [string, Child][] = schema.properties
    ? [
        ...Object.entries(schema.patternProperties ?? {}).map(([pattern, values]): [string, Child] => [
          `Any other key matching ${code(pattern)}.`,
          values,
        ]),
        ...(typeof schema.additionalProperties === 'object' ? [['Any other key.', schema.additionalProperties] as [string, Child]] : []),
      ]
    : [];
  for (const [phrase, values] of others) {
    const row: Field = {
      name: `${prefix}<key>`,
      type: typeLabel(values),
      required: false,
      description: '',
      constraints: [phrase, ...constraints(values)],
      deprecated: false,
    };
    table.rows.push(row);
    addNested(table, values, walk, row);
  }
  const alternatives = alternativesOf(schema);
  if (!alternatives) return;
  const group = alternativesGroup(schema, alternatives, walk, path);
  // Alternatives that are plain values (a string or a number) are said by the type alone.
  if (group.options.some((option) => option.table.rows.length || option.table.groups.length)) table.groups.push(group);
}

/** The field or table a cut cycle points back to, with an anchor set on it. */
function repeated(title: string, walk: Walk): Field['repeats'] {
  const ancestor = [...walk.ancestors].reverse().find((candidate) => candidate.title === title) ?? walk.ancestors[0];
  // The walk starts with the root, which has a table: a cut cycle always has an ancestor to point at.
  const target = ancestor?.field ?? ancestor?.table;
  if (!ancestor || !target) throw new Error(`a cycle back to "${title}" outside any schema`);
  target.anchor ??= anchorFor(walk.scope, ancestor.path);
  return {path: ancestor.path, anchor: target.anchor};
}

/**
 * What a value at `path` holds through its arrays' items and its maps' values, with the path that
 * reaches it (`[]` for an item, `.<key>` for a value); undefined for a tuple or an array whose items
 * the spec leaves open.
 */
function descend(child: Child, path: string): {inner: Child; path: string} | undefined {
  let inner = child;
  let reached = path;
  while (typeof inner !== 'string') {
    const {schema, types} = read(inner);
    if (types.includes('array')) {
      if (schema.items === undefined || schema.prefixItems) return undefined;
      inner = schema.items;
      reached += '[]';
    } else if (!schema.properties && mapValues(schema) !== undefined) {
      inner = mapValues(schema)!;
      reached += '.<key>';
    } else break;
  }
  return {inner, path: reached};
}

/** What a field holds below itself: an object's fields, an array's items, a map's values, alternatives, or a cycle. */
function addNested(table: FieldTable, child: Child, walk: Walk, row: Field): void {
  const reached = descend(child, row.name);
  if (!reached) return;
  const {inner, path} = reached;
  const title = cycleTitle(inner);
  if (title !== undefined) {
    row.repeats = repeated(title, walk);
    return;
  }
  const {schema} = read(inner);
  if (!schema.properties && !alternativesOf(schema)) return;
  // A named schema that another alternative expanded already (a shared object in every shape of a
  // oneOf) is named, not copied: a page would otherwise hold it once per shape.
  const name = (schema as Record<string, unknown>)[schemaNameKey];
  if (typeof name === 'string') {
    const key = `${name}\0${JSON.stringify(schema)}`;
    const first = walk.expanded.get(key);
    const elsewhere = first && first.shapes.some((shape, index) => walk.shapes[index] !== shape);
    if (first && elsewhere) {
      row.same = {path: first.path, shape: first.shapes.at(-1) ?? ''};
      return;
    }
    if (!first) walk.expanded.set(key, {path, shapes: walk.shapes});
  }
  const ancestors = [...walk.ancestors, {title: schema.title, path, field: row}];
  const depth = walk.depth + 1;
  if (depth > inlineDepth) {
    const collapsed: FieldTable = {rows: [], groups: []};
    addFields(collapsed, schema, {...walk, ancestors, depth: 1}, path);
    table.groups.push({kind: 'collapsed', path, table: collapsed});
  } else {
    addFields(table, schema, {...walk, ancestors, depth}, path);
  }
}

/** The alternatives of a schema at `path`, each with its fields and the discriminator values that select it. */
function alternativesGroup(
  schema: Schema,
  alternatives: NonNullable<ReturnType<typeof alternativesOf>>,
  walk: Walk,
  path: string,
): Alternatives {
  const {discriminator} = schema;
  const mapping = Object.entries(discriminator?.mapping ?? {}).map(([value, target]): [string, string] => [
    value,
    typeof target === 'object'
      ? (target.title ?? value)
      : String(target)
          .replace(/^circular\((.*)\)$/, '$1')
          .replace(/^.*\//, ''),
  ]);
  const names = alternatives.options.map(optionLabel);
  const labels = distinct(names);
  const options = alternatives.options.map((option, index) => {
    const {schema: flat} = read(option);
    const label = labels[index]!;
    const table: FieldTable = {rows: [], groups: []};
    // An alternative that is a list (or a map) of objects shows the fields of its items.
    const reached = descend(option, path);
    const fields = reached && typeof reached.inner !== 'string' ? read(reached.inner).schema : flat;
    const ancestors = [...walk.ancestors, {title: flat.title, path, table}];
    addFields(
      table,
      fields,
      {...walk, scope: `${walk.scope}-${path || 'body'}-${index + 1}`, ancestors, shapes: [...walk.shapes, label]},
      reached?.path ?? path,
    );
    const description = [flat.description ?? '', ...(flat.properties ? [] : constraints(option))].filter(Boolean).join(' ');
    const values = discriminator ? discriminatorValues(flat, names[index]!, discriminator.propertyName, mapping) : [];
    return {label, values, description, table};
  });
  const shown = options.flatMap((option) => option.values.map((value): [string, string] => [value, option.label]));
  return {
    kind: 'alternatives',
    path,
    keyword: alternatives.keyword,
    ...(discriminator ? {discriminator: {property: discriminator.propertyName, mapping: shown}} : {}),
    options,
  };
}

/** Labels told apart: a label that several alternatives share is numbered, `Card (1)`, `Card (2)`. */
function distinct(labels: string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    if (labels.indexOf(label) === labels.lastIndexOf(label)) return label;
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return `${label} (${count})`;
  });
}

/**
 * The discriminator values that select an alternative: the mapping's keys that name it, else the
 * `const` or single `enum` value of its discriminator property, else its name (OpenAPI's implicit mapping).
 */
function discriminatorValues(option: Schema, label: string, property: string, mapping: [string, string][]): string[] {
  const mapped = mapping.filter(([, target]) => target === label).map(([value]) => value);
  if (mapped.length) return mapped;
  const own = flatten(option.properties?.[property] ?? {});
  if (own.const !== undefined) return [String(own.const)];
  if (own.enum?.length === 1) return [String(own.enum[0])];
  const name = (option as Record<string, unknown>)[schemaNameKey];
  return mapping.length || typeof name !== 'string' ? [] : [name];
}
