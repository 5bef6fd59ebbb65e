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
 *   check found its payload valid);
 * - **stated limits**: what the pages' prose says a request may carry or is answered. Prose is the
 *   sentences of a page's paragraphs (in lists, admonitions and tabs too), not its headings, tables
 *   (the error codes' rows are read above), code blocks or front matter; a sentence ends at `.`, `!`
 *   or `?` before a space. Two sorts:
 *   - an error code of the catalogue named in backticks states that some answer has it. Within a
 *     clause of the sentence (parts split at `;` and `, and`), each operation page it links (the
 *     reference's `/api/<api>/<slug>`) states that this operation answers it: `POST /v1/payments
 *     answered fraud_suspected`, covered by an answer of that operation with that code; a code with
 *     no operation linked in its clause is `answered fraud_suspected`, covered by any answer with it;
 *   - a bound (`at most`, `up to`, `no more than`, `maximum`, `at least`, `minimum`, `more than`,
 *     `less than`, `fewer than`, `exceed`, or after the number `or fewer`, `or more`, `or less`) on
 *     a number with a unit of what a request carries (characters, letters, digits, bytes, KB, MB,
 *     GB, keys, items, `%`, a currency code such as USD), in a sentence that names what carries it:
 *     a field, parameter or header of the specs or a code of the catalogue in backticks, or a link
 *     to an operation page. Units of time (a window, a delay, an age) are not request limits, nor
 *     is a bound in a sentence about something else (your database's columns, your retries, who
 *     counts as an owner), which names none of these. The rule is the bound as written and its page:
 *     `at most 128 characters (api/request-correlation)`. A scenario executes it with `probe`
 *     (tests/lib/rule-scenarios.ts): the limit just broken answered 4xx, and just kept answered 2xx.
 *
 * A row of a table that says "cannot be simulated in the sandbox" is an exception, named on its page;
 * so is a stated limit whose sentence, or the next one, says so.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import type {Paragraph, PhrasingContent, Root, RootContent} from 'mdast';
import {eventTypes} from '../../lib/api-model/events';
import {apis, operationRecords} from '../../lib/api-model/specs';
import {parseMdx} from '../../lib/api-render/spec-text';
import {docPages, splitFrontMatter} from '../../lib/docs-source';
import {lifecycles} from '../../sandbox/core/lifecycles';
import type {SandboxRequest, SandboxResponse} from '../../sandbox/core';
import {index, type specs as Specs} from './conforming-sandbox';

export type RuleKind = 'error codes' | 'test values' | 'transitions' | 'events' | 'stated limits';
export type Rule = {kind: RuleKind; id: string; where: string[]; exception?: string};

/** One request a scenario sent, its answer, the events it made and the lifecycle steps it ran. */
export type Observation = {
  /** Which sandbox account answered: a test value's outcome may show in a later answer of the same one. */
  run: number;
  request: SandboxRequest;
  response: SandboxResponse;
  events: string[];
  steps: string[];
  /** Set by a scenario's `probe`: the stated limit this request breaks (`kept: false`) or keeps. */
  probe?: {limit: string; kept: boolean};
};

const exceptionMark = /cannot be simulated in the sandbox/i;

/** A row of the catalogue on /api/errors: `| \`code\` | \`type\` ... | 402 ...`. */
const catalogueRow = /^\| `([a-z_]+)` \| `([a-z_]+)`[^|]* \| (\d{3})\b/;

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
      const catalogue = catalogueRow.exec(row);
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

/** A sentence of a page's prose, with the line it starts on; `exception` when it or the next sentence says it cannot be simulated. */
type Sentence = {text: string; line: number; exception?: string};

/** The sentences of a paragraph: links written `[text](url)`, inline code in backticks. */
function paragraphSentences(paragraph: Paragraph, offset: number): Sentence[] {
  let text = '';
  const lineOf: number[] = [];
  const add = (value: string, start: number) => {
    let line = start;
    for (const char of value) {
      text += char;
      lineOf.push(line);
      if (char === '\n') line++;
    }
  };
  const inline = (node: PhrasingContent): void => {
    const line = (node.position?.start.line ?? 0) + offset;
    if (node.type === 'text') add(node.value, line);
    else if (node.type === 'inlineCode') add(`\`${node.value}\``, line);
    else if (node.type === 'link') {
      add('[', line);
      node.children.forEach(inline);
      add(`](${node.url})`, line);
    } else if ('children' in node) (node.children as PhrasingContent[]).forEach(inline);
  };
  paragraph.children.forEach(inline);
  const starts = [0, ...[...text.matchAll(/[.!?]\s+/g)].map((match) => match.index + match[0].length)];
  const sentences = starts.map((start, number) => ({
    text: text
      .slice(start, starts[number + 1])
      .replace(/\s+/g, ' ')
      .trim(),
    line: lineOf[start] ?? offset,
  }));
  return sentences.map((sentence, number) => {
    const marked = [sentence, sentences[number + 1]].find((candidate) => candidate && exceptionMark.test(candidate.text));
    return marked ? {...sentence, exception: marked.text} : sentence;
  });
}

/** The prose sentences of a page: those of its paragraphs, wherever they are but in a table. */
function proseSentences(file: string): Sentence[] {
  const {body, lines: offset} = splitFrontMatter(readFileSync(file, 'utf8'));
  const sentences: Sentence[] = [];
  const visit = (node: Root | RootContent): void => {
    if (node.type === 'paragraph') sentences.push(...paragraphSentences(node, offset));
    else if (node.type !== 'table' && 'children' in node) (node.children as RootContent[]).forEach(visit);
  };
  visit(parseMdx(body));
  return sentences;
}

/** The operation of each reference page: `/api/financial/create-payment` → `POST /v1/payments`. */
const operationPages = (specs: typeof Specs) =>
  new Map(
    apis.flatMap((api) =>
      operationRecords(specs[api.name], api.route).map((operation) => [operation.route, `${operation.method} ${operation.path}`]),
    ),
  );

/** The names a request or answer carries in the specs: each property, each parameter and the API key's header. */
function specNames(node: unknown, names = new Set<string>()): Set<string> {
  if (node === null || typeof node !== 'object') return names;
  const {name, in: place, properties} = node as {name?: unknown; in?: unknown; properties?: unknown};
  if (typeof name === 'string' && typeof place === 'string') names.add(name);
  if (properties && typeof properties === 'object') for (const property of Object.keys(properties)) names.add(property);
  for (const value of Object.values(node)) specNames(value, names);
  return names;
}

const bound = String.raw`at most|up to|no more than|maximum(?: of)?|at least|minimum(?: of)?|more than|less than|fewer than|exceeds?|exceeding`;
const quantity = String.raw`\d[\d,]*(?:\.\d+)?(?:%| (?:characters|letters|digits|bytes|KB|MB|GB|keys|items|[A-Z]{3})\b)`;
const limitPhrase = new RegExp(String.raw`\b(?:${bound}) ${quantity}|\b${quantity} or (?:fewer|more|less)\b`, 'g');
const refusal = /^(?:(\S+) (\S+) )?answered ([a-z_]+)$/;

/** The codes and limits the pages' prose states (the top comment says which). */
function statedLimits(specs: typeof Specs): Rule[] {
  const codes = new Set(
    readFileSync('docs/api/errors.mdx', 'utf8')
      .split('\n')
      .map((row) => catalogueRow.exec(row)?.[1])
      .filter((code) => code !== undefined),
  );
  const pages = operationPages(specs);
  const names = specNames(specs);
  const rules = new Map<string, Rule>();
  const add = (id: string, where: string, sentence: Sentence) => {
    const rule = rules.get(id) ?? {kind: 'stated limits' as const, id, where: []};
    rule.where.push(where);
    if (sentence.exception) rule.exception = `${where}: ${sentence.exception}`;
    rules.set(id, rule);
  };
  const linked = (text: string) =>
    [...text.matchAll(/\]\((\/api\/[a-z]+\/[a-z0-9-]+)[#)]/g)].flatMap(([, page = '']) => pages.get(page) ?? []);
  const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map(([, name = '']) => name);
  for (const file of docPages()) {
    const page = relative('docs', file)
      .replace(/\\/g, '/')
      .replace(/\.mdx?$/, '');
    for (const sentence of proseSentences(file)) {
      const where = `${file}:${sentence.line}`;
      for (const clause of sentence.text.split(/;|, and /)) {
        const operations = linked(clause);
        for (const code of backticked(clause).filter((name) => codes.has(name)))
          for (const operation of operations.length ? operations : ['']) add(`${operation} answered ${code}`.trim(), where, sentence);
      }
      const named = linked(sentence.text).length > 0 || backticked(sentence.text).some((name) => names.has(name) || codes.has(name));
      if (named) for (const [phrase] of sentence.text.matchAll(limitPhrase)) add(`${phrase} (${page})`, where, sentence);
    }
  }
  return [...rules.values()];
}

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
  return [...errorRules(), ...values, ...transitions, ...events, ...statedLimits(specs)];
}

const errorOf = (body: unknown) => (body as {error?: {code?: unknown}} | undefined)?.error?.code;

/** The operation a request is of, as `POST /v1/payments`, found as the sandbox finds it. */
function operationOf(request: SandboxRequest): string | undefined {
  const route = index.route(request.method.toUpperCase(), new URL(request.url, 'https://api.sandbox.plaza.example').pathname);
  return typeof route === 'object' ? `${route.operation.method} ${route.operation.path}` : undefined;
}

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
    case 'stated limits': {
      const [, method, path, code] = refusal.exec(rule.id) ?? [];
      if (code)
        return observations.some(
          (seen) => errorOf(seen.response.body) === code && (!method || operationOf(seen.request) === `${method} ${path}`),
        );
      const probes = observations.filter((seen) => seen.probe?.limit === rule.id);
      return (
        probes.some((seen) => seen.probe?.kept === false && seen.response.status >= 400 && seen.response.status < 500) &&
        probes.some((seen) => seen.probe?.kept === true && seen.response.status >= 200 && seen.response.status < 300)
      );
    }
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
