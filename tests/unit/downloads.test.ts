import {test, before} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {parse, stringify} from 'yaml';
import {downloadsOf, renderDownloads, toPostmanCollection} from '../../lib/api-render/downloads';
import {readSpecText} from '../../lib/api-model/model';
import {apis, listOperations, parseSpec} from '../../lib/api-model/specs';
import {formatProblems, rawUrlProblems, specProblems} from '../lib/postman';
import {model, specs} from '../lib/specs';

// The downloads are made once, from the model, as the API reference plugin makes them.
let downloads = new Map<string, string>();
const read = (file: string) => downloads.get(file) ?? assert.fail(`no download ${file}`);
before(async () => {
  downloads = await renderDownloads(model);
});

/** A value the test needs (a part of a collection, of a spec, of the downloads): a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `missing: ${what}`);
  return value;
}

/** The Postman collection of an API, the third of its downloads. */
const collectionDownload = (api: (typeof apis)[number]) => present(downloadsOf(api.name)[2], `the Postman collection of ${api.title}`);

/** The parts of a collection's JSON that the tests read and break. */
type RequestItem = {
  request: {
    name?: string;
    auth?: {type: string};
    url: {raw: string; host: string[]; path: string[]; variable: {value: string}[]};
    body?: {raw?: string};
  };
  response: {name: string}[];
};
type CollectionJson = {
  info: {name: string; schema: string};
  auth?: {type: string; apikey?: {key: string; value: string}[]};
  variable: {key: string; value: string}[];
  item: {name: string; item?: RequestItem[]}[];
};

test('the six downloads are written, each under the stable URL its links use', () => {
  assert.deepEqual(
    [...downloads.keys()].sort(),
    apis
      .flatMap((api) => downloadsOf(api.name))
      .map((download) => download.file)
      .sort(),
  );
  for (const api of apis) {
    const urls = downloadsOf(api.name).map((download) => download.url);
    assert.deepEqual(urls, [`/specs/${api.name}.yaml`, `/specs/${api.name}.json`, `/specs/${api.name}.postman_collection.json`]);
  }
});

for (const api of apis) {
  const [yaml, json, postman] = downloadsOf(api.name);
  const spec = specs[api.name];

  test(`${api.title}: the YAML is the committed spec byte for byte, the JSON the same document`, () => {
    assert.ok(yaml && json, `${api.title}: downloadsOf() gives no YAML or JSON spec`);
    assert.equal(read(yaml.file), readFileSync(api.file, 'utf8'));
    assert.deepEqual(JSON.parse(read(json.file)), parse(read(yaml.file)));
    assert.match(read(json.file), /^\{\n {2}"openapi": /, 'the JSON is indented by two spaces');
  });

  test(`${api.title}: the Postman collection follows the v2.1 format and holds every operation once`, () => {
    assert.ok(postman, `${api.title}: downloadsOf() gives no Postman collection`);
    const collection = JSON.parse(read(postman.file));
    assert.deepEqual(formatProblems(collection), []);
    assert.deepEqual(specProblems(collection, spec), []);
    assert.deepEqual(rawUrlProblems(collection), []);
    assert.equal(collection.info.name, `Plaza ${api.title}`);
    const usedTags = new Set(listOperations(spec).flatMap((operation) => operation.tags));
    const folders = (spec.tags ?? []).map((tag) => tag.name).filter((name) => usedTags.has(name));
    assert.deepEqual(
      collection.item.map((folder: {name: string}) => folder.name),
      folders,
      'one folder per tag, in the order of the spec',
    );
  });
}

test('a collection is made the same way every time, with the same id, so Postman can replace an import', async () => {
  const [api] = apis;
  // From a copy of the spec's document, as another build reads it.
  const again = await toPostmanCollection(api, structuredClone(specs[api.name]));
  assert.equal(`${JSON.stringify(again, null, 2)}\n`, read(collectionDownload(api).file));
});

test('the checks of a collection catch what would break it for a reader', () => {
  const [api] = apis;
  const spec = specs[api.name];
  const pristine = JSON.parse(read(collectionDownload(api).file)) as CollectionJson;
  const folder = (collection: CollectionJson) => present(collection.item[0], 'a first folder');
  const firstFolder = (collection: CollectionJson) => present(folder(collection).item, 'the requests of the first folder');
  const request = (collection: CollectionJson, index: number) =>
    present(firstFolder(collection)[index], `request ${index} of the first folder`);
  const body = (collection: CollectionJson) => present(request(collection, 1).request.body, 'the body of request 1 of the first folder');
  const breakages: [string, (collection: CollectionJson) => void, RegExp][] = [
    ['a request left out', (collection) => firstFolder(collection).pop(), /is 0 requests, not one/],
    ['a request twice', (collection) => firstFolder(collection).push(structuredClone(request(collection, 0))), /is 2 requests, not one/],
    [
      'a path variable renamed',
      (collection) => (request(collection, 0).request.url.path[2] = ':id'),
      /:id\/invitations is a request for no operation/,
    ],
    [
      'a wrong path variable value',
      (collection) => (present(request(collection, 0).request.url.variable[0], 'a path variable').value = 'acct_other'),
      /sets :account_id to acct_other/,
    ],
    ['a request with its own auth', (collection) => (request(collection, 0).request.auth = {type: 'noauth'}), /has an auth of its own/],
    [
      'another host',
      (collection) => (request(collection, 0).request.url.host = ['https://api.plaza.example']),
      /goes to https:\/\/api\.plaza\.example/,
    ],
    ['a raw URL that says another path', (collection) => (request(collection, 0).request.url.raw += '/extra'), /invitations\/extra is not/],
    ['an example response left out', (collection) => request(collection, 0).response.pop(), /has no example response for/],
    [
      'a body that is no example',
      (collection) => (body(collection).raw = '{"email": "someone@example.com"}'),
      /a body that is none of the spec's examples/,
    ],
    ['no auth', (collection) => delete collection.auth, /does not send \{\{secretKey\}\}/],
    [
      'a key in the collection',
      (collection) => (present(collection.variable[1], 'a second collection variable').value = 'sk_test_0000'),
      /secretKey\}\} is not an empty collection variable/,
    ],
    ['no baseUrl', (collection) => collection.variable.shift(), /\{\{baseUrl\}\} is undefined/],
    [
      'another format',
      (collection) => (collection.info.schema = 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json'),
      /^\/info\/schema /,
    ],
    ['an unknown property', (collection) => (request(collection, 0).request.name = 'copy'), /request must NOT have additional properties/],
    ['a folder without items', (collection) => delete folder(collection).item, /^\/item\/0 must have required property 'request'/],
    [
      'a multi-line example name',
      (collection) => (present(request(collection, 0).response[0], 'an example response').name = 'A page\nof invitations'),
      /response\/0\/name must match pattern/,
    ],
    ['a raw body without its text', (collection) => delete body(collection).raw, /body must have required property 'raw'/],
  ];
  for (const [name, breakIt, expected] of breakages) {
    const collection = structuredClone(pristine);
    breakIt(collection);
    const problems = [...formatProblems(collection), ...specProblems(collection, spec), ...rawUrlProblems(collection)];
    assert.ok(
      problems.some((problem) => expected.test(problem)),
      `${name} went unnoticed: ${JSON.stringify(problems)}`,
    );
  }
});

