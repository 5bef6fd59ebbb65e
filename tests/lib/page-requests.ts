/**
 * The requests of the hand-written pages, in page order, for a test that runs them against the sandbox:
 * every curl command of a `bash` block on the Plaza API (read with the shell's quoting and each curl
 * option the pages use), the response shown after it, and the title "Not run in the sandbox: <reason>" of a
 * block that cannot run in sequence. `IdCarrier` carries the IDs a page shows over to the ones the
 * sandbox made, so that later requests of the page name real objects, and `compareShown` says where a
 * shown response differs from a real one in more than what changes from run to run (IDs, times).
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {parse as parseYaml} from 'yaml';
import {codeBlocks, docPages, splitFrontMatter} from '../../lib/docs-source';
import {firstRequest} from '../../src/pages/_home/content';
import {readCurl, type CurlRequest} from './curl';
import {extractExamples, shellLanguages} from './docs-drift';

export type PageRequest = CurlRequest & {
  file: string;
  line: number;
  /** the response block shown right after it (before the next request), if any */
  shown?: {status: number; body: unknown; line: number};
  /** set when the page marks the block as not runnable in sequence: the reason, as written */
  notRun?: string;
};

/**
 * The reason of a block the page marks as not run against the sandbox, undefined when it has none. The
 * mark is the block's title, which readers see above it: `title="Not run in the sandbox: <reason>"`.
 */
export function notRunReason(meta: string): string | undefined {
  const title = /(?:^|\s)title="([^"]*)"/.exec(meta)?.[1];
  if (!title?.startsWith('Not run in the sandbox')) return undefined;
  const reason = /^Not run in the sandbox: (.*\S.*)$/.exec(title)?.[1];
  if (reason === undefined) throw new Error(`the title "${title}" is not of the form "Not run in the sandbox: <reason>"`);
  return reason.trim();
}

/**
 * The requests of one page in page order, each with the response shown after it: the blocks and the
 * responses docs-drift.ts checks against the specs (a response is the first `json` block titled
 * "Response: <status> ..." after a request, before the next one). Throws, naming the line, when a
 * block cannot be read.
 */
