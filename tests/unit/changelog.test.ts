/**
 * The changelog (docs/api/changelog.mdx) against what it records: each spec's `info.version` has an
 * entry, no entry is newer than its spec, each API's entries run newest first, and every major
 * version of the SDK script the SDK pages load has an entry.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';
import semver from 'semver';
import {apis} from '../../lib/api-model/specs';
import {specs} from '../lib/specs';

const changelog = readFileSync('docs/api/changelog.mdx', 'utf8');
const headings = [...changelog.matchAll(/^### (.+)$/gm)].map(([, heading = '']) => heading);

/** The versions the changelog has entries for, for one API, in page order. */
const entries = (title: string): string[] =>
  headings.filter((heading) => heading.startsWith(`${title} `)).map((heading) => heading.slice(title.length + 1));

test("each spec's info.version has an entry, and no entry is newer", () => {
  for (const api of apis) {
    const version = specs[api.name].info?.version;
    assert.ok(version && semver.valid(version), `${api.file}: info.version "${version}" is not a semantic version`);
    const listed = entries(api.title);
    assert.ok(listed.includes(version), `${api.file} is at ${version}, but the changelog has no "### ${api.title} ${version}" entry`);
    for (const entry of listed) {
      assert.ok(semver.valid(entry), `"### ${api.title} ${entry}" is not a semantic version`);
      assert.ok(semver.lte(entry, version), `the changelog has ${api.title} ${entry}, newer than ${api.file} (${version})`);
    }
    assert.deepEqual(listed, [...listed].sort(semver.rcompare), `${api.title}: the entries are not newest first`);
  }
});

test('each major version of the SDK script the SDK pages load has an entry', () => {
  const files = readdirSync('docs/sdks', {recursive: true, encoding: 'utf8'}).filter((file) => file.endsWith('.mdx'));
  const majors = new Set(
    files.flatMap((file) =>
      [...readFileSync(join('docs/sdks', file), 'utf8').matchAll(/js\.plaza\.example\/v(\d+)\/plaza\.js/g)].map((match) => match[1]),
    ),
  );
  assert.ok(majors.size > 0, 'no SDK page loads the SDK script');
  for (const major of majors)
    assert.ok(
      headings.includes(`Plaza.js v${major}`),
      `the SDK pages load v${major} of the script, but the changelog has no "### Plaza.js v${major}" entry`,
    );
});

test('the API and SDK overviews link the changelog', () => {
  for (const file of ['docs/api/index.mdx', 'docs/sdks/index.mdx'])
    assert.match(readFileSync(file, 'utf8'), /\]\(\/api\/changelog[#)]/, file);
});
