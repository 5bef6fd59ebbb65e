/**
 * What Try it and Run are made of, outside the browser: the Run control wraps exactly the blocks the
 * runner reads, in the same order; the form of an operation is its schema's; the configured URL of
 * Plaza's sandbox API is checked and becomes the one origin of `connect-src`.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {test} from 'node:test';
import {resolveLocalRef} from '../../lib/api-model/specs';
import {parseMdx} from '../../lib/api-render/spec-text';
import {docPages, splitFrontMatter} from '../../lib/docs-source';
import {withFreshKeys} from '../../lib/idempotency-keys';
import {pageRequests} from '../../lib/page-requests';
import {tryItOrigin, tryItUrl} from '../../lib/try-it-target';
import {SpecIndex} from '../../sandbox/core';
import {contentSecurityPolicy} from '../../scripts/write-headers';
import {jsonTokens, tokenStyle} from '../../src/components/TryIt/json-tokens';
import {codeTheme} from '../../src/data/prism-themes';
import remarkRunRequests from '../../src/plugins/remark-run-requests';
import {specs} from '../lib/specs';

type Node = {type: string; name?: string; attributes?: {name: string; value: unknown}[]; children?: Node[]};

/** The Run controls the remark plugin adds to a page's text: each block's place and label. */
function runControls(file: string, text = readFileSync(file, 'utf8')): string[] {
  const tree = parseMdx(splitFrontMatter(text).body) as unknown as Node;
  remarkRunRequests({docsDir: 'docs'})(tree as never, {path: resolve(file)});
  const found: string[] = [];
  const walk = (node: Node) => {
    if (node.type === 'mdxJsxFlowElement' && node.name === 'RunRequest') {
      const value = (name: string) => node.attributes?.find((attribute) => attribute.name === name)?.value;
      const block = value('block') as {value: string} | string;
      found.push(`${typeof block === 'string' ? block : block.value} ${String(value('label'))}`);
    }
    node.children?.forEach(walk);
  };
  walk(tree);
  return found;
}

test('every request block the runner reads and the page does not mark gets a Run control, at its place', () => {
  let controls = 0;
  for (const file of docPages()) {
    const expected = pageRequests(file, readFileSync(file, 'utf8'))
      .map((request, index) => ({request, index}))
      .filter(({request}) => !request.notRun)
      .map(({request, index}) => `${index} ${request.method} ${request.target.split('?')[0]}`);
    assert.deepEqual(runControls(file), expected, file);
    controls += expected.length;
  }
  assert.ok(controls > 150, `only ${controls} Run controls`);
});

test('the generated pages get no Run control', () => {
  const page = '```bash\ncurl -X GET https://api.sandbox.plaza.example/v1/payments \\\n  -H "X-API-KEY: $PLAZA_SECRET_KEY"\n```\n';
  assert.deepEqual(runControls('docs/guides/a-guide.mdx', page), ['0 GET /v1/payments']);
  const generated = [
    'docs/api/financial/create-payment.api.mdx',
    'docs/api/webhook-events.mdx',
    'docs/_partials/generated/_table.mdx',
    // A preview's reference (npm run preview).
    'docs/reference/place-order.api.mdx',
  ];
  for (const file of generated) assert.deepEqual(runControls(file, page), [], file);
});

test("an operation's form is its schema's: parameters, body fields with their kinds, test values and example", () => {
  const {financial} = specs;
  const index = new SpecIndex(specs);
  const form = index.form('POST', '/v1/payments');
  assert.ok(form, 'POST /v1/payments has a form');
  const operation = financial.paths?.['/v1/payments']?.post as {requestBody: unknown; parameters: unknown[]};
  const media = resolveLocalRef<{content: Record<string, {schema: unknown; examples?: Record<string, unknown>}>}>(
    financial,
    operation.requestBody,
  ).content['application/json'];
  const schema = resolveLocalRef<{properties: Record<string, {readOnly?: boolean; type?: string}>; required: string[]}>(
    financial,
    media?.schema,
  );
  const writable = Object.entries(schema.properties).filter(([, property]) => resolveLocalRef(financial, property).readOnly !== true);
  assert.deepEqual(
    form.body?.fields?.map((field) => field.name),
    writable.map(([name]) => name),
  );
  const amount = form.body?.fields?.find((field) => field.name === 'amount');
  assert.deepEqual({kind: amount?.kind, required: amount?.required}, {kind: 'integer', required: schema.required.includes('amount')});
  const method = form.body?.fields?.find((field) => field.name === 'payment_method_id');
  const declared = resolveLocalRef<Record<string, unknown>>(financial, schema.properties.payment_method_id)['x-plaza-sandbox-values'];
  assert.deepEqual(method?.testValues, declared);
  const example = resolveLocalRef<{value: unknown}>(financial, Object.values(media?.examples ?? {})[0]).value;
  assert.deepEqual(form.body?.example, example);
  assert.deepEqual(
    form.parameters.map((parameter) => `${parameter.in} ${parameter.name}`),
    operation.parameters.map((parameter) => {
      const read = resolveLocalRef<{in: string; name: string}>(financial, parameter);
      return `${read.in} ${read.name}`;
    }),
  );
  assert.equal(index.form('POST', '/v1/no-such-thing'), undefined);
});

