/**
 * What public specs do that a reference must read right (issue 33: Discord, OpenAI, Square, Twilio,
 * Adyen and the Train Travel example were built, and none built as published). Each construct is
 * an operation of the Menu tag of tests/fixtures/kitchen-sink.yaml, rendered here as `npm run
 * preview` renders it: a foreign spec, with none of Plaza's conventions. Expected values are read
 * from the fixture; tests/e2e/kitchen-sink.spec.ts checks the built pages.
 */
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {parse} from 'yaml';
import {readApi, type ApiSpec} from '../../lib/api-model/model';
import {previewRoute} from '../../lib/api-model/site';
import {renderReference, type Reference, type SidebarItem} from '../../lib/api-render/reference';
import {codeBlocks} from '../../lib/docs-source';

const fixture = resolve('tests/fixtures/kitchen-sink.yaml');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fixture's objects, walked by the paths each test names: a wrong path fails that test
const written = parse(readFileSync(fixture, 'utf8')) as Record<string, any>;

let pages: Map<string, string>;
let fetched: Reference['samples'];
let sidebar: SidebarItem[];

/** A foreign spec's API, as the preview's model makes it. */
async function preview(source: string, file = fixture): Promise<ApiSpec> {
  return readApi({name: 'reference', title: 'Kitchen Sink API', file, route: previewRoute, categorySlug: '/'}, source, {foreign: true});
}

before(async () => {
  ({files: pages, samples: fetched, sidebar} = renderReference(await preview(readFileSync(fixture, 'utf8')), [], {preview: true}));
});

const page = (slug: string): string => {
  const found = pages.get(`${slug}.api.mdx`);
  assert.ok(found, `no page ${slug}; pages: ${[...pages.keys()].join(', ')}`);
  return found;
};
/** The code blocks of a page's samples in one language (`bash` is cURL), the ones it fetches included. */
const samples = (slug: string, lang: string): string[] => [
  ...codeBlocks(page(slug))
    .filter((block) => block.lang === lang)
    .map((block) => block.text),
  ...[...fetched]
    .filter(([url]) => url.split('/').pop()?.startsWith(`${slug}.`))
    .flatMap(([, file]) =>
      Object.values(file.languages).flatMap((language) => (language.lang === lang ? language.examples.map(({code}) => code) : [])),
    ),
];
const curl = (slug: string): string => samples(slug, 'bash')[0] ?? '';
/** The rows of a page's field tables, by field name: `| \`name\` | type | description |`. */
const row = (slug: string, field: string): string => {
  const line = page(slug)
    .split('\n')
    .find((text) => text.trimStart().startsWith(`| \`${field}\``));
  assert.ok(line, `${slug}: no row for ${field}`);
  return line;
};
const frontMatter = (slug: string, key: string): string | undefined => new RegExp(`^${key}: (.*)$`, 'm').exec(page(slug))?.[1];
const operation = (path: string, method = 'get') => written.paths[path][method];

test('1. a deprecated operation gets its page, marked deprecated in the page and the sidebar', () => {
  assert.equal(operation('/menu/legacy').deprecated, true);
  assert.match(page('read-legacy-menu'), /:::warning\[Deprecated\]/);
  const items = sidebar.flatMap((item) => (item.type === 'category' ? item.items : [item]));
  const legacy = items.find((item) => item.type === 'doc' && item.id.endsWith('/read-legacy-menu'));
  assert.match(legacy?.type === 'doc' ? (legacy.className ?? '') : '', /menu__list-item--deprecated/);
});

test('2. fields nested deeper than the page shows inline, inside an alternative, are a <details> within its tab', () => {
  const box = page('order-gift-box');
  const ribbon = box.slice(box.indexOf('<TabItem value="1" label="Ribbon">'), box.indexOf('<TabItem value="2" label="Paper">'));
  assert.match(ribbon, /<details className="api-fields__more">[\s\S]*`wrapping\.ribbon\.bow\.loop\.colour\.shade`[\s\S]*<\/details>/);
});

test("3. a relative $ref is read from the spec's folder, and a $ref key inside an example is shown as the data it is", () => {
  const menu = parse(
    readFileSync(resolve('tests/fixtures', operation('/menu/legacy').responses['200'].content['application/json'].schema.$ref), 'utf8'),
  );
  for (const field of Object.keys(menu.properties)) assert.match(row('read-legacy-menu', field), new RegExp(menu.properties[field].type));
  const example = operation('/menu/legacy').responses['200'].content['application/json'].example;
  assert.ok(page('read-legacy-menu').includes(`"$ref": ${JSON.stringify(example.$ref)}`));
});

