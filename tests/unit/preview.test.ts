/**
 * `npm run preview` (scripts/preview.ts) and the site it builds (lib/api-model/site.ts): any spec,
 * read where it lives; one whose `$ref`s point at nothing built with a warning for each, or, with
 * --strict, refused in one line per problem before any build.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {previewRoute, siteApis} from '../../lib/api-model/site';
import {apis} from '../../lib/api-model/specs';

const scratch = mkdtempSync(join(tmpdir(), 'preview-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const preview = (...args: string[]) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/preview.ts', ...args], {encoding: 'utf8'});
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
};

test("without PLAZA_PREVIEW_SPEC the site is Plaza's two APIs; with it, that spec's alone, titled by its info", () => {
  assert.deepEqual(siteApis({}), {apis});
  const file = join(scratch, 'bakery.yaml');
  writeFileSync(file, 'openapi: 3.1.0\ninfo:\n  title: The **Bakery** API\n  version: "1"\n  description: Cakes and bread.\npaths: {}\n');
  const site = siteApis({PLAZA_PREVIEW_SPEC: file});
  assert.deepEqual(site.preview, {file, title: 'The Bakery API', description: 'Cakes and bread.'});
  assert.deepEqual(
    site.apis.map((api) => [api.file, api.route, api.title]),
    [[file, previewRoute, 'The Bakery API']],
  );
});

test('with --strict, a spec whose $ref points at nothing stops the preview before any build, in one line naming the pointer, exit 1', () => {
  const file = join(scratch, 'dangling.yaml');
  writeFileSync(
    file,
    [
      'openapi: 3.0.3',
      'info: {title: Dangling, version: "1"}',
      'paths:',
      '  /cakes:',
      '    get:',
      '      responses:',
      "        '200': {description: OK, content: {application/json: {schema: {$ref: '#/components/schemas/Cake'}}}}",
    ].join('\n'),
  );
  const {status, stdout, stderr} = preview(file, '--out', join(scratch, 'site'), '--strict');
  assert.equal(status, 1, stdout + stderr);
  assert.equal(stdout, '');
  assert.deepEqual(stderr.trim().split('\n'), [
    `preview: ${file}: the $ref "#/components/schemas/Cake" at #/paths/~1cakes/get/responses/200/content/application~1json/schema points at nothing`,
  ]);
});

test("a relative $ref is read from the spec's own folder, not the working directory", () => {
  const missing = join(scratch, 'away.yaml');
  writeFileSync(
    missing,
    "openapi: 3.0.3\ninfo: {title: Away, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200': {$ref: 'kitchen-sink-parts/none.yaml'}\n",
  );
  const {status, stderr} = preview(missing, '--out', join(scratch, 'site'), '--strict');
  assert.equal(status, 1);
  assert.match(stderr, new RegExp(`no such file or directory '${join(scratch, 'kitchen-sink-parts', 'none.yaml')}'`));
});

test('the preview says how to call it when the spec is missing, exit 2', () => {
  assert.equal(preview().status, 2);
  const absent = preview(join(scratch, 'absent.yaml'));
  assert.equal(absent.status, 2);
  assert.match(absent.stderr, /absent\.yaml: no such file/);
});

test('without --strict, each $ref that points at nothing is one warning naming its pointer, and the page says so where it stands', () => {
  const file = join(scratch, 'lenient.yaml');
  writeFileSync(
    file,
    [
      'openapi: 3.1.0',
      'info: {title: Lenient, version: "1"}',
      'paths:',
      '  /cakes:',
      '    get:',
      '      summary: List cakes',
      "      parameters: [{$ref: '#/components/parameters/Page'}]",
      '      responses:',
      "        '200': {description: OK, content: {application/json: {schema: {type: object, properties: {cake: {$ref: '#/components/schemas/Cake'}}}}}}",
      "        '404': {$ref: '#/components/responses/NotFound'}",
    ].join('\n'),
  );
  const out = join(scratch, 'lenient-site');
  const {status, stdout, stderr} = preview(file, '--out', out);
  assert.equal(status, 0, stdout + stderr);
  const warnings = stderr.split('\n').filter((line) => line.includes('points at nothing'));
  const where = '#/paths/~1cakes/get';
  assert.deepEqual(warnings, [
    `preview: [WARNING] ${file}: the $ref "#/components/parameters/Page" at ${where}/parameters/0 points at nothing; shown as an unresolved reference`,
    `preview: [WARNING] ${file}: the $ref "#/components/schemas/Cake" at ${where}/responses/200/content/application~1json/schema/properties/cake points at nothing; shown as an unresolved reference`,
    `preview: [WARNING] ${file}: the $ref "#/components/responses/NotFound" at ${where}/responses/404 points at nothing; shown as an unresolved reference`,
  ]);
  const page = readFileSync(join(out, previewRoute.slice(1), 'list-cakes', 'index.html'), 'utf8').replace(/<[^>]+>/g, '');
  assert.match(page, /Unresolved reference #\/components\/parameters\/Page: the spec refers to a parameter that it does not define\./);
  assert.match(page, /cake\s*unresolved reference #\/components\/schemas\/Cake/);
  assert.match(page, /Unresolved reference #\/components\/responses\/NotFound: the spec refers to a response that it does not define\./);
});
