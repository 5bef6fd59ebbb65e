import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {AddressInfo} from 'node:net';
import {resolveFile, startServer} from '../../scripts/serve-build';
import {headersFor, readHeaders, scriptHash, writeHeaders} from '../../scripts/write-headers';

function makeSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'plaza-serve-'));
  mkdirSync(join(root, 'guides'));
  writeFileSync(join(root, 'index.html'), '<h1>home</h1><script>document.title = "home";</script><script src="/app.js"></script>');
  writeFileSync(join(root, 'guides', 'index.html'), '<h1>guides</h1>');
  writeFileSync(join(root, 'about.html'), '<h1>about</h1>');
  writeFileSync(join(root, '404.html'), '<h1>not found</h1>');
  writeFileSync(join(root, 'app.js'), 'console.log("x");'.repeat(100));
  writeHeaders(root);
  return root;
}

test('resolveFile answers /x and /x/ with the same page, and /x.html with a redirect to /x when x is a folder', async () => {
  const root = makeSite();
  const guides = {file: join(root, 'guides', 'index.html')};
  assert.deepEqual(await resolveFile(root, '/guides'), guides);
  assert.deepEqual(await resolveFile(root, '/guides/'), guides);
  assert.deepEqual(await resolveFile(root, '/guides.html'), {redirect: '/guides'});
  assert.deepEqual(await resolveFile(root, '/guides/index.html'), guides);
  assert.deepEqual(await resolveFile(root, '/index.html'), {file: join(root, 'index.html')});
  assert.deepEqual(await resolveFile(root, '/about'), {file: join(root, 'about.html')});
  assert.deepEqual(await resolveFile(root, '/about.html'), {file: join(root, 'about.html')});
  assert.deepEqual(await resolveFile(root, '/'), {file: join(root, 'index.html')});
  assert.equal(await resolveFile(root, '/missing.html'), null);
});

test('resolveFile refuses paths outside the root, unknown paths and the headers file', async () => {
  const root = makeSite();
  assert.equal(await resolveFile(root, '/_headers'), null);
  assert.equal(await resolveFile(root, '/%5Fheaders'), null);
  assert.equal(await resolveFile(root, '/../../etc/passwd'), null);
  assert.equal(await resolveFile(root, '/%2e%2e/%2e%2e/etc/passwd'), null);
  assert.equal(await resolveFile(root, '/%E0%A4%A'), null);
  assert.equal(await resolveFile(root, '/missing'), null);
});

test('the server listens on 127.0.0.1 only, compresses, and answers 404 with the 404 page', async () => {
  const server = await startServer(makeSite(), 0);
  const {address, port} = server.address() as AddressInfo;
  try {
    assert.equal(address, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;

    const gz = await fetch(`${base}/app.js`, {headers: {'Accept-Encoding': 'gzip'}});
    assert.equal(gz.headers.get('content-encoding'), 'gzip');
    const br = await fetch(`${base}/app.js`, {headers: {'Accept-Encoding': 'br, gzip'}});
    assert.equal(br.headers.get('content-encoding'), 'br');

    const redirected = await fetch(`${base}/guides.html?q=1`, {redirect: 'manual'});
    assert.equal(redirected.status, 301);
    assert.equal(redirected.headers.get('location'), '/guides?q=1');

    const missing = await fetch(`${base}/nowhere`);
    assert.equal(missing.status, 404);
    for (const response of [gz, missing]) {
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      const policy = response.headers.get('content-security-policy') ?? '';
      assert.match(policy, /object-src 'none'/);
      assert.ok(policy.includes(`script-src 'self' 'wasm-unsafe-eval' ${scriptHash('document.title = "home";')};`), policy);
    }
    assert.match(await missing.text(), /not found/);
  } finally {
    server.close();
  }
});

test('the downloadable specs and collections are served as YAML and JSON', async () => {
  const root = makeSite();
  mkdirSync(join(root, 'specs'));
  const files = {
    'accounts.yaml': 'application/yaml; charset=utf-8',
    'accounts.json': 'application/json; charset=utf-8',
    'accounts.postman_collection.json': 'application/json; charset=utf-8',
  };
  for (const file of Object.keys(files)) writeFileSync(join(root, 'specs', file), file.endsWith('.yaml') ? 'openapi: 3.0.3\n' : '{}\n');
  const server = await startServer(root, 0);
  try {
    const {port} = server.address() as AddressInfo;
    for (const [file, type] of Object.entries(files)) {
      const response = await fetch(`http://127.0.0.1:${port}/specs/${file}`);
      assert.equal(response.status, 200, file);
      assert.equal(response.headers.get('content-type'), type, file);
    }
  } finally {
    server.close();
  }
});

test('_headers caches the bundles, the sample files and the content-named files of the search index for good; the server sends what it gives each path', async () => {
  const root = makeSite();
  const rules = readHeaders(root);
  const cache = (path: string) => headersFor(rules, path)['Cache-Control'];
  for (const path of [
    '/assets/js/main.94893781.js',
    '/samples/api/financial/create-payment.3f9a0c1d.json',
    '/pagefind/fragment/en_1a2b3c4.pf_fragment',
    '/pagefind/index/en_5d6e7f8.pf_index',
    '/pagefind/filter/en_7c9c2fc.pf_filter',
    '/pagefind/pagefind.en_42d6cee351.pf_meta',
  ]) {
    assert.equal(cache(path), 'public, max-age=31536000, immutable', path);
  }
  for (const path of [
    '/pagefind/pagefind.js',
    '/pagefind/pagefind-worker.js',
    '/pagefind/wasm.en.pagefind',
    '/pagefind/pagefind-entry.json',
    '/guides/',
  ]) {
    assert.equal(cache(path), undefined, path);
    assert.equal(headersFor(rules, path)['X-Content-Type-Options'], 'nosniff', path);
  }
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'main.1a2b.js'), 'console.log(1);');
  const server = await startServer(root, 0);
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    assert.equal((await fetch(`${base}/assets/main.1a2b.js`)).headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const page = await fetch(`${base}/guides/`);
    assert.equal(page.headers.get('cache-control'), 'public, max-age=0, must-revalidate');
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    assert.equal((await fetch(`${base}/_headers`)).status, 404);
  } finally {
    server.close();
  }
});

test('the server refuses a build without its headers file', async () => {
  const root = mkdtempSync(join(tmpdir(), 'plaza-serve-'));
  await assert.rejects(startServer(root, 0), /_headers is missing: run "npm run build"/);
});
