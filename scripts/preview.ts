/**
 * `npm run preview -- path/to/spec.yaml [--out dir] [--strict]`: the API reference of any OpenAPI 3.0 or 3.1
 * document, built into a site of its own, for a spec author to see a change before it lands and for
 * the tests' fixture sites.
 *
 * The spec is read where it lives (its relative `$ref`s from its own folder) and checked first: a
 * document that cannot be read stops here with one line per problem, naming the pointer, and exit
 * code 1. A `$ref` that points at nothing is a warning, and its pages say so where it stands; a node
 * of the wrong kind is a warning, and left out; with `--strict` either stops the preview as Plaza's
 * own build stops. Then a copy of the project builds it with
 * PLAZA_PREVIEW_SPEC (lib/api-model/site.ts): the reference alone, its introduction as the home page,
 * none of Plaza's pages, checks or conventions. The build's warnings are printed; the site is moved
 * to `--out` (by default preview-build/), for `npm run serve -- --dir <out>`.
 */
import {existsSync, readFileSync, readdirSync, renameSync, rmSync} from 'node:fs';
import {join, relative, resolve} from 'node:path';
import {parseArgs} from 'node:util';
import {readSpecText, SpecError} from '../lib/api-model/model';
import {buildCopy, temporaryCopy} from './lib/site-copy';

/**
 * The build's warnings, each with the lines that detail it: a Docusaurus `[WARNING]` line and the
 * indented or listed lines after it (the broken links, page by page), and the bundler's warnings.
 */
function buildWarnings(output: string): string[] {
  const warnings: string[] = [];
  for (const line of output.split('\n')) {
    if (/\[WARNING\]|compiled with \d+ warnings?/i.test(line)) warnings.push(line.trim());
    else if (/^(\s+\S|- )/.test(line) && warnings.at(-1)?.startsWith('[WARNING]')) warnings[warnings.length - 1] += `\n  ${line.trim()}`;
  }
  return warnings;
}

function fail(message: string, code = 1): never {
  console.error(`preview: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  const {values, positionals} = parseArgs({
    options: {out: {type: 'string', default: 'preview-build'}, strict: {type: 'boolean', default: false}},
    allowPositionals: true,
  });
  const [spec, ...extra] = positionals;
  if (!spec || extra.length > 0) fail('usage: npm run preview -- path/to/spec.yaml [--out dir] [--strict]', 2);
  const file = resolve(spec);
  if (!existsSync(file)) fail(`${spec}: no such file`, 2);
  const out = resolve(values.out);
  const started = performance.now();
  try {
    await readSpecText(readFileSync(file, 'utf8'), file, spec, {strict: values.strict});
  } catch (error) {
    if (error instanceof SpecError) fail(error.message);
    throw error;
  }
  const dir = temporaryCopy('preview');
  try {
    const output = buildCopy(dir, {PLAZA_PREVIEW_SPEC: file, ...(values.strict ? {PLAZA_PREVIEW_STRICT: 'true'} : {})});
    for (const warning of buildWarnings(output)) console.warn(`preview: ${warning.trim()}`);
    rmSync(out, {recursive: true, force: true});
    renameSync(join(dir, 'build'), out);
  } catch (error) {
    // A failed step's output ends with what went wrong; a spec problem is its one line.
    const message = error instanceof Error ? error.message : String(error);
    const line = /API reference: (.+)/.exec(message)?.[1];
    fail(line ?? message);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
  const pages = readdirSync(out, {recursive: true}).filter((name) => String(name).endsWith('.html')).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const near = relative(process.cwd(), out);
  const where = near.startsWith('..') ? out : near || '.';
  console.log(`preview: ${pages} pages of ${spec} built in ${seconds} s into ${where}/; serve them with: npm run serve -- --dir ${where}`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
