/**
 * Runs the request blocks of the hand-written pages against the sandbox, as a reader would: each
 * page in a fresh sandbox account of its own, after the pages it follows (its `sandbox_follows`),
 * its blocks in page order, the IDs of earlier responses carried into later requests, and each shown
 * response compared with the real one.
 */
import type {Sandbox, SandboxResponse} from '../../sandbox/core';
import {compareShown, docId, IdCarrier, type RequestPage} from './page-requests';

export type BlockOutcome = {
  file: string;
  line: number;
  /** `POST /v1/payments` */
  request: string;
  status?: number;
  /** Set when the page marks the block as not run, with its reason. */
  notRun?: string;
  /** What differs from the page: empty when the block ran as the page says. */
  problems: string[];
};

/** A multipart body of `-F` fields; a `@file` field sends a small PDF. */
function multipart(form: {name: string; value: string}[]): {body: string; type: string} {
  const boundary = 'plaza-page-runner';
  const parts = form.map(({name, value}) =>
    value.startsWith('@')
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.slice(1)}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%test\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {body: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}`};
}

/**
 * Runs a page in a sandbox account of its own (`pageKey`): first the pages it follows, each after its
 * own, once and in order, then the page; the outcomes are the page's blocks only. IDs and keys carry
 * from each page into the next, as they do for a reader who follows the guides.
 */
export async function runPage(sandbox: Sandbox, page: RequestPage, pages: RequestPage[], pageKey: string): Promise<BlockOutcome[]> {
  const byId = new Map(pages.map((candidate) => [docId(candidate.file), candidate]));
  const order: RequestPage[] = [];
  const visit = (current: RequestPage, path: string[]) => {
    if (path.includes(current.file)) throw new Error(`${current.file}: sandbox_follows goes round: ${path.join(' > ')}`);
    for (const id of current.follows) {
      const followed = byId.get(id);
      if (!followed) throw new Error(`${current.file}: sandbox_follows names ${id}, which is no page with requests`);
      if (!order.includes(followed)) visit(followed, [...path, current.file]);
    }
    order.push(current);
  };
  visit(page, []);
  const reader = {carrier: new IdCarrier(), pageKey, createdKey: undefined as string | undefined};
  let outcomes: BlockOutcome[] = [];
  for (const current of order) outcomes = await runBlocks(sandbox, current, reader);
  return outcomes;
}

/**
 * Runs one page's blocks. `$PLAZA_SECRET_KEY` is the reader's key; another `$PLAZA_..._SECRET_KEY` is
 * the last secret key a response gave (a key the reader created).
 */
async function runBlocks(
  sandbox: Sandbox,
  {file, requests}: RequestPage,
  reader: {carrier: IdCarrier; pageKey: string; createdKey: string | undefined},
): Promise<BlockOutcome[]> {
  const {carrier, pageKey} = reader;
  const outcomes: BlockOutcome[] = [];
  for (const original of requests) {
    const request = carrier.applyTo(original);
    const outcome: BlockOutcome = {file, line: original.line, request: `${original.method} ${original.target.split('?')[0]}`, problems: []};
    outcomes.push(outcome);
    if (original.notRun) {
      outcome.notRun = original.notRun;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      headers[name] = value.replace(/\$\{?(PLAZA_[A-Z_]*SECRET_KEY)\}?/g, (_, variable: string) =>
        variable === 'PLAZA_SECRET_KEY'
          ? pageKey
          : variable === 'PLAZA_LIVE_SECRET_KEY'
            ? 'sk_live_notforthesandbox0000'
            : (reader.createdKey ?? pageKey),
      );
    }
    let body = request.body;
    if (request.form) {
      const encoded = multipart(request.form);
      body = encoded.body;
      headers['content-type'] = encoded.type;
    }
    let response: SandboxResponse;
    try {
      response = await sandbox.handle({method: request.method, url: request.target, headers, body});
    } catch (error) {
      outcome.problems.push(`the sandbox threw: ${(error as Error).message}`);
      continue;
    }
    outcome.status = response.status;
    const secret = (response.body as {secret?: unknown} | undefined)?.secret;
    if (typeof secret === 'string' && secret.startsWith('sk_test_')) reader.createdKey = secret;
    if (response.status >= 500) outcome.problems.push(`answered ${response.status}`);
    if (original.shown) {
      if (response.status !== original.shown.status) {
        const code = (response.body as {error?: {code?: string; message?: string}} | undefined)?.error;
        outcome.problems.push(
          `status: shown ${original.shown.status}, got ${response.status}${code ? ` (${code.code}: ${code.message})` : ''}`,
        );
      } else {
        outcome.problems.push(...compareShown(original.shown.body, response.body));
        carrier.learn(original.shown.body, response.body);
      }
    } else if (response.status >= 300) {
      const code = (response.body as {error?: {code?: string; message?: string}} | undefined)?.error;
      outcome.problems.push(`answered ${response.status}${code ? ` (${code.code}: ${code.message})` : ''}, and the page shows no error`);
    }
  }
  return outcomes;
}
