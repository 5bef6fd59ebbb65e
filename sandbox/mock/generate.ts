/**
 * A value made from an OpenAPI schema alone, for an answer the spec gives no example of. The schema's
 * own value comes first: its `example`, its first `examples`, its `const`, its `default`, its first
 * `enum` value. Otherwise its type makes one: an object of its required properties (and its `id`, so
 * that a made object can be found again), an array of one item (or `minItems` items), a number within
 * `minimum`/`maximum` and a multiple of `multipleOf`, a string of its `format` and as long as
 * `minLength`/`maxLength` allow. `oneOf` and `anyOf` take their first choice; `allOf` merges its parts.
 * A `pattern` is not read: a string that must match one needs an example in the spec.
 *
 * The schema is data: it is walked, never compiled or run, and a `$ref` that loops ends at a depth.
 */
import {resolveLocalRef, type OpenApiDocument} from '../../lib/api-model/operations';

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Which way a value travels: a request leaves out `readOnly` properties, a response `writeOnly` ones. */
export type Direction = 'request' | 'response';

/** A string of each format, as a reader would expect one to look. */
const formats: Record<string, string> = {
  'date-time': '2026-01-15T09:30:00Z',
  date: '2026-01-15',
  time: '09:30:00Z',
  email: 'reader@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  byte: 'ZXhhbXBsZQ==',
  binary: '',
};

function numberOf(schema: Node, integer: boolean): number {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : integer ? 1 : 0;
  const above = (bound: unknown, exclusive: boolean) => (typeof bound === 'number' ? bound + (exclusive ? step || 1 : 0) : undefined);
  // OpenAPI 3.0 writes an exclusive bound as a boolean beside it, 3.1 as the bound itself.
  const low =
    above(schema.exclusiveMinimum, true) ??
    above(schema.minimum, schema.exclusiveMinimum === true) ??
    Math.min(0, Number(schema.maximum ?? 0));
  let value = step ? Math.ceil(low / step) * step : low;
  if (integer) value = Math.ceil(value);
  return value;
}

function stringOf(schema: Node): string {
  const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
  if (format !== undefined) return format;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return 'string'.padEnd(min, 'x').slice(0, max);
}

/** A value that fits `schema` (a schema of `document`, `$ref`s resolved within it), for one direction. */
export function generate(document: OpenApiDocument, schema: unknown, direction: Direction, depth = 0): unknown {
  const node: unknown = resolveLocalRef(document, schema);
  if (!isNode(node) || depth > 12) return null;
  if (node.example !== undefined) return node.example;
  if (Array.isArray(node.examples) && node.examples.length > 0) return node.examples[0] as unknown;
  if (node.const !== undefined) return node.const;
  if (node.default !== undefined) return node.default;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0] as unknown;
  const next = (part: unknown) => generate(document, part, direction, depth + 1);
  if (Array.isArray(node.allOf)) {
    const parts = node.allOf.map(next);
    const own = next({...node, allOf: undefined});
    return [...parts, own].every((part) => isNode(part) || part === null) ? Object.assign({}, ...parts, isNode(own) ? own : {}) : parts[0];
  }
  const choices = node.oneOf ?? node.anyOf;
  if (Array.isArray(choices) && choices.length > 0) return next(choices[0]);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((item) => item !== 'null') ?? (isNode(node.properties) ? 'object' : node.items ? 'array' : types[0]);
  switch (type) {
    case 'object': {
      const properties = isNode(node.properties) ? node.properties : {};
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      const skip = direction === 'request' ? 'readOnly' : 'writeOnly';
      const value: Node = {};
      for (const [name, property] of Object.entries(properties)) {
        if (!required.has(name) && name !== 'id') continue;
        if (resolveLocalRef<Node>(document, property)?.[skip] === true) continue;
        value[name] = next(property);
      }
      return value;
    }
    case 'array': {
      if (Array.isArray(node.prefixItems)) return node.prefixItems.map(next);
      const count = Math.max(typeof node.minItems === 'number' ? node.minItems : 1, 0);
      const max = typeof node.maxItems === 'number' ? node.maxItems : count;
      return node.items === false ? [] : Array.from({length: Math.min(count, max)}, () => next(node.items ?? {}));
    }
    case 'integer':
      return numberOf(node, true);
    case 'number':
      return numberOf(node, false);
    case 'boolean':
      return true;
    case 'string':
      return stringOf(node);
    case 'null':
      return null;
    default:
      return {};
  }
}
