/**
 * Every routing number written in docs/ and the specs passes the ABA checksum. The web SDKs check it
 * in the browser before a request reaches the API, so a sandbox value that failed it could never
 * produce the outcome the page promises (the invalid routing number included: it must fail at the
 * API, for belonging to no bank, not in the SDK).
 */
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {docPages} from '../../lib/docs-source';
import {apis} from '../../lib/api-model/specs';
import {specs} from '../lib/specs';

/** True when the nine digits pass the ABA checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
export function passesAbaChecksum(routingNumber: string): boolean {
  if (!/^[0-9]{9}$/.test(routingNumber)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(routingNumber[index]), 0);
  return sum % 10 === 0;
}

/**
 * The routing numbers of a text, with their line: a nine-digit number after the words "routing
 * number" or "routing" (prose, error messages), or as the value of a `routing_number` key (JSON,
 * YAML, JavaScript).
 */
export function routingNumbers(text: string): {line: number; value: string}[] {
  const found: {line: number; value: string}[] = [];
  const pattern = /routing(?:[ _]number)?["'`]?\s*[:=]?\s*["'`]?([0-9]{9})(?![0-9])/gi;
  text.split('\n').forEach((line, index) => {
    for (const [, value = ''] of line.matchAll(pattern)) found.push({line: index + 1, value});
  });
  return found;
}

/** The values of a spec's `routing_number` keys: in request examples, and the `example` of the schema property. */
function specRoutingNumbers(value: unknown, at: string, out: {at: string; value: string}[] = []) {
  if (Array.isArray(value)) value.forEach((item, index) => specRoutingNumbers(item, `${at}/${index}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const pointer = `${at}/${key}`;
      if (key === 'routing_number' && typeof item === 'string') out.push({at: pointer, value: item});
      else if (key === 'routing_number' && item && typeof item === 'object' && 'example' in item) {
        out.push({at: `${pointer}/example`, value: String(item.example)});
      }
      specRoutingNumbers(item, pointer, out);
    }
  }
  return out;
}

const files = [...docPages(), ...apis.map((api) => api.file)];

test('every routing number in docs/ and the specs passes the ABA checksum', () => {
  const inText = files.flatMap((file) =>
    routingNumbers(readFileSync(file, 'utf8'))
      .filter(({value}) => !passesAbaChecksum(value))
      .map(({line, value}) => `${file}:${line} routing number ${value} fails the ABA checksum`),
  );
  const inSpecs = apis.flatMap((api) =>
    specRoutingNumbers(specs[api.name], '#')
      .filter(({value}) => !passesAbaChecksum(value))
      .map(({at, value}) => `${api.file} ${at} routing number ${value} fails the ABA checksum`),
  );
  assert.deepEqual([...inText, ...inSpecs], []);
});

test('the routing_number fields of both specs are found', () => {
  for (const api of apis) assert.ok(specRoutingNumbers(specs[api.name], '#').length > 0, `${api.file} has routing numbers`);
});

test('the sandbox values list both test routing numbers, and the pages and specs use them', () => {
  const values = (file: string) => new Set(routingNumbers(readFileSync(file, 'utf8')).map(({value}) => value));
  assert.deepEqual([...values('docs/_partials/_sandbox-values.mdx')].sort(), ['111000025', '200000004']);
  for (const api of apis) assert.ok(values(api.file).has('111000025'), `${api.file} uses routing number 111000025`);
});

test('the checksum and the finder work on known values', () => {
  assert.equal(passesAbaChecksum('111000025'), true);
  assert.equal(passesAbaChecksum('200000004'), true);
  assert.equal(passesAbaChecksum('123456789'), false);
  assert.equal(passesAbaChecksum('12345678'), false);
  assert.deepEqual(
    routingNumbers('Use routing number `111000025`.\n"routing_number": "123456789",\n  routing_number: "200000004"\namount: 102000000'),
    [
      {line: 1, value: '111000025'},
      {line: 2, value: '123456789'},
      {line: 3, value: '200000004'},
    ],
  );
});
