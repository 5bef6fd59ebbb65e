/**
 * Refreshes the committed specs from Plaza's API host. Both documents are downloaded and
 * validated first (YAML, valid OpenAPI, every listed operation present, no shared page slug,
 * no script in any description; every problem is reported, not only the first); only then are the snapshot files replaced, each by an atomic
 * rename. Any failure prints one line naming the URL and the reason, exits 1, and leaves
 * both files exactly as they were.
 *
 * Usage: tsx scripts/fetch-specs.ts [--host https://api.example] [--out specs] [--if-configured]
 *   The host defaults to $PLAZA_API_HOST. With --if-configured and no host, it does nothing
 *   (the build then uses the committed snapshot and needs no network).
 */
import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {createConfig, lintFromString} from '@redocly/openapi-core';
import {
  apis,
  checkAgainstList,
  checkOperationFields,
  checkSlugs,
  findUnsafeHtml,
  listOperations,
  parseOperationList,
  parseSpec,
  type ApiName,
  type ListedOperation,
  type OpenApiDocument,
} from '../lib/api-model/specs';
import {operationListFile} from '../lib/api-model/check';

export type FetchOptions = {host: string; outDir: string; timeoutMs: number; listFile: string};

export class SpecFetchError extends Error {}

export function specUrl(host: string, api: ApiName): string {
  return `${host.replace(/\/+$/, '')}/swagger/${api}/swagger.yaml`;
}

async function download(url: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {signal: AbortSignal.timeout(timeoutMs), redirect: 'follow'});
  } catch (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') {
      throw new SpecFetchError(`${url}: no answer within ${timeoutMs / 1000} s`);
    }
    const inner = cause.cause as {code?: string; message?: string} | undefined;
    const detail = inner?.code ?? inner?.message ?? cause.message;
    throw new SpecFetchError(`${url}: the host could not be reached (${detail})`);
  }
  if (!response.ok) {
    throw new SpecFetchError(`${url}: the host answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  return response.text();
}

const structureConfig = createConfig({rules: {struct: 'error', 'no-unresolved-refs': 'error'}});

/** The parsed document, once it has passed every check; otherwise a SpecFetchError. */
async function validate(url: string, api: ApiName, text: string, list: ListedOperation[]): Promise<OpenApiDocument> {
  let spec;
  try {
    spec = parseSpec(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SpecFetchError(`${url}: not YAML (${reason})`);
  }
  if (typeof spec.openapi !== 'string' || !spec.openapi.startsWith('3.')) {
    throw new SpecFetchError(`${url}: not an OpenAPI 3 document (no "openapi: 3.x" field)`);
  }
  const lint = (await lintFromString({source: text, absoluteRef: url, config: await structureConfig})).filter(
    (problem) => problem.severity === 'error',
  );
  // Every problem of the document, so that one download tells all there is to fix.
  const problems = [
    ...lint.map((problem) => `not valid OpenAPI: ${problem.message} at ${problem.location[0]?.pointer ?? '#'}`),
    ...findUnsafeHtml(spec).map((problem) => `unsafe HTML: ${problem}`),
    ...checkOperationFields(spec),
    ...checkSlugs(spec),
    ...checkAgainstList(api, spec, list),
  ];
  if (problems.length > 0) {
    throw new SpecFetchError(`${url}: ${problems.join('; ')}${problems.length > 1 ? ` (${problems.length} problems)` : ''}`);
  }
  return spec;
}

/** Downloads and validates both specs, then replaces the snapshot. Returns what it wrote. */
export async function fetchSpecs(options: FetchOptions): Promise<string[]> {
  const list = parseOperationList(readFileSync(options.listFile, 'utf8'));
  const fetched: {file: string; text: string; url: string; operations: number}[] = [];
  for (const api of apis) {
    const url = specUrl(options.host, api.name);
    const text = await download(url, options.timeoutMs);
    const spec = await validate(url, api.name, text, list);
    const file = join(options.outDir, `${api.name}.yaml`);
    fetched.push({file, text, url, operations: listOperations(spec).length});
  }
  for (const {file, text} of fetched) writeFileSync(`${file}.download`, text);
  for (const {file} of fetched) renameSync(`${file}.download`, file);
  return fetched.map(({file, url, operations}) => `${file} <- ${url} (${operations} operations)`);
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      host: {type: 'string', default: process.env.PLAZA_API_HOST ?? ''},
      out: {type: 'string', default: 'specs'},
      timeout: {type: 'string', default: process.env.PLAZA_API_TIMEOUT_MS ?? '30000'},
      'if-configured': {type: 'boolean', default: false},
    },
  });
  if (!values.host) {
    if (values['if-configured']) {
      console.log('specs: PLAZA_API_HOST is not set, so the committed specs are used');
      return;
    }
    throw new SpecFetchError('no API host: set PLAZA_API_HOST (for example https://api.plaza.example) or pass --host');
  }
  const written = await fetchSpecs({
    host: values.host,
    outDir: values.out,
    timeoutMs: Number(values.timeout),
    listFile: operationListFile,
  });
  for (const line of written) console.log(`specs: updated ${line}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const message = error instanceof SpecFetchError ? error.message : `unexpected error: ${String(error)}`;
    console.error(`specs:fetch failed: ${message}; the committed specs are unchanged`);
    process.exit(1);
  });
}
