/**
 * The schema vocabulary of OpenAPI 3.0 and 3.1 in the API reference's field tables and in the
 * Markdown twins, read from the schemas of tests/fixtures/kitchen-sink.yaml as the site reads them
 * (dereferenced by the API model, lib/api-model, cycles cut to `circular(Title)`). Expected
 * values come from the fixture's own text; the 3.0-only forms come from a small 3.0 document.
 */
import {readFileSync} from 'node:fs';
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {parse} from 'yaml';
import {resolve} from 'node:path';
import {readSpecText} from '../../lib/api-model/model';
import type {ApiPage} from '../../lib/api-render/operation';
import {createApiPageMD} from '../../lib/api-render/operation-page';
import {constraints, typeLabel, type Schema} from '../../lib/api-render/schema';
import {schemaExample} from '../../lib/api-render/schema-example';
import {fieldTable, inlineDepth, type Alternatives, type Field, type FieldTable} from '../../lib/api-render/schema-fields';
import {mdxToMarkdown} from '../../src/plugins/markdown-twins/mdx-to-markdown';

const fixture = 'tests/fixtures/kitchen-sink.yaml';
type Spec = {
  paths: Record<string, Record<string, ApiPage['api']>>;
  security?: ApiPage['api']['security'];
  components: {schemas: Record<string, Schema>; securitySchemes: ApiPage['api']['securitySchemes']};
};
/** The fixture as written ($refs unresolved): where the expected values come from. */
const raw = parse(readFileSync(fixture, 'utf8')) as Spec;
const written = raw.components.schemas;
/** The fixture as the generator gets it (loaded before the tests). */
let resolved: Spec;
let schemas: Spec['components']['schemas'];
before(async () => {
  resolved = (await readSpecText(readFileSync(fixture, 'utf8'), resolve(fixture))).resolved as unknown as Spec;
  schemas = resolved.components.schemas;
});

/** A value the fixture (or what the site makes of it) must hold: a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `missing: ${what}`);
  return value;
}
/** A schema of the fixture, as written and as the generator gets it. */
const writtenSchema = (name: string): Schema => present(written[name], `the fixture's schema ${name}`);
const resolvedSchema = (name: string): Schema => present(schemas[name], `the resolved schema ${name}`);
/** Looks up the properties of a schema by name, each one the fixture must give it. */
const propertiesOf =
  (schema: Schema, what: string) =>
  (name: string): Schema =>
    present(schema.properties?.[name], `${what}.${name}`) as Schema;
