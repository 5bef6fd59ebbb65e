/**
 * The sandbox over HTTP (`npm run sandbox`): Plaza's sandbox host on this machine, on 127.0.0.1 only.
 * Each request goes to the isomorphic core (sandbox/core) as it is; the server adds what a browser
 * needs to call it from a docs page (CORS) and keeps the state in a file when asked.
 *
 * - Any `sk_test_` key opens an account of its own on its first request.
 * - `--state file.json`: the state is loaded from the file at start (when it exists), and saved to it,
 *   atomically, on SIGINT or SIGTERM and on `POST /_sandbox/save`, a local admin route outside `/v1`
 *   that answers `{"saved": "<file>"}` (or `409` when the sandbox runs without a state file).
 * - A body is read up to `maxBodyBytes` + 1 bytes; a larger one gets the core's `400` without being
 *   read further.
 * - Webhook deliveries: after each request, and every second (when the clock jobs of each account run
 *   as time passes), the server takes the due deliveries from the core and posts them, signed, with
 *   a 10-second timeout. The core gives only deliveries to this machine (127.0.0.1, ::1 or localhost):
 *   it records a delivery to any other host as `connection_failed` itself.
 * - A crash of the sandbox is logged to stderr with its request line and answered `500 api_error`;
 *   it is a bug, never the answer to anything a client sends.
 * - Every answer and every event is checked against the specs, and one that does not fit them is
 *   logged to stderr in one line (`onMismatch`): it is a bug of the sandbox or of the specs.
 */
import {randomBytes} from 'node:crypto';
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadApiModel} from '../lib/api-model/model';
import {createSandbox, maxBodyBytes, mismatchLine, type Mismatch, type Sandbox, type SandboxSpecs, type SandboxState} from './core';
import {AccountContext} from './core/context';
import type {Seed} from './core/seed';
import {recordAttempt, takeOutbox, type AttemptResult, type OutgoingDelivery} from './core/domain/webhooks';

export type SandboxServerOptions = {
  /** 0 picks a free port. */
  port: number;
  /** The file the state is loaded from and saved to. */
  stateFile?: string;
  /** The project whose specs/ the sandbox models (this checkout by default). */
  specsDir?: string;
  /** Requests a second per key, 25 as on Plaza's sandbox host; the bench raises it to measure the server, not the limit. */
  rateLimit?: number;
  /** What to do with an answer or event that the specs do not allow; logged to stderr in one line by default. */
  onMismatch?: (mismatch: Mismatch) => void;
  /** What each new account starts with (sandbox/core/seed.ts); `npm run sandbox` gives Plaza's, so that the pages' blocks work as written. */
  seed?: Seed;
};

export type SandboxServer = {
  server: Server;
  sandbox: Sandbox;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Writes the state to the state file (temporary file, then rename); false without one. */
  save(): boolean;
  close(): Promise<void>;
};

const host = '127.0.0.1';
const deliveryTimeoutMs = 10_000;
const projectDir = fileURLToPath(new URL('..', import.meta.url));

/** What a page on another origin may send and read. */
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'X-Request-Id, X-Correlation-Id, Idempotent-Replayed, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Content-Disposition',
};
const preflightHeaders = {
  ...corsHeaders,
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  'access-control-allow-headers': 'X-API-KEY, Idempotency-Key, Content-Type, X-Correlation-Id',
  'access-control-max-age': '600',
};

/** The saved state in `file`, or an error saying in one line why the file cannot be one. */
function readState(file: string): SandboxState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text) as SandboxState;
  } catch {
    throw new Error(`${file} is not a saved sandbox state: it is not JSON`);
  }
}

/**
 * The request body as text, read up to one byte past the limit: enough for the core to refuse it.
 * What follows that byte is not read; the connection closes after the answer.
 */
function readBody(request: IncomingMessage): Promise<string | undefined> {
  const cap = maxBodyBytes + 1;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size < cap) return;
      request.off('data', onData).off('end', onEnd).pause();
      // One character per byte, so that the text is as long as the bytes the client sent.
      done(Buffer.concat(chunks).subarray(0, cap).toString('latin1'));
    };
    const onEnd = () => done(size === 0 ? undefined : Buffer.concat(chunks).toString('utf8'));
    request.on('data', onData).on('end', onEnd).once('error', fail);
  });
}

/** Posts a webhook delivery (to this machine: the core gives no other) and says how the receiver answered. */
async function post(delivery: OutgoingDelivery): Promise<AttemptResult> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(deliveryTimeoutMs),
    });
    return {status: response.status, body: await response.text()};
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return {error: 'timeout'};
    const code = String((error as {cause?: {code?: unknown}}).cause?.code ?? '');
    return {error: /CERT|TLS|SSL/.test(code) ? 'tls_error' : 'connection_failed'};
  }
}

