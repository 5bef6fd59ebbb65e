/**
 * The spec-derived tables of scripts/lib/reference-tables.ts: the operations that accept an
 * Idempotency-Key are exactly those whose parameters declare the header (found here by walking the
 * specs' YAML), each linked to its reference page, and spec text in a table stays text.
 */
import {readFileSync} from 'node:fs';
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import kebabCase from 'lodash/kebabCase';
import {idempotentOperations, operationTable, referencePartials, renderPartial} from '../../lib/api-render/reference-tables';
import {parseMdx} from '../../lib/api-render/spec-text';
import {apis, resolveLocalRef, type OpenApiDocument} from '../../lib/api-model/specs';
import type {OperationPage} from '../../lib/api-render/webhook-events';
import {specs} from '../lib/specs';

/** The parts of the specs' YAML that these tests read. */
type Parameter = {$ref?: string; in?: string; name?: string};
type Operation = {parameters?: Parameter[]; summary?: string; responses?: Record<string, unknown>; 'x-plaza-permission'?: unknown};
/** A path item: its operations by method, and under `parameters` the parameters they share. */
type PathItem = Record<string, Operation | Parameter[]>;
type Doc = {paths: Record<string, PathItem>; components: {parameters: Record<string, Parameter>}};

/** A value the test needs from the specs or the pages: a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `missing: ${what}`);
  return value;
}

/** Every operation of a spec's YAML, as written: its path, its method, and the parameters of its path item. */
function operationsOf(spec: OpenApiDocument): {path: string; method: string; operation: Operation; shared: Parameter[]}[] {
  return Object.entries((spec as Doc).paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, operation]) => ({path, method, operation: operation as Operation, shared: (item.parameters ?? []) as Parameter[]})),
  );
}

