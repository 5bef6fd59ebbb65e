/**
 * What lib/diagrams.ts computes for the diagram check, the render script and the remark plugin;
 * `npm run check` applies the check (lib/checks/diagrams.ts) to every diagram of docs/.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {altText, diagramHash, svgName, svgSize} from '../../lib/diagrams';

test('the alt text is the accTitle line and the accDescr line, and there is none without both', () => {
  assert.equal(
    altText('stateDiagram-v2\n    accTitle: Refund statuses\n    accDescr: A refund starts pending.\n    [*] --> pending'),
    'Refund statuses. A refund starts pending.',
  );
  assert.equal(altText('stateDiagram-v2\n    accTitle: Refund statuses\n    [*] --> pending'), null);
});

test("an SVG's size is its viewBox's, rounded up, and there is none without a positive one", () => {
  assert.equal(svgSize('<svg viewBox="0 0 0 10"></svg>'), null);
  assert.equal(svgSize('<svg width="10"></svg>'), null);
  assert.deepEqual(svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 998.3 456.4"></svg>'), {width: 999, height: 457});
});

test('a diagram is named by the first 12 hex digits of the SHA-256 of its source', () => {
  assert.equal(diagramHash('flowchart LR\n    A --> B'), 'd493232efc3c');
  assert.equal(svgName('d493232efc3c', 'dark'), 'd493232efc3c-dark.svg');
});
