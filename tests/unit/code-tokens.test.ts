/**
 * Code is highlighted at build time (src/plugins/code-tokens.ts) and rendered from its tokens
 * (src/lib/code-tokens.ts, src/theme/CodeBlock/Content): the tokens must cut the code exactly,
 * carry the types the theme's Prism gives, and reach every fenced block of a known language.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {decodeTokens, type Token} from '../../src/lib/code-tokens';
import {blockCode, rehypeCodeTokens, tokenize, tokensProperty} from '../../src/plugins/code-tokens';

const samples = {
  json: '{\n  "id": "pay_1",\n\n  "amount": 2599,\n  "captured": null\n}',
  bash: 'curl -X POST https://api.sandbox.plaza.example/v1/payments \\\n  -H "X-API-KEY: $PLAZA_SECRET_KEY"',
  javascript: 'const payment = await plaza.payments.create({amount: 2599});\n// Done.',
  python: 'payment = plaza.Payment.create(amount=2599)  # cents\nprint(payment.id)',
  php: "<?php\n$payment = $plaza->payments->create(['amount' => 2599]);",
  java: 'Payment payment = client.payments().create(params);',
  csharp: 'var payment = await client.Payments.CreateAsync(options);',
  tsx: 'export const Pay = () => <PlazaCheckout amount={2599} currency="USD" />;',
} satisfies Record<string, string>;

const typesOf = (lines: Token[][], text: string) => lines.flat().find((token) => token.content === text)?.types;

for (const [language, code] of Object.entries(samples)) {
  test(`${language}: the tokens cut the code exactly, line by line, and highlight it`, () => {
    const encoded = tokenize(code, language);
    assert.ok(encoded, `Prism knows ${language}`);
    const lines = decodeTokens(code, encoded);
    assert.ok(lines);
    assert.deepEqual(
      lines.map((line) => line.map((token) => (token.empty ? '' : token.content)).join('')),
      code.split('\n'),
    );
    assert.ok(lines.flat().some((token) => !token.types.includes('plain')));
  });
}

test('tokens carry the types the theme gives: nested ones in order, aliases after their type', () => {
  const bash = decodeTokens(samples.bash, tokenize(samples.bash, 'bash') ?? '');
  assert.deepEqual(typesOf(bash ?? [], '$PLAZA_SECRET_KEY'), ['string', 'variable']);
  assert.deepEqual(typesOf(bash ?? [], ' POST https://api.sandbox.plaza.example/v1/payments '), ['plain']);
  const json = decodeTokens(samples.json, tokenize(samples.json, 'json') ?? '');
  assert.deepEqual(typesOf(json ?? [], 'null'), ['null', 'keyword']);
  // An empty line is one empty token, as the theme's CodeBlock/Line expects.
  assert.deepEqual(json?.[2], [{types: ['plain'], content: '\n', empty: true}]);
});

test('tokens of other code are refused, so the block shows plain instead of cut wrongly', () => {
  const encoded = tokenize(samples.json, 'json') ?? '';
  assert.equal(decodeTokens(samples.json.replace('2599', '25990'), encoded), undefined);
  assert.equal(decodeTokens(`${samples.json}\n`, encoded), undefined);
});

test('a language Prism does not know, or code with nothing to highlight, gets no tokens', () => {
  assert.equal(tokenize('anything', 'no-such-language'), undefined);
  assert.equal(tokenize('plain words', 'text'), undefined);
});

type Node = {type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Node[]};
const element = (tagName: string, properties: Record<string, unknown>, children: Node[]): Node => ({
  type: 'element',
  tagName,
  properties,
  children,
});

test('every fenced block of a known language gets its tokens, and nothing else does', () => {
  const fenced = element('code', {className: ['language-json']}, [{type: 'text', value: `${samples.json}\n`}]);
  const unknown = element('code', {className: ['language-text']}, [{type: 'text', value: 'plain words\n'}]);
  const inline = element('code', {className: ['language-json']}, [{type: 'text', value: '{}'}]);
  const root: Node = {type: 'root', children: [element('pre', {}, [fenced]), element('pre', {}, [unknown]), element('p', {}, [inline])]};
  rehypeCodeTokens()(root);
  assert.equal(fenced.properties?.[tokensProperty], tokenize(blockCode(`${samples.json}\n`), 'json'));
  assert.equal(unknown.properties?.[tokensProperty], undefined);
  assert.equal(inline.properties?.[tokensProperty], undefined);
});
