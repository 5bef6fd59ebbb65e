/**
 * Examples built from a schema when the spec gives none of a body as a whole: its fields' examples
 * put together, and with `fill`, values of their types, so that a response with a schema always
 * shows one.
 */
import {alternativesOf, flatten, read, valueOptions, type Child, type Direction, type Schema} from './schema';

/** A value of a type when the spec gives none, as OpenAPI renderers show one: by format, else the type's plainest value. */
function typeValue(schema: Schema, types: string[]): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const formats: Record<string, string> = {
    'date-time': '2026-01-01T12:00:00Z',
    date: '2026-01-01',
    time: '12:00:00Z',
    email: 'user@example.com',
    uri: 'https://example.com',
    url: 'https://example.com',
    uuid: '123e4567-e89b-42d3-a456-426614174000',
    ipv4: '192.0.2.1',
    ipv6: '2001:db8::1',
    hostname: 'example.com',
  };
  const [type] = types;
  if (type === 'integer' || type === 'number')
    return schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 0);
  if (type === 'boolean') return true;
  if (type === 'string') return formats[schema.format ?? ''] ?? 'string';
  if (type === 'null') return null;
  return undefined;
}

/**
 * An example of a schema built from what the spec gives: its `example` or first `examples` entry,
 * else its properties' (or items') examples put together. Undefined when the spec gives none, unless
 * `fill`: then a field with no example of its own gets a value of its type (its default, first
 * allowed value, or a plain value of its format), so that a response with a schema always shows one.
 */
export function schemaExample(child: Child, direction: Direction, fill = false, depth = 0): unknown {
  if (typeof child === 'string' || typeof child === 'boolean' || depth > 8) return undefined;
  const {schema, types} = read(child);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  const alternatives = alternativesOf(schema);
  const [firstOption] = alternatives?.options ?? [];
  if (firstOption !== undefined && !schema.properties) return schemaExample(firstOption, direction, fill, depth + 1);
  const values = valueOptions(schema);
  if (fill && values?.length) return values[0]!.value;
  if (schema.items !== undefined && (types.includes('array') || schema.type === undefined)) {
    const item = schemaExample(schema.items, direction, fill, depth + 1);
    return item === undefined ? (fill ? [] : undefined) : [item];
  }
  const entries = Object.entries(schema.properties ?? {}).flatMap(([name, property]): [string, unknown][] => {
    const field = flatten(property);
    if ((direction === 'request' && field.readOnly) || (direction === 'response' && field.writeOnly)) return [];
    const value = schemaExample(property, direction, fill, depth + 1);
    return value === undefined ? [] : [[name, value]];
  });
  if (entries.length) return Object.fromEntries(entries);
  if (!fill) return undefined;
  if (schema.properties || types.includes('object')) return {};
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.every((type) => type === 'null'))) return null;
  return typeValue(schema, types.length ? types : schema.items !== undefined ? ['array'] : []);
}
