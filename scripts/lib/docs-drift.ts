/**
 * Keeps the docs and the API reference from drifting apart: finds every request (a curl command
 * in a `bash` block) and every response (a `json` block titled "Response: <status> ...") in the
 * hand-written pages, and checks them against the specs: the operation exists, the path
 * parameters fit their patterns, the query parameters exist, and the bodies validate against the
 * operation's schemas.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {Ajv, type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {listOperations, resolveLocalRef, type OpenApiDocument, type Operation} from './specs';

export type DocRequest = {file: string; line: number; method: string; path: string; query: string[]; body?: unknown};
export type DocResponse = {file: string; line: number; status: string; body: unknown; request?: DocRequest};
export type Problem = {file: string; line: number; reason: string};

type Block = {lang: string; meta: string; line: number; text: string};

/** The fenced code blocks of a Markdown or MDX text, with the line each starts on (1-based). */
export function codeBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})(\w*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !new RegExp(`^\\s*${fence}\\s*$`).test(lines[j])) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
      j++;
    }
    blocks.push({lang, meta, line: i + 1, text: body.join('\n')});
    i = j;
  }
  return blocks;
}

const apiUrl = /https:\/\/api(?:\.sandbox)?\.plaza\.example(\/[^\s"'\\]*)/;

/** A curl command of the house form, or null when the block holds none. */
export function parseCurl(text: string): Omit<DocRequest, 'file' | 'line'> | null {
  const command = text.replace(/\\\n/g, ' ');
  if (!/^\s*curl\s/.test(command)) return null;
  const url = apiUrl.exec(command);
  if (!url) return null;
  const method = /\s-X\s+([A-Z]+)/.exec(command)?.[1] ?? 'GET';
  const [path, queryString = ''] = url[1].split('?');
  const query = queryString ? queryString.split('&').map((pair) => decodeURIComponent(pair.split('=')[0])) : [];
  const dataStart = command.search(/\s-d\s+'/);
  if (dataStart === -1) return {method, path, query};
  const open = command.indexOf("'", dataStart);
  const close = command.lastIndexOf("'");
  const raw = command.slice(open + 1, close);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch (error) {
    throw new Error(`the body after -d is not JSON (${(error as Error).message})`);
  }
  return {method, path, query, body};
}

/** Every request and response in one page. */
export function extractExamples(file: string, text: string): {requests: DocRequest[]; responses: DocResponse[]; problems: Problem[]} {
  const requests: DocRequest[] = [];
  const responses: DocResponse[] = [];
  const problems: Problem[] = [];
  let last: DocRequest | undefined;
  for (const block of codeBlocks(text)) {
    if (['bash', 'sh', 'shell'].includes(block.lang)) {
      try {
        const parsed = parseCurl(block.text);
        if (parsed) {
          last = {file, line: block.line, ...parsed};
          requests.push(last);
        }
      } catch (error) {
        problems.push({file, line: block.line, reason: (error as Error).message});
      }
    }
    const title = /title="([^"]*)"/.exec(block.meta)?.[1] ?? '';
    if (block.lang === 'json' && /^Response\b/.test(title)) {
      const status = /\b([1-5]\d\d)\b/.exec(title)?.[1];
      if (!status) {
        problems.push({file, line: block.line, reason: `the response title "${title}" names no HTTP status`});
        continue;
      }
      try {
        responses.push({file, line: block.line, status, body: JSON.parse(block.text), request: last});
      } catch (error) {
        problems.push({file, line: block.line, reason: `the response is not JSON (${(error as Error).message})`});
      }
    }
  }
  return {requests, responses, problems};
}

/** The hand-written pages: everything under docs/ but the generated API reference. */
export function docPages(root = 'docs'): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!/^docs[\\/]api[\\/](accounts|financial)$/.test(path)) walk(path);
      } else if (/\.mdx?$/.test(name)) {
        files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
}

type SpecOperation = Operation & {spec: string; pattern: RegExp; literalSegments: number};

