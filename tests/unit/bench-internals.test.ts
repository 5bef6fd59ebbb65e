import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseAbInternals} from '../../bench/lib/ab';
import {internals} from '../../bench/lib/internals';

/** The file the internals are switched on in, copied as the A/B's project copy has it. */
function copyOfProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'plaza-internals-'));
  cpSync('docusaurus.config.ts', join(copy, 'docusaurus.config.ts'));
  return copy;
}

test('each internal comes out of a copy of the project, and only it', () => {
  for (const internal of internals) {
    const copy = copyOfProject();
    try {
      const config = readFileSync(join(copy, 'docusaurus.config.ts'), 'utf8');
      internal.remove(copy);
      const after = readFileSync(join(copy, 'docusaurus.config.ts'), 'utf8');
      // Each one goes with one line of the config.
      assert.equal(config.split('\n').length - after.split('\n').length, 1, internal.name);
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