/** `METHOD path` of every operation of a spec whose parameters (its own or its path's) name the header. */
function declaringIdempotencyKey(spec: OpenApiDocument): string[] {
  const doc = spec as Doc;
  const declares = (parameter: Parameter): boolean => {
    const resolved = parameter.$ref
      ? present(doc.components.parameters[parameter.$ref.replace(/^.*\//, '')], `the parameter ${parameter.$ref}`)
      : parameter;
    return resolved.in === 'header' && resolved.name === 'Idempotency-Key';
  };
  const found: string[] = [];
  for (const {path, method, operation, shared} of operationsOf(spec)) {
    if ([...shared, ...(operation.parameters ?? [])].some(declares)) found.push(`${method.toUpperCase()} ${path}`);
  }
  return found.sort();
}

/** The links of an MDX partial's table rows: [label, url, endpoint] (the three groups always match together: the defaults never apply). */
const tableLinks = (mdx: string): [label: string, url: string, endpoint: string][] =>
  [...mdx.matchAll(/^\| [^|]+ \| \[([^\]]+)\]\(([^)]+)\) \| `([^`]+)` \|$/gm)].map(([, label = '', url = '', endpoint = '']) => [
    label,
    url,
    endpoint,
  ]);

describe('the operations that accept an Idempotency-Key', () => {
  const partial = referencePartials(specs).find((item) => item.file.endsWith('/_idempotent-operations.mdx'))!;
  const rows = tableLinks(partial.mdx);

  test('are every operation of both specs that declares the header, and no other', () => {
    for (const api of apis) {
      const expected = declaringIdempotencyKey(specs[api.name]);
      assert.ok(expected.length > 0, `${api.file} declares the header on no operation`);
      const listed = rows.filter(([, url]) => url.startsWith(`${api.route}/`)).map(([, , endpoint]) => endpoint);
      assert.deepEqual([...listed].sort(), expected, api.file);
    }
  });

  test('are the list the Idempotency page shows', () => {
    const page = readFileSync('docs/api/idempotency.mdx', 'utf8');
    const imported = new RegExp(`^import (\\w+) from '@site/${partial.file}';$`, 'm').exec(page);
    assert.ok(imported, `docs/api/idempotency.mdx does not import ${partial.file}`);
    assert.match(page, new RegExp(`^<${imported[1]} />$`, 'm'), 'the page imports the list but does not show it');
    assert.deepEqual(tableLinks(page), [], 'the page has a hand-written list of operations besides the generated one');
  });

  test('each answer 409 with both key conflicts the Idempotency page describes', () => {
    for (const api of apis) {
      const spec = specs[api.name];
      const responsesOf = new Map(
        operationsOf(spec).map(({path, method, operation}) => [`${method.toUpperCase()} ${path}`, operation.responses]),
      );
      for (const endpoint of declaringIdempotencyKey(spec)) {
        const conflict = responsesOf.get(endpoint)?.['409'];
        assert.ok(conflict, `${api.file}: ${endpoint} has no 409 response`);
        const resolved = resolveLocalRef<{description?: string; content?: Record<string, {examples?: Record<string, unknown>}>}>(
          spec,
          conflict,
        );
        const examples = Object.values(present(resolved.content?.['application/json']?.examples, `the examples of the 409 of ${endpoint}`));
        const codes = examples.map((example) => resolveLocalRef<{value?: {error?: {code?: string}}}>(spec, example).value?.error?.code);
        for (const code of ['idempotency_key_reused', 'idempotency_key_in_use']) {
          assert.ok(codes.includes(code), `${api.file}: the 409 of ${endpoint} has no example of ${code}`);
          assert.ok(
            present(resolved.description, `the description of the 409 of ${endpoint}`).includes('still running'),
            `${api.file}: the 409 of ${endpoint} does not say that a key still running is refused`,
          );
        }
      }
    }
  });

  test('link each operation to its reference page, labelled with its summary', () => {
    const byEndpoint = new Map(
      apis.flatMap((api) =>
        operationsOf(specs[api.name]).map(({path, method, operation}) => [
          `${method.toUpperCase()} ${path}`,
          {api, summary: operation.summary as string},
        ]),
      ),
    );
    assert.equal(rows.length, idempotentOperations(specs).length);
    for (const [label, url, endpoint] of rows) {
      const {api, summary} = byEndpoint.get(endpoint)!;
      assert.equal(label, summary, endpoint);
      assert.equal(url, `${api.route}/${kebabCase(summary)}`, endpoint);
    }
  });
});

test('spec text in a table is written as text, never as code', () => {
  const summary = '{alert(1)} <img src=x onerror=alert(2)> export const x = 1';
  const page: OperationPage = {
    api: 'financial',
    operation: {
      method: 'POST',
      path: '/v1/{id}`',
      summary,
      tags: [],
      deprecated: false,
      parameters: [],
      raw: {},
      title: summary,
      slug: 'hostile',
      route: '/api/financial/hostile',
    },
    title: summary,
    url: '/api/financial/hostile',
  };
  const {mdx} = renderPartial('docs/_partials/generated/_hostile.mdx', [operationTable([page])]);
  const tree = parseMdx(mdx);
  const code = JSON.stringify(tree).match(/"type":"mdx[A-Za-z]+"/g) ?? [];
  assert.deepEqual(code, ['"type":"mdxFlowExpression"'], 'only the generated-file note is code');
  type Node = {type: string; value?: string; children?: Node[]};
  const table = present(tree.children.find((node) => node.type === 'table') as Node | undefined, 'the table');
  // The first body row, its second cell, the link in it, the link's text.
  const label = [1, 1, 0, 0].reduce((node, index) => present(node.children?.[index], `a child ${index} of a ${node.type}`), table).value;
  assert.equal(label, summary);
});

describe('the permission matrix of the authentication page', () => {
  const partial = referencePartials(specs).find((item) => item.file.endsWith('/_permissions.mdx'))!;
  /** [permission, url] for every link in the matrix's rows. */
  const cells = [...partial.mdx.matchAll(/^\| `([a-z_]+:[a-z]+)` \| (.+) \|$/gm)].flatMap(([, permission = '', links = '']) =>
    [...links.matchAll(/\]\(([^)]+)\)/g)].map((link) => `${permission} ${link[1]}`),
  );

  test('every operation of both specs declares its permission', () => {
    for (const api of apis) {
      for (const {path, method, operation} of operationsOf(specs[api.name])) {
        assert.match(String(operation['x-plaza-permission']), /^[a-z_]+:(read|write)$/, `${api.file}: ${method.toUpperCase()} ${path}`);
      }
    }
  });

  test('links each operation, once, under the permission its spec declares', () => {
    const expected = apis.flatMap((api) =>
      operationsOf(specs[api.name]).map(
        ({operation}) => `${String(operation['x-plaza-permission'])} ${api.route}/${kebabCase(operation.summary)}`,
      ),
    );
    assert.deepEqual([...cells].sort(), expected.sort());
  });
});
