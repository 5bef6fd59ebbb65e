import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {transferBytes} from '../../bench/lib/search-index';

test('Pagefind’s script and JSON count gzipped, its index files (gzip already) as they are on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  try {
    const text = 'export function search() { return "payment"; }\n'.repeat(200);
    for (const name of ['pagefind.js', 'pagefind-entry.json', 'en_1.pf_fragment', 'wasm.en.pagefind']) writeFileSync(join(dir, name), text);
    const gzipped = gzipSync(text, {level: 9}).length;
    assert.ok(gzipped < text.length / 10);
    assert.equal(transferBytes(join(dir, 'pagefind.js')), gzipped);
    assert.equal(transferBytes(join(dir, 'pagefind-entry.json')), gzipped);
    assert.equal(transferBytes(join(dir, 'en_1.pf_fragment')), text.length);
    assert.equal(transferBytes(join(dir, 'wasm.en.pagefind')), text.length);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
