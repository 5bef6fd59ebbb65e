/**
 * The sandbox in a browser worker: the host of Try it on the docs pages (src/components/TryIt). It
 * downloads the specs as data (the JSON the build writes, sandbox/core's `browserSpecs`), and answers
 * the page's messages: send a request, describe or check an operation's form, make again an example
 * object a request used up, reset. On a preview
 * site (`npm run preview`) the JSON holds one document under `mock`, and ./mock answers from it.
 *
 * Its state lives in this worker's memory only, for as long as the tab keeps it: nothing is stored.
 * Every answer and event is checked against the specs, and one that does not fit them is logged as
 * a console error in one line: a bug of the sandbox or the specs, which fails the browser tests.
 */
import {plazaSeed} from './core/plaza-seed';
import {createSandbox, mismatchLine, Sandbox, type Remake, type SandboxRequest, type SandboxResponse, type SandboxSpecs} from './core';
import type {OperationForm} from './core';
import type {SchemaProblem} from '../lib/api-model/request-index';
import {Mock, type MockSpecs} from './mock';

/** A request of the form, before it is sent: its parameters by location and name, and its body as a value. */
export type FormRequest = {
  operationId: string;
  params: Partial<Record<'path' | 'query' | 'header' | 'cookie', Record<string, unknown>>>;
  body?: unknown;
};

/** A problem of a form: where (`body`, or a parameter's location) and which field (`amount`, `billing.city`), and what. */
export type FormProblem = {in: 'body' | 'path' | 'query' | 'header' | 'cookie'; param: string | null; message: string};

/**
 * An answer, with the time the sandbox took and the events the request caused (none for a mock, which
 * has no events), and after a failure that needed an example object no longer fit, the offer to make another.
 */
export type WorkerAnswer = SandboxResponse & {ms: number; events?: {id: string; type: string}[]; remake?: Remake};

export type WorkerMessage =
  | {id: number; kind: 'init'; specsUrl: string}
  | {id: number; kind: 'send'; request: SandboxRequest; key: string}
  | {id: number; kind: 'form'; method: string; path: string}
  | {id: number; kind: 'check'; request: FormRequest}
  | {id: number; kind: 'remake'; example: string; key: string}
  | {id: number; kind: 'reset'};

/** A message without its `id`, which the page's client adds. */
export type WorkerCall = WorkerMessage extends infer Message ? (Message extends WorkerMessage ? Omit<Message, 'id'> : never) : never;

export type WorkerReply = {id: number; ok: true; value: unknown} | {id: number; ok: false; error: string};

type Scope = {postMessage: (reply: WorkerReply) => void; onmessage: ((event: MessageEvent<WorkerMessage>) => void) | null};
const scope = globalThis as unknown as Scope;

/** Plaza's specs, or on a preview site the one document its mock answers from. */
let specs: Promise<SandboxSpecs | MockSpecs> = Promise.reject(new Error('the worker was not told where the specs are'));
specs.catch(() => undefined);
let sandbox: Sandbox | Mock | undefined;

/** Downloads the specs (the page's first message names their URL, on the site's own origin). */
function init(url: string): Promise<null> {
  specs = fetch(new URL(url, self.location.href)).then(async (response) => {
    if (!response.ok) throw new Error(`the specs did not download (HTTP ${response.status})`);
    return (await response.json()) as SandboxSpecs | MockSpecs;
  });
  return specs.then(() => null);
}

async function current(): Promise<Sandbox | Mock> {
  const downloaded = await specs;
  sandbox ??=
    'mock' in downloaded
      ? new Mock(downloaded.mock)
      : createSandbox({
          specs: downloaded,
          seed: plazaSeed,
          onMismatch: (mismatch) => console.error(`Plaza sandbox: an answer the specs do not allow: ${mismatchLine(mismatch)}`),
        });
  return sandbox;
}

const eventIds = (box: Sandbox, key: string) =>
  new Set(Object.keys(box.accountOf(key)?.objects ?? {}).filter((id) => id.startsWith('evt_')));

async function send(request: SandboxRequest, key: string): Promise<WorkerAnswer> {
  const box = await current();
  if (box instanceof Mock) {
    const started = performance.now();
    const response = await box.handle(request);
    return {...response, ms: performance.now() - started};
  }
  // A new account is opened first, so that the events of its seed are not counted as this request's.
  await box.open(key);
  const before = eventIds(box, key);
  const started = performance.now();
  const response = await box.handle(request);
  const ms = performance.now() - started;
  const objects = box.accountOf(key)?.objects ?? {};
  const events = [...eventIds(box, key)].filter((id) => !before.has(id)).map((id) => ({id, type: String(objects[id]?.type ?? '')}));
  const remake = box.remakeAfter(request, response);
  return {...response, ms, events, ...(remake ? {remake} : {})};
}

/** Everything wrong with a form's request, before it is sent: each parameter, then the body. */
async function check({operationId, params, body}: FormRequest): Promise<FormProblem[]> {
  const box = await current();
  const operation = box.index.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`${operationId} is no operation of the specs`);
  const problems: FormProblem[] = [];
  for (const parameter of operation.parameters) {
    const value = params[parameter.in]?.[parameter.name];
    if (value === undefined || value === '') {
      if (parameter.required) problems.push({in: parameter.in, param: parameter.name, message: 'is required'});
      continue;
    }
    // An ID of the wrong form names nothing, and the API answers it as it answers an unknown ID.
    const unknownId = parameter.in === 'path' && /_id$/.test(parameter.name) ? '; the API answers 404 for it, as for an unknown ID' : '';
    for (const problem of box.index.parameterProblems(operation.api, parameter, value))
      problems.push({in: parameter.in, param: parameter.name, message: `${problem.message}${unknownId}`});
  }
  if (operation.body?.schemaKey && body !== undefined) {
    const found: SchemaProblem[] = box.index.problems(operation.body.schemaKey, body, 'request');
    problems.push(...found.map((problem) => ({in: 'body' as const, ...problem})));
  } else if (operation.body?.required && body === undefined) {
    problems.push({in: 'body', param: null, message: 'is required'});
  }
  return problems;
}

async function form(method: string, path: string): Promise<OperationForm> {
  const found = (await current()).index.form(method, path);
  if (!found) throw new Error(`${method} ${path} is no operation of the specs`);
  return found;
}

async function answer(message: WorkerMessage): Promise<unknown> {
  switch (message.kind) {
    case 'init':
      return init(message.specsUrl);
    case 'send':
      return send(message.request, message.key);
    case 'form':
      return form(message.method, message.path);
    case 'check':
      return check(message.request);
    case 'remake': {
      const box = await current();
      if (box instanceof Mock) throw new Error('a mock has no example objects to make again');
      return box.remake(message.key, message.example);
    }
    case 'reset':
      sandbox = undefined;
      return null;
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  answer(message).then(
    (value) => scope.postMessage({id: message.id, ok: true, value}),
    (error: unknown) => scope.postMessage({id: message.id, ok: false, error: error instanceof Error ? error.message : String(error)}),
  );
};
