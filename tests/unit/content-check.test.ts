/**
 * `npm run check` (scripts/check.ts, lib/checks) run for real in a copy of the project: clean, it
 * passes and says what it read; with one mistake of each kind written into the copy's pages, it
 * names each at its file and line, one line per problem, and exits 1.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {appendFileSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {runIn, temporaryCopy} from '../../scripts/lib/site-copy';

const dir = temporaryCopy('check');
after(() => rmSync(dir, {recursive: true, force: true}));
const check = () => runIn(dir, process.execPath, ['--import', 'tsx', 'scripts/check.ts']);

/** Appends `lines` to a page of the copy; the number of the first appended line. */
function append(page: string, lines: string[]): number {
  const file = join(dir, page);
  const before = readFileSync(file, 'utf8');
  const text = before.endsWith('\n') ? before : `${before}\n`;
  writeFileSync(file, text);
  appendFileSync(file, `\n${lines.join('\n')}\n`);
  return text.split('\n').length + 1;
}

test('the project as committed passes, and the check says what it read', () => {
  const {status, output} = check();
  assert.equal(status, 0, output);
  assert.match(
    output,
    /^check: no problem in the specs, [1-9]\d* pages and [1-9]\d* internal links, [1-9]\d* requests and [1-9]\d* responses against the specs/m,
  );
  assert.match(output, /, [1-9]\d* diagrams \(\d+\.\d s\)$/m);
});

test('each kind of mistake is one line, file:line: reason, and the check exits 1', () => {
  const guide = 'docs/guides/quickstart.mdx';
  const at = append(guide, [
    'Read [the payouts list](/guides/payouts/no-such-page) and [retries](/concepts/webhooks#no-such-heading).',
    '',
    'Send the case ID as {dispute_case_id} in the path.',
    '',
    'The colour of the button changes.',
    '',
    'Creates a payment with the key.',
    '',
    '```bash',
    'curl -X POST https://api.sandbox.plaza.example/v1/charges \\',
    '  -H "X-API-KEY: $PLAZA_SECRET_KEY" \\',
    '  -d \'{"amount": 100}\'',
    '```',
    '',
    '```mermaid',
    'flowchart LR',
    '    A --> B',
    '```',
  ]);
  const orphan = 'docs/guides/orphan.mdx';
  writeFileSync(join(dir, orphan), ['---', 'title: Orphan', '---', '', '# Orphan', '', '<div>', '', 'Never closed.', ''].join('\n'));

  const {status, output} = check();
  assert.equal(status, 1, output);
  const lines = output.trimEnd().split('\n');
  const svg = (mode: string) =>
    new RegExp(`^${guide}:${at + 14}: the diagram's ${mode} SVG static/diagrams/\\w{12}-${mode}\\.svg is missing: run npm run diagrams$`);
  // By file, then by line.
  const expected: (string | RegExp)[] = [
    `${orphan}:1: no sidebar of sidebars.ts names "guides/orphan": add it there, or readers reach the page with no sidebar`,
    `${orphan}:7: the MDX does not parse: Expected a closing tag for \`<div>\``,
    `${guide}:${at}: the link /guides/payouts/no-such-page leads to no page of the site`,
    `${guide}:${at}: the link /concepts/webhooks#no-such-heading: docs/concepts/webhooks.mdx has no heading or id "no-such-heading"`,
    `${guide}:${at + 2}: {dispute_case_id} is JavaScript to MDX and fails when the page renders: write it as code, \`{dispute_case_id}\`, or escape the brace, \\{`,
    `${guide}:${at + 4}: "colour" is British spelling: write -or`,
    `${guide}:${at + 6}: "Creates a payment" names an operation in the third person; write its page title as a link: [Create payment](/api/financial/create-payment)`,
    `${guide}:${at + 8}: POST /v1/charges is not an operation of the specs`,
    `${guide}:${at + 14}: the mermaid diagram needs an "accTitle:" line and an "accDescr:" line, which give its alt text`,
    svg('dark'),
    svg('light'),
    'check: 11 problems',
  ];
  assert.equal(lines.length, expected.length, output);
  expected.forEach((want, index) => {
    const line = lines[index] ?? '';
    if (typeof want === 'string') assert.ok(line.startsWith(want), `line ${index + 1} should start with\n  ${want}\nin\n${output}`);
    else assert.match(line, want, output);
  });
});
