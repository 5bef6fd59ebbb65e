/**
 * The ACH return-code table (docs/_partials/_ach-return-codes.mdx) against the specs: every return
 * code the specs name is in it, and what it says Plaza does on each code (the failure code, the
 * dispute case and its reason, the events) is what the specs' descriptions, enums and the sandbox
 * simulation's mapping of codes (x-plaza-sandbox-values) say.
 */
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {apis} from '../../lib/api-model/specs';
import {specs as documents} from '../lib/specs';

/** The parts of a schema this test reads. */
type Schema = {description?: string; enum?: unknown[]; properties?: Record<string, Schema>};
type Spec = {components: {schemas: Record<string, Schema>}};

const partialFile = 'docs/_partials/_ach-return-codes.mdx';
const specs = apis.map((api) => ({file: api.file, spec: documents[api.name] as Spec}));
const financial = specs.find((item) => item.file === 'specs/financial.yaml')!.spec;
const schemas = financial.components.schemas;
const returnCode = /^R\d\d$/;

/** A part of the financial spec the test needs: a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `specs/financial.yaml has no ${what}`);
  return value;
}
const schema = (name: string): Schema => present(schemas[name], `schema ${name}`);
const property = (owner: string, name: string): Schema => present(schema(owner).properties?.[name], `property ${owner}.${name}`);

/** The rows of the table: the code and what Plaza does (both groups match whenever a row does: the defaults never apply). */
const rows = [...readFileSync(partialFile, 'utf8').matchAll(/^\| `(R\d\d)` \| [^|]+ \| [^|]+ \| ([^|]+) \| [^|]+ \|$/gm)].map(
  ([, code = '', action = '']) => ({code, action}),
);
const codes = rows.map((row) => row.code);

/** Every string anywhere in a document, with the enums' values. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The return codes named in a description, by the backquoted value written before them. */
function codesByValue(description: string, values: unknown[]): Map<string, string> {
  const owner = new Map<string, string>();
  let current: string | undefined;
  for (const [, token = ''] of description.matchAll(/`([A-Za-z0-9_]+)`/g)) {
    if (values.includes(token)) current = token;
    else if (returnCode.test(token) && current) owner.set(token, current);
  }
  return owner;
}

test('the table lists every ACH return code the specs name, once', () => {
  assert.ok(rows.length > 0, `${partialFile} has no rows`);
  assert.equal(new Set(codes).size, codes.length, 'a code has two rows');
  for (const {file, spec} of specs) {
    const named = new Set(strings(spec).flatMap((text) => text.match(/\bR\d\d\b/g) ?? []));
    assert.deepEqual(
      [...named].filter((code) => !codes.includes(code)),
      [],
      `${file} names return codes the table lacks`,
    );
  }
});

test('the table does what the specs map each return code they simulate to: a failure code, or a lost case and its reason', () => {
  // Wherever a spec maps return codes to what they do (x-plaza-sandbox-values of an enum of codes), the table agrees.
  const mappings: Record<string, string>[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const {enum: values, 'x-plaza-sandbox-values': mapping} = node as {enum?: unknown; 'x-plaza-sandbox-values'?: Record<string, string>};
    if (Array.isArray(values) && values.length > 0 && values.every((value) => returnCode.test(String(value))) && mapping)
      mappings.push(mapping);
    Object.values(node).forEach(walk);
  };
  specs.forEach(({spec}) => walk(spec));
  assert.ok(mappings.length > 0, 'no spec maps return codes to outcomes');
  for (const mapping of mappings) {
    for (const [code, outcome] of Object.entries(mapping)) {
      const row = rows.find((item) => item.code === code);
      assert.ok(row, `the specs simulate ${code}, which the table lacks`);
      const [first, reason] = outcome.split(', ');
      if (first === 'dispute_case.lost')
        assert.match(
          row.action,
          new RegExp(`^A dispute case, already \`lost\`, with \`reason\` \`${reason}\`;.*\`dispute_case\\.lost\``),
          code,
        );
      else assert.match(row.action, new RegExp(`^Payment \`failed\` with \`${first}\``), code);
    }
  }
  assert.deepEqual(
    mappings.flatMap((mapping) => Object.keys(mapping)).sort(),
    [...codes].sort(),
    'Return ACH payment simulates every code of the table',
  );
});

test('a return fails the payment with the failure code the Payment schema gives the code', () => {
  const failureCode = property('Payment', 'failure_code');
  const owner = codesByValue(
    present(failureCode.description, 'description of Payment.failure_code'),
    present(failureCode.enum, 'enum of Payment.failure_code').filter(Boolean),
  );
  assert.ok(owner.size > 0, 'Payment.failure_code names no return codes');
  for (const {code, action} of rows) {
    const expected = owner.get(code);
    if (expected) assert.match(action, new RegExp(`^Payment \`failed\` with \`${expected}\`; \`payment\\.failed\``), code);
    else
      assert.doesNotMatch(
        action,
        /Payment `failed`/,
        `${code}: the table fails the payment, but Payment.failure_code gives the code no failure code`,
      );
  }
});

test('a refused debit opens a lost dispute case with the reason the DisputeCase schema gives the code', () => {
  const opening = new Set(present(schema('DisputeCase').description, 'description of DisputeCase').match(/\bR\d\d\b/g));
  const reason = property('DisputeCase', 'reason');
  const reasons = codesByValue(
    present(reason.description, 'description of DisputeCase.reason'),
    present(reason.enum, 'enum of DisputeCase.reason'),
  );
  const events = specs.flatMap(({file, spec}) => {
    const event = spec.components.schemas.Event;
    if (!event) return [];
    const type = event.properties?.type;
    assert.ok(type, `${file}: the Event schema has no type property`);
    return type.enum ?? [];
  });
  assert.ok(opening.size > 0, 'the DisputeCase description names no return codes');
  for (const {code, action} of rows) {
    if (!opening.has(code)) {
      assert.doesNotMatch(
        action,
        /dispute case/,
        `${code}: the table opens a dispute case, but the DisputeCase description does not name the code`,
      );
      continue;
    }
    assert.ok(present(property('DisputeCase', 'status').enum, 'enum of DisputeCase.status').includes('lost'));
    assert.match(action, new RegExp(`^A dispute case, already \`lost\`, with \`reason\` \`${reasons.get(code)}\`;`), code);
    for (const [, event] of action.matchAll(/`([a-z_]+\.[a-z_]+)`/g))
      assert.ok(events.includes(event), `${code}: ${event} is not an event type`);
  }
});
