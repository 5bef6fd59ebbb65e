/**
 * Runs the request blocks of the hand-written pages against the sandbox, as a reader would: each
 * page in a fresh sandbox account of its own, after the pages it follows (its `sandbox_follows`),
 * its blocks in page order, the IDs of earlier responses carried into later requests (lib/page-run.ts),
 * and each shown response compared with the real one.
 */
import {readFileSync} from 'node:fs';
import type {Sandbox, SandboxResponse} from '../../sandbox/core';
import {readCurl} from '../../lib/curl';
import {pageChain, type RequestPage} from '../../lib/page-requests';
import {PageReader} from '../../lib/page-run';
import {firstRequest} from '../../src/pages/_home/content';
import {compareShown} from './compare-shown';

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

/**
 * Runs a page in a sandbox account of its own (`pageKey`): first the pages it follows, then the page;
 * the outcomes are the page's blocks only. IDs and keys carry from each page into the next, as they
 * do for a reader who follows the guides.
 */
export async function runPage(sandbox: Sandbox, page: RequestPage, pages: RequestPage[], pageKey: string): Promise<BlockOutcome[]> {
  const reader = new PageReader(pageKey);
  let outcomes: BlockOutcome[] = [];
  for (const current of pageChain(page, pages)) outcomes = await runBlocks(sandbox, current, reader);
  return outcomes;
}

const errorOf = (body: unknown) => (body as {error?: {code?: string; message?: string}} | undefined)?.error;

/** Runs one page's blocks. */
async function runBlocks(sandbox: Sandbox, {file, requests}: RequestPage, reader: PageReader): Promise<BlockOutcome[]> {
  const outcomes: BlockOutcome[] = [];
  for (const block of requests) {
    const outcome: BlockOutcome = {file, line: block.line, request: `${block.method} ${block.target.split('?')[0]}`, problems: []};
    outcomes.push(outcome);
    if (block.notRun) {
      outcome.notRun = block.notRun;
      continue;
    }
    let response: SandboxResponse;
    try {
      response = await sandbox.handle(reader.prepare(block));
    } catch (error) {
      outcome.problems.push(`the sandbox threw: ${(error as Error).message}`);
      continue;
    }
    outcome.status = response.status;
    reader.learn(block, response.status, response.body);
    if (response.status >= 500) outcome.problems.push(`answered ${response.status}`);
    const code = errorOf(response.body);
    const cause = code ? ` (${code.code}: ${code.message})` : '';
    if (block.shown) {
      if (response.status !== block.shown.status)
        outcome.problems.push(`status: shown ${block.shown.status}, got ${response.status}${cause}`);
      else outcome.problems.push(...compareShown(block.shown.body, response.body));
    } else if (response.status >= 300) {
      outcome.problems.push(`answered ${response.status}${cause}, and the page shows no error`);
    }
  }
  return outcomes;
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
  return {file, title: 'Home', requests: [{file, line, ...curl}], follows: []};
}
