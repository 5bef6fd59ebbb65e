/**
 * The rules the pages and specs state, read from them (never from a hand-kept list), and whether the
 * scenarios that ran against the sandbox executed each one:
 *
 * - **error codes**: each row of the catalogue on /api/errors and of every "What can go wrong" table,
 *   as the status and code it states: covered by an answer with that status and code;
 * - **test values**: each value of an `x-plaza-sandbox-values` of the specs with its outcome: covered
 *   when a request sends the value and the outcome (a status, an error code, an event type) shows in
 *   that answer, its events, or a later answer of the same sandbox account;
 * - **transitions**: each starting status and each move of the lifecycles the sandbox runs
 *   (sandbox/core/lifecycles.ts, which tests/unit/lifecycles.test.ts holds equal to the pages'
 *   state diagrams): covered when a scenario made the object, or moved it, so;
 * - **events**: each type of the Event schema: covered when a scenario made one (and the sandbox's
 *   check found its payload valid).
 *
 * A row of a table that says "cannot be simulated in the sandbox" is an exception, named on its page.
 */
import {readFileSync} from 'node:fs';
import {eventTypes} from '../../lib/api-model/events';
import {docPages} from '../../lib/docs-source';
import {lifecycles} from '../../sandbox/core/lifecycles';
import type {SandboxRequest, SandboxResponse} from '../../sandbox/core';
import type {specs as Specs} from './conforming-sandbox';

export type RuleKind = 'error codes' | 'test values' | 'transitions' | 'events';
export type Rule = {kind: RuleKind; id: string; where: string[]; exception?: string};

/** One request a scenario sent, its answer, the events it made and the lifecycle steps it ran. */
export type Observation = {
  /** Which sandbox account answered: a test value's outcome may show in a later answer of the same one. */
  run: number;
  request: SandboxRequest;
  response: SandboxResponse;
  events: string[];
  steps: string[];
};

const exceptionMark = /cannot be simulated in the sandbox/i;

/** `| \`code\` | \`type\` ... | 402 ...` rows of the catalogue, and `| 422 | \`code\`, \`code\` (type ...) | ...` rows of the pages' tables. */
function errorRules(): Rule[] {
  const rules = new Map<string, Rule>();
  const add = (code: string, status: string, where: string, row: string) => {
    const id = `${status} ${code}`;
    const rule = rules.get(id) ?? {kind: 'error codes' as const, id, where: []};
    rule.where.push(where);
    if (exceptionMark.test(row)) rule.exception = `${where}: ${row.trim()}`;
    rules.set(id, rule);
  };
  for (const file of docPages()) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((row, number) => {
      const where = `${file}:${number + 1}`;
      const catalogue = /^\| `([a-z_]+)` \| `([a-z_]+)`[^|]* \| (\d{3})\b/.exec(row);
      if (catalogue) return add(catalogue[1] ?? '', catalogue[3] ?? '', where, row);
      const table = /^\| (\d{3}) \| ([^|]+)\|/.exec(row);
      if (!table) return;
      // The codes of the cell, not the type it names in parentheses.
      const cell = (table[2] ?? '').replace(/\([^)]*\)/g, '');
      // An error type (`conflict_error`) is no code.
      for (const [, code = ''] of cell.matchAll(/`([a-z][a-z0-9_]+)`/g))
        if (!code.endsWith('_error')) add(code, table[1] ?? '', where, row);
    });
  }
  return [...rules.values()];
}

/** Every `x-plaza-sandbox-values` map of a document, with where it is. */
function sandboxValues(node: unknown, at: string, found: {where: string; values: Record<string, unknown>}[] = []) {
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'x-plaza-sandbox-values' && value && typeof value === 'object')
      found.push({where: at, values: value as Record<string, unknown>});
    else sandboxValues(value, `${at}/${key}`, found);
  }
  return found;
}

/** The words an outcome names: `card_declined`, `dispute_case.created`, `approved`. */
const outcomeWords = (outcome: unknown): string[] =>
  typeof outcome === 'string' ? [outcome] : (JSON.stringify(outcome).match(/[a-z][a-z0-9_.]+/g) ?? []);

export function statedRules(specs: typeof Specs): Rule[] {
  const values = (['accounts', 'financial'] as const).flatMap((api) =>
    sandboxValues(specs[api], `specs/${api}.yaml#`).flatMap(({where, values: map}) =>
      Object.entries(map).map(([value, outcome]): Rule => ({
        kind: 'test values',
        id: `${value} → ${outcomeWords(outcome).join(', ')}`,
        where: [where],
      })),
    ),
  );
  const transitions = Object.entries(lifecycles).flatMap(([name, {start, moves}]): Rule[] => [
    ...start.map((status) => ({kind: 'transitions' as const, id: `${name}: created ${status}`, where: ['sandbox/core/lifecycles.ts']})),
    ...Object.entries(moves).flatMap(([from, tos]) =>
      (tos as readonly string[]).map((to) => ({
        kind: 'transitions' as const,
        id: `${name}: ${from} → ${to}`,
        where: ['sandbox/core/lifecycles.ts'],
      })),
    ),
  ]);
  const events = eventTypes(specs).map((type): Rule => ({kind: 'events', id: type, where: ['the Event schema']}));
  return [...errorRules(), ...values, ...transitions, ...events];
}

const errorOf = (body: unknown) => (body as {error?: {code?: unknown}} | undefined)?.error?.code;

/** Whether the observations executed a rule. */
export function covers(rule: Rule, observations: Observation[]): boolean {
  switch (rule.kind) {
    case 'error codes': {
      const [status, code] = rule.id.split(' ');
      return observations.some((seen) => String(seen.response.status) === status && errorOf(seen.response.body) === code);
    }
    case 'events':
      return observations.some((seen) => seen.events.includes(rule.id));
    case 'transitions':
      return observations.some((seen) => seen.steps.includes(rule.id));
    case 'test values': {
      const [value = '', outcome = ''] = rule.id.split(' → ');
      const words = outcome.split(', ');
      return observations.some((seen, index) => {
        if (!`${seen.request.url} ${seen.request.body ?? ''}`.includes(value)) return false;
        const later = observations.slice(index).filter((other) => other.run === seen.run);
        const said = later.map((other) => `${JSON.stringify(other.response.body ?? null)} ${other.events.join(' ')}`).join(' ');
        return words.every((word) => said.includes(word));
      });
    }
  }
}

/**
 * The answers that give a code a status no page gives it: `409 payout_not_cancelable` where every
 * page that names the code says 422. A code no page names is left to the catalogue's own test.
 */
export function contradictions(rules: Rule[], observations: Observation[]): string[] {
  const stated = new Map<string, Set<string>>();
  for (const rule of rules.filter((candidate) => candidate.kind === 'error codes')) {
    const [status = '', code = ''] = rule.id.split(' ');
    stated.set(code, (stated.get(code) ?? new Set()).add(status));
  }
  const found = new Set<string>();
  for (const seen of observations) {
    const code = errorOf(seen.response.body);
    const statuses = typeof code === 'string' ? stated.get(code) : undefined;
    if (statuses && !statuses.has(String(seen.response.status)))
      found.add(
        `${seen.request.method} ${seen.request.url.split('?')[0]} answered ${seen.response.status} ${String(code)}; the pages say ${[...statuses].join(' or ')}`,
      );
  }
  return [...found];
}
