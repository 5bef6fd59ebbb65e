/**
 * The request samples and response examples on every generated operation page parse in their
 * own language: bash with `bash -n`, JavaScript with `node --check`, Python with its `ast`
 * module, PHP with the php-parser package, Java compiled by `javac`, C# with the tree-sitter C#
 * grammar, JSON with JSON.parse. The pages are rendered from the model of the site's specs
 * (lib/api-model/site.ts) in the folder it runs in: the project, a copy with other specs
 * (tests/e2e/hostile-specs.spec.ts runs it on its fixture), or a preview's spec (the kitchen sink).
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, join} from 'node:path';
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {loadApiModel} from '../../lib/api-model/model';
import {siteApis} from '../../lib/api-model/site';
import {listOperations} from '../../lib/api-model/specs';
import {downloadsOf} from '../../lib/api-render/downloads';
import {renderReference} from '../../lib/api-render/reference';
import {codeBlocks} from '../../lib/docs-source';
import {csharpChecker, phpSyntaxError} from '../lib/syntax';

type Block = {page: string; language: string; code: string};

/** Every operation and webhook page, by its file in docs/, as the API reference plugin writes it. */
let pages: {page: string; source: string}[] = [];
let blocks: Block[] = [];
/** The pages of OpenAPI 3.1 webhooks (method `event`): the API sends them, so they show a payload, not samples. */
let webhookPages: string[] = [];
let operations = 0;
let webhooks = 0;

before(async () => {
  const {apis, preview} = siteApis();
  const model = await loadApiModel('.', {apis, foreign: preview !== undefined});
  const references = model.apis.map((api) => ({api, reference: renderReference(api, downloadsOf(api.name))}));
  pages = references.flatMap(({api, reference}) =>
    [...reference.files]
      .filter(([file]) => file.endsWith('.api.mdx'))
      .map(([file, source]) => ({page: `docs${api.route}/${file}`, source})),
  );
  // The code blocks of the pages, and the samples each page fetches (its file is named after the page's id).
  blocks = [
    ...pages.flatMap(({page, source}) =>
      codeBlocks(source)
        .filter((block) => block.lang)
        .map((block) => ({page, language: block.lang, code: block.text})),
    ),
    ...references.flatMap(({api, reference}) =>
      [...reference.samples].flatMap(([url, samples]) =>
        Object.values(samples.languages).flatMap(({lang, examples}) =>
          examples.map(({code: text}) => ({
            page: `docs${api.route}/${basename(url).replace(/\.\w+\.json$/, '.api.mdx')}`,
            language: lang,
            code: text,
          })),
        ),
      ),
    ),
  ];
  webhookPages = pages.filter(({source}) => /^sidebar_class_name: event /m.test(source)).map(({page}) => page);
  operations = model.apis.reduce((count, api) => count + listOperations(api.document).length, 0);
  webhooks = model.apis.reduce((count, api) => count + listOperations({paths: api.document.webhooks}).length, 0);
});

const scratch = mkdtempSync(join(tmpdir(), 'api-samples-'));
after(() => rmSync(scratch, {recursive: true, force: true}));

const ofLanguage = (language: string) => blocks.filter((block) => block.language === language);

test('every operation page has samples in the six languages', () => {
  assert.equal(pages.length, operations + webhooks);
  assert.equal(webhookPages.length, webhooks);
  for (const language of ['bash', 'javascript', 'python', 'php', 'java', 'csharp']) {
    const withLanguage = new Set(ofLanguage(language).map((block) => block.page));
    assert.deepEqual(
      pages.map(({page}) => page).filter((page) => !withLanguage.has(page) && !webhookPages.includes(page)),
      [],
      `pages without a ${language} sample`,
    );
  }
});

/**
 * Checks many samples with one run of a syntax checker: they go into one file, one after the
 * other, each in a block, and a failure names the page of the sample that holds the line the
 * checker reports. Import lines are lifted out of the blocks to the top of the file.
 */
function checkTogether(
  samples: Block[],
  file: string,
  command: [program: string, ...args: string[]],
  {imports = /(?!)/gm, before = '', after = ''} = {},
): void {
  const lifted = new Set(samples.flatMap((block) => block.code.match(imports) ?? []));
  const starts: number[] = [];
  let text = [...lifted, before].join('\n');
  for (const sample of samples) {
    text += '\n{\n';
    starts.push(text.split('\n').length);
    text += `${sample.code.replace(imports, '')}\n}`;
  }
  text += `\n${after}\n`;
  writeFileSync(join(scratch, file), text);
  try {
    const [program, ...args] = command;
    execFileSync(program, [...args, join(scratch, file)], {stdio: 'pipe'});
  } catch (error) {
    const message = String((error as {stderr?: Buffer}).stderr ?? error);
    const line = Number(/:(\d+)/.exec(message)?.[1] ?? 0);
    const index = starts.filter((start) => start <= line).length - 1;
    assert.fail(`${samples[Math.max(index, 0)]?.page}: ${message.split('\n').slice(0, 3).join(' ')}`);
  }
}

test('the curl samples are valid bash', () => {
  checkTogether(ofLanguage('bash'), 'samples.sh', ['bash', '-n']);
});

test('the Node.js samples are valid JavaScript modules', () => {
  checkTogether(ofLanguage('javascript'), 'samples.mjs', [process.execPath, '--check'], {imports: /^import .*$/gm});
});

test('the Java samples compile', () => {
  // Each sample becomes an instance initializer of one class, whose constructor may throw.
  const wrap = {before: 'class Samples {\nSamples() throws Exception {}', after: '}'};
  checkTogether(ofLanguage('java'), 'Samples.java', ['javac', '-d', scratch], {imports: /^import .*;$/gm, ...wrap});
});

test('the Python samples are valid Python', () => {
  const samples = ofLanguage('python');
  const file = join(scratch, 'samples.json');
  writeFileSync(file, JSON.stringify(samples.map((block) => block.code)));
  const script =
    'import ast, json, sys\nfor i, code in enumerate(json.load(open(sys.argv[1]))):\n    try:\n        ast.parse(code)\n    except SyntaxError as e:\n        print(i, e)\n';
  const failures = execFileSync('python3', ['-c', script, file], {encoding: 'utf8'}).trim();
  assert.equal(failures, '', failures && samples[Number(failures.split(' ')[0])]?.page);
});

test('the PHP samples are valid PHP', () => {
  const failures = ofLanguage('php').flatMap((block) => {
    const error = phpSyntaxError(block.code);
    return error ? [`${block.page}: ${error}`] : [];
  });
  assert.deepEqual(failures, []);
});

test('the C# samples are valid C#', async () => {
  const check = await csharpChecker();
  const failures = ofLanguage('csharp').flatMap((block) => {
    const error = check(block.code);
    return error ? [`${block.page}: ${error}`] : [];
  });
  assert.deepEqual(failures, []);
});

test('the response and request examples are valid JSON, and every page with a response body of fields shows one', () => {
  const json = ofLanguage('json');
  // A response whose schema has fields has a "Body:" table, and an example: the spec's, or one made from the schema.
  const withJson = pages.filter(({source}) => /## Responses[\s\S]*^\s*Body:$/m.test(source)).map(({page}) => page);
  assert.deepEqual(
    withJson.filter((page) => !json.some((block) => block.page === page)),
    [],
  );
  for (const block of json) assert.doesNotThrow(() => JSON.parse(block.code), block.page);
});