/** The discriminator mapping of a schema, as [value, schema name] pairs. */
const mappingOf = (schema: Schema): [string, string][] =>
  Object.entries(schema.discriminator!.mapping!).map(([value, ref]) => [value, String(ref).replace(/^.*\//, '')]);

const refName = (ref: unknown): string => String((ref as {$ref: string}).$ref).replace(/^.*\//, '');
const row = (table: FieldTable, name: string): Field | undefined => table.rows.find((field) => field.name === name);
const alternatives = (table: FieldTable): Alternatives[] =>
  table.groups.filter((group): group is Alternatives => group.kind === 'alternatives');

test('a oneOf with a discriminator: each alternative with its fields and the values that select it', () => {
  const [group] = alternatives(fieldTable(resolvedSchema('Payment'), 'request', 'test'));
  assert.ok(group, 'Payment has alternatives');
  assert.equal(group.path, 'method');
  assert.equal(group.keyword, 'oneOf');
  const written = writtenSchema('PaymentMethod');
  const names = written.oneOf!.map(refName);
  assert.deepEqual(
    group.options.map((option) => option.label),
    names,
  );
  const mapping = mappingOf(written);
  assert.equal(group.discriminator?.property, written.discriminator!.propertyName);
  for (const [value, name] of mapping) assert.deepEqual(group.options[names.indexOf(name)]?.values, [value], `${value} selects ${name}`);
  // An alternative the mapping leaves out is selected by its discriminator property's const.
  const unmapped = names.find((name) => !mapping.some(([, target]) => target === name))!;
  const own = propertiesOf(writtenSchema(unmapped), unmapped)('kind');
  assert.deepEqual(group.options[names.indexOf(unmapped)]?.values, [own.const]);
  for (const [index, name] of names.entries()) {
    const expected = Object.entries(writtenSchema(name).properties!)
      .filter(([, property]) => !(property as Schema).readOnly)
      .map(([property]) => `method.${property}`);
    assert.deepEqual(
      group.options[index]?.table.rows.map((field) => field.name),
      expected,
      name,
    );
  }
});

test('a body that is a oneOf is its alternatives, under no path', () => {
  const table = fieldTable(resolvedSchema('PaymentMethod'), 'response', 'test');
  assert.equal(table.rows.length, 0);
  assert.equal(alternatives(table)[0]?.path, '');
  assert.equal(typeLabel(resolvedSchema('PaymentMethod')), `one of ${writtenSchema('PaymentMethod').oneOf!.length} shapes`);
  assert.equal(typeLabel({anyOf: [{type: 'string'}, {type: 'integer'}]}), 'string or integer', 'plain values are named');
});

test('an anyOf is alternatives too, named by their titles', () => {
  const [group] = alternatives(fieldTable(resolvedSchema('Decoration'), 'request', 'test'));
  assert.ok(group, 'Decoration has alternatives');
  assert.equal(group.keyword, 'anyOf');
  assert.deepEqual(
    group.options.map((option) => option.label),
    writtenSchema('Decoration').anyOf!.map((option) => (option as Schema).title),
  );
});

test('a recursive schema is expanded once, then links back to where it is', () => {
  const table = fieldTable(resolvedSchema('Category'), 'response', 'response-200');
  const recursive = row(table, 'subcategories')!;
  assert.deepEqual(recursive.repeats, {path: '', anchor: table.anchor});
  assert.ok(table.anchor, 'the table the recursion points at has an id');
  assert.deepEqual(
    table.rows.map((field) => field.name),
    Object.keys(writtenSchema('Category').properties!),
  );
});

test('readOnly fields only in responses, writeOnly fields only in requests', () => {
  const request = fieldTable(resolvedSchema('Cake'), 'request', 'test');
  const response = fieldTable(resolvedSchema('Cake'), 'response', 'test');
  for (const [name, property] of Object.entries(writtenSchema('Cake').properties!) as [string, Schema][]) {
    assert.equal(Boolean(row(request, name)), !property.readOnly, `${name} in the request`);
    assert.equal(Boolean(row(response, name)), !property.writeOnly, `${name} in the response`);
  }
});

test('nullable in the 3.1 form, and in the 3.0 forms', () => {
  assert.equal(typeLabel(propertiesOf(resolvedSchema('Cake'), 'Cake')('note')), 'string or null');
  assert.equal(typeLabel({type: 'string', nullable: true}), 'string or null');
  assert.equal(typeLabel({oneOf: [{type: 'integer'}, {type: 'null'}]}), 'integer or null');
});

test('const, enums with the descriptions of their values, examples, defaults, formats', () => {
  const cake = propertiesOf(resolvedSchema('Cake'), 'Cake');
  const source = propertiesOf(writtenSchema('Cake'), 'Cake');
  assert.ok(constraints(cake('recipe_version')).includes(`Always \`${source('recipe_version').const}\`.`));
  const crust = constraints(cake('crust')).join('\n');
  for (const [value, description] of Object.entries(source('crust')['x-enumDescriptions']!))
    assert.ok(crust.includes(`\`${value}\`: ${description}`), value);
  const size = constraints(cake('size')).join('\n');
  for (const option of source('size').oneOf as Schema[])
    assert.ok(size.includes(`\`${option.const}\`: ${option.description}`), String(option.const));
  assert.equal(typeLabel(cake('size')), 'string');
  assert.ok(
    constraints(cake('flavor')).includes(
      `Examples ${source('flavor')
        .examples!.map((value) => `\`${value}\``)
        .join(', ')}.`,
    ),
  );
  assert.ok(constraints(cake('layers')).includes(`Default \`${source('layers').default}\`.`));
  assert.equal(typeLabel(cake('bake_at')), `string (${source('bake_at').format})`);
  assert.equal(row(fieldTable(resolvedSchema('Cake'), 'request', 'test'), 'legacy_code')?.deprecated, true);
});

test('bounds in both forms, multipleOf and not', () => {
  const source = propertiesOf(writtenSchema('Cake'), 'Cake');
  const weight = source('weight_grams');
  const phrase = `Value above ${weight.exclusiveMinimum} and at most ${weight.maximum}.`;
  assert.ok(constraints(weight).includes(phrase));
  assert.ok(constraints({...weight, minimum: Number(weight.exclusiveMinimum), exclusiveMinimum: true}).includes(phrase), 'the 3.0 form');
  assert.ok(constraints(weight).includes(`Multiple of ${weight.multipleOf}.`));
  const forbidden = (source('nickname').not as Schema).enum!;
  assert.ok(constraints(source('nickname')).includes(`Not one of ${forbidden.map((value) => `\`${value}\``).join(', ')}.`));
});

test('maps, arrays of arrays and tuples', () => {
  const cake = propertiesOf(resolvedSchema('Cake'), 'Cake');
  assert.equal(typeLabel(cake('stock')), 'map of integer');
  assert.equal(typeLabel(cake('labels')), 'map of string');
  const pattern = Object.keys(propertiesOf(writtenSchema('Cake'), 'Cake')('labels').patternProperties!)[0];
  assert.ok(constraints(cake('labels')).includes(`Keys match \`${pattern}\`.`));
  assert.equal(typeLabel(cake('topping_grid')), 'array of array of object');
  const table = fieldTable(resolvedSchema('Cake'), 'request', 'test');
  for (const name of Object.keys(writtenSchema('Topping').properties!)) assert.ok(row(table, `topping_grid[][].${name}`), name);
  assert.equal(typeLabel(cake('position')), 'tuple of number, number');
});

