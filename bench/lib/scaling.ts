/**
 * How the build grows with the API: the project copied into a temporary directory
 * (tests/lib/site-copy.ts: its node_modules linked package by package, its build cache its own), its specs replaced by synthetic ones of N operations
 * (bench/generate-specs.ts), the pipeline run cold there, the search indexing included, and its
 * search measured, then what a reader downloads on a few of its pages (the JavaScript and CSS
 * before they are interactive, bench/lib/page-weight.ts). With a lever (bench/lib/levers.ts), the
 * copy builds with that lever set.
 */
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {writeSyntheticSpecs} from '../generate-specs';
import {serveBuild, temporaryCopy} from '../../scripts/lib/site-copy';
import type {Lever} from './levers';
import {measurePageWeights, type PageWeight} from './page-weight';
import {PipelineError, runPipeline, type PipelineRun} from './pipeline';
import {measureSearchIndex, type SearchIndex} from './search-index';

/** A failed run keeps its wall time and peak memory until the failure, when the pipeline had started. */
export type ScalingRun = {operations: number; lever?: string} & (
  | ({ok: true; search: SearchIndex; pageWeight: PageWeight[]} & PipelineRun)
  | {ok: false; error: string; wallMs: number | null; peakTreeRssBytes: number | null}
);

/** `paths` are the pages whose weight is measured; the committed operations' pages are in every copy. */
export async function runScaling(operations: number, logFile: string, paths: string[], lever?: Lever): Promise<ScalingRun> {
  const copy = temporaryCopy(`scaling-${operations}`);
  const named = lever ? {lever: lever.name} : {};
  try {
    writeSyntheticSpecs(copy, operations);
    lever?.apply?.(copy);
    const run = await runPipeline(copy, true, logFile, true, lever?.env);
    const buildDir = join(copy, 'build');
    const search = await measureSearchIndex(buildDir);
    const served = await serveBuild(buildDir);
    try {
      return {operations, ...named, ok: true, ...run, search, pageWeight: await measurePageWeights(served.origin, buildDir, paths)};
    } finally {
      served.stop();
    }
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
