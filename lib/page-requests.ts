/**
 * The requests of the hand-written pages, in page order: every curl command of a `bash` block on the
 * Plaza API (read with the shell's quoting and each curl option the pages use, lib/curl.ts), the
 * response shown after it, and the title "Not run in the sandbox: <reason>" of a block that cannot run
 * in sequence. The docs-drift test checks them against the specs, the executed-pages test runs them
 * against the sandbox, and the build writes them for the Run control of the pages (src/components/TryIt).
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import {parse as parseYaml} from 'yaml';
import {codeBlocks, docPages, splitFrontMatter} from './docs-source';
import {readCurl, type CurlRequest} from './curl';

export type DocRequest = {file: string; line: number; method: string; path: string; query: string[]; body?: unknown};
export type DocResponse = {file: string; line: number; status: string; body: unknown; request?: DocRequest};
export type Problem = {file: string; line: number; reason: string};

/** The languages of the fences whose curl commands are requests. */
const shellLanguages = new Set(['bash', 'sh', 'shell']);

/** A curl command of the house form (read by lib/curl.ts) as method, path, query names and JSON body, or null when the block holds none. */
export function parseCurl(text: string): Omit<DocRequest, 'file' | 'line'> | null {
  const curl = readCurl(text);
  if (!curl) return null;
  // The target always has a path, and split gives at least one part: the defaults never apply.
  const [path = '', queryString = ''] = curl.target.split('?');
  const query = queryString ? queryString.split('&').map((pair) => decodeURIComponent(pair.split('=')[0] ?? '')) : [];
  if (curl.body === undefined) return {method: curl.method, path, query};
  let body: unknown;
  try {
    body = JSON.parse(curl.body);
  } catch (error) {
    throw new Error(`the body after -d is not JSON (${(error as Error).message})`);
  }
  return {method: curl.method, path, query, body};
}

/** Every request and response in one page: a response is a `json` block titled "Response: <status> ...", of the last request before it. */
export function extractExamples(file: string, text: string): {requests: DocRequest[]; responses: DocResponse[]; problems: Problem[]} {
  const requests: DocRequest[] = [];
  const responses: DocResponse[] = [];
  const problems: Problem[] = [];
  let last: DocRequest | undefined;
  for (const block of codeBlocks(text)) {
    if (shellLanguages.has(block.lang)) {
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
function notRunReason(meta: string): string | undefined {
  const title = /(?:^|\s)title="([^"]*)"/.exec(meta)?.[1];
  if (!title?.startsWith('Not run in the sandbox')) return undefined;
  const reason = /^Not run in the sandbox: (.*\S.*)$/.exec(title)?.[1];
  if (reason === undefined) throw new Error(`the title "${title}" is not of the form "Not run in the sandbox: <reason>"`);
  return reason.trim();
}

/**
 * A code block as a request of its page: a shell block holding a curl command to Plaza's API, with
 * why the sandbox does not run it when the block is so marked; undefined for any other block. Throws
 * when the mark is on a block that sends no request. The page requests, the executed-pages test and
 * the Run control of the build (src/plugins/remark-run-requests.ts) all select blocks by this rule.
 */
export function blockRequest(block: {lang: string; text: string; meta: string}): {curl: CurlRequest; notRun?: string} | undefined {
  if (!shellLanguages.has(block.lang)) return undefined;
  const curl = readCurl(block.text);
  const reason = notRunReason(block.meta);
  if (!curl) {
    if (reason !== undefined) throw new Error('the sandbox mark is on a block that sends no request');
    return undefined;
  }
  return reason === undefined ? {curl} : {curl, notRun: reason};
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
    try {
      const found = blockRequest(block);
      if (!found) continue;
      const request: PageRequest = {file, line: block.line, ...found.curl};
      const response = examples.responses.find((candidate) => candidate.request?.line === block.line);
      if (response) request.shown = {status: Number(response.status), body: response.body, line: response.line};
      if (found.notRun !== undefined) request.notRun = found.notRun;
      requests.push(request);
    } catch (error) {
      throw new Error(`${file}:${block.line}: ${(error as Error).message}`);
    }
  }
  return requests;
}

export type RequestPage = {
  file: string;
  /** What the reader knows the page as: its front matter's title, else its first heading. */
  title: string;
  requests: PageRequest[];
  /**
   * The pages a reader follows before this one, as its front matter's `sandbox_follows` lists them
   * (doc IDs such as `guides/payment-methods/collect-cards`): the pages of its "Before you begin" that
   * make the objects it starts from.
   */
  follows: string[];
};

type PageFrontMatter = {title?: unknown; sandbox_follows?: unknown} | null;

/** A page's title: its front matter's, else its first heading, else its file. */
function pageTitle(file: string, text: string): string {
  const {frontMatter, body} = splitFrontMatter(text);
  const title = (parseYaml(frontMatter) as PageFrontMatter)?.title;
  return typeof title === 'string' ? title : (/^#\s+(.+)$/m.exec(body)?.[1] ?? file);
}

/** The doc IDs of a page's `sandbox_follows` front matter; throws when it is not a list of strings. */
function followedPages(file: string, text: string): string[] {
  const follows = (parseYaml(splitFrontMatter(text).frontMatter) as PageFrontMatter)?.sandbox_follows;
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
      return {file, title: pageTitle(file, text), requests: pageRequests(file, text), follows: followedPages(file, text)};
    })
    .filter((page) => page.requests.length > 0)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The doc ID of a page's file: `docs/guides/quickstart.mdx` is `guides/quickstart`. */
export const docId = (file: string, root = 'docs'): string => relative(root, file).replace(/\.mdx?$/, '');

/**
 * The pages a reader runs to run `page`, in order: the pages it follows (its `sandbox_follows`), each
 * after its own and once, then the page. Throws when a followed page has no requests, or the chain
 * goes round.
 */
export function pageChain(page: RequestPage, pages: RequestPage[], root = 'docs'): RequestPage[] {
  const byId = new Map(pages.map((candidate) => [docId(candidate.file, root), candidate]));
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
  return order;
}
