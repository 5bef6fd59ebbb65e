/**
 * How the build grows with the API: the project copied into a temporary directory
 * (tests/lib/site-copy.ts: its node_modules linked package by package, its build cache its own), its specs replaced by synthetic ones of N operations
 * (bench/generate-specs.ts), the pipeline run cold there, the search indexing included, and its
 * search measured. With a lever (bench/lib/levers.ts), the copy builds with that lever set.
 */
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {writeSyntheticSpecs} from '../generate-specs';
import {temporaryCopy} from '../../scripts/lib/site-copy';
import type {Lever} from './levers';
import {PipelineError, runPipeline, type PipelineRun} from './pipeline';
import {measureSearchIndex, type SearchIndex} from './search-index';

/** A failed run keeps its wall time and peak memory until the failure, when the pipeline had started. */
export type ScalingRun = {operations: number; lever?: string} & (
  ({ok: true; search: SearchIndex} & PipelineRun) | {ok: false; error: string; wallMs: number | null; peakTreeRssBytes: number | null}
);

export async function runScaling(operations: number, logFile: string, lever?: Lever): Promise<ScalingRun> {
  const copy = temporaryCopy(`scaling-${operations}`);
  const named = lever ? {lever: lever.name} : {};
  try {
    writeSyntheticSpecs(copy, operations);
    lever?.apply?.(copy);
    const run = await runPipeline(copy, true, logFile, true, lever?.env);
    return {operations, ...named, ok: true, ...run, search: await measureSearchIndex(join(copy, 'build'))};
  } catch (error) {
    const measured = error instanceof PipelineError;
    return {
      operations,
      ...named,
      ok: false,
      error: (error as Error).message,
      wallMs: measured ? error.wallMs : null,
      peakTreeRssBytes: measured ? error.peakTreeRssBytes : null,
    };
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}
