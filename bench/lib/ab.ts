/**
 * The A/B of each framework internal the site replaces (bench/lib/internals.ts): the project copied
 * into a temporary directory without it, built cold there, and measured with Lighthouse on phones
 * as the site itself is (median of three runs per page). The site as it is gives the other side.
 */
import {rmSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {startServer} from '../../scripts/serve-build';
import {copyProject} from './files';
import {internals, type Internal} from './internals';
import {lighthouseAll, type LighthouseResult} from './lighthouse';
import {runPipeline} from './pipeline';

export type AbRun = {internal: string; what: string} & ({ok: true; without: LighthouseResult[]} | {ok: false; error: string});

/** The internals that `--ab` names: comma-separated names, "all" or "none". */
export function parseAbInternals(value: string): Internal[] {
  if (value === 'none') return [];
  if (value === 'all') return internals;
  return value.split(',').map((name) => {
    const internal = internals.find((candidate) => candidate.name === name.trim());
    if (!internal) throw new Error(`--ab takes "all", "none" or some of ${internals.map((one) => one.name).join(', ')}, not "${name}"`);
    return internal;
  });
}

/** Lighthouse on phones on each page of a built site, served as the site itself is. */
async function mobileLighthouse(buildDir: string, pages: string[], log: (message: string) => void): Promise<LighthouseResult[]> {
  const server = await startServer(buildDir, 0);
  try {
    return await lighthouseAll(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, pages, ['mobile'], log);
  } finally {
    server.close();
  }
}

export async function runAb(projectDir: string, internal: Internal, pages: string[], logFile: string, log: (message: string) => void): Promise<AbRun> {
  const copy = copyProject(projectDir, `ab-${internal.name}`);
  try {
    internal.remove(copy);
    await runPipeline(copy, true, logFile);
    return {internal: internal.name, what: internal.what, ok: true, without: await mobileLighthouse(join(copy, 'build'), pages, log)};
  } catch (error) {
    return {internal: internal.name, what: internal.what, ok: false, error: (error as Error).message};
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}
