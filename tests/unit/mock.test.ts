/**
 * The mock that Try it answers from on a preview site (sandbox/mock), on the pet store fixture and on
 * small documents written here: which status and which example it answers, what it makes from a
 * schema alone, what it refuses, and what it keeps within the tab. Expected values are read from the
 * fixture, and generated values are checked with the validator the mock itself uses.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {parse} from 'yaml';
import {resolveLocalRef, type OpenApiDocument} from '../../lib/api-model/operations';
import {Mock} from '../../sandbox/mock';
import {generate} from '../../sandbox/mock/generate';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the fixture's objects, walked by the paths each test names

const petStore = parse(readFileSync('tests/fixtures/pet-store.yaml', 'utf8')) as Json;
const json = {'Content-Type': 'application/json'};

/** A request to the mock; a body given as a value is sent as JSON. */
function send(mock: Mock, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return mock.handle({
    method,
    url,
    headers: {...(body === undefined ? {} : json), ...headers},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A named example of a media type of the pet store. */
const named = (media: Json, name: string): unknown => media.examples[name].value;
const createPet = petStore.paths['/pets'].post;
const getPet = petStore.paths['/pets/{petId}'].get;

test('the status is the lowest documented 2xx; Prefer: code= picks another documented one, and an undocumented one is refused', async () => {
  const doc = {
    openapi: '3.1.0',
    paths: {
      '/ping': {
        get: {
          responses: {
            '204': {description: 'Nothing.'},
            '200': {description: 'Pong.', content: {'application/json': {schema: {type: 'string'}, example: 'pong'}}},
            '503': {description: 'Down.', content: {'application/json': {schema: {type: 'string'}, example: 'down'}}},
          },
        },
      },
      '/any': {get: {responses: {'2XX': {description: 'Fine.', content: {'application/json': {schema: {type: 'integer'}}}}}}},
      '/made': {post: {responses: {default: {description: 'An error.'}, '201': {description: 'Made.'}}}},
    },
  };
  const mock = new Mock(doc);
  assert.deepEqual(await send(mock, 'GET', '/ping'), {status: 200, headers: {'content-type': 'application/json'}, body: 'pong'});
  assert.equal((await send(mock, 'GET', '/ping', undefined, {Prefer: 'code=503'})).body, 'down');
  assert.equal((await send(mock, 'GET', '/ping', undefined, {prefer: 'code=204'})).status, 204);
  const refused = await send(mock, 'GET', '/ping', undefined, {Prefer: 'code=418'});
  assert.equal(refused.status, 400);
  assert.match(JSON.stringify(refused.body), /418/);
  assert.equal((await send(mock, 'GET', '/any')).status, 200);
  assert.equal((await send(mock, 'POST', '/made')).status, 201);
});

test("the body is the first named example, the one Prefer: example= names, or the one named as the request's example", async () => {
  const mock = new Mock(petStore as OpenApiDocument);
  const media = createPet.responses['201'].content['application/json'];
  const requests = createPet.requestBody.content['application/json'];
  const first = Object.keys(media.examples)[0]!;
  const plain = (await send(mock, 'POST', '/pets', {name: 'Ziggy'})).body as Json;
  assert.equal(plain.name, 'Ziggy');
  assert.equal(plain.status, (named(media, first) as Json).status);
  for (const name of Object.keys(requests.examples)) {
    const fields = named(media, name) as Json;
    const paired = (await send(mock, 'POST', '/pets', named(requests, name))).body as Json;
    // The ID is a new one: the rest is the answer of the same name.
    assert.deepEqual({...paired, id: fields.id}, fields, name);
    const preferred = (await send(mock, 'POST', '/pets', {name: 'Ziggy'}, {Prefer: `example=${name}`})).body as Json;
    assert.equal(preferred.tag, fields.tag, name);
  }
  assert.equal((await send(mock, 'POST', '/pets', {name: 'Ziggy'}, {Prefer: 'example=hamster'})).status, 400);
});

test('a value made from a schema alone has its required fields, formats, enums and bounds, and fits the schema', () => {
  const schema = {
    type: 'object',
    required: ['id', 'when', 'email', 'kind', 'count', 'weight', 'code', 'tags', 'secret', 'choice'],
    properties: {
      id: {type: 'string', format: 'uuid'},
      when: {type: 'string', format: 'date-time'},
      email: {type: 'string', format: 'email'},
      kind: {type: 'string', enum: ['small', 'large']},
      count: {type: 'integer', minimum: 3, maximum: 9},
      weight: {type: 'number', exclusiveMinimum: 0, multipleOf: 0.5},
      code: {type: 'string', minLength: 10, maxLength: 12},
      tags: {type: 'array', minItems: 2, items: {type: 'string'}},
      secret: {type: 'string', writeOnly: true},
      choice: {oneOf: [{type: 'boolean'}, {type: 'string'}]},
      optional: {type: 'string'},
    },
  };
  const doc = {
    openapi: '3.1.0',
    paths: {'/thing': {get: {responses: {'200': {description: 'A thing.', content: {'application/json': {schema}}}}}}},
  };
  const value = generate(doc, schema, 'response') as Json;
  assert.deepEqual(Object.keys(value).sort(), schema.required.filter((name) => name !== 'secret').sort());
  assert.equal(value.kind, 'small');
  assert.equal(value.count, 3);
  assert.equal(value.weight, 0.5);
  assert.ok(value.code.length >= 10 && value.code.length <= 12);
  assert.equal(value.tags.length, 2);
  assert.equal(value.choice, true);
  assert.ok(!Number.isNaN(Date.parse(value.when)));
  const mock = new Mock(doc);
  const [operation] = mock.index.operations;
  const [response] = mock.responses(operation!);
  assert.deepEqual(mock.index.problems(response!.schemaKey!, value, 'response'), []);
  // A $ref that loops ends.
  const looped = {
    components: {schemas: {Node: {type: 'object', required: ['next'], properties: {next: {$ref: '#/components/schemas/Node'}}}}},
  };
  assert.ok(JSON.stringify(generate(looped, {$ref: '#/components/schemas/Node'}, 'response')).length < 1000);
});

test('a request that does not fit is refused with a 400 naming the field, or with the documented example of its 400', async () => {
  const mock = new Mock(petStore as OpenApiDocument);
  const limit = petStore.paths['/pets'].get.parameters[0];
  const low = await send(mock, 'GET', `/pets?${limit.name}=${limit.schema.minimum - 1}`);
  assert.equal(low.status, 400);
  assert.deepEqual(
    (low.body as Json).problems.map((problem: Json) => [problem.in, problem.field]),
    [['query', limit.name]],
  );
  const missing = await send(mock, 'POST', '/pets', {tag: 'cat'});
  assert.equal(missing.status, 400);
  assert.deepEqual((missing.body as Json).problems[0], {in: 'body', field: 'name', message: (missing.body as Json).problems[0].message});
  const broken = await mock.handle({method: 'POST', url: '/pets', headers: json, body: '{"name": "Tom",'});
  assert.deepEqual((broken.body as Json).problems, [{in: 'body', field: null, message: 'is not valid JSON'}]);
  assert.equal((await send(mock, 'GET', '/pets/abc')).status, 400);
  assert.equal((await send(mock, 'PATCH', '/pets/1')).status, 405);
  assert.equal((await send(mock, 'GET', '/cats')).status, 404);

  const problem = {title: 'Bad request', status: 400};
  const documented = new Mock({
    openapi: '3.1.0',
    paths: {
      '/things': {
        post: {
          requestBody: {required: true, content: {'application/json': {schema: {type: 'object', required: ['name']}}}},
          responses: {
            '201': {description: 'Made.'},
            '400': {description: 'Refused.', content: {'application/problem+json': {schema: {type: 'object'}, example: problem}}},
          },
        },
      },
    },
  });
  const refused = await send(documented, 'POST', '/things', {});
  assert.deepEqual(refused, {status: 400, headers: {'content-type': 'application/problem+json'}, body: problem});
});

test('within the tab, a POST makes an object that GET reads and lists, PUT changes, and DELETE removes for good', async () => {
  const mock = new Mock(petStore as OpenApiDocument);
  const exampleId = getPet.responses['200'].content['application/json'].example.id;
  const made = (await send(mock, 'POST', '/pets', {name: 'Ziggy', tag: 'parrot'})).body as Json;
  assert.notEqual(made.id, exampleId);
  assert.equal(made.tag, 'parrot');
  assert.deepEqual((await send(mock, 'GET', `/pets/${made.id}`)).body, made);
  assert.deepEqual((await send(mock, 'GET', '/pets')).body, [made]);
  const second = (await send(mock, 'POST', '/pets', {name: 'Polly'})).body as Json;
  assert.notEqual(second.id, made.id);
  assert.deepEqual((await send(mock, 'GET', '/pets')).body, [made, second]);

  const changed = await send(mock, 'PUT', `/pets/${made.id}`, {name: 'Ziggy', status: 'sold'});
  assert.deepEqual(changed.body, {...made, status: 'sold'});
  assert.deepEqual((await send(mock, 'GET', `/pets/${made.id}`)).body, {...made, status: 'sold'});

  assert.equal((await send(mock, 'DELETE', `/pets/${made.id}`)).status, 204);
  const notFound = resolveLocalRef<Json>(petStore as OpenApiDocument, getPet.responses['404']).content['application/json'].example;
  assert.deepEqual(await send(mock, 'GET', `/pets/${made.id}`), {
    status: 404,
    headers: {'content-type': 'application/json'},
    body: notFound,
  });
  assert.equal((await send(mock, 'PUT', `/pets/${made.id}`, {name: 'Ziggy'})).status, 404);
  assert.deepEqual((await send(mock, 'GET', '/pets')).body, [second]);

  // An item the tab never made answers the example.
  assert.deepEqual((await send(mock, 'GET', `/pets/${exampleId}`)).body, getPet.responses['200'].content['application/json'].example);
});
