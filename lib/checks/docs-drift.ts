/**
 * Keeps the docs and the API reference from drifting apart: finds every request (a curl command
 * in a `bash` block) and every response (a `json` block titled "Response: <status> ...") in the
 * hand-written pages, and checks them against the specs: the operation exists, the path
 * parameters fit their schemas, the query parameters exist, and the bodies validate against the
 * operation's schemas. It also checks the field names of the request bodies that the SDK pages'
 * server snippets send, the permissions pages name (and tie to operations), the permission sentences
 * of the specs' own descriptions, and the sandbox test values of the partial against the specs.
 *
 * Operations and schemas are read through the index of the specs that the sandbox and Try it read (lib/api-model/request-index.ts), with
 * its validator and its plain messages: a response is read closed there, so a page's response may show
 * no field the spec does not name, and must show each field the spec requires.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import ts from 'typescript';
import {isJson, SpecIndex, type SchemaProblem, type SpecOperation} from '../api-model/request-index';
import {codeBlocks, docPages} from '../docs-source';
import {extractExamples, type DocRequest, type DocResponse, type Problem} from '../page-requests';
import {operationPermission} from '../api-render/reference-tables';
import {apis} from '../api-model/specs';
import {operationPages, type Specs} from '../api-render/webhook-events';

/** The operation a method and concrete path call, with the values of its path parameters, or why no operation fits. */
function routeOf(index: SpecIndex, method: string, path: string): {operation: SpecOperation; params: Record<string, string>} | string {
  const route = index.route(method, path);
  if (route === 'method') return `${method} ${path} is not an operation of the specs (its path takes other methods)`;
  return route ?? `${method} ${path} is not an operation of the specs`;
}

/**
 * Schema problems in one line: each field, with its value when that is a scalar, and what is wrong
 * (`amount -5 must be an integer from 1 to 99999999; tip is not a field here`); the first three, and how many more.
 */
function problemText(problems: SchemaProblem[]): string {
  const shown = problems.slice(0, 3).map(({param, value, message}) => {
    const scalar = value === null || ['string', 'number', 'boolean'].includes(typeof value);
    const subject = `${param ?? '(body)'}${scalar && !message.startsWith('is ') ? ` ${JSON.stringify(value)}` : ''}`;
    // A plain message reads on from the field; the validator's own sentence, where there is no plainer one, follows a colon.
    return /^[a-z]/.test(message) ? `${subject} ${message}` : `${subject}: ${message.replace(/\.$/, '')}`;
  });
  return `${shown.join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}`;
}

/** What is wrong with a page's request: its operation, its path and query parameters, its body. */
export function requestProblems(index: SpecIndex, request: DocRequest): string[] {
  const route = routeOf(index, request.method, request.path);
  if (typeof route === 'string') return [route];
  const {operation, params} = route;
  const where = `${request.method} ${operation.path}`;
  const problems: string[] = [];
  for (const parameter of operation.parameters) {
    const value = params[parameter.name];
    if (parameter.in !== 'path' || value === undefined) continue;
    const found = index.parameterProblems(operation.api, parameter, value);
    if (found.length > 0) problems.push(`${where}: path parameter ${problemText(found)}`);
  }
  for (const name of request.query) {
    if (!operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) {
      problems.push(`${where}: query parameter "${name}" is not defined`);
    }
  }
  const schemaKey = operation.body && isJson(operation.body.mediaType) ? operation.body.schemaKey : undefined;
  if (request.body === undefined) {
    if (schemaKey && operation.body?.required) problems.push(`${where} requires a JSON body, but the request sends none`);
  } else if (!schemaKey) {
    problems.push(`${where} takes no JSON body, but the request sends one`);
  } else {
    const found = index.problems(schemaKey, request.body, 'request');
    if (found.length > 0) problems.push(`${where}: the request body does not fit the schema: ${problemText(found)}`);
  }
  return problems;
}

/** What is wrong with a page's response: its status must be one the operation of the request above it documents, and its body fit. */
export function responseProblems(index: SpecIndex, response: DocResponse): string[] {
  if (!response.request) return ['the response has no curl request above it in the page'];
  const route = index.route(response.request.method, response.request.path);
  if (typeof route !== 'object') return []; // reported with the request
  const {operation} = route;
  const where = `${operation.method} ${operation.path}`;
  const schemaKey = operation.responses.find((documented) => String(documented.status) === response.status)?.schemaKey;
  if (!schemaKey) return [`${where} has no JSON response for status ${response.status}`];
  const found = index.problems(schemaKey, response.body, 'response');
  return found.length > 0 ? [`${where}: the ${response.status} response does not fit the schema: ${problemText(found)}`] : [];
}

