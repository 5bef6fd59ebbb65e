import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {levers, parseLevers} from '../../bench/lib/levers';

test('each lever that edits the config sets one future.faster flag in a copy, and says so when the config has changed', () => {
  for (const lever of levers.filter((one) => one.apply)) {
    const copy = mkdtempSync(join(tmpdir(), 'plaza-levers-'));
    try {
      cpSync('docusaurus.config.ts', join(copy, 'docusaurus.config.ts'));
      lever.apply!(copy);
      const [, flag, state] = /^(\w+) (on|off)$/.exec(lever.name)!;
      const line = readFileSync(join(copy, 'docusaurus.config.ts'), 'utf8')
        .split('\n')
        .find((text) => text.startsWith('  future: '));
      assert.ok(line?.includes(`${flag}: ${state === 'on'}`), `${lever.name}: ${line}`);
      assert.throws(() => lever.apply!(copy), /update bench\/lib\/levers\.ts/, lever.name);
    } finally {
      rmSync(copy, {recursive: true, force: true});
    }
  }
  // The others set environment variables that Docusaurus reads.
  for (const lever of levers.filter((one) => !one.apply))
    assert.ok(
      Object.keys(lever.env ?? {}).every((name) => name.startsWith('DOCUSAURUS_')),
      lever.name,
    );
});

test('--levers takes "all", "none" or names of levers', () => {
  assert.equal(parseLevers('all').length, levers.length);
  assert.deepEqual(parseLevers('none'), []);
  assert.deepEqual(
    parseLevers('one SSG thread').map((lever) => lever.name),
    ['one SSG thread'],
  );
  assert.throws(() => parseLevers('turbo'), /--levers takes .* not "turbo"/);
});
