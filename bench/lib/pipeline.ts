/**
 * The site's build pipeline as `npm run build` runs it: the site steps of scripts/pipeline.ts, each
 * measured as one process tree: `docusaurus build` (its API reference plugin reads specs/ and writes
 * the reference while Docusaurus loads the site), the search indexing step, the headers step and the
 * step that puts the build in place. Cold runs first remove every cache: .docusaurus, generated (with
 * the stamp that lets the plugin skip an unchanged reference), build and node_modules/.cache (where
 * Rspack's persistent cache is, when a lever turns it on). Each run also says where its time and
 * memory went, phase by phase (bench/lib/phases.ts).
 */
import {readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {measureCommand} from './measure-command';
import {perfLine, phasesOf, type Phase} from './phases';
import {treeStats} from './files';
import {builtDir, siteSteps, stagedDir, stepEnv} from '../../scripts/lib/pipeline';

export type PipelineRun = {
  /** The whole pipeline, the indexing step included. */
  wallMs: number;
  /** What the search indexing step adds. */
  indexMs: number;
  peakTreeRssBytes: number;
  peakProcessRssBytes: number;
  htmlPages: number;
  buildBytes: number;
  /** The generation of the API pages, the phases of `docusaurus build`, the search index, the headers. */
  phases: Phase[];
};

/** The phase of each site step (the first one's are Docusaurus' own), and the suffix of its log beside the first one's. */
const stepMeasures = [
  {log: '', phase: 'start-up'},
  {log: '-index', phase: 'search index'},
  {log: '-headers', phase: 'headers'},
  {log: '-swap', phase: 'put in place'},
];

/** A pipeline that failed, with what was measured until then. */
export class PipelineError extends Error {
  constructor(
    message: string,
    readonly wallMs: number,
    readonly peakTreeRssBytes: number,
  ) {
    super(message);
  }
}

/** `env` adds to the environment of every step (a lever of bench/lib/levers.ts). */
/**
 * Synthetic specs (the scaling runs) hold operations and tags that the product's list lacks: with
 * `foreignSpecs`, the build applies only the rules every spec must keep (PLAZA_FOREIGN_SPECS).
 */
export async function runPipeline(
  projectDir: string,
  cold: boolean,
  logFile: string,
  foreignSpecs = false,
  env: Record<string, string> = {},
): Promise<PipelineRun> {
  if (cold) {
    for (const dir of ['.docusaurus', 'generated', builtDir, stagedDir, 'node_modules/.cache'])
      rmSync(join(projectDir, dir), {recursive: true, force: true});
  }
  // The committed specs, never a download: the site steps do not fetch.
  const environment = stepEnv(projectDir, {
    ...process.env,
    ...env,
    DOCUSAURUS_PERF_LOGGER: 'true',
    ...(foreignSpecs ? {PLAZA_FOREIGN_SPECS: 'true'} : {}),
  });
  const measured = {wallMs: 0, peakTreeRssBytes: 0, peakProcessRssBytes: 0, indexMs: 0};
  const phases: Phase[] = [];
  for (const [index, step] of siteSteps.entries()) {
    const {log: suffix, phase} = stepMeasures[index] ?? {log: `-${index}`, phase: step.name};
    const script = step.command.join(' ');
    // Each step's output goes to its own log: logFile, then -index.log and -headers.log beside it.
    const log = logFile.replace(/\.log$/, `${suffix}.log`);
    const result = await measureCommand('sh', ['-c', script], {cwd: projectDir, env: environment, logFile: log, marks: perfLine});
    measured.wallMs += result.wallMs;
    measured.peakTreeRssBytes = Math.max(measured.peakTreeRssBytes, result.peakTreeRssBytes);
    measured.peakProcessRssBytes = Math.max(measured.peakProcessRssBytes, result.peakProcessRssBytes);
    if (index === 1) measured.indexMs = result.wallMs;
    if (result.exitCode !== 0) {
      // 137 is a shell's report of a process killed by SIGKILL, as the out-of-memory killer does.
      const killed = result.exitCode === 137 || result.signal === 'SIGKILL' ? ', killed by SIGKILL: out of memory?' : '';
      const tail = readFileSync(log, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
      throw new PipelineError(
        `"${script}" in ${projectDir} failed (exit ${result.exitCode ?? result.signal}${killed}); the end of ${log}:\n${tail}`,
        measured.wallMs,
        measured.peakTreeRssBytes,
      );
    }
    // The first step's phases are Docusaurus' own; the other steps are one phase each.
    phases.push(...(index === 0 ? phasesOf(result, phase) : [{name: phase, ms: result.wallMs, peakTreeRssBytes: result.peakTreeRssBytes}]));
  }
  const output = treeStats(join(projectDir, builtDir));
  return {
    ...measured,
    phases,
    htmlPages: output.htmlFiles,
    buildBytes: output.bytes,
  };
}
