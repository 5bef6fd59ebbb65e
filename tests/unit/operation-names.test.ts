/**
 * Operations named in docs prose (lib/checks/operation-names.ts): by their page title linked to their
 * page, never as a third-person phrase such as "Creates a payment".
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {checkOperationNames, thirdPerson} from '../../lib/checks/operation-names';
import {operationPages} from '../../lib/api-render/webhook-events';
import {specs} from '../lib/specs';

const pages = operationPages(specs);

test('a third-person name is found in text and in link labels, and a linked title is accepted', () => {
  // Two operations of the specs: one whose summary starts with a verb in the base form, one in the third person.
  const create = pages.find((page) => page.operation.method === 'POST' && /^Create \w+$/.test(page.title))!;
  const thirdPersonTitle = pages.find((page) => {
    const [verb = ''] = page.title.split(' ');
    return verb === thirdPerson(verb);
  })!;
  const [verb, object] = create.title.split(' ');
  assert.ok(verb && object, `"${create.title}" is a verb and an object`);
  const phrase = `${thirdPerson(verb)} a ${object}`;
  const page = [
    `First, ${phrase} with the key.`,
    '',
    `Then call [${phrase.toLowerCase()}](${create.url}).`,
    '',
    `Or call [${create.title}](${create.url}) and [${thirdPersonTitle.title}](${thirdPersonTitle.url}).`,
    '',
    `${thirdPersonTitle.title} is unlinked here.`,
    '',
    '```bash',
    `# ${phrase} in a code block is not prose`,
    '```',
  ].join('\n');
  const problems = checkOperationNames('page.mdx', page, pages);
  assert.deepEqual(
    problems.map((problem) => problem.line),
    [1, 3, 7],
  );
  const [first] = problems;
  assert.ok(first);
  assert.match(first.reason, new RegExp(`\\[${create.title}\\]\\(${create.url}\\)`));
});

test('verbs are put in the third person', () => {
  assert.deepEqual(['Create', 'Copy', 'Attach', 'Cancels', 'Add', 'Requeue'].map(thirdPerson), [
    'Creates',
    'Copies',
    'Attaches',
    'Cancels',
    'Adds',
    'Requeues',
  ]);
});
