/**
 * Every request block of the hand-written pages and the home page's first payment, run against the
 * sandbox: each page in a fresh sandbox account after the pages it follows, its blocks in page order,
 * IDs carried from earlier responses (tests/lib/run-pages.ts).
 *
 * Every block must answer as its page shows (the status, and each field of the shown response), never
 * with a 5xx or a crash, and every answer and event must fit the specs (tests/lib/conforming-sandbox.ts). At most 5% of the
 * blocks may be titled "Not run in the sandbox: <reason>"; the test prints how many are.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {docsRequestPages} from '../../lib/page-requests';
import {conformingSandbox} from '../lib/conforming-sandbox';
import {homeRequestPage, runPage, type BlockOutcome} from '../lib/run-pages';

test('every request block of the pages answers in the sandbox as its page shows', async () => {
  // One wall-clock second per request keeps the pages under the 25-a-second rate limit.
  let wall = Date.parse('2026-01-08T10:00:00Z');
  const outcomes: BlockOutcome[] = [];
  const pages = [...docsRequestPages(), homeRequestPage()];
  for (const [number, page] of pages.entries()) {
    const sandbox = conformingSandbox({wall: () => (wall += 1000)});
    outcomes.push(...(await runPage(sandbox, page, pages, `sk_test_page${number}reader`)));
  }
  const crashes = outcomes.filter((outcome) => outcome.problems.some((problem) => /^(answered 5\d\d|the sandbox threw)/.test(problem)));
  const marked = outcomes.filter((outcome) => outcome.notRun);
  const differing = outcomes.filter((outcome) => !outcome.notRun && outcome.problems.length > 0);
  console.log(
    `${outcomes.length} blocks: ${outcomes.length - marked.length - differing.length} ran as their page shows, ` +
      `${differing.length} differ, ${marked.length} marked not run`,
  );
  for (const outcome of differing)
    console.log(`  ${outcome.file}:${outcome.line} ${outcome.request}: ${outcome.problems.slice(0, 2).join('; ')}`);
  for (const outcome of marked) console.log(`  not run: ${outcome.file}:${outcome.line} ${outcome.request}: ${outcome.notRun}`);
  assert.ok(outcomes.length > 100, `only ${outcomes.length} request blocks found`);
  assert.deepEqual(crashes, []);
  assert.deepEqual(
    differing.map((outcome) => `${outcome.file}:${outcome.line} ${outcome.request}: ${outcome.problems.join('; ')}`),
    [],
    'blocks that do not answer as their page shows',
  );
  assert.ok(marked.length <= outcomes.length * 0.05, `${marked.length} of ${outcomes.length} blocks are marked not run (at most 5%)`);
});
