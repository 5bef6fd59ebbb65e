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
import {codeBlocks, docPages} from '../../lib/docs-source';
import {extractExamples} from './docs-drift';

export type PageRequest = {
  file: string;
  line: number;
  method: string;
  /** The host the page sends it to: `api.sandbox.plaza.example` or `api.plaza.example`. */
  host: string;
  /** path with query string, e.g. /v1/events?type=payment.succeeded&limit=1 */
  target: string;
  /** header names lower-cased; values as written, with $VARS left as written */
  headers: Record<string, string>;
  /** the raw body text after -d (JSON text as written), or undefined */
  body?: string;
  /** The fields of a multipart body (`-F name=value`), values as written: `@file` names a file to upload. */
  form?: {name: string; value: string}[];
  /** the response block shown right after it (before the next request), if any */
  shown?: {status: number; body: unknown; line: number};
  /** set when the page marks the block as not runnable in sequence: the reason, as written */
  notRun?: string;
};

/** What one curl command asks for. */
export type CurlRequest = Pick<PageRequest, 'method' | 'host' | 'target' | 'headers' | 'body' | 'form'>;

/** The languages of the fences whose curl commands are requests (as in docs-drift.ts). */
const shellLanguages = new Set(['bash', 'sh', 'shell']);

const plazaUrl = /^https:\/\/(api(?:\.sandbox)?\.plaza\.example)(\/[^#]*)?(?:#.*)?$/;

/**
 * The commands of a shell script, each as its words once the shell has removed quotes and escapes:
 * `'...'` is literal, `"..."` keeps `$VARS` as written (nothing is expanded), a backslash before a
 * newline continues the line, and a newline, `;`, `&` or `|` ends a command, as does a redirection
 * (`>` or `<`), which starts a command of its own.
 */
export function shellCommands(script: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined; // undefined between words, so that '' is a word
  const endWord = () => {
    if (word !== undefined) words.push(word);
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let index = 0; index < script.length; index++) {
    const char = script.charAt(index);
    if (char === '\\') {
      const next = script.charAt(++index);
      if (next !== '\n') word = (word ?? '') + next;
    } else if (char === "'") {
      const close = script.indexOf("'", index + 1);
      if (close === -1) throw new Error('a single quote is never closed');
      word = (word ?? '') + script.slice(index + 1, close);
      index = close;
    } else if (char === '"') {
      word ??= '';
      for (index++; script.charAt(index) !== '"'; index++) {
        if (index >= script.length) throw new Error('a double quote is never closed');
        const inner = script.charAt(index);
        const next = script.charAt(index + 1);
        if (inner === '\\' && '$`"\\\n'.includes(next) && next !== '') {
          index++;
          if (next !== '\n') word += next;
        } else word += inner;
      }
    } else if (char === ' ' || char === '\t' || char === '\r') endWord();
    else if ('\n;&|'.includes(char)) endCommand();
    else if (char === '#' && word === undefined) {
      const newline = script.indexOf('\n', index);
      index = (newline === -1 ? script.length : newline) - 1;
    } else if (char === '>' || char === '<') {
      // A redirection is a command of its own here, so that a request block with one holds two commands.
      endCommand();
      word = char;
    } else word = (word ?? '') + char;
  }
  endCommand();
  return commands;
}

/** The curl options that take a value, by what they set. */
const valueOptions: Record<string, string> = {
  '-X': 'method',
  '--request': 'method',
  '-H': 'header',
  '--header': 'header',
  '-d': 'data',
  '--data': 'data',
  '--data-ascii': 'data',
  '--data-binary': 'data',
  '--data-raw': 'raw',
  '--data-urlencode': 'urlencode',
  '--json': 'json',
  '-F': 'form',
  '--form': 'form',
  '-o': 'output',
  '--output': 'output',
  '--url': 'url',
};

/** The curl options that take no value and change nothing about the request sent, and `-G`. */
const flagOptions: Record<string, string> = {
  '-G': 'get',
  '--get': 'get',
  '-i': 'output',
  '--include': 'output',
  '-s': 'output',
  '--silent': 'output',
  '-S': 'output',
  '--show-error': 'output',
  '-f': 'output',
  '--fail': 'output',
  '--fail-with-body': 'output',
  '-v': 'output',
  '--verbose': 'output',
};

/** A `--data-urlencode` value as curl sends it: `name=value` with the value encoded, or the whole of it encoded. */
function urlencoded(value: string): string {
  if (/^[^=@]*@/.test(value)) throw new Error(`--data-urlencode "${value}" reads a file`);
  const equals = value.indexOf('=');
  if (equals === -1) return encodeURIComponent(value);
  return `${value.slice(0, equals)}${equals > 0 ? '=' : ''}${encodeURIComponent(value.slice(equals + 1))}`;
}

/** The options of one curl command (its words after `curl`), or the option that cannot be read. */
function curlOptions(words: string[]): {options: [string, string][]; url?: string; problem?: string} {
  const options: [string, string][] = [];
  let url: string | undefined;
  let problem: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const takeValue = (option: string, attached: string): void => {
      const value = attached !== '' ? attached : words[++index];
      if (value === undefined) problem ??= `the curl option "${option}" has no value`;
      else if (valueOptions[option] === 'url') url = value;
      else options.push([option, value]);
    };
    if (word.startsWith('--')) {
      if (word in valueOptions) takeValue(word, '');
      else if (word in flagOptions) options.push([word, '']);
      else problem ??= `it uses the curl option "${word}", which page-requests.ts does not read`;
    } else if (word.startsWith('-') && word.length > 1) {
      // Short options can be grouped (`-sS`), and the last of a group can have its value attached (`-XPOST`).
      for (let at = 1; at < word.length; at++) {
        const option = `-${word.charAt(at)}`;
        if (option in valueOptions) {
          takeValue(option, word.slice(at + 1));
          break;
        }
        if (option in flagOptions) options.push([option, '']);
        else {
          problem ??= `it uses the curl option "${option}", which page-requests.ts does not read`;
          break;
        }
      }
    } else if (url === undefined) url = word;
    else problem ??= `it names two URLs, "${url}" and "${word}"`;
  }
  return {options, url, problem};
}

/**
 * The request of a block that holds one curl command to the Plaza API, or null when the block sends
 * none (no curl command, or curl to another host). Throws when the block holds such a command that
 * cannot be read: another command beside it, a curl option not read here, a body read from a file.
 */
export function readCurl(text: string): CurlRequest | null {
  if (!/(?:^|[\s;&|(])curl\s/.test(text)) return null;
  const commands = shellCommands(text);
  const curls = commands.filter((words) => words[0] === 'curl').map((words) => curlOptions(words.slice(1)));
  const plaza = curls.filter((curl) => plazaUrl.test(curl.url ?? ''));
  const [curl] = plaza;
  if (!curl) return null;
  if (commands.some((words) => /^[<>]/.test(words[0] ?? ''))) throw new Error('it redirects the input or output of curl');
  if (commands.length > 1)
    throw new Error(`a request block holds one curl command and nothing else; this one holds ${commands.length} commands`);
  if (curl.problem) throw new Error(curl.problem);
  const [, host = '', target = '/'] = plazaUrl.exec(curl.url ?? '') ?? [];
  let method: string | undefined;
  let get = false;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  const form: {name: string; value: string}[] = [];
  for (const [option, value] of curl.options) {
    const kind = valueOptions[option] ?? flagOptions[option];
    if (kind === 'method') method = value;
    else if (kind === 'get') get = true;
    else if (kind === 'header') {
      const colon = value.indexOf(':');
      if (colon === -1) throw new Error(`the header "${value}" has no colon`);
      const name = value.slice(0, colon).trim().toLowerCase();
      if (name in headers) throw new Error(`it sends the header "${name}" twice`);
      headers[name] = value.slice(colon + 1).trim();
    } else if (kind === 'data' || kind === 'json') {
      if (value.startsWith('@')) throw new Error(`${option} ${value} reads the body from a file`);
      data.push(value);
      if (kind === 'json') {
        headers['content-type'] ??= 'application/json';
        headers.accept ??= 'application/json';
      }
    } else if (kind === 'raw') data.push(value);
    else if (kind === 'urlencode') data.push(urlencoded(value));
    else if (kind === 'form') {
      const equals = value.indexOf('=');
      if (equals < 1) throw new Error(`the form field "${value}" has no name=value`);
      form.push({name: value.slice(0, equals), value: value.slice(equals + 1)});
    }
  }
  if (data.length > 0 && form.length > 0) throw new Error('it sends both -d and -F');
  // As curl does: several data options are joined with &, and -G sends them in the query string instead.
  const joined = data.length > 0 ? data.join('&') : undefined;
  const request: CurlRequest = {
    method: method ?? (get || (joined === undefined && form.length === 0) ? 'GET' : 'POST'),
    host,
    target: get && joined !== undefined ? `${target}${target.includes('?') ? '&' : '?'}${joined}` : target,
    headers,
  };
  if (joined !== undefined && !get) request.body = joined;
  if (form.length > 0) request.form = form;
  return request;
}

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
 * The requests of one page in page order, each with the response shown after it. The blocks are the
 * ones docs-drift.ts checks against the specs, and the responses are its own (the first `json` block
 * titled "Response: <status> ..." after a request, before the next one). Throws, naming the line, when
 * a block cannot be read or the two readings disagree on which blocks are requests.
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
  const ours = requests.map((request) => request.line).join(', ');
  const drifts = examples.requests.map((request) => request.line).join(', ');
  if (ours !== drifts) throw new Error(`${file}: the requests are on lines ${ours}, but docs-drift.ts reads them on lines ${drifts}`);
  return requests;
}

/** Every hand-written page with at least one request, sorted by path, with its requests in page order. */
export function docsRequestPages(root = 'docs'): {file: string; requests: PageRequest[]}[] {
  return docPages(root)
    .map((path) => {
      const file = relative('.', path);
      return {file, requests: pageRequests(file, readFileSync(path, 'utf8'))};
    })
    .filter((page) => page.requests.length > 0)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

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
        if (real !== undefined && !this.ids.has(id)) this.ids.set(id, real);
      });
    } else if (Array.isArray(shown)) {
      if (Array.isArray(actual)) shown.slice(0, actual.length).forEach((item, index) => this.walk(item, actual[index], undefined));
    } else if (isObject(shown) && isObject(actual)) {
      for (const [name, value] of Object.entries(shown)) if (Object.hasOwn(actual, name)) this.walk(value, actual[name], name);
    }
  }

  /** Remembers that a shown ID stands for a real one, replacing what was learned for it. */
  remember(shownId: string, actualId: string): void {
    this.ids.set(shownId, actualId);
  }

  /** The text with each remembered shown ID (as a whole token) replaced by its real ID. */
  apply(text: string): string {
    return text.replace(/[A-Za-z0-9_]+/g, (token) => this.ids.get(token) ?? token);
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
