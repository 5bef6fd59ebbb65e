/**
 * The A/B of each framework internal the site replaces (src/internals): the project copied into a
 * temporary directory and built cold there with that internal's flag off; then the site as it is and that copy,
 * both served, measured with Lighthouse on phones in turns (bench/lib/lighthouse.ts,
 * lighthousePaired), so that each side's median comes from the same minutes of the machine.
 */
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {servingBoth, temporaryCopy} from '../../scripts/lib/site-copy';
import {internals, withoutInternal, type Internal} from './internals';
import {lighthousePaired, type LighthouseResult} from './lighthouse';
import {pickNamed} from './options';
import {runPipeline} from './pipeline';

export type AbRun = {internal: string; what: string} & (
  {ok: true; with: LighthouseResult[]; without: LighthouseResult[]} | {ok: false; error: string}
);

/** The internals that `--ab` names: comma-separated names, "all" or "none". */
export const parseAbInternals = (value: string): Internal[] => pickNamed(value, internals, '--ab');

/** `siteBuild` is the site's own build, with every internal; the copy's build lacks `internal`. */
export async function runAb(
  internal: Internal,
  siteBuild: string,
  pages: string[],
  logFile: string,
  log: (message: string) => void,
): Promise<AbRun> {
  const copy = temporaryCopy(`ab-${internal.name}`);
  try {
    await runPipeline(copy, true, logFile, false, withoutInternal(internal));
    const [withRuns, withoutRuns] = await servingBoth([siteBuild, join(copy, 'build')], (origins) => lighthousePaired(origins, pages, log));
    return {internal: internal.name, what: internal.what, ok: true, with: withRuns, without: withoutRuns};
  } catch (error) {
    return {internal: internal.name, what: internal.what, ok: false, error: (error as Error).message};
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}
