/**
 * A build that fails leaves everything as it was: `npm run build`'s pipeline, run for real in a copy
 * of the project that already has a build/ and generated reference pages.
 *
 * - A spec whose external $ref names a missing file stops the build with one line naming the spec
 *   and the pointer, exit code non-zero, before any generated page is deleted or rewritten.
 * - A build that fails late, after Docusaurus has emptied its output folder (a broken link, found
 *   once every page is rendered), leaves build/ exactly as it was: the site is built in build.next/
 *   and takes build/'s place only when every step has passed.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pipelines, runSteps, siteSteps} from '../../scripts/lib/pipeline';
import {temporaryCopy} from '../../scripts/lib/site-copy';

const dir = temporaryCopy('failed-build');
after(() => rmSync(dir, {recursive: true, force: true}));
const env = {...process.env, PLAZA_API_HOST: ''};

/** Every file under `root`, with its text: what a test compares before and after. */
function snapshot(root: string): Map<string, string> {
  return new Map(
    readdirSync(join(dir, root), {recursive: true, withFileTypes: true})
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path, readFileSync(path, 'utf8')];
      }),
  );
}

/** The output of the pipeline `steps` run in the copy, which must fail. */
function failure(steps: Parameters<typeof runSteps>[0]): string {
  try {
    runSteps(steps, dir, {env, quiet: true});
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('the build passed');
}

// A build that was deployed, and the reference pages of the last generation.
mkdirSync(join(dir, 'build', 'guides'), {recursive: true});
writeFileSync(join(dir, 'build', 'index.html'), '<!doctype html><title>The previous build</title>');
writeFileSync(join(dir, 'build', 'guides', 'index.html'), '<!doctype html><title>Guides, previously</title>');
writeFileSync(join(dir, 'build', '_headers'), '/*\n  X-Previous: yes\n');
mkdirSync(join(dir, 'docs', 'api', 'financial'), {recursive: true});
writeFileSync(join(dir, 'docs', 'api', 'financial', 'create-payment.api.mdx'), '---\nid: create-payment\n---\n\nThe last generation.\n');
const build = snapshot('build');
const generatedPages = snapshot(join('docs', 'api'));

test('an external $ref to a missing file stops the build in one line naming it, and deletes nothing', () => {
  const spec = join(dir, 'specs', 'financial.yaml');
  const text = readFileSync(spec, 'utf8');
  const ref = '$ref: "#/components/schemas/ApplePayPaymentMethod"';
  assert.ok(text.includes(ref));
  writeFileSync(spec, text.replace(ref, '$ref: "./parts/missing.yaml#/ApplePayPaymentMethod"'));
  // The check places the problem at the key that holds the $ref, the line above it.
  const schemaLine = text.slice(0, text.indexOf(ref)).split('\n').length - 1;
  try {
    // npm run build stops at its first step, the content check, with the spec's line.
    const checked = failure(pipelines.build);
    assert.match(checked, /^content check \(tsx scripts\/check\.ts\) failed in .* with exit code 1:/);
    const line = checked.split('\n').find((text) => text.startsWith('specs/')) ?? '';
    assert.ok(
      line.startsWith(`specs/financial.yaml:${schemaLine}: the $ref "./parts/missing.yaml#/ApplePayPaymentMethod" at #/paths/`),
      checked,
    );
    assert.match(line, /points at nothing \(.*no such file.*\)$/);
    assert.doesNotMatch(checked, /^\s+at /m, 'no stack trace');
    // The generator itself, as the site steps run it without the check, names the same cause, in the
    // error Docusaurus wraps around it (its "Unable to build website" and stack come with it).
    const generated = failure(siteSteps);
    assert.match(generated, /^site \(docusaurus build --out-dir build\.next\) failed in .* with exit code 1:/);
    const lines = generated.split('\n').filter((line) => line.includes('missing.yaml'));
    assert.equal(lines.length, 1, generated);
    assert.match(
      lines[0] ?? '',
      /API reference: specs\/financial\.yaml: the \$ref "\.\/parts\/missing\.yaml#\/ApplePayPaymentMethod" at #\/paths\/\S+ points at nothing \(.*no such file.*\)/,
    );
    assert.deepEqual(snapshot(join('docs', 'api')), generatedPages);
    assert.deepEqual(snapshot('build'), build);
  } finally {
    writeFileSync(spec, text);
  }
});

test('a build that fails after Docusaurus emptied its output folder leaves build/ exactly as it was', () => {
  // The content check of npm run build would stop this link first: the site steps alone let Docusaurus find it.
  const guide = join(dir, 'docs', 'guides', 'quickstart.mdx');
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\nSee [a page that never was](/guides/never-was).\n`);
  const output = failure(siteSteps);
  assert.match(output, /Broken link on source page path = \/guides\/quickstart/);
  assert.match(output, /\/guides\/never-was/);
  assert.deepEqual(snapshot('build'), build);
});
