/**
 * The one reader of the curl commands in the pages: a shell script split into commands with the
 * shell's quoting, and a curl command to the Plaza API read as the request it sends (method, host,
 * target, headers, body or multipart fields). docs-drift.ts checks these requests against the specs,
 * and page-requests.ts runs them against the sandbox.
 */
/** What one curl command asks for. */
export type CurlRequest = {
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
};

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
      else problem ??= `it uses the curl option "${word}", which lib/curl.ts does not read`;
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
          problem ??= `it uses the curl option "${option}", which lib/curl.ts does not read`;
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
