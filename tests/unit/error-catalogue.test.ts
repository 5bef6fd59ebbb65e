import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {apis, type OpenApiDocument} from '../../lib/api-model/specs';
import {specs} from '../lib/specs';

/**
 * Every error code a spec shows: the `code` of each `{error: {...}}` object in its examples, and
 * the values of every `failure_code` enum.
 */
function collectErrorCodes(spec: OpenApiDocument): Set<string> {
  const codes = new Set<string>();
  const walk = (value: unknown, key?: string): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item));
    if (!value || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    const error = node.error as Record<string, unknown> | undefined;
    if (error && typeof error === 'object' && typeof error.code === 'string') codes.add(error.code);
    if (key === 'failure_code' && Array.isArray(node.enum)) {
      for (const item of node.enum) if (typeof item === 'string') codes.add(item);
    }
    for (const [childKey, child] of Object.entries(node)) walk(child, childKey);
  };
  walk(spec);
  return codes;
}

/** The codes in the first column of the tables on the errors page. */
function catalogueCodes(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*`([a-z][a-z0-9_]*)`\s*\|/gm)].map(([, code = '']) => code));
}

test('the errors page lists exactly the error codes that the specs use', () => {
  const fromSpecs = new Set(apis.flatMap((api) => [...collectErrorCodes(specs[api.name])]));
  const catalogue = catalogueCodes(readFileSync('docs/api/errors.mdx', 'utf8'));
  assert.ok(fromSpecs.size > 20, `only ${fromSpecs.size} codes found in the specs`);
  assert.deepEqual(
    {
      missingFromCatalogue: [...fromSpecs].filter((code) => !catalogue.has(code)).sort(),
      notInSpecs: [...catalogue].filter((code) => !fromSpecs.has(code)).sort(),
    },
    {missingFromCatalogue: [], notInSpecs: []},
  );
});

test('codes are collected from error examples and failure_code enums', () => {
  const spec = {
    paths: {
      '/v1/x': {
        post: {
          responses: {'409': {content: {'application/json': {examples: {a: {value: {error: {code: 'payment_not_capturable'}}}}}}}},
        },
      },
    },
    components: {schemas: {Payment: {properties: {failure_code: {type: 'string', enum: ['card_declined', 'bank_account_closed']}}}}},
  };
  assert.deepEqual([...collectErrorCodes(spec)].sort(), ['bank_account_closed', 'card_declined', 'payment_not_capturable']);
  assert.deepEqual([...catalogueCodes('| `card_declined` | processing_error |\n| Code | Type |\n')], ['card_declined']);
});
