/**
 * The reference of one API from its model (lib/api-render/reference.ts): pages named by slug, the
 * sidebar grouped by tag, titles that never come out empty, and documents that OpenAPI allows but
 * that once crashed the generator (an operation or a 3.1 webhook without responses).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {readApi, type ApiSpec} from '../../lib/api-model/model';
import {apis} from '../../lib/api-model/specs';
import {renderReference} from '../../lib/api-render/reference';

/** A model API whose spec is `document`, standing in for the first of the site's two APIs. */
async function apiOf(document: object): Promise<ApiSpec> {
  return readApi({...apis[0], file: 'specs/test.yaml'}, JSON.stringify(document), {foreign: true});
}

const minimal = {
  openapi: '3.1.0',
  info: {title: 'Bakery API', version: '1.0.0'},
  tags: [{name: 'Cakes', description: 'Cakes to order.'}],
  paths: {
    '/v1/cakes': {
      get: {operationId: 'listCakes', summary: 'List cakes', tags: ['Cakes']},
      post: {operationId: 'bakeCake', summary: '', tags: ['Cakes'], deprecated: true, responses: {'201': {description: 'Baked.'}}},
    },
    '/v1/ovens': {get: {summary: 'Get all ovens', responses: {'200': {description: 'The ovens.'}}}},
  },
  webhooks: {'cake.baked': {post: {summary: 'Cake baked', requestBody: {content: {'application/json': {schema: {type: 'object'}}}}}}},
};

test('an operation and a webhook without responses get their pages, which say so', async () => {
  const {files} = renderReference(await apiOf(minimal), []);
  const list = files.get('list-cakes.api.mdx');
  assert.ok(list, [...files.keys()].join(', '));
  assert.match(list, /The spec documents no response\./);
  assert.match(list, /No response documented\./);
  const webhook = files.get('cake-baked.api.mdx');
  assert.ok(webhook, [...files.keys()].join(', '));
  assert.match(webhook, /sidebar_class_name: event api-method/);
});

test('an empty summary falls back to the operationId; pages are named by slug and grouped by tag, untagged ones last by path', async () => {
  const {files, sidebar} = renderReference(await apiOf(minimal), []);
  assert.deepEqual([...files.keys()].sort(), [
    'bake-cake.api.mdx',
    'bakery-api.info.mdx',
    'cake-baked.api.mdx',
    'cakes.tag.mdx',
    'get-all-ovens.api.mdx',
    'list-cakes.api.mdx',
  ]);
  assert.match(files.get('bake-cake.api.mdx') ?? '', /^title: bakeCake$/m);
  const folder = apis[0].route.slice(1);
  assert.deepEqual(sidebar, [
    {type: 'doc', id: `${folder}/bakery-api`},
    {
      type: 'category',
      label: 'Cakes',
      link: {type: 'doc', id: `${folder}/cakes`},
      items: [
        {type: 'doc', id: `${folder}/list-cakes`, label: 'List cakes', className: 'api-method get'},
        {type: 'doc', id: `${folder}/bake-cake`, label: 'bakeCake', className: 'menu__list-item--deprecated api-method post'},
      ],
    },
    {
      type: 'category',
      label: 'Ovens',
      items: [{type: 'doc', id: `${folder}/get-all-ovens`, label: 'Get all ovens', className: 'api-method get'}],
    },
    {
      type: 'category',
      label: 'Webhooks',
      items: [{type: 'doc', id: `${folder}/cake-baked`, label: 'Cake baked', className: 'api-method event'}],
    },
  ]);
});

test('every operation and webhook of the kitchen sink has its page', async () => {
  const fixture = 'tests/fixtures/kitchen-sink.yaml';
  const api = await readApi({...apis[0], file: fixture}, readFileSync(fixture, 'utf8'), {foreign: true});
  const {files} = renderReference(api, []);
  const operations = Object.values(api.document.paths ?? {}).flatMap((item) =>
    Object.keys(item).filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'].includes(key)),
  );
  const webhooks = Object.keys(api.document.webhooks ?? {});
  assert.equal([...files.keys()].filter((name) => name.endsWith('.api.mdx')).length, operations.length + webhooks.length);
});

test('a sample file is named after all it holds: its code and its highlighting', async () => {
  const api = await apiOf(minimal);
  const named = (tokenize?: (code: string, lang: string) => string) => {
    const {files, samples} = renderReference(api, [], {tokenize});
    const [url = ''] = [...samples.keys()].filter((key) => key.includes('/list-cakes.'));
    assert.match(url, /\/list-cakes\.[0-9a-f]{8}\.json$/);
    assert.ok(files.get('list-cakes.api.mdx')?.includes(`src="${url}"`), 'the page names its file');
    return {url, file: samples.get(url)};
  };
  const plain = named();
  const highlighted = named((code, lang) => `${lang}:${code.length}`);
  const recoloured = named((code, lang) => `${lang}:${code.length + 1}`);
  assert.deepEqual(
    Object.values(highlighted.file?.languages ?? {}).map(({examples}) => examples.map(({code}) => code)),
    Object.values(plain.file?.languages ?? {}).map(({examples}) => examples.map(({code}) => code)),
  );
  assert.equal(Object.values(highlighted.file?.languages ?? {})[0]?.examples[0]?.tokens?.includes(':'), true);
  assert.equal(new Set([plain.url, highlighted.url, recoloured.url]).size, 3);
});

