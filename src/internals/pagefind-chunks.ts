/**
 * Pagefind cuts its word index into chunks of 20,000 word locations, a size fixed in its source
 * with no option to change it: about 25 KB gzip each on this site. A query fetches the chunk of each
 * of its words, so a two-word query whose words fall in two chunks not yet loaded costs about 50 KB
 * before its first result. `rechunk` cuts the index Pagefind wrote into smaller chunks of whole
 * words, and rewrites its metadata (which names each chunk and the words it spans) to match.
 *
 * This reads Pagefind's file format, which is not a public API: each file is gzip of the signature
 * `pagefind_dcd` and a CBOR value. The chunk's words and the metadata's fields are handled as
 * opaque CBOR (read and written with cborg), apart from the word of each entry and the chunk table. So that an upgrade cannot
 * go on with a format this does not know, the version the metadata names must be `pagefindVersion`,
 * and every file read must encode back to exactly its bytes.
 */
import {createHash} from 'node:crypto';
import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';

/** The Pagefind whose format this was written against. */
export const pagefindVersion = '1.6.0';

const signature = Buffer.from('pagefind_dcd');

type Cbor = typeof import('cborg');

/** A word of a chunk: the word first, then its pages and what else Pagefind keeps of it. */
type Word = [string, ...unknown[]];
/** A row of the metadata's chunk table: the first and last words it spans (or prefixes), its name. */
type ChunkRow = [from: string, to: string, hash: string];
/** The metadata: Pagefind's version, its pages, the chunk table, then fields this leaves as they are. */
type Meta = [string, unknown, ChunkRow[], ...unknown[]];

function fail(message: string): never {
  throw new Error(`Pagefind's index (src/internals/pagefind-chunks.ts): ${message}`);
}

/** The CBOR value of a Pagefind file, checked to encode back to the same bytes. */
function read({decode, encode}: Cbor, bytes: Buffer, file: string): unknown {
  const plain = gunzipSync(bytes);
  if (!plain.subarray(0, signature.length).equals(signature)) fail(`${file} does not start with ${signature.toString()}`);
  const cbor = plain.subarray(signature.length);
  const value: unknown = decode(cbor);
  if (!Buffer.from(encode(value)).equals(cbor)) fail(`${file} does not encode back to the same bytes: its format changed`);
  return value;
}

const write = ({encode}: Cbor, value: unknown): Buffer => gzipSync(Buffer.concat([signature, encode(value)]), {level: 9});

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The first word a chunk spans, as Pagefind writes it: as much of the chunk's first word as tells
 * it from the word before, one character past what they share. A query word that is a prefix of
 * words on both sides then finds the chunk after (Pagefind fetches one chunk for each query word).
 */
export function firstSpanned(before: string, first: string): string {
  const a = [...before];
  const b = [...first];
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared += 1;
  return b.slice(0, shared + 1).join('');
}

/**
 * Cuts `words` (in Pagefind's order) into chunks of about `bytes` of CBOR each, and gives each its
 * span. The last word of a chunk ends its span whole (Pagefind's own table shortens it, so that
 * its last words are found only when no word of the query finds a chunk).
 */
function cut({encode}: Cbor, words: Word[], bytes: number): {words: Word[]; from: string; to: string}[] {
  const chunks: Word[][] = [[]];
  let size = 0;
  for (const word of words) {
    if (size >= bytes) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(word);
    size += encode(word).length;
  }
  return chunks.map((chunk, at) => ({
    words: chunk,
    from: at === 0 ? chunk[0]![0] : firstSpanned(chunks[at - 1]!.at(-1)![0], chunk[0]![0]),
    to: chunk.at(-1)![0],
  }));
}

/** Orders two words as Pagefind does: Rust compares strings by their UTF-8 bytes, which orders as code points do. */
export function compareWords(a: string, b: string): number {
  const [x, y] = [[...a], [...b]];
  for (let at = 0; at < Math.min(x.length, y.length); at += 1) {
    if (x[at] !== y[at]) return x[at]!.codePointAt(0)! - y[at]!.codePointAt(0)!;
  }
  return x.length - y.length;
}

/**
 * Rewrites the index Pagefind wrote in `outputPath` (its `pagefind` folder) as chunks of about
 * `bytes` of CBOR each, and returns how many chunks there were and are. Fails, changing nothing, on
 * a format it does not know.
 */
export async function rechunk(outputPath: string, bytes: number): Promise<{before: number; after: number}> {
  // cborg is an ES module only, and the scripts run as CommonJS.
  const cbor = await import('cborg');
  const entryFile = join(outputPath, 'pagefind-entry.json');
  const entry = JSON.parse(await readFile(entryFile, 'utf8')) as {languages: Record<string, {hash: string}>};
  const languages = Object.values(entry.languages);
  // An index of no page has no language: a preview's (`npm run preview`), whose pages search leaves out.
  if (languages.length === 0) return {before: 0, after: 0};
  if (languages.length !== 1) fail(`it has ${languages.length} languages; the site has one`);
  const language = languages[0]!;
  const metaFile = join(outputPath, `pagefind.${language.hash}.pf_meta`);
  const meta = read(cbor, await readFile(metaFile), metaFile) as Meta;
  if (meta[0] !== pagefindVersion) fail(`it was written by Pagefind ${meta[0]}, and this reads ${pagefindVersion}'s format`);
  const rows = meta[2];
  const words: Word[] = [];
  for (const [, , hash] of rows) {
    const file = join(outputPath, 'index', `${hash}.pf_index`);
    const [chunk] = read(cbor, await readFile(file), file) as [Word[]];
    if (!chunk.every((word) => Array.isArray(word) && typeof word[0] === 'string')) fail(`${file} holds an entry that is not a word`);
    words.push(...chunk);
  }
  if (words.length === 0) return {before: rows.length, after: rows.length};
  const prefix = language.hash.slice(0, language.hash.indexOf('_') + 1);
  const written = new Map<string, Buffer>();
  const table: ChunkRow[] = cut(cbor, words, bytes).map((chunk) => {
    const file = write(cbor, [chunk.words]);
    const digest = sha256(file);
    let length = 7;
    while (written.has(`${prefix}${digest.slice(0, length)}`)) length += 1;
    const hash = `${prefix}${digest.slice(0, length)}`;
    written.set(hash, file);
    return [chunk.from, chunk.to, hash];
  });
  // For a query word, Pagefind's search fetches the first chunk whose span holds it. With the words in
  // order and each span ending before the next begins, that is the chunk the word is in.
  for (let at = 1; at < words.length; at += 1) {
    if (compareWords(words[at - 1]![0], words[at]![0]) >= 0) fail(`its words are not in order at "${words[at]![0]}"`);
  }
  for (let at = 1; at < table.length; at += 1) {
    if (compareWords(table[at - 1]![1], table[at]![0]) >= 0) fail(`the chunks spanning "${table[at]![0]}" overlap`);
  }
  const newMeta = write(cbor, [meta[0], meta[1], table, ...meta.slice(3)]);
  const metaHash = `${prefix}${sha256(newMeta).slice(0, 10)}`;
  const indexDir = join(outputPath, 'index');
  for (const name of await readdir(indexDir)) await rm(join(indexDir, name));
  for (const [hash, file] of written) await writeFile(join(indexDir, `${hash}.pf_index`), file);
  await rm(metaFile);
  await writeFile(join(outputPath, `pagefind.${metaHash}.pf_meta`), newMeta);
  language.hash = metaHash;
  await writeFile(entryFile, JSON.stringify(entry));
  return {before: rows.length, after: table.length};
}