const flatHeaders = (request: IncomingMessage): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));

/** Writes an answer: a JSON body as JSON, a file answer (CSV) as its text, with the core's headers. */
function send(response: ServerResponse, status: number, headers: Record<string, string>, body?: unknown) {
  const json = (headers['content-type'] ?? 'application/json') === 'application/json';
  const text = body === undefined ? undefined : json ? JSON.stringify(body) : String(body);
  response.writeHead(status, {
    ...corsHeaders,
    ...headers,
    ...(text === undefined
      ? {}
      : {'content-type': headers['content-type'] ?? 'application/json', 'content-length': String(Buffer.byteLength(text))}),
  });
  response.end(text);
}

/** Starts the sandbox on 127.0.0.1; the state file, when given, must be a saved state or not exist yet. */
export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const stateFile = options.stateFile ? resolve(options.stateFile) : undefined;
  const state = stateFile && existsSync(stateFile) ? readState(stateFile) : undefined;
  const model = await loadApiModel(options.specsDir ?? projectDir);
  const onMismatch =
    options.onMismatch ?? ((mismatch: Mismatch) => console.error(`sandbox: an answer the specs do not allow: ${mismatchLine(mismatch)}`));
  const sandbox = createSandbox({specs: model.specs as SandboxSpecs, rateLimit: options.rateLimit, onMismatch, seed: options.seed});
  if (state && stateFile) {
    try {
      sandbox.load(state);
    } catch (error) {
      throw new Error(`${stateFile} is ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const save = (): boolean => {
    if (!stateFile) return false;
    const temporary = `${stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(sandbox.save())}\n`);
    renameSync(temporary, stateFile);
    return true;
  };

  /** A key of each account the server has seen, for the clock and the deliveries. */
  const accounts = new Map<string, string>();
  const remember = (key: string | undefined) => {
    const account = key ? sandbox.accountOf(key) : undefined;
    if (key && account && !accounts.has(account.handle)) accounts.set(account.handle, key);
  };
  for (const key of Object.keys(state?.keys ?? {})) remember(key);

  const failed = (error: unknown) => console.error('sandbox: the clock jobs or a webhook delivery failed:', error);
  /** Posts the due deliveries of an account and records each answer; with `tick`, runs its clock jobs first. */
  const deliver = async (key: string, tick: boolean) => {
    const account = sandbox.accountOf(key);
    if (!account) return;
    if (tick) sandbox.runDue(account, Date.now());
    for (const delivery of await takeOutbox(account, Date.now())) {
      post(delivery)
        .then((result) =>
          recordAttempt(new AccountContext(account, Date.now(), sandbox.index), delivery.webhookId, delivery.eventId, result),
        )
        .catch(failed);
    }
  };

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const url = request.url ?? '/';
    if (method === 'OPTIONS') return send(response, 204, preflightHeaders);
    const body = await readBody(request);
    if (!request.complete) response.shouldKeepAlive = false;
    if (method === 'POST' && url === '/_sandbox/save') {
      if (save()) return send(response, 200, {}, {saved: stateFile});
      return send(
        response,
        409,
        {},
        {
          error: {
            type: 'conflict_error',
            code: 'state_file_missing',
            message: 'This sandbox keeps its state in memory only: start it with --state <file> to save it.',
            param: null,
            request_id: null,
          },
        },
      );
    }
    const headers = flatHeaders(request);
    const answered = await sandbox.handle({method, url, headers, body});
    send(response, answered.status, answered.headers, answered.body);
    const key = headers['x-api-key'];
    remember(key);
    if (key) deliver(key, false).catch(failed);
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // The client went away before its body arrived: there is no one to answer.
      if (request.errored) return response.destroy();
      console.error(`sandbox: ${request.method} ${request.url} crashed:`, error);
      if (response.headersSent) return response.destroy();
      send(
        response,
        500,
        {},
        {
          error: {
            type: 'api_error',
            code: 'internal_error',
            message: 'The sandbox failed on this request: this is a bug of the sandbox, not of the request.',
            param: null,
            request_id: `req_${randomBytes(12).toString('hex')}`,
          },
        },
      );
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => done());
  });
  const {port} = server.address() as AddressInfo;
  const timer = setInterval(() => {
    for (const key of accounts.values()) deliver(key, true).catch(failed);
  }, 1000);
  return {
    server,
    sandbox,
    origin: `http://${host}:${port}`,
    save,
    close: () => {
      clearInterval(timer);
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}