test('4. an empty summary falls back to the operationId, in the title, the sidebar and the heading', () => {
  const {operationId, summary} = operation('/menu/plain');
  assert.equal(summary, '');
  assert.equal(frontMatter('read-plain-menu', 'title'), operationId);
  assert.equal(frontMatter('read-plain-menu', 'sidebar_label'), operationId);
  assert.match(page('read-plain-menu'), new RegExp(`^ *# ${operationId}$`, 'm'));
});

test('5. a Markdown summary over several lines is its words on one line: no `**`, no link, no line break', () => {
  assert.match(operation('/menu/specials').summary, /\*\*daily\*\*[\s\S]*\n[\s\S]*\]\(/);
  const title = 'Read the daily specials from the board by the door';
  assert.equal(frontMatter('read-specials', 'title'), title);
  assert.equal(frontMatter('read-specials', 'sidebar_label'), title);
  assert.match(page('read-specials'), new RegExp(`^ *# ${title}$`, 'm'));
});

test("6. a foreign body with error.type and error.code is described by its own fields, not as Plaza's error object", () => {
  const error = operation('/menu/complaints', 'post').responses['422'].content['application/json'].schema.properties.error;
  for (const field of Object.keys(error.properties))
    assert.match(row('file-complaint', `error.${field}`), new RegExp(error.properties[field].type));
  assert.doesNotMatch(page('file-complaint'), /\/api\/errors|error object/);
});

test('7. HTTP basic samples send a user name and a password the way each language does, never a bare Basic header', () => {
  assert.match(curl('file-complaint'), /^ {2}-u "\$BASIC_LOGIN_USER:\$BASIC_LOGIN_PASSWORD" \\$/m);
  assert.match(
    samples('file-complaint', 'python')[0]!,
    /auth=\(os\.environ\["BASIC_LOGIN_USER"\], os\.environ\["BASIC_LOGIN_PASSWORD"\]\)/,
  );
  assert.match(
    samples('file-complaint', 'php')[0]!,
    /CURLOPT_USERPWD => getenv\('BASIC_LOGIN_USER'\) \. ':' \. getenv\('BASIC_LOGIN_PASSWORD'\)/,
  );
  assert.match(
    samples('file-complaint', 'javascript')[0]!,
    /"Basic " \+ Buffer\.from\(process\.env\.BASIC_LOGIN_USER \+ ":" \+ process\.env\.BASIC_LOGIN_PASSWORD\)\.toString\("base64"\)/,
  );
  assert.match(samples('file-complaint', 'java')[0]!, /Base64\.getEncoder\(\)\.encodeToString/);
  assert.match(samples('file-complaint', 'csharp')[0]!, /AuthenticationHeaderValue\("Basic", Convert\.ToBase64String\(login\)\)/);
  for (const slug of pages.keys())
    assert.doesNotMatch(pages.get(slug)!, /Basic \$|"Basic " \+ (process\.env|os\.environ)\b(?!.*Buffer)/, slug);
});

test('8. a body that may be JSON or multipart is sent as JSON, every field with a value; a multipart-only body sends arrays item by item and 3.1 files as files', async () => {
  const message = written.components.schemas.Message.properties;
  const json = curl('post-message');
  assert.match(json, /-d '\{/);
  assert.ok(json.includes(JSON.stringify(message.content.example)));
  for (const tag of message.tags.example) assert.ok(json.includes(JSON.stringify(tag)));
  // The same schema, as a form only.
  const formOnly = structuredClone(written);
  delete formOnly.paths['/channels/{channel_id}/messages'].post.requestBody.content['application/json'];
  const {files} = renderReference(await preview(JSON.stringify(formOnly)), [], {preview: true});
  const form = codeBlocks(files.get('post-message.api.mdx')!).find((block) => block.lang === 'bash')!.text;
  assert.ok(form.includes(`-F 'content=${message.content.example}'`), form);
  for (const tag of message.tags.example) assert.ok(form.includes(`-F 'tags=${tag}'`), form);
  assert.match(form, /-F 'attachment=@attachment\.bin'/);
  assert.doesNotMatch(form, /silent=/);
});

test('9. a form sends an optional field only when the spec gives an example, never its first allowed value', () => {
  const {properties} = operation('/calls', 'post').requestBody.content['application/x-www-form-urlencoded'].schema;
  assert.ok(curl('place-call').includes(`--data-urlencode 'To=${properties.To.example}'`));
  assert.doesNotMatch(curl('place-call'), /Method=/);
});

test("10. allowed values are shown: an array's item enum and bounds, an anyOf of a string and its known values, an enum: [] beside an allOf enum", () => {
  const {properties} = written.components.schemas.Allergens;
  const items = properties.codes.items;
  assert.ok(
    row('read-allergens', 'codes').includes(
      `Each item: One of ${items.enum.map((value: string) => `\`${value}\``).join(', ')}. Length at most ${items.maxLength}.`,
    ),
  );
  assert.match(row('read-allergens', 'label'), /\| string \| .*• string<br \/>• string: One of `plain`, `bold`\./);
  assert.match(row('read-allergens', 'oven'), /\| string \| .*One of `west`, `east`\./);
  assert.doesNotMatch(page('read-allergens'), /One of \./);
});

test('11. a response with a schema and no example shows one made from the schema, for each of its media types', () => {
  const allergens = page('read-allergens');
  assert.doesNotMatch(allergens, /No body\./);
  const [json] = codeBlocks(allergens).filter((block) => block.lang === 'json');
  assert.deepEqual(Object.keys(JSON.parse(json!.text)).sort(), Object.keys(written.components.schemas.Allergens.properties).sort());
  const types = Object.keys(operation('/menu/allergens').responses['200'].content);
  for (const type of types) assert.ok(allergens.includes(`(${type})`), `an example labelled ${type}`);
});

test('12. media types that share a schema show it once, together; a named schema shared by the alternatives is expanded in the first and named in the others', () => {
  const types = Object.keys(operation('/channels/{channel_id}/messages', 'post').requestBody.content);
  assert.ok(page('post-message').includes(`Content type ${types.map((type) => `\`${type}\``).join(' or ')}, required.`));
  for (const field of Object.keys(written.components.schemas.Message.properties))
    assert.equal(page('post-message').split(`| \`${field}\``).length - 1, 1, `${field} is shown once`);
  const box = page('order-gift-box');
  const card = Object.keys(written.components.schemas.GreetingCard.properties);
  for (const field of card) assert.equal(box.split(`| \`box.card.${field}\``).length - 1, 1, `box.card.${field} is shown once`);
  const rows = box.split('\n').filter((line) => line.trimStart().startsWith('| `box.card` |'));
  assert.equal(rows.length, 2);
  assert.match(rows[1]!, /The same fields as `box\.card` in the \*\*Box of cakes\*\* shape above\./);
});

