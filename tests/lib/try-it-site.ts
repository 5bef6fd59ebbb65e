/**
 * Plaza's site built with PLAZA_TRY_IT_URL naming a sandbox on 127.0.0.1, in a copy made by
 * scripts/lib/site-copy.ts: the build whose Try it also offers Plaza's sandbox API, and whose content
 * security policy lets the pages connect to that one host. The setup project of playwright.config.ts
 * builds it once per run; tests/e2e/try-it-url.spec.ts starts `npm run sandbox`'s server on the port
 * the build names and serves the build.
 */
import {createHash} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {buildCopy, copyProject, freePort} from '../../scripts/lib/site-copy';

const root = process.cwd();

export const tryItSite = (() => {
  const dir = join(tmpdir(), `plaza-try-it-url-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  return {dir, build: join(dir, 'build'), portFile: join(dir, 'sandbox-port')};
})();

/** Copies the project to tryItSite.dir and builds it with PLAZA_TRY_IT_URL on a port free now, which it records. */
export async function buildTryItSite(): Promise<void> {
  copyProject(tryItSite.dir);
  const port = await freePort();
  buildCopy(tryItSite.dir, {PLAZA_TRY_IT_URL: `http://127.0.0.1:${port}`});
  writeFileSync(tryItSite.portFile, String(port));
}

/** The port of the sandbox the build names. */
export const tryItPort = (): number => Number(readFileSync(tryItSite.portFile, 'utf8'));