test('a spec the converter refuses stops the downloads with one line naming the spec', async () => {
  const broken = parse(readFileSync('specs/accounts.yaml', 'utf8'));
  delete broken.paths;
  const [accounts, ...others] = model.apis;
  assert.ok(accounts);
  const documents = await readSpecText(stringify(broken), resolve('specs/accounts.yaml'), accounts.file);
  const error = await renderDownloads({...model, apis: [{...accounts, ...documents}, ...others]}).then(
    () => assert.fail('the downloads were made'),
    (failure: Error) => failure,
  );
  assert.equal(error.message.split('\n').length, 1, error.message);
  assert.match(error.message, /^specs\/accounts\.yaml: the Postman converter failed: .*Paths/);
});

test("a foreign spec's collection sends what its top-level security names, from empty variables named for it", async () => {
  // A foreign spec, as the model of a preview reads it: none of Plaza's conventions, its X-API-KEY scheme included.
  const api = {...apis[0], plaza: false};
  const spec = parseSpec(readFileSync('tests/fixtures/kitchen-sink.yaml', 'utf8'));
  const schemes = spec.components!.securitySchemes as Record<string, {type: string; name?: string; in?: string; scheme?: string}>;
  // What Postman must send for each kind of scheme, as OpenAPI defines them.
  const expected = (name: string) => {
    const scheme = present(schemes[name], `the security scheme ${name}`);
    if (scheme.type === 'apiKey') return {type: 'apikey', sends: {key: scheme.name, in: scheme.in}};
    if (scheme.type === 'http' && scheme.scheme === 'basic') return {type: 'basic', sends: {}};
    return {type: 'bearer', sends: {}};
  };
  for (const name of Object.keys(schemes)) {
    const foreign = {...spec, security: [{[name]: []}]};
    const collection = (await toPostmanCollection(api, foreign)) as CollectionJson;
    assert.deepEqual(specProblems(collection, foreign, false), [], name);
    assert.deepEqual(formatProblems(collection), [], name);
    const {type, sends} = expected(name);
    assert.equal(collection.auth?.type, type, name);
    for (const [key, value] of Object.entries(sends)) {
      assert.equal(
        present(
          collection.auth?.apikey?.find((item) => item.key === key),
          `${name}: the auth's ${key}`,
        ).value,
        value,
        `${name}: ${key}`,
      );
    }
    const credentials = collection.variable.slice(1);
    assert.ok(credentials.length > 0 && credentials.every((item) => item.value === ''), `${name}: its credentials are empty variables`);
    assert.ok(
      !JSON.stringify(collection).includes('secretKey') && !collection.info.name.startsWith('Plaza'),
      `${name}: nothing of Plaza's`,
    );
  }
  const open = (await toPostmanCollection(api, {...spec, security: []})) as CollectionJson;
  assert.equal(open.auth, undefined, 'no top-level security, no auth');
  assert.deepEqual(
    open.variable.map((item) => item.key),
    ['baseUrl'],
  );
});

test('a spec whose security a collection cannot send, or without servers, stops with one line', async () => {
  const [api] = apis;
  const spec = parseSpec(readFileSync(api.file, 'utf8'));
  await assert.rejects(
    toPostmanCollection(api, {...spec, security: [{Missing: []}]}),
    /names Missing, which components\.securitySchemes does not define/,
  );
  const digest = {
    ...spec,
    security: [{Digest: []}],
    components: {...spec.components, securitySchemes: {Digest: {type: 'http', scheme: 'digest'}}},
  };
  await assert.rejects(toPostmanCollection(api, digest), /names Digest \(HTTP digest\), which a Postman collection cannot send/);
  // OpenAPI's default server is `/` of wherever the document is served: the reader sets the host.
  const serverless = (await toPostmanCollection(api, {...spec, servers: []})) as CollectionJson;
  assert.equal(serverless.variable?.find((item) => item.key === 'baseUrl')?.value, '');
  assert.match(
    String((serverless.info as {description?: {content: string}}).description?.content),
    /names no server: set `baseUrl` to the API's address/,
  );
});
