import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import {compareWords, firstSpanned, pagefindVersion, rechunk} from '../../src/internals/pagefind-chunks';

// cborg is an ES module only, and the tests run as CommonJS.
let cbor: typeof import('cborg');
before(async () => {
  cbor = await import('cborg');
});

const topics = ['payments', 'payouts', 'refunds', 'settlements', 'disputes', 'webhooks', 'sellers', 'transactions'];

/** A real Pagefind index of a few pages (or none), written into a new folder's `pagefind`. */
async function pagefindIndex(pages = topics.length): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pagefind-chunks-'));
  const {close, createIndex} = await import('pagefind');
  const {index} = await createIndex({forceLanguage: 'en'});
  for (const [at, topic] of topics.slice(0, pages).entries()) {
    const words = topics.map((other, n) => `${other}${(at * n) % 7} ${topic}_${n} account${at}${n}`).join(' ');
    await index!.addHTMLFile({url: `/guides/${topic}/`, content: `<html><body><h1>Work with ${topic}</h1><p>${words}</p></body></html>`});
  }
  await index!.writeFiles({outputPath: join(dir, 'pagefind')});
  await close();
  return join(dir, 'pagefind');
}

const plain = (file: string): unknown => cbor.decode(gunzipSync(readFileSync(file)).subarray('pagefind_dcd'.length));

type Row = [string, string, string];

function table(outputPath: string): {metaFile: string; meta: unknown[]; rows: Row[]} {
  const {languages} = JSON.parse(readFileSync(join(outputPath, 'pagefind-entry.json'), 'utf8')) as {languages: {en: {hash: string}}};
  const metaFile = join(outputPath, `pagefind.${languages.en.hash}.pf_meta`);
  const meta = plain(metaFile) as [string, unknown, Row[]];
  return {metaFile, meta, rows: meta[2]};
}

/** Every word of the index, chunk by chunk in the table's order. */
const wordsOf = (outputPath: string, rows: Row[]): string[] =>
  rows.flatMap(([, , hash]) => (plain(join(outputPath, 'index', `${hash}.pf_index`)) as [[string][]])[0].map(([word]) => word));

test('a chunk’s span starts one character past what its first word shares with the word before', () => {
  assert.equal(firstSpanned('apple', 'apricot'), 'apr');
  assert.equal(firstSpanned('cath', 'cathartic'), 'catha');
  assert.equal(firstSpanned('since', 'single'), 'sing');
  assert.equal(firstSpanned('zoo', 'é'), 'é');
});

/** The chunk Pagefind's search fetches for a query word: the first whose span holds it. */
const chunkFor = (rows: Row[], word: string): Row | undefined =>
  rows.find(([from, to]) => compareWords(word, from) >= 0 && compareWords(word, to) <= 0);

test('words are ordered by code point, as Rust orders its strings', () => {
  assert.ok(compareWords('pay', 'payout') < 0);
  assert.ok(compareWords('payout', 'pay_') > 0);
  assert.ok(compareWords('zoo', 'é') < 0);
  assert.ok(compareWords('\u{ff5e}', '\u{1f600}') < 0);
  assert.equal(compareWords('refund', 'refund'), 0);
});

test('a query word finds the first chunk whose span holds it, whole last words included', () => {
  const rows: Row[] = [
    ['account', 'paid', 'en_a'],
    ['pay', 'refund', 'en_b'],
    ['refund_', 'webhook', 'en_c'],
  ];
  assert.equal(chunkFor(rows, 'paid')?.[2], 'en_a');
  assert.equal(chunkFor(rows, 'pay')?.[2], 'en_b');
  assert.equal(chunkFor(rows, 'payout')?.[2], 'en_b');
  assert.equal(chunkFor(rows, 'refund')?.[2], 'en_b');
  assert.equal(chunkFor(rows, 'refund_id')?.[2], 'en_c');
  assert.equal(chunkFor(rows, 'zebra'), undefined);
});

test('Pagefind’s index is rewritten in smaller chunks holding the same words, each found in its chunk', async () => {
  const outputPath = await pagefindIndex();
  try {
    const before = table(outputPath);
    const words = wordsOf(outputPath, before.rows);
    assert.ok(words.length > 60);
    const counts = await rechunk(outputPath, 120);
    const after = table(outputPath);
    assert.equal(counts.before, before.rows.length);
    assert.equal(counts.after, after.rows.length);
    assert.ok(after.rows.length >= 10, `${after.rows.length} chunks`);
    assert.deepEqual(wordsOf(outputPath, after.rows), words);
    for (const word of words) {
      const [, , hash] = chunkFor(after.rows, word)!;
      assert.ok(wordsOf(outputPath, [['', '', hash]]).includes(word), word);
    }
    assert.deepEqual(readdirSync(join(outputPath, 'index')).sort(), after.rows.map(([, , hash]) => `${hash}.pf_index`).sort());
    assert.notEqual(after.metaFile, before.metaFile);
    assert.deepEqual(
      readdirSync(outputPath).filter((name) => name.endsWith('.pf_meta')),
      [after.metaFile.slice(outputPath.length + 1)],
    );
    const [version, pages, , ...rest] = plain(after.metaFile) as unknown[];
    const [oldVersion, oldPages, , ...oldRest] = before.meta;
    assert.equal(version, pagefindVersion);
    assert.deepEqual([version, pages, rest], [oldVersion, oldPages, oldRest]);
  } finally {
    rmSync(join(outputPath, '..'), {recursive: true, force: true});
  }
});

/** Writes `meta` as `file`, the way Pagefind writes it, its CBOR passed through `change`. */
const writeMeta = (file: string, meta: unknown[], change = (cbor: Buffer): Buffer => cbor): void =>
  writeFileSync(file, gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), change(Buffer.from(cbor.encode(meta)))])));

test('an index in a format this does not know fails in one line and is left as it was', async () => {
  const outputPath = await pagefindIndex();
  try {
    const {metaFile, meta} = table(outputPath);
    const files = () => readdirSync(outputPath, {recursive: true}).map(String).sort();
    const listed = files();
    writeMeta(metaFile, ['9.9.9', ...meta.slice(1)]);
    await assert.rejects(rechunk(outputPath, 120), {
      message: `Pagefind's index (src/internals/pagefind-chunks.ts): it was written by Pagefind 9.9.9, and this reads ${pagefindVersion}'s format`,
    });
    // The same metadata, its outer array's length written in two bytes where one would do.
    assert.equal(Buffer.from(cbor.encode(meta))[0], 0x80 + meta.length);
    writeMeta(metaFile, meta, (cbor) => Buffer.concat([Buffer.from([0x98, meta.length]), cbor.subarray(1)]));
    await assert.rejects(rechunk(outputPath, 120), {
      message: `Pagefind's index (src/internals/pagefind-chunks.ts): ${metaFile} does not encode back to the same bytes: its format changed`,
    });
    assert.deepEqual(files(), listed);
  } finally {
    rmSync(join(outputPath, '..'), {recursive: true, force: true});
  }
});

test('an index of no page, which has no language, is left as it is', async () => {
  const outputPath = await pagefindIndex(0);
  try {
    const files = () => readdirSync(outputPath, {recursive: true}).map(String).sort();
    const listed = files();
    assert.deepEqual(JSON.parse(readFileSync(join(outputPath, 'pagefind-entry.json'), 'utf8')).languages, {});
    assert.deepEqual(await rechunk(outputPath, 120), {before: 0, after: 0});
    assert.deepEqual(files(), listed);
  } finally {
    rmSync(join(outputPath, '..'), {recursive: true, force: true});
  }
});
