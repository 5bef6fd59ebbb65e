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
