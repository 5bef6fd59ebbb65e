/**
 * The A/B of each framework internal the site replaces (bench/lib/internals.ts): the project copied
 * into a temporary directory without it, built cold there, and measured with Lighthouse on phones
 * as the site itself is (median of three runs per page). The site as it is gives the other side.
 */
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {serveBuild, temporaryCopy} from '../../tests/lib/site-copy';
import {internals, type Internal} from './internals';
import {lighthouseAll, type LighthouseResult} from './lighthouse';
import {pickNamed} from './options';
import {runPipeline} from './pipeline';

export type AbRun = {internal: string; what: string} & ({ok: true; without: LighthouseResult[]} | {ok: false; error: string});

/** The internals that `--ab` names: comma-separated names, "all" or "none". */
export const parseAbInternals = (value: string): Internal[] => pickNamed(value, internals, '--ab');

/** Lighthouse on phones on each page of a built site, served as the site itself is. */
async function mobileLighthouse(buildDir: string, pages: string[], log: (message: string) => void): Promise<LighthouseResult[]> {
  const served = await serveBuild(buildDir);
  try {
    return await lighthouseAll(served.origin, pages, ['mobile'], log);
  } finally {
    served.stop();
  }
}

export async function runAb(internal: Internal, pages: string[], logFile: string, log: (message: string) => void): Promise<AbRun> {
  const copy = temporaryCopy(`ab-${internal.name}`);
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
