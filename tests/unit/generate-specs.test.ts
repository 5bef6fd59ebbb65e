import {test} from 'node:test';
import assert from 'node:assert/strict';
import {lintFromString, loadConfig} from '@redocly/openapi-core';
import {countOperations, generateSpecs, readSpecs, type SpecTexts} from '../../bench/generate-specs';
import {apis, checkSlugs, listOperations, parseSpec} from '../../lib/api-model/specs';

const committed = readSpecs('.');
const committedCount = countOperations('.');

function operationsOf(specs: SpecTexts) {
  return apis.flatMap((api) => listOperations(parseSpec(specs[api.name])).map((operation) => ({api: api.name, ...operation})));
}

test('the specs hold exactly the operations asked for, the committed ones included', () => {
  // 13 is two whole resources and a partial one; 1 a single operation; 0 the committed specs alone.
  for (const extra of [0, 1, 13]) {
    const operations = operationsOf(generateSpecs(committed, committedCount + extra));
    assert.equal(operations.length, committedCount + extra);
    for (const original of operationsOf(committed)) {
      assert.ok(operations.some((operation) => operation.operationId === original.operationId && operation.path === original.path));
    }
  }
});

test('operation ids, method and path pairs and page slugs are unique in each spec, generated ones across both', () => {
  const specs = generateSpecs(committed, committedCount + 113);
  for (const api of apis) {
    const operations = listOperations(parseSpec(specs[api.name]));
    assert.equal(new Set(operations.map((operation) => operation.operationId)).size, operations.length);
    assert.equal(new Set(operations.map((operation) => `${operation.method} ${operation.path}`)).size, operations.length);
    assert.deepEqual(checkSlugs(parseSpec(specs[api.name])), []);
  }
  // The committed specs share two operation ids between the APIs (each has its own page); generated ones share none.
  const generated = operationsOf(specs).filter((operation) => operation.operationId?.includes('Synthetic'));
  assert.equal(generated.length, 113);
  assert.equal(new Set(generated.map((operation) => operation.operationId)).size, 113);
  assert.equal(new Set(generated.map((operation) => operation.path + operation.method)).size, 113);
});

test('generated operations have the shape of real ones', () => {
  const generated = operationsOf(generateSpecs(committed, committedCount + 5)).filter((operation) =>
    operation.operationId?.includes('Synthetic'),
  );
  assert.equal(generated.length, 5);
  const create = generated.find((operation) => operation.method === 'POST');
  const body = create?.raw.requestBody as {content: Record<string, {examples: Record<string, {value: {owner: {contact: object}}}>}>};
  const [example] = Object.values(body.content['application/json']?.examples ?? {});
  assert.ok(example?.value.owner.contact, 'a nested example body');
  const list = generated.find((operation) => operation.method === 'GET' && !operation.path.includes('{'));
  assert.ok(list?.parameters.some((parameter) => (parameter as {in?: string}).in === 'query'));
  const item = generated.find((operation) => operation.method === 'GET' && operation.path.includes('{'));
  assert.ok(item?.parameters.some((parameter) => (parameter as {in?: string}).in === 'path'));
  for (const operation of generated) {
    const responses = operation.raw.responses as Record<string, {$ref?: string}>;
    assert.ok(Object.keys(responses).some((status) => status.startsWith('2')));
    assert.ok(Object.values(responses).some((response) => response.$ref?.startsWith('#/components/responses/')));
  }
});

test('the synthetic specs pass the project lint (redocly.yaml) with no problem', async () => {
  const config = await loadConfig({configPath: 'redocly.yaml'});
  const specs = generateSpecs(committed, committedCount + 13);
  for (const api of apis) {
    const problems = await lintFromString({source: specs[api.name], absoluteRef: api.file, config});
    assert.deepEqual(
      problems.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`),
      [],
      api.file,
    );
  }
});

test('fewer operations than the committed specs hold is refused', () => {
  assert.throws(() => generateSpecs(committed, committedCount - 1), /at least/);
});
