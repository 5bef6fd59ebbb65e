/**
 * The request samples and response examples on every generated operation page parse in their
 * own language: bash with `bash -n`, JavaScript with `node --check`, Python with its `ast`
 * module, JSON with JSON.parse. Run after `npm run gen-api` (npm test does that first), in the
 * project or in a copy with other specs (tests/e2e/hostile-specs.spec.ts runs it on its fixture).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {parseMdx} from '../../scripts/lib/spec-text';
import {splitFrontMatter} from '../../src/plugins/markdown-twins/mdx-to-markdown';
import {apis, listOperations, readSpec} from '../../scripts/lib/specs';

type Block = {page: string; language: string; code: string};

const pages = ['docs/api/accounts', 'docs/api/financial'].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.api.mdx'))
    .map((file) => join(dir, file)),
);

/** The code blocks of a page, read as Docusaurus reads the MDX (they sit inside tabs, indented). */
function codeBlocks(page: string): Block[] {
  const found: Block[] = [];
  const walk = (node: {type: string; lang?: string | null; value?: string; children?: unknown[]}): void => {
    if (node.type === 'code' && node.lang) found.push({page, language: node.lang, code: node.value ?? ''});
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(parseMdx(splitFrontMatter(readFileSync(page, 'utf8')).body));
  return found;
}

const blocks: Block[] = pages.flatMap(codeBlocks);

const scratch = mkdtempSync(join(tmpdir(), 'api-samples-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const ofLanguage = (language: string) => blocks.filter((block) => block.language === language);

test('every operation page has samples in the six languages', () => {
  const operations = apis.reduce((count, api) => count + listOperations(readSpec(api.file)).length, 0);
  assert.equal(pages.length, operations);
  for (const language of ['bash', 'javascript', 'python', 'php', 'java', 'csharp']) {
    const withLanguage = new Set(ofLanguage(language).map((block) => block.page));
    assert.deepEqual(pages.filter((page) => !withLanguage.has(page)), [], `pages without a ${language} sample`);
  }
});

/**
 * Checks many samples with one run of a syntax checker: they go into one file, one after the
 * other, and a failure names the page of the sample that holds the line the checker reports.
 */
function checkTogether(samples: Block[], file: string, command: string, args: string[], header = ''): void {
  const starts: number[] = [];
  let text = header;
  for (const sample of samples) {
    starts.push(text.split('\n').length);
    text += `{\n${sample.code}\n}\n`;
  }
  writeFileSync(join(scratch, file), text);
  try {
    execFileSync(command, [...args, join(scratch, file)], {stdio: 'pipe'});
  } catch (error) {
    const message = String((error as {stderr?: Buffer}).stderr ?? error);
    const line = Number(/:(\d+)/.exec(message)?.[1] ?? 0);
    const index = starts.filter((start) => start <= line).length - 1;
    assert.fail(`${samples[Math.max(index, 0)]?.page}: ${message.split('\n').slice(0, 3).join(' ')}`);
  }
}

test('the curl samples are valid bash', () => {
  checkTogether(ofLanguage('bash'), 'samples.sh', 'bash', ['-n']);
});

test('the Node.js samples are valid JavaScript modules', () => {
  // Imports must come first in a module, so they are lifted out of the samples' blocks.
  const samples = ofLanguage('javascript');
  const imports = new Set(samples.flatMap((block) => block.code.match(/^import .*$/gm) ?? []));
  const bodies = samples.map((block) => ({...block, code: block.code.replace(/^import .*$/gm, '')}));
  checkTogether(bodies, 'samples.mjs', process.execPath, ['--check'], [...imports, ''].join('\n'));
});

test('the Python samples are valid Python', () => {
  const samples = ofLanguage('python');
  const file = join(scratch, 'samples.json');
  writeFileSync(file, JSON.stringify(samples.map((block) => block.code)));
  const script = 'import ast, json, sys\nfor i, code in enumerate(json.load(open(sys.argv[1]))):\n    try:\n        ast.parse(code)\n    except SyntaxError as e:\n        print(i, e)\n';
  const failures = execFileSync('python3', ['-c', script, file], {encoding: 'utf8'}).trim();
  assert.equal(failures, '', failures && samples[Number(failures.split(' ')[0])].page);
});

test('the response and request examples are valid JSON', () => {
  const json = ofLanguage('json');
  assert.ok(json.length >= pages.length);
  for (const block of json) assert.doesNotThrow(() => JSON.parse(block.code), block.page);
});
