/**
 * The Try it session of this tab, shared by every panel and Run control while the reader moves between
 * pages: the sandbox worker, the reader's own objects (the IDs its answers gave, on each target), the
 * target chosen, the key pasted for Plaza's sandbox API, and each panel's inputs and last answer.
 * Everything is held in memory only, in this module: nothing goes to storage, to the URL or to a copied
 * command, and a reload starts a new session.
 */
import type {OperationForm, Remake} from '../../../sandbox/core';
import type {FormProblem, FormRequest, WorkerAnswer, WorkerCall, WorkerMessage, WorkerReply} from '../../../sandbox/worker';
import {IdCarrier, PageReader} from '../../../lib/page-run';

/** Where a request goes: the sandbox in this browser, or Plaza's sandbox API at the configured URL. */
export type Target = {kind: 'browser'} | {kind: 'remote'; url: string};

/** What a request sends, with its target path and query (`/v1/payments?limit=3`). */
export type OutgoingRequest = {method: string; url: string; headers: Record<string, string>; body?: string | FormData};

/**
 * An answer as the panel shows it. Events, and the offer to make again an example object the request
 * found used up, come only from the sandbox in this browser.
 */
export type Answer = {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  ms: number;
  events?: {id: string; type: string}[];
  remake?: Remake;
};

/** The text of a panel's inputs by name: a file input holds the file chosen. */
export type Inputs = Record<string, string | File | undefined>;

/** A panel as the reader left it: the inputs of its parameters, its body fields and its JSON body, and its last answer. */
export type KeptPanel = {params: Inputs; body: Inputs; raw: string; answer: Answer | null};

const randomText = (length: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => alphabet[byte % alphabet.length]).join('');
};

/** The key of this tab's sandbox account: it opens an account in the worker, and means nothing anywhere else. */
const browserKey = `sk_test_browser${randomText(20)}`;

let worker: Worker | undefined;
let calls = 0;
const pending = new Map<number, {resolve: (value: unknown) => void; reject: (error: Error) => void}>();
let reader = new PageReader(browserKey);
let pastedKey = '';
/** The objects made on Plaza's sandbox API, whose IDs the next pages' forms name, as they do the browser sandbox's. */
const remoteIds = new IdCarrier();
let chosen: Target = {kind: 'browser'};
/** Each operation's panel (`POST /v1/payments`) as the reader left it, shown again when the reader comes back to its page. */
const panels = new Map<string, KeptPanel>();
const listeners = new Set<() => void>();

function call<T>(message: WorkerCall, specsUrl: string): Promise<T> {
  if (!worker) {
    worker = new Worker(new URL('../../../sandbox/worker.ts', import.meta.url), {type: 'module', name: 'plaza-sandbox'});
    worker.onmessage = ({data}: MessageEvent<WorkerReply>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      if (data.ok) waiting?.resolve(data.value);
      else waiting?.reject(new Error(data.error));
    };
    // A worker that failed (its script did not load) is dropped: the next call starts a new one.
    worker.onerror = () => {
      for (const waiting of pending.values()) waiting.reject(new Error('the sandbox stopped'));
      pending.clear();
      worker = undefined;
    };
    // A failed download is reported by the calls that need the specs.
    call({kind: 'init', specsUrl}, specsUrl).catch(() => undefined);
  }
  const id = ++calls;
  const answer = new Promise<T>((resolve, reject) => pending.set(id, {resolve: resolve as (value: unknown) => void, reject}));
  worker.postMessage({...message, id} as WorkerMessage);
  return answer;
}

/** The session's sandbox, with the URL of the specs it downloads on its first use. */
export function sandbox(specsUrl: string) {
  return {
    form: (method: string, path: string) => call<OperationForm>({kind: 'form', method, path}, specsUrl),
    check: (request: FormRequest) => call<FormProblem[]>({kind: 'check', request}, specsUrl),
    send: (request: {method: string; url: string; headers: Record<string, string>; body?: string}) =>
      // The session's key unless the request names its own (a page's block may send a key it created).
      call<WorkerAnswer>(
        {kind: 'send', request: {...request, headers: {'X-API-KEY': browserKey, ...request.headers}}, key: browserKey},
        specsUrl,
      ),
    /** Makes another object like the example one a request found used up; it is the reader's own from then on. */
    remake: async (example: string) => {
      const made = await call<string>({kind: 'remake', example, key: browserKey}, specsUrl);
      reader.carrier.own(made);
      return made;
    },
    /** Starts a new sandbox account: every object of the session is gone. */
    reset: async () => {
      await call<null>({kind: 'reset'}, specsUrl);
      reader = new PageReader(browserKey);
      // Their answers and IDs were of the account that is gone: the panels start again from the examples.
      panels.clear();
      for (const listener of listeners) listener();
    },
  };
}

