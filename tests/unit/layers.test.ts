/**
 * The layers of the code (README, Layout) are the linter's: ESLint refuses an import that runs back up
 * a layer, and Node's API in code that runs in a browser. Each probe is linted as if it were a file of
 * its folder; the allowed imports of each layer pass, so that the rules refuse only what they should.
 * Within a layer no module may import itself back through others: a cycle makes the order modules load
 * in matter, and ties modules together that should be read and changed one at a time (issue 57).
 * dependency-cruiser finds the cycles, with the rule of .dependency-cruiser.mjs.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {test} from 'node:test';
import {ESLint} from 'eslint';

const projectRoot = resolve(import.meta.dirname, '../..');

const eslint = new ESLint();

/** The messages of the layer rules for `code` linted as the file `file`. */
async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {filePath: file});
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-globals')
    .map((message) => message.message);
}

const refused: [file: string, code: string, reason: RegExp][] = [
  [
    'lib/probe.ts',
    "import {firstRequest} from '../src/pages/_home/content';\nexport const probe = firstRequest;\n",
    /lib\/ imports nothing of src\//,
  ],
  [
    'lib/api-render/probe.ts',
    "import {createSandbox} from '../../sandbox/core';\nexport const probe = createSandbox;\n",
    /lib\/ imports nothing/,
  ],
  ['sandbox/core/probe.ts', "import {readFileSync} from 'node:fs';\nexport const probe = readFileSync;\n", /no Node\.js API/],
  ['sandbox/core/domain/probe.ts', "import {join} from 'path';\nexport const probe = join;\n", /no Node\.js API/],
  [
    'sandbox/core/probe.ts',
    "import {parseSpec} from '../../lib/api-model/specs';\nexport const probe = parseSpec;\n",
    /only modules with no I\/O/,
  ],
  ['sandbox/core/probe.ts', 'export const probe = process.env.HOME;\n', /no Node\.js globals/],
  ['src/components/Probe.tsx', "import {readFileSync} from 'node:fs';\nexport const probe = readFileSync;\n", /no Node\.js API/],
  [
    'src/components/Probe.tsx',
    "import {check} from '../../scripts/check';\nexport const probe = check;\n",
    /src\/ imports nothing of scripts\//,
  ],
  ['scripts/probe.ts', "import Panel from '../src/components/TryIt/Panel';\nexport const probe = Panel;\n", /scripts\/ reads only/],
];

const allowed: [file: string, code: string][] = [
  ['sandbox/core/probe.ts', "import {listOperations} from '../../lib/api-model/operations';\nexport const probe = listOperations;\n"],
  ['sandbox/core/probe.ts', "import {multipart} from '../../lib/page-run';\nexport const probe = multipart;\n"],
  ['src/components/Probe.tsx', "import {PageReader} from '../../lib/page-run';\nexport const probe = PageReader;\n"],
  [
    'scripts/probe.ts',
    "import {readFileSync} from 'node:fs';\nimport {kindOfRoute} from '../src/lib/search';\nexport const probe = [readFileSync, kindOfRoute];\n",
  ],
  ['lib/probe.ts', "import {readFileSync} from 'node:fs';\nexport const probe = readFileSync;\n"],
];

test('ESLint refuses an import that runs back up a layer, and Node.js in browser code', async () => {
  for (const [file, code, reason] of refused) {
    const problems = await layerProblems(file, code);
    assert.ok(
      problems.some((problem) => reason.test(problem)),
      `${file} importing ${code.split('\n')[0]} was not refused for ${reason}: ${problems.join('; ') || 'no problem'}`,
    );
  }
});

test('ESLint lets each layer import what the layout allows', async () => {
  for (const [file, code] of allowed) assert.deepEqual(await layerProblems(file, code), [], `${file}: ${code.split('\n')[0]}`);
});

/** dependency-cruiser run in `dir` on `folders` with the project's rules (.dependency-cruiser.mjs): its exit status and report. */
function cruise(dir: string, folders: string[]): {status: number | null; report: string} {
  const result = spawnSync(
    join(projectRoot, 'node_modules/.bin/depcruise'),
    [...folders, '--config', join(projectRoot, '.dependency-cruiser.mjs'), '--output-type', 'err'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  return {status: result.status, report: `${result.stdout}${result.stderr}`.trim()};
}

test('No module imports itself back, in lib/, sandbox/, src/ or scripts/ (dependency-cruiser)', () => {
  const {status, report} = cruise(projectRoot, ['lib', 'sandbox', 'src', 'scripts']);
  assert.equal(status, 0, report);
  assert.match(report, /no dependency violations found \(\d{3,} modules/);
});

test('The cycle check finds a cycle, through a type-only import and a folder index too', () => {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    mkdirSync(join(root, 'probe/b'), {recursive: true});
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    writeFileSync(join(root, 'probe/a.ts'), "import {b} from './b';\nexport const a = b + 1;\nexport type A = number;\n");
    writeFileSync(join(root, 'probe/b/index.ts'), "import type {A} from '../a';\nexport const b: A = 1;\n");
    const cycle = cruise(root, ['probe']);
    assert.equal(cycle.status, 1, cycle.report);
    assert.match(cycle.report, /no-import-cycle: probe\/a\.ts →\s+probe\/b\/index\.ts →\s+probe\/a\.ts/);
    writeFileSync(join(root, 'probe/b/index.ts'), 'export const b = 1;\n');
    assert.equal(cruise(root, ['probe']).status, 0);
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
});
