/**
 * The set-up a fresh machine follows cannot drift: the README's two commands are the ones that
 * .ci/run and the rest of the README use, they run scripts that exist, npm test gets the machine
 * ready before any test, and the README states the Node.js range and the system packages that
 * package.json and scripts/prepare-machine.sh actually use.
 */
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import assert from 'node:assert/strict';

const readme = readFileSync('README.md', 'utf8');
const ciRun = readFileSync('.ci/run', 'utf8');
const prepare = readFileSync('scripts/prepare-machine.sh', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {scripts: Record<string, string>; engines: {node: string}};

/** The command lines of a shell text: not blank, not comments. */
const commandLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

const section = readme.slice(readme.indexOf('## Two commands'), readme.indexOf('\n## ', readme.indexOf('## Two commands') + 1));
const block = /```bash\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
const [runCommand, testCommand, ...others] = commandLines(block);

test('the README gives exactly two commands, one to run the site and one to test it', () => {
  assert.deepEqual(others, []);
  assert.ok(runCommand !== undefined && testCommand !== undefined, 'the README gives no run or no test command');
  assert.match(runCommand, /^npm ci && .*npm run serve$/);
  assert.match(testCommand, /^npm ci && npm test$/);
});

test('each npm script the two commands call exists, and npm test prepares the machine first', () => {
  for (const command of [runCommand, testCommand]) {
    assert.ok(command !== undefined, 'the README gives no run or no test command');
    for (const [, script = ''] of command.matchAll(/npm (?:run )?(\w[\w:-]*)/g)) {
      if (!['ci', 'install', 'run'].includes(script)) assert.ok(pkg.scripts[script], `package.json has no "${script}" script`);
    }
  }
  assert.match(pkg.scripts.test ?? '', /^bash scripts\/prepare-machine\.sh && tsx scripts\/pipeline\.ts test$/);
});

test(".ci/run is the README's test command and nothing else", () => {
  const lines = commandLines(ciRun).filter((line) => !/^(set -euo pipefail|cd "\$\(dirname "\$0"\)\/\.\.")$/.test(line));
  assert.deepEqual(lines, [testCommand]);
});

test('every install-and-run command the README writes elsewhere is one of the two', () => {
  const written = [...readme.matchAll(/npm (?:ci|install) &&[^`\n]*/g)].map((match) => match[0].trim());
  for (const command of written) assert.ok(command === runCommand || command === testCommand, `README writes "${command}"`);
});

test('the README states the Node.js range of package.json, which the start, build and test scripts check', () => {
  assert.ok(readme.includes(`Node.js \`${pkg.engines.node.replaceAll('|', '\\|')}\``), `README does not state "${pkg.engines.node}"`);
  for (const script of ['start', 'build']) assert.match(pkg.scripts[script] ?? '', /^node scripts\/check-node\.mjs && /, script);
  assert.match(prepare, /^node scripts\/check-node\.mjs$/m);
  assert.match(readFileSync('.npmrc', 'utf8'), /^engine-strict=true$/m);
});

test('the README names every system package that npm test installs', () => {
  const packages = [...prepare.matchAll(/missing\+=\(([\w-]+)\)/g)].map((match) => match[1]);
  assert.ok(packages.length > 0);
  const table = section.slice(section.indexOf('| What |'));
  for (const name of packages) assert.ok(table.includes(`\`${name}\``), `the README's table does not name ${name}`);
});
