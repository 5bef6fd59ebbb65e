/**
 * Try it on the kitchen sink's preview (tests/fixtures/kitchen-sink.yaml, built once per run by the
 * setup project), answered by the mock of the spec in the reader's browser (sandbox/mock): every
 * operation's page, opened fresh, sends its prefilled request, and the answer is one the spec allows,
 * judged by the validator the mock uses against the document the site serves. A request the spec's
 * own example makes that its schema refuses is refused in turn, and the panel names the same problem.
 */
import {kitchenSink} from '../lib/kitchen-sink';
import {answerProblems, mockRefusal, openPanel, previewOperations, sendAndRead, servedDocument} from '../lib/mock-site';
import {serveBuild, type Served} from '../../scripts/lib/site-copy';
import {Mock} from '../../sandbox/mock';
import {expect, open, test} from './fixtures';

let served: Served | undefined;

test.beforeAll(async () => {
  served = await serveBuild(kitchenSink.build);
});

test.afterAll(() => served?.stop());

test('every operation of the kitchen sink answers from the mock, as the spec allows', async ({page}) => {
  test.setTimeout(10 * 60_000);
  const document = await servedDocument(page, served!.origin);
  const mock = new Mock(document);
  const operations = previewOperations(document);
  expect(operations.length).toBeGreaterThan(0);
  const refused: string[] = [];
  for (const operation of operations) {
    const name = `${operation.method} ${operation.path}`;
    await open(page, `${served!.origin}${operation.route}`);
    const region = await openPanel(page);
    const answer = await sendAndRead(region);
    if (mockRefusal(answer)) {
      // The mock's own refusal: the panel, checking with the same validator, names a problem too.
      refused.push(name);
      expect(answer.status, name).toBe(400);
      await expect(region.getByRole('status'), name).toContainText(/problems? to fix/);
      continue;
    }
    expect(answerProblems(mock, operation, answer), `${name} answered ${answer.status} ${answer.text ?? ''}`).toEqual([]);
  }
  test.info().annotations.push({type: 'refused, as their own examples do not fit', description: refused.join(', ') || 'none'});
});

test('the panel says its answers come from a mock of this spec, with nothing of Plaza', async ({page}) => {
  const [operation] = previewOperations(await servedDocument(page, served!.origin));
  await open(page, `${served!.origin}${operation!.route}`);
  const region = await openPanel(page);
  await expect(region).toContainText("Answers come from a mock built from this spec's examples and schemas, in your browser");
  await sendAndRead(region);
  expect(await region.textContent()).not.toMatch(/plaza|sandbox/i);
});
