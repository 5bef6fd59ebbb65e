/**
 * A copy of the project that builds the site from other specs, for the browser tests that check
 * the pages of specs other than Plaza's (the hostile specs, the kitchen sink of tests/lib/kitchen-sink.ts)
 * or of Plaza's site with a setting (tests/lib/try-it-site.ts):
 * copy the tracked files to a folder, put the specs in its specs/, build there with the pipeline's
 * site steps, and serve its build on a free port. The bench builds its variants (the A/B, the
 * scaling runs) in such copies too, and serves its builds the same way.
 */
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {createServer, type AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {runSteps, siteSteps} from './pipeline';

const root = process.cwd();

export type RunResult = {status: number | null; output: string};

/**
 * Makes `dir` a fresh copy of the project's tracked files, its node_modules linked package by
 * package so that the copy's build cache (node_modules/.cache) is its own.
 */
export function copyProject(dir: string): void {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  for (const file of execFileSync('git', ['ls-files'], {cwd: root, encoding: 'utf8'}).split('\n').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), {recursive: true});
    copyFileSync(join(root, file), join(dir, file));
  }
  linkModules(dir);
}

/** Gives `dir` the project's node_modules, linked package by package so that its build cache (node_modules/.cache) is its own. */
export function linkModules(dir: string): void {
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules')).filter((name) => name !== '.cache')) {
    symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
}

/** A copy of the project (as copyProject makes it) in a new temporary folder named after `name`; the caller removes it. */
export function temporaryCopy(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `plaza-${name}-`));
  copyProject(dir);
  return dir;
}

/** Runs a command in `dir`; its output is returned, whatever its exit status. */
export function runIn(dir: string, command: string, args: string[], env: Record<string, string> = {}): RunResult {
  const result = spawnSync(command, args, {cwd: dir, encoding: 'utf8', env: {...process.env, ...env}, maxBuffer: 64 * 1024 * 1024});
  return {status: result.status, output: `${result.stdout}${result.stderr}`};
}

/**
 * Builds the copy's site with the pipeline's site steps; throws with the output of the step that
 * failed. By default its specs are taken as foreign (PLAZA_FOREIGN_SPECS=true): Plaza's own spec rules
 * do not apply, and broken links only warn, as the guides link to operations of Plaza's specs that
 * other specs lack. `env` adds to the build's environment (a copy of Plaza's own site with a setting).
 */
export function buildCopy(dir: string, env: Record<string, string> = {PLAZA_FOREIGN_SPECS: 'true'}): string {
  return runSteps(siteSteps, dir, {env: {...process.env, ...env}, quiet: true});
}

/** A port that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type Served = {origin: string; stop: () => void};

/** Serves a build folder as `npm run serve` does (the headers of its _headers included), on a free port of 127.0.0.1. */
export async function serveBuild(buildDir: string): Promise<Served> {
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve-build.ts', '--dir', buildDir, '--port', String(port)], {
    cwd: root,
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Serving ')) resolve();
    };
    server.stdout?.on('data', collect);
    server.stderr?.on('data', collect);
    server.once('exit', (code) => reject(new Error(`the server stopped (${code}): ${output}`)));
  });
  return {origin: `http://127.0.0.1:${port}`, stop: () => server.kill()};
}

/** Serves two build folders as serveBuild does, for as long as `measure` runs with their origins. */
export async function servingBoth<T>(buildDirs: [string, string], measure: (origins: [string, string]) => Promise<T>): Promise<T> {
  const first = await serveBuild(buildDirs[0]);
  try {
    const second = await serveBuild(buildDirs[1]);
    try {
      return await measure([first.origin, second.origin]);
    } finally {
      second.stop();
    }
  } finally {
    first.stop();
  }
}
