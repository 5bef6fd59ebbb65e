/**
 * The framework internals the site replaces (src/internals, the switchboard) were written against
 * the upstream files it lists. None of these files is a public API: an upgrade may change one
 * without notice, and the replacement would then go on running against code that is no longer
 * there. So each internal's upstream files are pinned by their SHA-256, and an upgrade that changes
 * one fails here, naming the replacement to review and its flag (README, "Upgrading Docusaurus or
 * Pagefind").
 */
import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {internals, internalsOff} from '../../src/internals';

/** One hash of the installed files (paths under node_modules), each named by its path, in order. */
function fingerprint(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join('node_modules', file)));
  return hash.digest('hex');
}

for (const {name, files, upstream, sha256} of internals) {
  test(`${name} (${files.join(', ')}) was written against the upstream files installed now`, () => {
    const now = fingerprint(upstream);
    assert.equal(
      now,
      sha256,
      `${upstream.join(', ')} changed since ${files.join(' and ')} was written against them. Build with PLAZA_INTERNALS_OFF=${name}, compare the new ` +
        `upstream code with the replacement and update it (or remove it, if the A/B of npm run bench says it no longer pays), then pin the new hash ${now} in src/internals/index.ts.`,
    );
  });
}

test("each internal's files are in the project", () => {
  for (const {name, files} of internals) for (const file of files) assert.ok(existsSync(file), `${name}: ${file}`);
});

test('PLAZA_INTERNALS_OFF names the internals a build leaves out: none, some, or all', () => {
  assert.deepEqual([...internalsOff('')], []);
  assert.deepEqual([...internalsOff(' ssr-template, prefetch-once ')], ['ssr-template', 'prefetch-once']);
  assert.deepEqual(
    [...internalsOff('all')],
    internals.map((internal) => internal.name),
  );
  assert.throws(
    () => internalsOff('ssr-template,Tabs'),
    /^Error: PLAZA_INTERNALS_OFF: no internal is called Tabs; the names are all, prefetch-once, /,
  );
});
