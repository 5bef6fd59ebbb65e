/**
 * Files of the bench: sizes of build output (gzip sizes at level 9, as a CDN compressing at its
 * best would send, file counts and totals), and copies of the project to build variants of it in.
 */
import {cpSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative, resolve} from 'node:path';
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

/** What a copy leaves out: dependencies (linked instead), build output, caches, history and bench logs. */
const excluded = new Set(['node_modules', 'build', '.docusaurus', '.git', join('bench', 'tmp')]);

/** Copies the project into a new temporary directory named after `name`, and returns that directory. */
export function copyProject(projectDir: string, name: string): string {
  const root = resolve(projectDir);
  const copy = mkdtempSync(join(tmpdir(), `plaza-${name}-`));
  cpSync(root, copy, {recursive: true, filter: (source) => !excluded.has(relative(root, source))});
  // The copy's cold runs remove node_modules/.cache, which is the project's own through this link.
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}
