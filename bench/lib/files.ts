/**
 * Files of the bench: sizes of build output (gzip sizes at level 9, as a CDN compressing at its
 * best would send, file counts and totals).
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';

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
