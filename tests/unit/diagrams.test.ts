import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import sax from 'sax';
import {altText, diagramHash, findDiagrams, modes, svgDir, svgName, svgSize} from '../../lib/diagrams';

// The pre-rendered diagrams (scripts/render-diagrams.ts) are complete, described and well-formed.

const diagrams = findDiagrams();
const svgs = readdirSync(svgDir).filter((name) => name.endsWith('.svg'));

test('every mermaid block in docs/ has its dark and light SVG', () => {
  assert.ok(diagrams.length > 30, `only ${diagrams.length} diagrams found in docs/`);
  const missing = diagrams.flatMap((diagram) =>
    modes
      .map(({mode}) => join(svgDir, svgName(diagram.hash, mode)))
      .filter((path) => !existsSync(path))
      .map((path) => `${diagram.file}:${diagram.line}: ${path} is missing: run npm run diagrams`),
  );
  assert.deepEqual(missing, []);
});

test('every mermaid block has an accTitle and an accDescr line', () => {
  const undescribed = diagrams.filter((diagram) => !altText(diagram.source)).map((diagram) => `${diagram.file}:${diagram.line}`);
  assert.deepEqual(undescribed, []);
  assert.equal(
    altText('stateDiagram-v2\n    accTitle: Refund statuses\n    accDescr: A refund starts pending.\n    [*] --> pending'),
    'Refund statuses. A refund starts pending.',
  );
  assert.equal(altText('stateDiagram-v2\n    accTitle: Refund statuses\n    [*] --> pending'), null);
});

test('no SVG in static/diagrams is left over from a diagram that changed or went', () => {
  const used = new Set(diagrams.flatMap((diagram) => modes.map(({mode}) => svgName(diagram.hash, mode))));
  assert.deepEqual(
    svgs.filter((name) => !used.has(name)),
    [],
  );
});

test('every SVG is well-formed XML with a positive viewBox', () => {
  const problems: string[] = [];
  for (const name of svgs) {
    const svg = readFileSync(join(svgDir, name), 'utf8');
    try {
      sax.parser(true).write(svg).close();
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message.split('\n')[0]}`);
    }
    if (!svgSize(svg)) problems.push(`${name}: no positive viewBox`);
  }
  assert.deepEqual(problems, []);
  assert.equal(svgSize('<svg viewBox="0 0 0 10"></svg>'), null);
  assert.deepEqual(svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 998.3 456.4"></svg>'), {width: 999, height: 457});
});

test('a diagram is named by the first 12 hex digits of the SHA-256 of its source', () => {
  assert.equal(diagramHash('flowchart LR\n    A --> B'), 'd493232efc3c');
  assert.equal(svgName('d493232efc3c', 'dark'), 'd493232efc3c-dark.svg');
});
