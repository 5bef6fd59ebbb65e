/**
 * The layers of the code (README, Layout) are the linter's: ESLint refuses an import that runs back up
 * a layer, and Node's API in code that runs in a browser. Each probe is linted as if it were a file of
 * its folder; the allowed imports of each layer pass, so that the rules refuse only what they should.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ESLint} from 'eslint';

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
    "import {readSpec} from '../../lib/api-model/specs';\nexport const probe = readSpec;\n",
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