test('a lenient read keeps a $ref that points at nothing where it stands, and its page says which', async () => {
  const missing = (kind: string, name: string) => ({$ref: `#/components/${kind}/${name}`});
  const json = (body: object) => ({content: {'application/json': body}});
  const document = {
    openapi: '3.1.0',
    info: {title: 'Bakery API', version: '1.0.0'},
    paths: {
      '/v1/cakes/{id}': {
        parameters: [missing('parameters', 'Shared')],
        post: {
          summary: 'Bake a cake',
          parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}, missing('parameters', 'Own')],
          requestBody: missing('requestBodies', 'Order'),
          responses: {
            '200': {
              description: 'Baked.',
              headers: {'X-Oven': missing('headers', 'Oven')},
              ...json({
                schema: {
                  type: 'object',
                  properties: {flavour: missing('schemas', 'Flavour'), layers: {type: 'array', items: missing('schemas', 'Layer')}},
                },
              }),
            },
            '400': missing('responses', 'Refused'),
            '404': {description: 'Gone.', ...json({examples: {gone: missing('examples', 'Gone')}})},
          },
        },
      },
    },
  };
  const api = await readApi({...apis[0], file: 'specs/test.yaml'}, JSON.stringify(document), {foreign: true, strict: false});
  const refs = [
    ['parameters', 'Shared', '#/paths/~1v1~1cakes~1{id}/parameters/0'],
    ['parameters', 'Own', '#/paths/~1v1~1cakes~1{id}/post/parameters/1'],
    ['requestBodies', 'Order', '#/paths/~1v1~1cakes~1{id}/post/requestBody'],
    ['headers', 'Oven', '#/paths/~1v1~1cakes~1{id}/post/responses/200/headers/X-Oven'],
    ['schemas', 'Flavour', '#/paths/~1v1~1cakes~1{id}/post/responses/200/content/application~1json/schema/properties/flavour'],
    ['schemas', 'Layer', '#/paths/~1v1~1cakes~1{id}/post/responses/200/content/application~1json/schema/properties/layers/items'],
    ['responses', 'Refused', '#/paths/~1v1~1cakes~1{id}/post/responses/400'],
    ['examples', 'Gone', '#/paths/~1v1~1cakes~1{id}/post/responses/404/content/application~1json/examples/gone'],
  ];
  assert.deepEqual(
    [...api.warnings].sort(),
    refs
      .map(
        ([kind, name, pointer]) =>
          `specs/test.yaml: the $ref "#/components/${kind}/${name}" at ${pointer} points at nothing; shown as an unresolved reference`,
      )
      .sort(),
  );
  const page = renderReference(api, []).files.get('bake-a-cake.api.mdx') ?? '';
  for (const [kind, what] of [
    ['parameters/Shared', 'a parameter'],
    ['parameters/Own', 'a parameter'],
    ['requestBodies/Order', 'a request body'],
    ['responses/Refused', 'a response'],
    ['examples/Gone', 'an example'],
  ]) {
    assert.ok(page.includes(`Unresolved reference \`#/components/${kind}\`: the spec refers to ${what} that it does not define.`), kind);
  }
  assert.match(page, /\| `X-Oven` \| unresolved reference #\/components\/headers\/Oven \|/);
  assert.match(page, /\| `flavour` \| unresolved reference #\/components\/schemas\/Flavour \|/);
  assert.match(page, /\| `layers` \| array of unresolved reference #\/components\/schemas\/Layer \|/);
  // Strict, the default, refuses the same document with one line per reference.
  await assert.rejects(readApi({...apis[0], file: 'specs/test.yaml'}, JSON.stringify(document), {foreign: true}), (error: Error) => {
    assert.equal(error.message.split('\n').length, refs.length);
    return true;
  });
});

test('a lenient read leaves out a node of the wrong kind, in one warning line naming it; strict, it refuses it', async () => {
  const document = {
    openapi: '3.1.0',
    info: {title: 'Bakery API', version: '1.0.0'},
    paths: {
      '/v1/cakes': {
        get: {
          summary: 'List cakes',
          description: -1,
          security: [{oven_key: null}],
          responses: {'200': {description: 'The cakes.', content: {'application/json': {schema: {type: 'object', properties: [null]}}}}},
        },
      },
    },
    components: {schemas: {Cake: {discriminator: {propertyName: 'kind', mapping: null}}}},
  };
  const api = await readApi({...apis[0], file: 'specs/test.yaml'}, JSON.stringify(document), {foreign: true, strict: false});
  const where = '#/paths/~1v1~1cakes/get';
  assert.deepEqual(api.warnings, [
    'specs/test.yaml: Expected type `DiscriminatorMapping` (object) but got `null` (at #/components/schemas/Cake/discriminator/mapping); left out',
    `specs/test.yaml: Expected type \`string\` but got \`integer\` (at ${where}/description); left out`,
    `specs/test.yaml: Expected type \`SchemaProperties\` (object) but got \`array\` (at ${where}/responses/200/content/application~1json/schema/properties); left out`,
    `specs/test.yaml: Expected type \`array\` but got \`null\` (at ${where}/security/0/oven_key); left out`,
  ]);

  const page = renderReference(api, []).files.get('list-cakes.api.mdx') ?? '';
  assert.match(page, /# List cakes/);
  assert.match(page, /No authentication\./);
  await assert.rejects(readApi({...apis[0], file: 'specs/test.yaml'}, JSON.stringify(document), {foreign: true}), (error: Error) => {
    assert.equal(error.message.split('\n').length, 4);
    return true;
  });
});