/** How many things of each kind checkDocs checked. */
export type DriftCounts = {
  requests: number;
  responses: number;
  snippetBodies: number;
  permissionsNamed: number;
  permissionTies: number;
  permissionSentences: number;
  sandboxValues: number;
};

/** Checks `pages` (every hand-written page); returns the problems and how many things of each kind were checked. */
export function checkDocs(specs: Specs, pages = docPages()): {problems: Problem[]} & DriftCounts {
  const index = new SpecIndex(specs);
  const declared = declaredPermissions(specs);
  const sentences = checkPermissionSentences(specs);
  const problems: Problem[] = [...sentences.problems];
  const counts: DriftCounts = {
    requests: 0,
    responses: 0,
    snippetBodies: 0,
    permissionsNamed: 0,
    permissionTies: 0,
    permissionSentences: sentences.sentences,
    sandboxValues: 0,
  };
  for (const path of pages) {
    const file = relative('.', path);
    const text = readFileSync(path, 'utf8');
    const found = extractExamples(file, text);
    if (/^docs[\\/]sdks[\\/]/.test(file)) {
      const snippets = checkSnippets(index, file, text);
      counts.snippetBodies += snippets.bodies;
      problems.push(...snippets.problems);
    }
    const permissions = checkPermissions(declared, file, text);
    counts.permissionsNamed += permissions.named;
    counts.permissionTies += permissions.ties;
    problems.push(...permissions.problems);
    if (file === sandboxValuesPartial) {
      const sandbox = checkSandboxValues(specs, file, text);
      counts.sandboxValues = sandbox.values;
      problems.push(...sandbox.problems);
    }
    problems.push(...found.problems);
    for (const request of found.requests) {
      counts.requests++;
      problems.push(...requestProblems(index, request).map((reason) => ({file, line: request.line, reason})));
    }
    for (const response of found.responses) {
      counts.responses++;
      problems.push(...responseProblems(index, response).map((reason) => ({file, line: response.line, reason})));
    }
  }
  return {problems, ...counts};
}

/** A request body that a server snippet sends through a helper, as in `plaza('POST', '/v1/payments', {...})`. */
export type SnippetBody = {line: number; method: string; path: string; fields: string[]; spread: boolean};

/** A template literal's text, with each `${...}` replaced by one path segment. */
const templateText = (template: ts.TemplateExpression): string =>
  template.head.text + template.templateSpans.map((span) => `x${span.literal.text}`).join('');

/**
 * The request bodies in a JavaScript or TypeScript snippet: calls whose arguments are an HTTP method
 * that takes a body, an API path (`/v1/...`, a template literal counts) and an object literal.
 * `line` is 0-based within the snippet.
 */