test("13. nothing of Plaza's conventions on a foreign spec's pages: its X-API-KEY is its own key, its Events tag has no catalogue, files and boundaries are named for it", () => {
  assert.match(page('ping-partner'), /an API key in the `X-API-KEY` header/);
  assert.match(curl('ping-partner'), /-H "X-API-KEY: \$PARTNER_KEY"/);
  for (const [name, source] of pages) {
    assert.doesNotMatch(source, /secret key|PLAZA_|\/api\/webhook-events|\/api\/errors|\/api\/authentication|document\.pdf|"plaza-/, name);
  }
});

test('14. types are kept: null, a oneOf of required fields, an integer-or-string-or-null with bounds, an implicit discriminator by schema name, no undefined in Python', () => {
  assert.match(row('read-allergens', 'retired'), /\| null \|/);
  assert.match(
    row('read-allergens', 'shelf'),
    /\| integer or string or null \| .*• integer: Value at least 1\.<br \/>• string: Length at most 3\./,
  );
  assert.match(row('read-allergens', 'contact'), /\| object \| .*Send exactly one of: `email`; or `phone`\./);
  assert.match(page('order-gift-box'), /Its `kind` field says which: `CakeBox` for Box of cakes, `BreadBox` for Box of bread\./);
  for (const [name, source] of pages)
    for (const block of codeBlocks(source).filter((item) => item.lang === 'python')) assert.doesNotMatch(block.text, /undefined/, name);
});

test('15. JSON media types with parameters or a +json suffix are sent as JSON; an XML example is XML; every media type of a response is documented', () => {
  const complaint = curl('file-complaint');
  assert.match(complaint, /-H 'Content-Type: application\/json; charset=utf-8'/);
  assert.match(complaint, /-d '\{/);
  assert.match(curl('post-review'), /-H 'Content-Type: application\/vnd\.api\+json' \\\n {2}-d '\{/);
  const xml = codeBlocks(page('read-order')).filter((block) => block.lang === 'xml');
  assert.equal(xml.length, 1);
  assert.match(xml[0]!.text, /^<Order><id>/);
  assert.match(page('read-allergens'), /Content types: `application\/json`, `text\/csv`\./);
});

test('and: OAuth scopes are named, a webhook shows its method and key, untagged operations are listed by path, a page without a description is described by its endpoint', () => {
  assert.match(
    page('place-order'),
    /access token of `BakeryOAuth` as a bearer token granting the scope `orders:write` in the `Authorization` header/,
  );
  const [webhook, item] = Object.entries(written.webhooks as Record<string, Record<string, unknown>>)[0]!;
  assert.ok(page('oven-cooled').includes(`${Object.keys(item)[0]!.toUpperCase()} ${webhook}`));
  const ovens = sidebar.find((entry) => entry.type === 'category' && entry.label === 'Ovens');
  assert.deepEqual(ovens?.type === 'category' ? ovens.items.map((entry) => (entry.type === 'doc' ? entry.id : '')) : [], [
    `${previewRoute.slice(1)}/read-oven-status`,
  ]);
  assert.equal(frontMatter('read-plain-menu', 'description'), 'GET /menu/plain');
});

test('and: optional authentication (an empty requirement beside a scheme) is said in words, and the samples still send the scheme', () => {
  const operation = written.paths['/access/optional'].get;
  assert.deepEqual(operation.security[0], {});
  const scheme = Object.keys(operation.security[1])[0] ?? '';
  assert.equal(written.components.securitySchemes[scheme].scheme, 'bearer');
  assert.match(
    page('ping-optionally'),
    /Send a bearer token in the `Authorization` header\. Authentication is optional: the request may also be sent without credentials\./,
  );
  assert.match(curl('ping-optionally'), /Authorization: Bearer /);
});

test("and: OpenAPI 3.1's unions read right: an array branch's items, a nullable anyOf's description, nullable items and bodies, integer consts, a not of required fields", () => {
  const operation = written.paths['/menu/tastings'].post;
  const {properties} = operation.requestBody.content['application/json'].schema;
  const slug = 'book-tasting';
  const description = (name: string): string => properties[name].description;
  // The list branch of `request` shows its items' fields, each with its own description.
  const items = properties.request.oneOf[1].items.properties;
  for (const [name, field] of Object.entries(items as Record<string, {description: string}>)) {
    assert.ok(row(slug, `request[].${name}`).includes(field.description), name);
  }
  // The described branch of a nullable anyOf keeps its description and its bound.
  const [branch] = properties.note.anyOf;
  assert.match(row(slug, 'note'), new RegExp(`\\| string or null \\| ${branch.description} Length at most ${branch.maxLength}\\. \\|`));
  // Nullable items are bracketed, so that the array itself is not read as nullable.
  assert.match(row(slug, 'allergens'), new RegExp(`\\| array of \\(string or null\\) \\| ${description('allergens')}`));
  // Whole-number consts are integers.
  assert.match(row(slug, 'table'), /\| integer \|/);
  for (const option of properties.table.oneOf) assert.ok(row(slug, 'table').includes(`\`${option.const}\`: ${option.title}`));
  // `not: {required: [a, b]}` forbids both together, and says so.
  const [first, second] = properties.seating.not.required;
  assert.ok(row(slug, 'seating').includes(`Must not have both \`${first}\` and \`${second}\`: one of them at most.`));
  // A body of type [array, null] lists its items' fields.
  const answer = operation.responses['200'].content['application/json'].schema;
  assert.deepEqual(answer.type, ['array', 'null']);
  assert.ok(row(slug, '[].starts_at').includes(answer.items.properties.starts_at.description));
  // Its own `required` is kept: not marking a response's fields required is Plaza's convention, not this spec's.
  assert.deepEqual(answer.items.required, ['starts_at']);
  assert.match(row(slug, '[].starts_at'), /^\s*\| `\[\]\.starts_at`<span className="api-field__required">required<\/span> \|/);
});

test("and: a parameter's named examples give its value in the samples and its example in the table, the first of them", () => {
  const [parameter] = written.paths['/menu/tastings'].post.parameters;
  const first = Object.values(parameter.examples as Record<string, {value: string}>)[0]!.value;
  assert.match(curl('book-tasting'), new RegExp(`[?&]${parameter.name}=${first}\\b`));
  assert.ok(row('book-tasting', parameter.name).includes(`\`${first}\``), row('book-tasting', parameter.name));
});

test('and: allOf members that both define a property are merged into one, each keeping what it adds', () => {
  const [base, addition] = written.paths['/menu/tastings'].post.requestBody.content['application/json'].schema.properties.guest.allOf;
  assert.match(
    row('book-tasting', 'guest.name'),
    new RegExp(`\\| string \\| ${base.properties.name.description} Length at most ${addition.properties.name.maxLength}\\. \\|`),
  );
});

test('and: alternatives that share a title get tabs told apart, each with its own fields', () => {
  const {oneOf} = written.paths['/menu/tastings'].post.requestBody.content['application/json'].schema.properties.deposit;
  assert.equal(new Set(oneOf.map((option: {title: string}) => option.title)).size, 1);
  const tabs = [...page('book-tasting').matchAll(/<TabItem value="[^"]*" label="([^"]*)"/g)].map((match) => match[1]);
  oneOf.forEach((option: {title: string; properties: Record<string, {description: string}>}, index: number) => {
    assert.ok(tabs.includes(`${option.title} (${index + 1})`), tabs.join(', '));
    const [name, field] = Object.entries(option.properties)[0]!;
    assert.ok(row('book-tasting', `deposit.${name}`).includes(field.description));
  });
});
