/**
 * The layers of the code (README, Layout) are the linter's: ESLint refuses an import that runs back up
 * a layer, and Node's API in code that runs in a browser. Each probe is linted as if it were a file of
 * its folder; the allowed imports of each layer pass, so that the rules refuse only what they should.
 * Within a layer no module may import itself back through others: a cycle makes the order modules load
 * in matter, and ties modules together that should be read and changed one at a time (issue 57).
 */
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative, resolve} from 'node:path';
import {test} from 'node:test';
import {ESLint} from 'eslint';
import ts from 'typescript';

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

/** The modules the cycle check reads: TypeScript's own sources, not the declarations (`.d.ts`) of what they load. */
const moduleFile = /(?<!\.d)\.(ts|tsx|mts)$/;

/** Every module under `dir`, as absolute paths. */
function modulesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile() && moduleFile.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The relative specifiers a module imports, in every form: `import` and `import type`, `export ... from`,
 * `import x = require()`, `import()` and `typeof import()`. A type-only import is an edge too: the two
 * modules still cannot be read or changed apart. Parsed rather than matched, so that an import across lines
 * or in JSX counts and one in a comment or a string does not.
 */
function relativeImports(file: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    let specifier: ts.Node | undefined;
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      specifier = node.moduleReference.expression;
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal;
    if (specifier && ts.isStringLiteralLike(specifier) && specifier.text.startsWith('.')) specifiers.push(specifier.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The module a relative specifier names: the file itself, or with `.ts` or `.tsx`, or its folder's index; undefined when none of the graph's. */
function resolveImport(from: string, specifier: string, modules: {has(file: string): boolean}): string | undefined {
  const target = resolve(dirname(from), specifier);
  const candidates = [target, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ending) => target + ending)];
  return candidates.find((candidate) => modules.has(candidate));
}

/** Past this many cycles the report stops: a tangle that large is better broken up by what it shows first. */
const maxCycles = 100;

/**
 * The import cycles among the modules of `folders` under `root`, each as `a.ts → b.ts → a.ts` with paths
 * relative to `root`: every elementary cycle once, starting from its first module in sorted order, so that
 * the report is stable and shows each way a module comes back to itself, not just one per tangle.
 */
function importCycles(root: string, folders: string[]): string[] {
  const files = folders.flatMap((folder) => modulesUnder(join(root, folder))).sort();
  const order = new Map(files.map((file, index) => [file, index]));
  const imports = new Map<string, string[]>();
  const importers = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const file of files) {
    const targets = relativeImports(file).flatMap((specifier) => resolveImport(file, specifier, order) ?? []);
    imports.set(file, [...new Set(targets)].sort());
    for (const target of new Set(targets)) importers.get(target)?.push(file);
  }
  const cycles: string[] = [];
  for (const [index, start] of files.entries()) {
    // The modules that import `start`, directly or not (a Set's loop visits what it adds): a walk leaving them cannot come back.
    const reachesStart = new Set([start]);
    for (const file of reachesStart) for (const importer of importers.get(file) ?? []) reachesStart.add(importer);
    // Only through modules after `start` in the order, so that each cycle is found once, from its first module.
    const walk = (file: string, path: string[]) => {
      for (const target of imports.get(file) ?? []) {
        if (cycles.length >= maxCycles) return;
        if (target === start) cycles.push([...path, start].map((module) => relative(root, module)).join(' → '));
        else if (reachesStart.has(target) && (order.get(target) ?? 0) > index && !path.includes(target)) walk(target, [...path, target]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

test('No module imports itself back, in lib/, sandbox/, src/ or scripts/', () => {
  const cycles = importCycles(resolve(import.meta.dirname, '../..'), ['lib', 'sandbox', 'src', 'scripts']);
  const shown = cycles.length >= maxCycles ? `the first ${maxCycles} import cycles` : 'import cycles';
  assert.deepEqual(cycles, [], `Break the ${shown}:\n${cycles.join('\n')}`);
});

test('The cycle check finds a cycle, through a type-only import too', () => {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  try {
    mkdirSync(join(root, 'probe/b'), {recursive: true});
    writeFileSync(join(root, 'probe/a.ts'), "import {b} from './b';\nexport const a = b + 1;\nexport type A = number;\n");
    writeFileSync(join(root, 'probe/b/index.ts'), "import type {A} from '../a';\nexport const b: A = 1;\n");
    assert.deepEqual(importCycles(root, ['probe']), ['probe/a.ts → probe/b/index.ts → probe/a.ts']);
    writeFileSync(join(root, 'probe/b/index.ts'), 'export const b = 1;\n');
    assert.deepEqual(importCycles(root, ['probe']), []);
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
});
