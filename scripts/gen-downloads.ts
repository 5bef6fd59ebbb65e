/**
 * Writes what readers download for each API into static/specs/ (git-ignored), served at /specs/:
 * the spec as committed, the same document as JSON, and a Postman Collection v2.1. Run by
 * `npm run gen-api`, so before every `npm start` and `npm run build`, after the optional refresh
 * of the specs. Any failure prints one line naming the spec and the reason, exits 1, and leaves
 * the folder as it was.
 *
 * Usage: tsx scripts/gen-downloads.ts [--out static/specs]
 */
import {parseArgs} from 'node:util';
import {DownloadError, downloadsFolder, writeDownloads} from './lib/downloads';

async function main(out: string): Promise<void> {
  const started = performance.now();
  const written = await writeDownloads(out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const files = written.map(({file, bytes}) => `${file} (${Math.round(bytes / 1024)} KB)`).join(', ');
  console.log(`downloads: ${out}/ in ${seconds} s: ${files}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const {values} = parseArgs({options: {out: {type: 'string', default: `static/${downloadsFolder}`}}});
  main(values.out).catch((error: unknown) => {
    const message = error instanceof DownloadError ? error.message : `unexpected error: ${String(error)}`;
    console.error(`downloads failed: ${message.replace(/\s+/g, ' ')}; ${values.out}/ is unchanged`);
    process.exit(1);
  });
}