test('fields nested deeper than the inline depth are collapsed, to be opened', () => {
  const table = fieldTable(resolvedSchema('Cake'), 'request', 'test');
  const depth = (name: string) => name.split(/\.|\[\]/).filter(Boolean).length - 1;
  assert.ok(table.rows.every((field) => depth(field.name) <= inlineDepth));
  const collapsed = table.groups.find((group) => group.kind === 'collapsed')!;
  assert.ok(collapsed.table.rows.some((field) => depth(field.name) > inlineDepth));
  assert.ok(row(table, collapsed.path), 'the collapsed fields belong to a row of the table');
});

test('a response without examples of its own gets one from the schema and its fields (a const is its only example)', () => {
  const fromFields = Object.fromEntries(
    Object.entries(writtenSchema('Cake').properties as Record<string, Schema>)
      .filter(([, property]) => (property.examples || property.const !== undefined) && !property.writeOnly)
      .map(([name, property]) => [name, property.examples?.[0] ?? property.const]),
  );
  assert.deepEqual(schemaExample(resolvedSchema('Cake'), 'response'), fromFields);
  assert.deepEqual(schemaExample(resolvedSchema('Category'), 'response'), writtenSchema('Category').examples![0]);
  assert.equal(schemaExample(resolvedSchema('Topping'), 'response'), undefined, 'nothing the spec does not give');
});

/** The page of an operation of the fixture, and its Markdown twin. */
function page(path: string, method: string): {mdx: string; twin: string} {
  const operation = present(resolved.paths[path]?.[method], `${method.toUpperCase()} ${path} in the fixture`);
  // The spec's schemes and top-level security, as docusaurus-plugin-openapi-docs gives them to each page.
  const security = operation.security ?? resolved.security;
  const api = {...operation, method, path, security, securitySchemes: resolved.components.securitySchemes};
  const {mdx, samples} = createApiPageMD(
    {id: String((operation as {operationId?: string}).operationId), title: operation.summary!, api},
    '/api',
  );
  const context = {
    siteDir: '.',
    resolveUrl: (url: string) => url,
    cards: () => [],
    samples: () => samples?.file ?? {server: '', requests: [], languages: {}},
  };
  return {mdx, twin: mdxToMarkdown(mdx, 'page.mdx', operation.summary!, context)};
}

