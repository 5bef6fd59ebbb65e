import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseAbInternals} from '../../bench/lib/ab';
import {internals} from '../../bench/lib/internals';

/** A copy of the project holding the one file an internal is switched on in, as the A/B's copy has it. */
function copyOfProject(file: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'plaza-internals-'));
  cpSync(file, join(copy, file));
  return copy;
}

test('each internal comes out of a copy of the project, and only it', () => {
  for (const internal of internals) {
    const copy = copyOfProject(internal.file);
    try {
      const before = readFileSync(join(copy, internal.file), 'utf8');
      internal.remove(copy);
      const after = readFileSync(join(copy, internal.file), 'utf8');
      if (internal.file === 'docusaurus.config.ts') {
        // A plugin or template goes with its one line of the config.
        assert.equal(before.split('\n').length - after.split('\n').length, 1, internal.name);
      } else {
        assert.notEqual(after, before, internal.name);
      }
      // Taking it out again finds nothing to take out, and says where to look.
      assert.throws(() => internal.remove(copy), /update bench\/lib\/internals\.ts/, internal.name);
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  }
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
