/**
 * The JSON view of the Try it panel's body, outside the browser: a text that does not parse is
 * refused with the line and column where it breaks, and a JSON object goes back into the form's
 * inputs, what the form cannot show kept aside and sent as it was.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import type {FormInput} from '../../sandbox/core';
import {fieldsOfJson, othersOf, parseJson} from '../../src/components/TryIt/body-json';

test('valid JSON parses to its value; broken JSON names the line, the column, what was expected and what was found', () => {
  const valid = '{"a": [1, {"b": null}], "c": -1.5e3, "d": "\\u00e9"}';
  assert.deepEqual(parseJson(valid), {value: JSON.parse(valid) as unknown});
  const cases: [string, string][] = [
    ['{"amount": 2500,', 'line 1, column 17, a property name in double quotes was expected, not the end'],
    ['{\n  "amount" 2500\n}', "line 2, column 12, ':' was expected, not '2'"],
    ['{\n  "ok": tru\n}', "line 2, column 9, a value was expected, not 't'"],
    ['[1, 2}', "line 1, column 6, ',' or ']' was expected, not '}'"],
    ['{} x', "line 1, column 4, nothing more was expected, not 'x'"],
  ];
  for (const [text, where] of cases) {
    assert.equal(parseJson(text).problem, `is not valid JSON: at ${where}`, text);
    // The scanner agrees with the browser: what it refuses, JSON.parse refuses too.
    assert.throws(() => JSON.parse(text) as unknown);
  }
});

test('a JSON object fills the inputs that can show its values; the rest is kept and read back whole', () => {
  const fields: FormInput[] = [
    {name: 'amount', required: true, kind: 'integer'},
    {name: 'currency', required: true, kind: 'string', enum: ['usd', 'eur']},
    {name: 'capture', required: false, kind: 'boolean'},
    {name: 'metadata', required: false, kind: 'json'},
    {name: 'description', required: false, kind: 'string'},
  ];
  const body = {amount: 2500, currency: 'gbp', capture: false, metadata: {order: '5531'}, description: null, extra: [1]};
  const inputs = fieldsOfJson(fields, body);
  assert.equal(inputs.amount, '2500');
  assert.equal(inputs.capture, 'false');
  assert.equal(inputs.metadata, JSON.stringify(body.metadata, null, 2));
  // A currency the select does not offer, a null in a text field and a property with no field are kept as they were.
  for (const name of ['currency', 'description', 'extra']) assert.equal(inputs[name], undefined, name);
  assert.deepEqual(othersOf(inputs), {currency: 'gbp', description: null, extra: [1]});
  assert.deepEqual(othersOf(fieldsOfJson(fields, {amount: 1})), {});
});