export function snippetBodies(code: string): SnippetBody[] {
  const source = ts.createSourceFile('snippet.tsx', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: SnippetBody[] = [];
  const visit = (node: ts.Node): void => {
    const [method, path, body] = ts.isCallExpression(node) ? node.arguments : [];
    if (method && path && body) {
      const methodText = ts.isStringLiteralLike(method) ? method.text : undefined;
      const pathText = ts.isStringLiteralLike(path) ? path.text : ts.isTemplateExpression(path) ? templateText(path) : undefined;
      if (methodText && /^(POST|PUT|PATCH)$/.test(methodText) && pathText?.startsWith('/v1/') && ts.isObjectLiteralExpression(body)) {
        found.push({
          line: source.getLineAndCharacterOfPosition(node.getStart()).line,
          method: methodText,
          path: pathText,
          fields: body.properties.flatMap((property) =>
            property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? [property.name.text] : [],
          ),
          spread: body.properties.some(ts.isSpreadAssignment),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Why a snippet's request body does not fit its operation: fields its Try it form does not have, and
 * required ones left out (unless it spreads another object).
 */
export function snippetBodyProblems(index: SpecIndex, body: SnippetBody): string[] {
  const route = routeOf(index, body.method, body.path);
  if (typeof route === 'string') return [route];
  const {operation} = route;
  const where = `${body.method} ${operation.path}`;
  // The fields of the Try it form: the body's properties, through its `$ref`s and `allOf`, less the read-only ones.
  const form = index.form(operation.method, operation.path)?.body;
  if (!form || !isJson(form.mediaType)) return [`${where} takes no JSON body, but the snippet sends one`];
  const fields = form.fields ?? [];
  return [
    ...body.fields
      .filter((field) => !fields.some((known) => known.name === field))
      .map((field) => `${where}: the snippet's body sends "${field}", which the request schema does not define`),
    ...(body.spread
      ? []
      : fields
          .filter((field) => field.required && !body.fields.includes(field.name))
          .map((field) => `${where}: the snippet's body leaves out the required "${field.name}"`)),
  ];
}

const snippetLanguages = new Set(['javascript', 'js', 'jsx', 'typescript', 'ts', 'tsx']);

/** The request bodies of the server snippets in one page, with their problems. */
export function checkSnippets(index: SpecIndex, file: string, text: string): {bodies: number; problems: Problem[]} {
  const problems: Problem[] = [];
  let bodies = 0;
  for (const block of codeBlocks(text).filter((candidate) => snippetLanguages.has(candidate.lang))) {
    for (const body of snippetBodies(block.text)) {
      bodies++;
      const line = block.line + 1 + body.line;
      problems.push(...snippetBodyProblems(index, body).map((reason) => ({file, line, reason})));
    }
  }
  return {bodies, problems};
}

/** A sentence of a page's prose, or a row of one of its tables, with the line it starts on; code blocks are left out. */
export type ProseUnit = {line: number; text: string};

export function proseUnits(text: string): ProseUnit[] {
  const units: ProseUnit[] = [];
  // A paragraph's lines joined by spaces, with the offset in that text where each of its lines starts.
  let paragraph: (ProseUnit & {starts: number[]}) | undefined;
  const flush = () => {
    if (!paragraph) return;
    const {line, text: joined, starts} = paragraph;
    for (const match of joined.matchAll(/.+?(?:[.!?](?=\s+[A-Z[`])|$)/g)) {
      const offset = match.index + (match[0].length - match[0].trimStart().length);
      units.push({line: line + starts.filter((start) => start <= offset).length - 1, text: match[0].trim()});
    }
    paragraph = undefined;
  };
  const lines = text.split('\n');
  let fence: string | undefined;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && line === marker && marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (marker) {
      flush();
      fence = marker;
      return;
    }
    if (line.startsWith('|')) {
      flush();
      units.push({line: index + 1, text: line});
    } else if (line === '' || /^(#|<|import |:::)/.test(line)) {
      flush();
    } else if (/^([-*]|\d+\.)\s/.test(line) || !paragraph) {
      flush();
      paragraph = {line: index + 1, text: line, starts: [0]};
    } else {
      paragraph.starts.push(paragraph.text.length + 1);
      paragraph.text += ` ${line}`;
    }
  });
  flush();
  return units;
}

const permissionToken = /`([a-z_]+:(?:read|write))`/g;
const operationLink = /\]\((\/api\/(?:accounts|financial)\/[a-z0-9-]+)\)/g;
const needWord = /\b(needs?|needed|requires?|required)\b/i;

/** Every operation page's route with the permission its spec declares. */
export function declaredPermissions(specs: Specs): Map<string, string> {
  return new Map(
    operationPages(specs).flatMap((page) => {
      const permission = operationPermission(page.operation);
      return permission ? [[page.url, permission] as const] : [];
    }),
  );
}

/**
 * The permissions one page names: each must be declared by an operation of the specs, and a
 * sentence or table row that says an operation it links needs or requires permissions must name
 * the one that operation declares.
 */
export function checkPermissions(
  declared: Map<string, string>,
  file: string,
  text: string,
): {named: number; ties: number; problems: Problem[]} {
  const known = new Set(declared.values());
  const problems: Problem[] = [];
  let named = 0;
  let ties = 0;
  for (const unit of proseUnits(text)) {
    const permissions = [...unit.text.matchAll(permissionToken)].map(([, permission = '']) => permission);
    named += permissions.length;
    for (const permission of permissions) {
      if (!known.has(permission))
        problems.push({file, line: unit.line, reason: `names the permission "${permission}", which no operation of the specs declares`});
    }
    if (permissions.length === 0 || !needWord.test(unit.text)) continue;
    for (const [, route = ''] of unit.text.matchAll(operationLink)) {
      const permission = declared.get(route);
      if (!permission) continue;
      ties++;
      if (!permissions.includes(permission)) {
        problems.push({
          file,
          line: unit.line,
          reason: `ties ${route} to ${permissions.map((name) => `"${name}"`).join(', ')}, but its spec declares "${permission}"`,
        });
      }
    }
  }
  return {named, ties, problems};
}

/** The operations whose description says "Needs (the) `...` (permission)" with another permission than the one they declare. */
export function checkPermissionSentences(specs: Specs): {sentences: number; problems: Problem[]} {
  const problems: Problem[] = [];
  let sentences = 0;
  for (const page of operationPages(specs)) {
    const description = String(page.operation.raw.description ?? '');
    for (const [, named] of description.matchAll(/Needs (?:the )?`([a-z_]+:(?:read|write))`/g)) {
      sentences++;
      const declared = operationPermission(page.operation);
      if (named !== declared) {
        const file = apis.find((api) => api.name === page.api)!.file;
        problems.push({
          file,
          line: 0,
          reason: `${page.operation.method} ${page.operation.path} says it needs "${named}" but declares "${declared}"`,
        });
      }
    }
  }
  return {sentences, problems};
}

/** The extension that maps a field's sandbox test values to the outcome each one chooses. */
export const sandboxValuesExtension = 'x-plaza-sandbox-values';

/** Every test value the specs declare in an `x-plaza-sandbox-values` map, with its outcome. */
export function sandboxValues(specs: Specs): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === sandboxValuesExtension && child && typeof child === 'object') {
        for (const [value, outcome] of Object.entries(child)) values.set(value, String(outcome));
      } else walk(child);
    }
  };
  Object.values(specs).forEach(walk);
  return values;
}

/**
 * Test IDs, test tax IDs, ACH return codes, and card, routing and account numbers and amounts (card
 * numbers in groups of digits, as buyers type them): the kinds of value the specs' sandbox maps hold.
 */
const sandboxValueShape = /^((card|ba)_test[a-z0-9]*|\d{2}-\d{7}|R\d{2}|\d[\d ]{2,20}\d)$/;

/**
 * The sandbox values partial against the specs: each test value in the first column of one of its
 * tables (a card number without its spaces) is declared by the specs and its row names, in code
 * spans, each code of the outcome the specs give it; every value the specs declare is listed; and
 * every bank account number, routing number and amount it shows occurs in the specs' text.
 */
export function checkSandboxValues(specs: Specs, file: string, text: string): {values: number; problems: Problem[]} {
  const declared = sandboxValues(specs);
  const specText = JSON.stringify(specs);
  const problems: Problem[] = [];
  const listed = new Set<string>();
  let values = 0;
  for (const unit of proseUnits(text)) {
    const shown = /^\|\s*`([^`]+)`\s*\|/.exec(unit.text)?.[1];
    const first = shown?.replaceAll(' ', '');
    if (shown && first && sandboxValueShape.test(shown)) {
      values++;
      listed.add(first);
      const outcome = declared.get(first);
      if (outcome === undefined)
        problems.push({
          file,
          line: unit.line,
          reason: `lists the test value "${first}", which no ${sandboxValuesExtension} of the specs declares`,
        });
      else if (outcome.split(', ').some((code) => !unit.text.includes(`\`${code}\``)))
        problems.push({file, line: unit.line, reason: `the row of "${first}" does not name its outcome in the specs, "${outcome}"`});
    }
    for (const [, number = ''] of unit.text.matchAll(/`(\d{4}|\d{9}|\d{12})`/g)) {
      values++;
      if (!specText.includes(number))
        problems.push({file, line: unit.line, reason: `shows the test number "${number}", which the specs never mention`});
    }
  }
  for (const value of declared.keys()) {
    if (!listed.has(value))
      problems.push({file, line: 0, reason: `does not list "${value}", which the specs declare as a sandbox test value`});
  }
  return {values, problems};
}

/** The partial that lists the sandbox test values. */
export const sandboxValuesPartial = 'docs/_partials/_sandbox-values.mdx';