test('the page and its twin show the alternatives, the discriminator and the built example', () => {
  const {mdx, twin} = page('/shapes/payments', 'post');
  const mapping = writtenSchema('PaymentMethod').discriminator!.mapping!;
  for (const text of [mdx, twin]) {
    for (const name of writtenSchema('PaymentMethod').oneOf!.map(refName)) assert.ok(text.includes(name), name);
    for (const value of Object.keys(mapping)) assert.ok(text.includes(`When \`kind\` is \`${value}\``), value);
  }
  const cake = page('/shapes/cakes', 'post');
  const exampleLine = present(
    JSON.stringify(schemaExample(resolvedSchema('Cake'), 'response'), null, 2).split('\n')[1],
    'a first field of the built example',
  );
  assert.ok(cake.mdx.includes(exampleLine));
  assert.ok(cake.twin.includes('Fields of `delivery.address.geo.precision`'));
  const tree = page('/shapes/categories', 'get');
  assert.match(tree.mdx, /<a href="#response-200-fields">the top level<\/a>/);
  assert.match(tree.mdx, /<a id="response-200-fields">Fields:<\/a>/);
  assert.ok(
    tree.twin.includes('[the top level](#response-200-fields)') && !tree.twin.includes(']()'),
    'the twin keeps the link, and the target as text',
  );
});

test('a base schema whose discriminator maps to the schemas that extend it (allOf): its fields, then each extension as an alternative', () => {
  const base = writtenSchema('Pastry');
  const table = fieldTable(resolvedSchema('Pastry'), 'request', 'test');
  assert.deepEqual(
    table.rows.map((field) => field.name),
    Object.keys(base.properties!),
    'the base fields, once',
  );
  const [group] = alternatives(table);
  assert.ok(group, 'Pastry has alternatives');
  const mapping = mappingOf(base);
  assert.deepEqual(group.discriminator, {property: base.discriminator!.propertyName, mapping});
  for (const [index, [value, name]] of mapping.entries()) {
    const own = (present(writtenSchema(name).allOf?.[1], `the schema ${name} adds to Pastry`) as Schema).properties!;
    const option: Alternatives['options'][number] | undefined = group.options[index];
    assert.ok(option, `an alternative for ${name}`);
    assert.equal(option.label, name);
    assert.deepEqual(option.values, [value]);
    assert.deepEqual(
      option.table.rows.map((field) => field.name),
      Object.keys(own),
      `${name}: only the fields it adds`,
    );
  }
});

test('spec text links only to full addresses: a relative link is its words alone', () => {
  const {mdx, twin} = page('/shapes/pastries', 'post');
  const description = present(resolved.paths['/shapes/pastries']?.post, 'POST /shapes/pastries in the fixture').description!;
  // Both groups are not optional: the defaults never apply.
  const [, relativeWords = '', relativeUrl = ''] = /\[([^\]]+)\]\((\/[^)]+)\)/.exec(description)!;
  const [absolute] = /\[[^\]]+\]\(https:[^)]+\)/.exec(description)!;
  for (const text of [mdx, twin]) {
    assert.ok(text.includes(relativeWords) && !text.includes(relativeUrl), 'the relative link is text');
    assert.ok(text.includes(absolute), 'the full address stays a link');
  }
});

test('a foreign API key is "an API key" in its own header, with no link to Plaza\'s Authentication guide', () => {
  // An operation with the spec's top-level security, an API key in a header.
  const {mdx, twin} = page('/shapes/pastries', 'post');
  const [name] = Object.keys(present(raw.security?.[0], "the fixture's top-level security"));
  assert.ok(name, "the fixture's top-level security names a scheme");
  const header = present((raw.components.securitySchemes as Record<string, {name: string}>)[name], `the security scheme ${name}`).name;
  for (const text of [mdx, twin]) {
    assert.ok(text.replace(/\s+/g, ' ').includes(`Send an API key in the \`${header}\` header.`), text.slice(0, 1200));
    assert.ok(!/secret key|\/api\/authentication/i.test(text));
  }
});

test('query parameters are sent in their style: form exploded and not, pipe-delimited, deepObject', () => {
  const {twin} = page('/orders/search', 'get');
  const curl = present(/```bash\n([\s\S]*?)\n```/.exec(twin)?.[1], "the twin's curl block");
  // Serialized as OpenAPI's style table does for these values (URL-encoded: `|` is %7C, `[` and `]` are %5B and %5D).
  const query = 'states=baked&states=delivered&fields=item,state&sort=state%7Cplaced_at&price%5Bmin%5D=5&price%5Bmax%5D=20';
  assert.ok(curl.includes(`/orders/search?${query}`), curl);
});
