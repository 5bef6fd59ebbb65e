import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseAbInternals} from '../../bench/lib/ab';
import {internals} from '../../bench/lib/internals';

/** The files the internals live in, copied as the A/B's project copy has them. */
function copyOfProject(): string {
  const copy = mkdtempSync(join(tmpdir(), 'plaza-internals-'));
  cpSync('docusaurus.config.ts', join(copy, 'docusaurus.config.ts'));
  cpSync('src/theme', join(copy, 'src/theme'), {recursive: true});
  return copy;
}

test('each internal comes out of a copy of the project, and only it', () => {
  for (const internal of internals) {
    const copy = copyOfProject();
    try {
      const config = readFileSync(join(copy, 'docusaurus.config.ts'), 'utf8');
      internal.remove(copy);
      const after = readFileSync(join(copy, 'docusaurus.config.ts'), 'utf8');
      const removedLines = config.split('\n').length - after.split('\n').length;
      const theme = join(copy, 'src/theme', internal.name);
      // A swizzle goes with its directory and the config stays; a plugin or template goes with one line of the config.
      if (existsSync(join('src/theme', internal.name))) {
        assert.equal(existsSync(theme), false, internal.name);
        assert.equal(removedLines, 0, internal.name);
      } else {
        assert.equal(removedLines, 1, internal.name);
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
  assert.deepEqual(parseAbInternals('Tabs,ssr-template').map((internal) => internal.name), ['Tabs', 'ssr-template']);
  assert.throws(() => parseAbInternals('Tabs,Footer'), /--ab takes .* not "Footer"/);
});