export class SpecIndex {
  private readonly ajv = new Ajv({strict: false, allErrors: true, discriminator: true});
  private readonly operations: SpecOperation[] = [];
  private readonly specs = new Map<string, OpenApiDocument>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(specs: Record<string, OpenApiDocument>) {
    addFormats(this.ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) this.ajv.addFormat(format, true);
    for (const [name, spec] of Object.entries(specs)) {
      this.specs.set(name, spec);
      this.ajv.addSchema(spec as object, name);
      for (const operation of listOperations(spec)) {
        const source = operation.path.replace(/\{[^}]+\}/g, '[^/]+');
        this.operations.push({
          ...operation,
          spec: name,
          pattern: new RegExp(`^${source}$`),
          literalSegments: operation.path.split('/').filter((part) => part && !part.startsWith('{')).length,
        });
      }
    }
  }

  /** The operation a method and concrete path call, preferring literal segments over parameters. */
  find(method: string, path: string): SpecOperation | undefined {
    return this.operations
      .filter((operation) => operation.method === method && operation.pattern.test(path))
      .sort((a, b) => b.literalSegments - a.literalSegments)[0];
  }

  private resolve(spec: string, value: unknown): Record<string, unknown> {
    return resolveLocalRef(this.specs.get(spec)!, value) ?? {};
  }

  private validatorAt(spec: string, pointer: string): ValidateFunction {
    const key = `${spec}#${pointer}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({$ref: key});
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** Why a value does not fit the schema at a JSON pointer of a spec (`/components/schemas/Payment`), or undefined when it fits. */
  schemaErrors(spec: string, pointer: string, value: unknown): string | undefined {
    const validate = this.validatorAt(spec, pointer);
    if (validate(value)) return undefined;
    return (validate.errors ?? [])
      .slice(0, 3)
      .map((error) => `${error.instancePath || '(body)'} ${error.message}${error.params && 'additionalProperty' in error.params ? ` "${String(error.params.additionalProperty)}"` : ''}`)
      .join('; ');
  }

  checkRequest(request: DocRequest): string[] {
    const operation = this.find(request.method, request.path);
    if (!operation) return [`${request.method} ${request.path} is not an operation of the specs`];
    const where = `${request.method} ${operation.path}`;
    const problems: string[] = [];
    const parameters = operation.parameters.map((parameter) => this.resolve(operation.spec, parameter));
    const templateParts = operation.path.split('/');
    request.path.split('/').forEach((value, index) => {
      const name = /^\{(.+)\}$/.exec(templateParts[index])?.[1];
      if (!name) return;
      const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
      const pattern = (parameter?.schema as {pattern?: string} | undefined)?.pattern;
      if (pattern && !new RegExp(pattern).test(value)) problems.push(`${where}: path parameter ${name} "${value}" does not match ${pattern}`);
    });
    for (const name of request.query) {
      if (!parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) {
        problems.push(`${where}: query parameter "${name}" is not defined`);
      }
    }
    const bodyPointer = this.jsonSchemaPointer(operation, ['requestBody']);
    if (request.body !== undefined) {
      if (!bodyPointer) problems.push(`${where} takes no JSON body, but the request sends one`);
      else {
        const errors = this.schemaErrors(operation.spec, bodyPointer, request.body);
        if (errors) problems.push(`${where}: the request body does not fit the schema: ${errors}`);
      }
    } else if (bodyPointer && (this.resolve(operation.spec, operation.raw.requestBody).required as boolean | undefined)) {
      problems.push(`${where} requires a JSON body, but the request sends none`);
    }
    return problems;
  }

  checkResponse(response: DocResponse): string[] {
    if (!response.request) return ['the response has no curl request above it in the page'];
    const operation = this.find(response.request.method, response.request.path);
    if (!operation) return []; // reported with the request
    const where = `${operation.method} ${operation.path}`;
    const pointer = this.jsonSchemaPointer(operation, ['responses', response.status]);
    if (!pointer) return [`${where} has no JSON response for status ${response.status}`];
    const errors = this.schemaErrors(operation.spec, pointer, response.body);
    return errors ? [`${where}: the ${response.status} response does not fit the schema: ${errors}`] : [];
  }

  /** The JSON pointer (into the spec) of the application/json schema under an operation. */
  private jsonSchemaPointer(operation: SpecOperation, path: string[]): string | undefined {
    const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
    let pointer = `/paths/${escape(operation.path)}/${operation.method.toLowerCase()}`;
    let node: unknown = operation.raw;
    for (const key of path) {
      node = (node as Record<string, unknown> | undefined)?.[key];
      pointer += `/${escape(key)}`;
      const ref = (node as {$ref?: string} | undefined)?.$ref;
      if (ref) {
        pointer = ref.slice(1);
        node = this.resolve(operation.spec, node);
      }
    }
    const content = (node as {content?: Record<string, {schema?: unknown}>} | undefined)?.content;
    if (!content?.['application/json']?.schema) return undefined;
    return `${pointer}/content/application~1json/schema`;
  }
}

/** Checks every page; returns the problems and how many requests and responses were checked. */
export function checkDocs(specs: Record<string, OpenApiDocument>, root = 'docs'): {problems: Problem[]; requests: number; responses: number} {
  const index = new SpecIndex(specs);
  const problems: Problem[] = [];
  let requests = 0;
  let responses = 0;
  for (const path of docPages(root)) {
    const file = relative('.', path);
    const found = extractExamples(file, readFileSync(path, 'utf8'));
    problems.push(...found.problems);
    for (const request of found.requests) {
      requests++;
      problems.push(...index.checkRequest(request).map((reason) => ({file, line: request.line, reason})));
    }
    for (const response of found.responses) {
      responses++;
      problems.push(...index.checkResponse(response).map((reason) => ({file, line: response.line, reason})));
    }
  }
  return {problems, requests, responses};
}
