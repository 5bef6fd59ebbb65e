/**
 * The spelling check of lib/checks/spelling.ts: British forms are found in prose, by line, in the
 * pages and in the text of a spec; code spans and product names are left alone. `npm run check`
 * applies it to docs/, the home page and the specs.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {checkSpecSpelling, findBritish} from '../../lib/checks/spelling';

test('British forms are found, in prose but not in code spans or product names', () => {
  assert.deepEqual(findBritish('The colours of the catalogue.\nIt was cancelled, `cancelled_at`, **Cancelled**.'), [
    {line: 1, reason: '"colour" is British spelling: write -or'},
    {line: 1, reason: '"catalogue" is British spelling: write catalog, dialog, analog'},
    {line: 2, reason: '"cancelled" is British spelling: write canceled, canceling'},
  ]);
  assert.deepEqual(findBritish('Canceled, fulfilled, fulfillment, color, analysis, organization, travel, totaled.'), []);
});

test("a spec's summaries, descriptions and titles are read, by the line of the spec that holds the word", () => {
  const file = join(mkdtempSync(join(tmpdir(), 'plaza-spelling-')), 'spec.yaml');
  writeFileSync(
    file,
    [
      'openapi: 3.1.0',
      'info:',
      '  title: Shop',
      '  description: |',
      '    The shop.',
      '',
      '    Payments can be authorised first.',
      'paths:',
      '  /v1/colours:',
      '    get:',
      '      summary: Get all colours',
      '      operationId: getColours',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    checkSpecSpelling(file).map((problem) => `${problem.line}: ${problem.reason}`),
    ['7: "authorised" is British spelling: write -ize, -ization', '11: "colour" is British spelling: write -or'],
  );
});
