/**
 * What a value must be, in the words of the API's own error messages ("limit must be an integer from 1
 * to 100."), made from the schema it broke rather than from the validator's wording. The sandbox's
 * answers and the Try it panel both read these, so a reader sees the same sentence in both.
 */
type Node = Record<string, unknown>;
type Lookup = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema followed through its `$ref`s (as the validator's lookup holds them). */
function resolve(schema: unknown, lookup: Lookup, depth = 0): Node | undefined {
  if (!isNode(schema)) return undefined;
  if (typeof schema.$ref === 'string' && depth < 16) return resolve(lookup[schema.$ref], lookup, depth + 1);
  return schema;
}

/** The schema and the parts it is made of (`allOf`, and the alternatives of `anyOf`/`oneOf`), each resolved. */
function parts(schema: Node, lookup: Lookup, depth = 0): Node[] {
  const found = [schema];
  if (depth > 8) return found;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    for (const part of list) {
      const resolved = resolve(part, lookup);
      if (resolved) found.push(...parts(resolved, lookup, depth + 1));
    }
  }
  return found;
}

/** The schema of the value at `path` (property names and indexes) in an instance of `schema`. */
export function schemaAt(schema: unknown, path: string[], lookup: Lookup): Node | undefined {
  let node = resolve(schema, lookup);
  for (const step of path) {
    if (!node) return undefined;
    const next: Node | undefined = parts(node, lookup)
      .map((part) => (/^\d+$/.test(step) ? part.items : isNode(part.properties) ? part.properties[step] : undefined))
      .map((candidate) => resolve(candidate, lookup))
      .find(Boolean);
    node = next;
  }
  return node && throughAllOf(node, lookup);
}

/**
 * A schema that says what it is only through its `allOf` (a `$ref` given a description of its own,
 * `{description, allOf: [{$ref: Currency}]}`), read as the part that has a type or an enum.
 */
function throughAllOf(node: Node, lookup: Lookup): Node {
  if (node.type !== undefined || node.enum !== undefined || !Array.isArray(node.allOf)) return node;
  const typed = parts(node, lookup).find((part) => part.type !== undefined || part.enum !== undefined);
  return typed ? {...node, ...typed} : node;
}

const formats: Record<string, string> = {
  'date-time': 'a date and time in ISO 8601',
  date: 'a date (YYYY-MM-DD)',
  email: 'an email address',
  uri: 'a URL',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** " from 1 to 100", " of at least 1", "" */
function range(low: unknown, high: unknown, unit = ''): string {
  const lowText = typeof low === 'number' ? (unit ? plural(low, unit) : String(low)) : undefined;
  const highText = typeof high === 'number' ? (unit ? plural(high, unit) : String(high)) : undefined;
  if (lowText && highText) return ` from ${String(low)} to ${highText}`;
  if (lowText) return ` of at least ${lowText}`;
  if (highText) return ` of at most ${highText}`;
  return '';
}

/** What a value of the schema is, as a noun phrase ("an integer from 1 to 100"), or undefined. */
export function expected(schema: Node): string | undefined {
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const type = types.find((item) => item !== 'null' && item !== undefined);
  const nullable = types.includes('null');
  const example = schema.example;
  let text: string;
  if (Array.isArray(schema.enum)) {
    text = `one of ${schema.enum
      .filter((item) => item !== null)
      .map((item) => String(item))
      .join(', ')}`;
  } else if (type === 'integer' || type === 'number') {
    const bounds = range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum ?? schema.exclusiveMaximum);
    text = `${type === 'integer' ? 'an integer' : 'a number'}${bounds}${bounds === '' && typeof example === 'number' ? `, like ${example}` : ''}`;
  } else if (type === 'string') {
    const format = typeof schema.format === 'string' ? formats[schema.format] : undefined;
    const length = range(schema.minLength, schema.maxLength, 'character');
    const like = typeof example === 'string' && example.length <= 60 ? `, like ${example}` : '';
    text = format
      ? `${format}${like}`
      : schema.pattern
        ? `text in the form ${typeof example === 'string' ? example : String(schema.pattern)}`
        : `text${length}${like}`;
  } else if (type === 'boolean') text = 'true or false';
  else if (type === 'array') text = `a list${range(schema.minItems, schema.maxItems, 'item')}`;
  else if (type === 'object') text = 'an object';
  else return undefined;
  return nullable ? `${text}, or null` : text;
}

/**
 * The problem of one validation error, said plainly: what the value must be, read from the schema at
 * its place (`schema`), or the validator's words when the schema says nothing plainer.
 */
export function plainMessage(keyword: string, validatorText: string, schema: Node | undefined): string {
  if (keyword === 'required') return 'is required';
  if (validatorText === 'False boolean schema.') return 'is not a field here';
  if (keyword === 'minProperties' && schema && typeof schema.minProperties === 'number')
    return `must set at least ${plural(schema.minProperties, 'field')}`;
  if (keyword === 'uniqueItems') return 'must not list the same item twice';
  if (keyword === 'const' && schema) return `must be ${String(schema.const)}`;
  const described = schema ? expected(schema) : undefined;
  return described ? `must be ${described}` : validatorText;
}
