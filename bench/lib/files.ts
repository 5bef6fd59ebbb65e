/**
 * Files of the bench: sizes of build output (gzip sizes at level 9, as a CDN compressing at its
 * best would send, file counts and totals), installed packages' versions, and edits of the project copies it builds variants in.
 */
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';

/** The version of an installed package, as its package.json gives it. */
export function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as {version: string}).version;
}

export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), {level: 9}).length;
}

export type TreeStats = {files: number; htmlFiles: number; bytes: number};

/** The number of files, of HTML files, and their total size, under `dir`. */
export function treeStats(dir: string): TreeStats {
  const stats = {files: 0, htmlFiles: 0, bytes: 0};
  for (const entry of readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile()) continue;
    stats.files++;
    if (entry.name.endsWith('.html')) stats.htmlFiles++;
    stats.bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return stats;
}

/**
 * Replaces `from` with `to` in `file` of a project copy, which must hold `from` exactly once:
 * otherwise the project has changed under the bench, and `owner` (the bench file that names the
 * text) is what to update.
 */
export function replaceOnce(copyDir: string, file: string, from: string, to: string, owner: string): void {
  const target = join(copyDir, file);
  const text = readFileSync(target, 'utf8');
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`bench: ${file} holds "${from.trim()}" ${count} times, not once; update ${owner}`);
  writeFileSync(target, text.replace(from, to));
}
