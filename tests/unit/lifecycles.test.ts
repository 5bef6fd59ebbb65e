/**
 * The state diagrams of the pages against the lifecycles the sandbox runs (sandbox/core/lifecycles.ts,
 * which the domains go through for every status they set). A diagram is matched to a lifecycle by its
 * accTitle. A diagram of a whole lifecycle must draw exactly the model's starting statuses, moves and
 * final statuses (it may also end at a status that can be left, as a delivered event ends `succeeded`
 * unless requeued); a diagram of part of one (listed in `partOf`) may draw only what the model has. A
 * loop from a status to itself is no move (a retried delivery stays `pending`), so it is not compared.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {test} from 'node:test';
import {diagramTitle} from '../../lib/diagrams';
import {codeBlocks, docPages} from '../../lib/docs-source';
import {lifecycles, move, type LifecycleName} from '../../sandbox/core/lifecycles';

/** Diagrams of a whole lifecycle, by accTitle. */
const whole: Record<string, LifecycleName> = {
  'Payment statuses': 'payment',
  'Refund statuses': 'refund',
  'Payout statuses': 'payout',
  'ACH payout statuses': 'payout',
  'Dispute case statuses': 'disputeCase',
  'Bank account statuses': 'bankAccount',
  'Account statuses': 'account',
  'Product statuses': 'product',
  'Onboarding statuses': 'onboarding',
  'Onboarding invitation statuses': 'onboardingInvitation',
  'API key statuses': 'apiKey',
  'Delivery statuses of a webhook event': 'delivery',
  'Transaction statuses': 'transaction',
  'Settlement statuses': 'settlement',
};
/** Diagrams of part of a lifecycle, by accTitle. */
const partOf: Record<string, LifecycleName> = {'When a payment can be canceled': 'payment'};
/** State diagrams that are no lifecycle of the sandbox: the React pay button's states are the browser's. */
const notModelled = new Set(['States of the pay button']);

type Drawn = {starts: Set<string>; moves: Set<string>; ends: Set<string>};

/** The starting statuses, moves (`from -> to`) and final statuses a stateDiagram draws. */
function drawn(source: string): Drawn {
  const result: Drawn = {starts: new Set(), moves: new Set(), ends: new Set()};
  for (const match of source.matchAll(/^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)/gm)) {
    const [, from = '', to = ''] = match;
    if (from === '[*]') result.starts.add(to);
    else if (to === '[*]') result.ends.add(from);
    else if (from !== to) result.moves.add(`${from} -> ${to}`);
  }
  return result;
}

function modelled(name: LifecycleName): Drawn {
  const {start, moves} = lifecycles[name];
  const entries = Object.entries(moves as Record<string, readonly string[]>);
  return {
    starts: new Set(start),
    moves: new Set(entries.flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`))),
    ends: new Set(entries.filter(([, tos]) => tos.length === 0).map(([from]) => from)),
  };
}

const sorted = (set: Set<string>) => [...set].sort();

test('every state diagram of the pages draws the lifecycle the sandbox runs', () => {
  const diagrams = docPages().flatMap((file) =>
    codeBlocks(readFileSync(file, 'utf8'))
      .filter((block) => block.lang === 'mermaid' && /^\s*stateDiagram/.test(block.text))
      .map((block) => ({
        where: `${file}:${block.line}`,
        title: diagramTitle(block.text) ?? '',
        source: block.text,
      })),
  );
  assert.ok(diagrams.length >= 15, `only ${diagrams.length} state diagrams found`);
  const compared = new Set<LifecycleName>();
  const problems: string[] = [];
  for (const {where, title, source} of diagrams) {
    if (notModelled.has(title)) continue;
    const name = whole[title] ?? partOf[title];
    if (!name) {
      problems.push(`${where}: the state diagram "${title}" is matched to no lifecycle of the sandbox`);
      continue;
    }
    compared.add(name);
    const page = drawn(source);
    const model = modelled(name);
    for (const part of ['starts', 'moves', 'ends'] as const) {
      // A diagram may also end at a status an object can leave, but need not stay in: a delivered
      // event ends `succeeded` unless you requeue it.
      const known = part === 'ends' ? new Set(Object.keys(lifecycles[name].moves)) : model[part];
      const extra = sorted(page[part]).filter((item) => !known.has(item));
      const missing = whole[title] ? sorted(model[part]).filter((item) => !page[part].has(item)) : [];
      if (extra.length > 0)
        problems.push(`${where}: "${title}" draws ${part} the sandbox's ${name} lifecycle does not have: ${extra.join(', ')}`);
      if (missing.length > 0) problems.push(`${where}: "${title}" lacks ${part} of the sandbox's ${name} lifecycle: ${missing.join(', ')}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(sorted(compared), sorted(new Set(Object.keys(lifecycles))), 'lifecycles of the sandbox that no page draws');
});

test('the sandbox refuses to move an object along a path its lifecycle does not have', () => {
  const refund: Record<string, unknown> = {status: 'pending'};
  move('refund', refund, 'succeeded', {succeeded_at: '2026-01-08T10:00:00Z'});
  assert.deepEqual(refund, {status: 'succeeded', succeeded_at: '2026-01-08T10:00:00Z'});
  assert.throws(() => move('refund', refund, 'pending'), /moved a refund from succeeded to pending/);
  const delivery: Record<string, unknown> = {delivery_status: 'pending', attempts: 1};
  move('delivery', delivery, 'pending', {attempts: 2});
  assert.deepEqual(delivery, {delivery_status: 'pending', attempts: 2});
});
