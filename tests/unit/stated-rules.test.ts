/**
 * The rules the pages and specs state (tests/lib/stated-rules.ts), each executed by a scenario
 * against the sandbox: every page's request blocks in order (as tests/unit/sandbox-pages.test.ts
 * runs them), then the scenarios of tests/lib/rule-scenarios.ts for what no page walks. Every answer
 * and event is checked against the specs on the way (tests/lib/conforming-sandbox.ts).
 *
 * It prints the report: for each kind of rule, how many the scenarios executed, and each rule none
 * did, with where it is stated. It fails when an answer gives an error code a status no page gives
 * it, when a scenario probes a stated limit no page states, and when fewer rules of a kind are
 * executed than `executedAtLeast` says: a floor that only rises, as scenarios are added, until every
 * rule is executed (issue 54).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {docsRequestPages} from '../../lib/page-requests';
import {conformingSandbox, specs} from '../lib/conforming-sandbox';
import {ruleScenarios, scenarioRun} from '../lib/rule-scenarios';
import {homeRequestPage, runPage} from '../lib/run-pages';
import {contradictions, covers, statedRules, type Observation, type RuleKind} from '../lib/stated-rules';

/** How many rules of each kind the scenarios executed when this floor was last raised. */
const executedAtLeast: Record<RuleKind, number> = {'error codes': 57, 'test values': 46, transitions: 70, events: 37, 'stated limits': 26};

test('every rule the pages and specs state is executed against the sandbox', async () => {
  const observations: Observation[] = [];
  let wall = Date.parse('2026-01-08T10:00:00Z');
  const clock = () => (wall += 1000);
  const pages = [...docsRequestPages(), homeRequestPage()];
  const thrown: string[] = [];
  for (const [number, page] of pages.entries()) {
    const outcomes = await runPage(conformingSandbox({wall: clock}, observations), page, pages, `sk_test_rulespage${number}`);
    for (const outcome of outcomes)
      thrown.push(
        ...outcome.problems
          .filter((problem) => problem.startsWith('the sandbox threw'))
          .map((problem) => `${outcome.file}:${outcome.line} ${problem}`),
      );
  }
  for (const [number, [name, scenario]] of Object.entries(ruleScenarios).entries()) {
    const time = {wall, step: 1000};
    const sandbox = conformingSandbox({wall: () => (time.wall += time.step)}, observations);
    await scenario(scenarioRun(sandbox, `sk_test_rulescenario${number}`, time, observations)).catch((error: unknown) => {
      throw new Error(`scenario "${name}": ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  const rules = statedRules(specs);
  const missing = rules.filter((rule) => !rule.exception && !covers(rule, observations));
  const kinds = [...new Set(rules.map((rule) => rule.kind))] as RuleKind[];
  const executed = (kind: RuleKind) => rules.filter((rule) => rule.kind === kind && !rule.exception && covers(rule, observations)).length;
  const lines = kinds.map((kind) => {
    const all = rules.filter((rule) => rule.kind === kind);
    const excepted = all.filter((rule) => rule.exception).length;
    return `  ${kind}: ${executed(kind)} of ${all.length} executed${excepted ? `, ${excepted} named on their page as not simulated` : ''}`;
  });
  console.log([`stated rules, from ${observations.length} requests:`, ...lines].join('\n'));
  for (const rule of missing) console.log(`  not executed: ${rule.kind}: ${rule.id} (${rule.where.slice(0, 2).join(', ')})`);
  assert.deepEqual(thrown, [], 'requests the sandbox could not answer as the specs allow');
  assert.deepEqual(contradictions(rules, observations), [], 'answers whose status no page gives their code');
  const limits = new Set(rules.filter((rule) => rule.kind === 'stated limits').map((rule) => rule.id));
  const orphans = new Set(observations.flatMap((seen) => (seen.probe && !limits.has(seen.probe.limit) ? [seen.probe.limit] : [])));
  assert.deepEqual([...orphans], [], 'limits the scenarios probe and no page states (was its sentence changed?)');
  for (const kind of kinds)
    assert.ok(executed(kind) >= executedAtLeast[kind], `${kind}: ${executed(kind)} executed, fewer than ${executedAtLeast[kind]}`);
});