/** The reader of the pages' blocks in this session, and the IDs of the objects made so far. */
export const pageReader = () => reader;

/** Calls `listener` when the session is reset; returns the unsubscribe. */
export function onReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The IDs of the reader's objects on a target, which the panels' inputs name in place of the examples'. */
export const carrierOf = (target: Target): IdCarrier => (target.kind === 'browser' ? reader.carrier : remoteIds);

/** The target the reader chose last in this tab: every panel starts with it. */
export const chosenTarget = () => chosen;
export const chooseTarget = (target: Target) => {
  chosen = target;
};

export const keptPanel = (operation: string): KeptPanel | undefined => panels.get(operation);
export const keepPanel = (operation: string, panel: KeptPanel) => {
  panels.set(operation, panel);
};

/** A pasted key as it is sent: without the spaces around it or a `Bearer ` before it. */
const sentKey = (pasted: string): string => pasted.trim().replace(/^bearer\s+/i, '');

/**
 * Why a pasted key cannot be used, in one sentence; undefined for a sandbox secret key. A live or
 * publishable key is known in any case, so that `SK_LIVE_…` gets the live key's reason too.
 */
export function keyProblem(pasted: string): string | undefined {
  const key = sentKey(pasted);
  if (/^sk_live_/i.test(key)) return 'Live keys move real money, so Try it refuses them: paste a sandbox secret key (sk_test_…).';
  if (/^pk_/i.test(key))
    return 'A publishable key only works in the web SDKs, not against the API: paste a sandbox secret key (sk_test_…).';
  if (!/^sk_test_[A-Za-z0-9_]{8,200}$/.test(key)) return 'Paste a sandbox secret key: sk_test_ followed by at least 8 letters or digits.';
  return undefined;
}

export const pastedKeyValue = () => pastedKey;
export const setPastedKey = (pasted: string) => {
  pastedKey = sentKey(pasted);
};

function headerObject(headers: Headers): Record<string, string> {
  const found: Record<string, string> = {};
  headers.forEach((value, name) => {
    found[name] = value;
  });
  return found;
}

/** The text of a multipart body and its content type with the boundary, as a browser would send them. */
async function encodeForm(form: FormData): Promise<{body: string; type: string}> {
  const request = new Request(location.href, {method: 'POST', body: form});
  return {body: await request.text(), type: request.headers.get('content-type') ?? 'multipart/form-data'};
}

/**
 * Sends a request to a target; the key is added here, from the session, and nowhere else. The ID of
 * an object it made is the reader's own on that target from then on.
 */
export async function send(target: Target, request: OutgoingRequest, specsUrl: string): Promise<Answer> {
  const answer = target.kind === 'browser' ? await sendToBrowser(request, specsUrl) : await sendToRemote(target.url, request);
  const id = (answer.body as {id?: unknown} | undefined)?.id;
  if (answer.status < 300 && typeof id === 'string') carrierOf(target).own(id);
  return answer;
}

async function sendToBrowser(request: OutgoingRequest, specsUrl: string): Promise<Answer> {
  let {body} = request;
  const headers = {...request.headers};
  if (body instanceof FormData) {
    const encoded = await encodeForm(body);
    body = encoded.body;
    headers['Content-Type'] = encoded.type;
  }
  const answer = await sandbox(specsUrl).send({method: request.method, url: request.url, headers, body});
  return {...answer, body: answer.body};
}

async function sendToRemote(url: string, request: OutgoingRequest): Promise<Answer> {
  const problem = keyProblem(pastedKey);
  if (problem) throw new Error(problem);
  const started = performance.now();
  const response = await fetch(`${url}${request.url}`, {
    method: request.method,
    headers: {...request.headers, 'X-API-KEY': pastedKey},
    body: request.body,
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: shown as text.
  }
  return {status: response.status, headers: headerObject(response.headers), body, ms: performance.now() - started};
}
