import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import {mkdtempSync, readFileSync, writeFileSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {AddressInfo} from 'node:net';
import {parse, stringify} from 'yaml';

// The fetcher runs as the command a developer would run, against a server on 127.0.0.1 that
// plays each way the API host can fail, and once the way it should answer.
const committed = {
  accounts: readFileSync('specs/accounts.yaml', 'utf8'),
  financial: readFileSync('specs/financial.yaml', 'utf8'),
};

type Api = 'accounts' | 'financial';
/** The parts of a spec the variants change. */
type Operation = {operationId?: string; description?: string; responses?: unknown};
type Doc = {info: {version?: string; description?: string}; paths: Record<string, Record<string, unknown>>};

/** A part of the committed spec a variant changes: a missing one fails the test, naming it. */
function present<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `the committed spec has no ${what}`);
  return value;
}

function variant(api: Api, change: (doc: Doc) => void): string {
  const doc = parse(committed[api]) as Doc;
  change(doc);
  return stringify(doc);
}

const firstPath = (doc: Doc) => present(Object.values(doc.paths)[0], 'path');
const firstOperation = (doc: Doc): Operation =>
  present(
    Object.values(firstPath(doc)).find((value): value is Operation => Boolean((value as Operation | null | undefined)?.operationId)),
    'operation in its first path',
  );

type Case = (api: Api) => {status?: number; body?: string; hang?: true};
// Each case answers /<case>/swagger/<api>/swagger.yaml.
const cases = {
  good: (api) => ({body: variant(api, (doc) => (doc.info.version = '1.1.0'))}),
  slow: () => ({hang: true}),
  'http-error': () => ({status: 503, body: 'Service Unavailable'}),
  'not-yaml': () => ({body: '{ "openapi": "3.0.3", "paths": [1, 2'}),
  'not-openapi': (api) => ({body: variant(api, (doc) => (firstOperation(doc).responses = 'none'))}),
  collision: (api) => ({
    body: variant(api, (doc) => {
      const [path, item] = present(Object.entries(doc.paths)[0], 'path');
      doc.paths[`${path}/copy`] = structuredClone(item);
    }),
  }),
  'unsafe-html': (api) => ({body: variant(api, (doc) => (firstOperation(doc).description += ' <img src="x" onerror="alert(1)">'))}),
  'many-problems': (api) => ({
    body: variant(api, (doc) => {
      firstOperation(doc).description += ' <script>alert(1)</script>';
      doc.info.description = '[x](javascript:alert(1))';
    }),
  }),
  'one-bad': (api) => (api === 'accounts' ? {body: variant(api, (doc) => (doc.info.version = '1.1.0'))} : {status: 404, body: 'Not Found'}),
} satisfies Record<string, Case>;
const caseNamed: Record<string, Case> = cases;

let server: Server;
let base = '';
let closedPort = 0;

before(async () => {
  server = createServer((req, res) => {
    const [, name = '', api] = /^\/([a-z-]+)\/swagger\/(accounts|financial)\/swagger\.yaml$/.exec(req.url ?? '') ?? [];
    const answer = caseNamed[name]?.(api as Api) ?? {status: 404, body: ''};
    if (answer.hang) return;
    res.writeHead(answer.status ?? 200, {'Content-Type': 'application/yaml'});
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port that nothing listens on: open one, then close it.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

after(() => {
  server.closeAllConnections();
  server.close();
});

function snapshotDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-specs-'));
  writeFileSync(join(dir, 'accounts.yaml'), committed.accounts);
  writeFileSync(join(dir, 'financial.yaml'), committed.financial);
  return dir;
}

// A short timeout only for the host that never answers; the others get time to answer on a busy machine.
const timeoutFor = (host: string): string => (host.endsWith('/slow') ? '1500' : '30000');

function runFetch(host: string, dir: string): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/fetch-specs.ts', '--host', host, '--out', dir, '--timeout', timeoutFor(host)],
      {env: {...process.env, PLAZA_API_HOST: ''}},
      (error, stdout, stderr) => resolve({code: error ? Number(error.code) : 0, stdout, stderr}),
    );
  });
}

function assertUnchanged(dir: string): void {
  assert.equal(readFileSync(join(dir, 'accounts.yaml'), 'utf8'), committed.accounts);
  assert.equal(readFileSync(join(dir, 'financial.yaml'), 'utf8'), committed.financial);
  assert.deepEqual(readdirSync(dir).sort(), ['accounts.yaml', 'financial.yaml']);
}

const failures: [string, () => string, RegExp][] = [
  [
    'the host is unreachable',
    () => `http://127.0.0.1:${closedPort}`,
    /127\.0\.0\.1:\d+\/swagger\/accounts\/swagger\.yaml: the host could not be reached \(ECONNREFUSED\)/,
  ],
  ['the host does not answer in time', () => `${base}/slow`, /\/slow\/swagger\/accounts\/swagger\.yaml: no answer within 1\.5 s/],
  [
    'the host answers with an HTTP error',
    () => `${base}/http-error`,
    /\/http-error\/swagger\/accounts\/swagger\.yaml: the host answered HTTP 503/,
  ],
  ['the body is not YAML', () => `${base}/not-yaml`, /\/not-yaml\/swagger\/accounts\/swagger\.yaml: not YAML/],
  [
    'the document is not valid OpenAPI',
    () => `${base}/not-openapi`,
    /\/not-openapi\/swagger\/accounts\/swagger\.yaml: not valid OpenAPI: .+ at #\/paths/,
  ],
  ['two operations share a slug', () => `${base}/collision`, /\/collision\/swagger\/accounts\/swagger\.yaml: .+ share the page slug/],
  [
    'a description carries script',
    () => `${base}/unsafe-html`,
    /\/unsafe-html\/swagger\/accounts\/swagger\.yaml: unsafe HTML: #\/paths\/.+ contains an event-handler attribute/,
  ],
  [
    'the document has several problems',
    () => `${base}/many-problems`,
    /\/many-problems\/swagger\/accounts\/swagger\.yaml: unsafe HTML: #\/info\/description contains a javascript: URL; unsafe HTML: #\/paths\/.+ contains a <script> tag \(2 problems\)/,
  ],
  [
    'the second spec fails after the first was fine',
    () => `${base}/one-bad`,
    /\/one-bad\/swagger\/financial\/swagger\.yaml: the host answered HTTP 404/,
  ],
];

for (const [name, host, message] of failures) {
  test(`fetch fails in one line and changes nothing when ${name}`, async () => {
    const dir = snapshotDir();
    const {code, stderr} = await runFetch(host(), dir);
    assert.equal(code, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    const [line = ''] = lines;
    assert.match(line, /^specs:fetch failed: /);
    assert.match(line, message);
    assert.match(line, /the committed specs are unchanged$/);
    assertUnchanged(dir);
  });
}

test('fetch replaces both specs with valid documents from the host', async () => {
  const dir = snapshotDir();
  const {code, stdout, stderr} = await runFetch(`${base}/good`, dir);
  assert.equal(code, 0, stderr);
  for (const api of ['accounts', 'financial'] as const) {
    assert.equal(readFileSync(join(dir, `${api}.yaml`), 'utf8'), cases.good(api).body);
    assert.match(stdout, new RegExp(`specs: updated .*${api}\\.yaml <- ${base}/good/swagger/${api}/swagger\\.yaml \\(\\d+ operations\\)`));
  }
  assert.deepEqual(readdirSync(dir).sort(), ['accounts.yaml', 'financial.yaml']);
});
