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
import {apis, readSpec, resolveLocalRef, type OpenApiDocument} from '../../lib/api-model/specs';
import type {OperationPage, Specs} from '../../lib/api-render/webhook-events';

type Json = Record<string, any>;

const specs = Object.fromEntries(apis.map((api) => [api.name, readSpec(api.file)])) as Specs;

/** `METHOD path` of every operation of a spec whose parameters (its own or its path's) name the header. */
function declaringIdempotencyKey(spec: OpenApiDocument): string[] {
  const doc = spec as Json;
  const declares = (parameter: Json): boolean => {
    const resolved = parameter.$ref ? doc.components.parameters[parameter.$ref.split('/').pop()] : parameter;
    return resolved.in === 'header' && resolved.name === 'Idempotency-Key';
  };
  const found: string[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      if (method === 'parameters') continue;
      if ([...(item.parameters ?? []), ...(operation.parameters ?? [])].some(declares)) found.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return found.sort();
}

/** The links of an MDX partial's table rows: [label, url, endpoint]. */
const tableLinks = (mdx: string): string[][] => [...mdx.matchAll(/^\| [^|]+ \| \[([^\]]+)\]\(([^)]+)\) \| `([^`]+)` \|$/gm)].map((match) => match.slice(1));

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
      const doc = specs[api.name] as Json;
      for (const endpoint of declaringIdempotencyKey(specs[api.name])) {
        const [method, path] = endpoint.split(' ');
        const conflict: Json | undefined = doc.paths[path][method.toLowerCase()].responses['409'];
        assert.ok(conflict, `${api.file}: ${endpoint} has no 409 response`);
        const resolved = resolveLocalRef<Json>(specs[api.name], conflict);
        const examples = Object.values<Json>(resolved.content['application/json'].examples);
        const codes = examples.map((example) => resolveLocalRef<Json>(specs[api.name], example).value.error.code);
        for (const code of ['idempotency_key_reused', 'idempotency_key_in_use']) {
          assert.ok(codes.includes(code), `${api.file}: the 409 of ${endpoint} has no example of ${code}`);
          assert.ok(resolved.description.includes('still running'), `${api.file}: the 409 of ${endpoint} does not say that a key still running is refused`);
        }
      }
    }
  });

  test('link each operation to its reference page, labelled with its summary', () => {
    const byEndpoint = new Map(
      apis.flatMap((api) =>
        Object.entries<Json>((specs[api.name] as Json).paths).flatMap(([path, item]) =>
          Object.entries<Json>(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, {api, summary: operation.summary as string}]),
        ),
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
    operation: {method: 'POST', path: '/v1/{id}`', summary, tags: [], parameters: [], raw: {}},
    title: summary,
    url: '/api/financial/hostile',
  };
  const {mdx} = renderPartial('docs/_partials/generated/_hostile.mdx', [operationTable([page])]);
  const tree = parseMdx(mdx);
  const code = JSON.stringify(tree).match(/"type":"mdx[A-Za-z]+"/g) ?? [];
  assert.deepEqual(code, ['"type":"mdxFlowExpression"'], 'only the generated-file note is code');
  const table = tree.children.find((node) => node.type === 'table') as Json;
  const label = table.children[1].children[1].children[0].children[0].value;
  assert.equal(label, summary);
});

describe('the permission matrix of the authentication page', () => {
  const partial = referencePartials(specs).find((item) => item.file.endsWith('/_permissions.mdx'))!;
  /** [permission, url] for every link in the matrix's rows. */
  const cells = [...partial.mdx.matchAll(/^\| `([a-z_]+:[a-z]+)` \| (.+) \|$/gm)].flatMap(([, permission, links]) =>
    [...links.matchAll(/\]\(([^)]+)\)/g)].map((link) => `${permission} ${link[1]}`),
  );

  test('every operation of both specs declares its permission', () => {
    for (const api of apis) {
      for (const [path, item] of Object.entries<Json>((specs[api.name] as Json).paths)) {
        for (const [method, operation] of Object.entries<Json>(item)) {
          if (method === 'parameters') continue;
          assert.match(String(operation['x-plaza-permission']), /^[a-z_]+:(read|write)$/, `${api.file}: ${method.toUpperCase()} ${path}`);
        }
      }
    }
  });

  test('links each operation, once, under the permission its spec declares', () => {
    const expected = apis.flatMap((api) =>
      Object.values<Json>((specs[api.name] as Json).paths).flatMap((item) =>
        Object.entries<Json>(item)
          .filter(([method]) => method !== 'parameters')
          .map(([, operation]) => `${operation['x-plaza-permission']} ${api.route}/${kebabCase(operation.summary)}`),
      ),
    );
    assert.deepEqual([...cells].sort(), expected.sort());
  });
});
