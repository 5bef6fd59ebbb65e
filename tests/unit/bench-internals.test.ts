import {test} from 'node:test';
import assert from 'node:assert/strict';
import {parseAbInternals} from '../../bench/lib/ab';
import {internals, withoutInternal} from '../../bench/lib/internals';
import {internalsOff} from '../../src/internals';

test("each internal's A/B builds with that internal's flag off, and only it", () => {
  for (const internal of internals) assert.deepEqual([...internalsOff(withoutInternal(internal).PLAZA_INTERNALS_OFF)], [internal.name]);
});

test('--ab takes "all", "none" or names of internals', () => {
  assert.equal(parseAbInternals('all').length, internals.length);
  assert.deepEqual(parseAbInternals('none'), []);
  assert.deepEqual(
    parseAbInternals('prefetch-once,ssr-template').map((internal) => internal.name),
    ['prefetch-once', 'ssr-template'],
  );
  assert.throws(() => parseAbInternals('ssr-template,Tabs'), /--ab takes .* not "Tabs"/);
});