test("Plaza's sandbox API URL is checked in one line, and its origin is the only host connect-src adds", () => {
  assert.equal(tryItUrl(undefined), undefined);
  assert.equal(tryItUrl(''), undefined);
  assert.equal(tryItUrl('https://api.sandbox.plaza.example/'), 'https://api.sandbox.plaza.example');
  assert.equal(tryItOrigin('http://127.0.0.1:4010/base/'), 'http://127.0.0.1:4010');
  for (const bad of ['api.sandbox.plaza.example', 'ftp://example.com', 'https://user:secret@example.com', 'https://example.com/?key=1']) {
    assert.throws(
      () => tryItUrl(bad),
      (error: Error) => /^PLAZA_TRY_IT_URL must be/.test(error.message) && !error.message.includes('\n'),
    );
  }
  const connect = (policy: string) => /(?:^|; )connect-src ([^;]*)/.exec(policy)?.[1];
  assert.equal(connect(contentSecurityPolicy([], undefined)), "'self'");
  assert.equal(connect(contentSecurityPolicy([], 'http://127.0.0.1:4010')), "'self' http://127.0.0.1:4010");
});

test("an answer's JSON splits into keys, strings, numbers and literals, and joins back into the same text", () => {
  const value = {
    'a "quoted": key': 'text with "true", 42 and a \\ backslash: null',
    amount: -12.5e3,
    paid: true,
    refunded: false,
    failure: null,
    items: [{id: 'pay_8fk2m1x9q4t7b3n6c5v0z2wd', count: 3}],
    note: 'ends with a colon:',
  };
  const text = JSON.stringify(value, null, 2);
  const tokens = jsonTokens(text);
  assert.equal(tokens.map((token) => token.text).join(''), text);
  const of = (type: string) => tokens.filter((token) => token.types?.[0] === type).map((token) => token.text);
  assert.deepEqual(of('property'), [
    '"a \\"quoted\\": key"',
    '"amount"',
    '"paid"',
    '"refunded"',
    '"failure"',
    '"items"',
    '"id"',
    '"count"',
    '"note"',
  ]);
  assert.deepEqual(of('string'), [JSON.stringify(value['a "quoted": key']), '"pay_8fk2m1x9q4t7b3n6c5v0z2wd"', '"ends with a colon:"']);
  assert.deepEqual(of('number'), [JSON.stringify(value.amount), '3']);
  assert.deepEqual(of('boolean'), ['true', 'false']);
  assert.deepEqual(of('null'), ['null']);
  // Between tokens, only spaces and JSON's punctuation.
  for (const token of tokens) if (!token.types) assert.match(token.text, /^[\s{}[\],:]+$/);
  // null is a keyword as well, as Prism marks it: the keyword's colour wins, as in the code blocks.
  const keyword = codeTheme.styles.find((entry) => entry.types.includes('keyword'))?.style.color;
  assert.equal(tokenStyle(['null', 'keyword']).color, keyword);
});

test("Copy and Run give a page's idempotency keys fresh ones, the same for the same written key, and leave code that makes its own", () => {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/;
  const keys = new Map<string, string>();
  const uuidKey = '7c9e4a1b-2f6d-4d83-a5b0-9e1c3f7a2d64';
  const forms: [string, string][] = [
    [`-H "Idempotency-Key: ${uuidKey}" \\`, uuidKey],
    ['Idempotency-Key: transfer-pay_5h8j1k4l7z0x3c6v9b2n5m8q', 'transfer-pay_5h8j1k4l7z0x3c6v9b2n5m8q'],
    [`headers: {'Idempotency-Key': '${uuidKey}'}`, uuidKey],
    ['idempotency_key="e3a1f9c2-6b7d-4c05-8a2e-1d9b7f3c5a60",', 'e3a1f9c2-6b7d-4c05-8a2e-1d9b7f3c5a60'],
    ['req.Header.Set("Idempotency-Key", "e3a1f9c2-6b7d-4c05-8a2e-1d9b7f3c5a60")', 'e3a1f9c2-6b7d-4c05-8a2e-1d9b7f3c5a60'],
  ];
  for (const [form, written] of forms) {
    const fresh = withFreshKeys(form, keys);
    assert.ok(!fresh.includes(written) && uuid.test(fresh), `${form} became ${fresh}`);
  }
  // The same written key is the same fresh key, in one block and across blocks: a page that shows a replay still shows one.
  const first = uuid.exec(withFreshKeys(forms[0]![0], keys))?.[0];
  assert.equal(uuid.exec(withFreshKeys(forms[2]![0], keys))?.[0], first);
  assert.notEqual(uuid.exec(withFreshKeys(forms[3]![0], keys))?.[0], first);
  for (const own of [
    `'Idempotency-Key': idempotencyKey,`,
    `-H "Idempotency-Key: $(uuidgen)"`,
    `-H "Idempotency-Key: $KEY"`,
    `idempotency_key=str(uuid.uuid4())`,
    `"code": "idempotency_key_reused"`,
  ])
    assert.equal(withFreshKeys(own, keys), own);

  // Every key the pages' request blocks send is replaced in the block's text.
  let replaced = 0;
  for (const file of docPages()) {
    const text = readFileSync(file, 'utf8');
    const written = new Set(
      pageRequests(file, text).flatMap((request) =>
        Object.entries(request.headers).flatMap(([name, value]) => (name.toLowerCase() === 'idempotency-key' ? [value] : [])),
      ),
    );
    const fresh = withFreshKeys(text, new Map());
    for (const key of written) {
      assert.ok(!fresh.includes(`Idempotency-Key: ${key}`), `${file}: ${key} is still written after Copy`);
      replaced += 1;
    }
  }
  assert.ok(replaced >= 60, `only ${replaced} written keys were found in the pages' blocks`);
});
