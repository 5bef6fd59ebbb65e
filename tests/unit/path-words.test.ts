import {test} from 'node:test';
import assert from 'node:assert/strict';
import {decodePath, pathWords} from '../../src/lib/path-words';

test('a path’s words are its segments split at -, _ and ., without extension, empty parts or IDs', () => {
  assert.deepEqual(pathWords('/guides/payments/proces-card-payment'), [['guides'], ['payments'], ['proces', 'card', 'payment']]);
  assert.deepEqual(pathWords('/API/Financial/Create_Paymnt.html'), [['api'], ['financial'], ['create', 'paymnt']]);
  assert.deepEqual(pathWords('/guides//refunds.md'), [['guides'], ['refunds']]);
  assert.deepEqual(pathWords('/v1/payments/pay_3f9k/refunds/'), [['payments'], ['pay'], ['refunds']]);
  assert.deepEqual(pathWords('/concepts/dispute%20cases'), [['concepts'], ['dispute', 'cases']]);
  assert.deepEqual(pathWords('/2024/05/'), []);
  assert.deepEqual(pathWords('/%3Cimg%20src=x%3E'), [['img', 'src', 'x']]);
});

test('a path is shown decoded, or as it came when an escape is malformed', () => {
  assert.equal(decodePath('/guides/%C3%BCber%20uns'), '/guides/über uns');
  assert.equal(decodePath('/guides/100%'), '/guides/100%');
});