export function pageRequests(file: string, text: string): PageRequest[] {
  const examples = extractExamples(file, text);
  if (examples.problems.length > 0)
    throw new Error(examples.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.reason}`).join('\n'));
  const requests: PageRequest[] = [];
  for (const block of codeBlocks(text)) {
    if (!shellLanguages.has(block.lang)) continue;
    try {
      const curl = readCurl(block.text);
      const reason = notRunReason(block.meta);
      if (!curl) {
        if (reason !== undefined) throw new Error('the sandbox mark is on a block that sends no request');
        continue;
      }
      const request: PageRequest = {file, line: block.line, ...curl};
      const response = examples.responses.find((candidate) => candidate.request?.line === block.line);
      if (response) request.shown = {status: Number(response.status), body: response.body, line: response.line};
      if (reason !== undefined) request.notRun = reason;
      requests.push(request);
    } catch (error) {
      throw new Error(`${file}:${block.line}: ${(error as Error).message}`);
    }
  }
  return requests;
}

export type RequestPage = {
  file: string;
  requests: PageRequest[];
  /**
   * The pages a reader follows before this one, as its front matter's `sandbox_follows` lists them
   * (doc IDs such as `guides/payment-methods/collect-cards`): the pages of its "Before you begin" that
   * make the objects it starts from.
   */
  follows: string[];
};

/** The doc IDs of a page's `sandbox_follows` front matter; throws when it is not a list of strings. */
function followedPages(file: string, text: string): string[] {
  const follows = (parseYaml(splitFrontMatter(text).frontMatter) as {sandbox_follows?: unknown} | null)?.sandbox_follows;
  if (follows === undefined) return [];
  if (!Array.isArray(follows) || !follows.every((id) => typeof id === 'string'))
    throw new Error(`${file}: sandbox_follows must be a list of doc IDs`);
  return follows as string[];
}

/**
 * Every hand-written page with at least one request, sorted by path, with its requests in page order
 * and the pages it follows (run-pages.ts says when one of those is no page with requests).
 */
export function docsRequestPages(root = 'docs'): RequestPage[] {
  return docPages(root)
    .map((path) => {
      const file = relative('.', path);
      const text = readFileSync(path, 'utf8');
      return {file, requests: pageRequests(file, text), follows: followedPages(file, text)};
    })
    .filter((page) => page.requests.length > 0)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The home page's first payment, as a page of one request that shows no response (so it must succeed). */
export function homeRequestPage(): RequestPage {
  const file = 'src/pages/_home/content.ts';
  const curl = readCurl(firstRequest);
  if (!curl) throw new Error(`${file}: firstRequest is not a curl command to the Plaza API`);
  const line =
    readFileSync(file, 'utf8')
      .split('\n')
      .findIndex((text) => text.startsWith('export const firstRequest')) + 1;
  return {file, requests: [{file, line, ...curl}], follows: []};
}

/** The doc ID of a page's file: `docs/guides/quickstart.mdx` is `guides/quickstart`. */
export const docId = (file: string, root = 'docs'): string => relative(root, file).replace(/\.mdx?$/, '');

const idShape = /^([a-z]+)_[A-Za-z0-9]{6,}$/;

/**
 * The prefix of a value a page shows as a Plaza ID (`pay` of `pay_8fk2m1x9q4t7b3n6c5v0z2wd`), or
 * undefined. Besides its shape, a shown ID has a digit after its prefix: enum values such as
 * `card_declined` or `verification_pending` have the shape too, and must compare by value. Key
 * placeholders such as `sk_test_...` do not have the shape.
 */
export function idPrefix(value: string): string | undefined {
  const prefix = idShape.exec(value)?.[1];
  return prefix !== undefined && /\d/.test(value.slice(prefix.length + 1)) ? prefix : undefined;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A pattern that matches a shown string with each Plaza ID in it (as a whole token) replaced by any ID
 * of the same prefix, capturing those IDs in order; undefined when the string shows no ID. Real IDs
 * need not hold a digit.
 */
function idTemplate(shown: string): {pattern: RegExp; ids: string[]} | undefined {
  const ids: string[] = [];
  let source = '';
  let last = 0;
  for (const match of shown.matchAll(/[A-Za-z0-9_]+/g)) {
    const prefix = idPrefix(match[0]);
    if (prefix === undefined) continue;
    source += `${escapeRegExp(shown.slice(last, match.index))}(${prefix}_[A-Za-z0-9]{6,})`;
    ids.push(match[0]);
    last = match.index + match[0].length;
  }
  if (ids.length === 0) return undefined;
  return {pattern: new RegExp(`^${source}${escapeRegExp(shown.slice(last))}$`), ids};
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The IDs a page shows, each with the ID the sandbox gave the same object, to send in the page's later requests. */
export class IdCarrier {
  private readonly ids = new Map<string, string>();
  /** The real ID learned last for each prefix: the reader's own object of that kind. */
  private readonly latest = new Map<string, string>();

  /**
   * Walks a shown response and the real one in parallel (same keys, same indices) and remembers each
   * shown ID whose place holds a real ID of the same prefix. A string that holds IDs among other text
   * (a URL, a message) teaches its IDs when the rest of it is the same, and a shown `next_cursor` takes any
   * real string. The first real ID learned for a
   * shown one stays: a page creates an object before it lists it.
   */
  learn(shown: unknown, actual: unknown): void {
    this.walk(shown, actual, undefined);
  }

  private walk(shown: unknown, actual: unknown, key: string | undefined): void {
    if (typeof shown === 'string') {
      if (typeof actual !== 'string') return;
      // A real cursor need not look like the shown one: it is opaque (see compareShown).
      if (key === 'next_cursor' && idPrefix(shown) !== undefined && actual !== '') {
        if (!this.ids.has(shown)) this.ids.set(shown, actual);
        return;
      }
      const template = idTemplate(shown);
      const match = template?.pattern.exec(actual);
      template?.ids.forEach((id, index) => {
        const real = match?.[index + 1];
        if (real === undefined) return;
        if (!this.ids.has(id)) this.ids.set(id, real);
        this.latest.set(idPrefix(id) ?? '', real);
      });
    } else if (Array.isArray(shown)) {
      if (Array.isArray(actual)) shown.slice(0, actual.length).forEach((item, index) => this.walk(item, actual[index], undefined));
    } else if (isObject(shown) && isObject(actual)) {
      for (const [name, value] of Object.entries(shown)) if (Object.hasOwn(actual, name)) this.walk(value, actual[name], name);
    }
  }

  /**
   * The text with each remembered shown ID (as a whole token) replaced by its real ID. A shown ID the
   * pages never answered with stands for the reader's own object of its kind, as a reader would read
   * it: the real ID learned last with its prefix, which it then keeps.
   */
  apply(text: string): string {
    return text.replace(/[A-Za-z0-9_]+/g, (token) => {
      const known = this.ids.get(token);
      if (known !== undefined) return known;
      // The sandbox's test values (`card_testvisacredit0000000000`) are the same in every account.
      const prefix = /^[a-z]+_test/.test(token) ? undefined : idPrefix(token);
      const own = prefix === undefined ? undefined : this.latest.get(prefix);
      if (own === undefined) return token;
      this.ids.set(token, own);
      return own;
    });
  }

  /** A copy of a request with the remembered IDs replaced in its target, header values, body and form values. */
  applyTo(request: PageRequest): PageRequest {
    const copy: PageRequest = {
      ...request,
      target: this.apply(request.target),
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, this.apply(value)])),
    };
    if (request.body !== undefined) copy.body = this.apply(request.body);
    if (request.form) copy.form = request.form.map((field) => ({name: field.name, value: this.apply(field.value)}));
    return copy;
  }

  /** The shown IDs remembered so far, with their real IDs. */
  get learned(): ReadonlyMap<string, string> {
    return this.ids;
  }
}

/**
 * The shape of an API key a page shows, which differs on every run: a secret or publishable key
 * (`sk_test_7Gx2...`) is its prefix and at least 16 letters and digits, and a redacted one
 * (`sk_test_...4f9a`) its prefix, the dots and four of them. Undefined for any other string.
 */
function apiKeyShape(shown: string): RegExp | undefined {
  const match = /^((?:sk|pk)_(?:test|live)_)(\.\.\.)?[A-Za-z0-9]+$/.exec(shown);
  if (!match) return undefined;
  return new RegExp(`^${escapeRegExp(match[1] ?? '')}${match[2] ? '\\.\\.\\.[A-Za-z0-9]{4}' : '[A-Za-z0-9]{16,}'}$`);
}

const timestamp = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** A value for a difference line: JSON, cut at 120 characters. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The path of a key under a path: `data[0].status`, or `metadata["order-id"]` for a key that is not a name. */
const childPath = (at: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? (at ? `${at}.${key}` : key) : `${at}[${JSON.stringify(key)}]`;

/**
 * Where a real response differs from the one a page shows, one line per difference naming its JSON
 * path (`data[0].status: shown "succeeded", got "pending"`). Every key of a shown object must be in the
 * real one (more keys are fine); a shown array's items compare one by one, and the real array holds at
 * least as many. IDs compare by prefix (`pay_`, `req_`...), also inside other strings, and ISO 8601
 * times by shape. `message` fields compare by type only: their text may quote IDs and amounts, and the
 * error codes beside them say what happened. A shown `next_cursor` string needs any string. Everything
 * else compares by value.
 */
export function compareShown(shown: unknown, actual: unknown, at = ''): string[] {
  const here = at || '(body)';
  const key = /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(at)?.[1];
  if (typeof shown === 'string') {
    if (key === 'message' || key === 'next_cursor')
      return typeof actual === 'string' ? [] : [`${here}: shown ${show(shown)} (any string), got ${show(actual)}`];
    if (timestamp.test(shown))
      return typeof actual === 'string' && timestamp.test(actual)
        ? []
        : [`${here}: shown ${show(shown)} (any ISO 8601 time), got ${show(actual)}`];
    const keyShape = apiKeyShape(shown);
    if (keyShape)
      return typeof actual === 'string' && keyShape.test(actual)
        ? []
        : [`${here}: shown ${show(shown)} (a key of its shape), got ${show(actual)}`];
    const template = idTemplate(shown);
    if (template) {
      if (typeof actual === 'string' && template.pattern.test(actual)) return [];
      const prefix = template.ids.length === 1 && template.ids[0] === shown ? `any ${idPrefix(shown) ?? ''}_ ID` : 'its IDs by prefix';
      return [`${here}: shown ${show(shown)} (${prefix}), got ${show(actual)}`];
    }
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${here}: shown an array, got ${show(actual)}`];
    const differences = actual.length < shown.length ? [`${here}: shown ${shown.length} items, got ${actual.length}`] : [];
    shown.slice(0, actual.length).forEach((item, index) => differences.push(...compareShown(item, actual[index], `${at}[${index}]`)));
    return differences;
  }
  if (isObject(shown)) {
    if (!isObject(actual)) return [`${here}: shown an object, got ${show(actual)}`];
    return Object.entries(shown).flatMap(([name, value]) => {
      const path = childPath(at, name);
      return Object.hasOwn(actual, name) ? compareShown(value, actual[name], path) : [`${path}: missing (shown ${show(value)})`];
    });
  }
  return shown === actual ? [] : [`${here}: shown ${show(shown)}, got ${show(actual)}`];
}
