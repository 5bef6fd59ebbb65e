/**
 * The site's build pipeline as a reader's CI runs it: `npm run gen-api` (the API pages from
 * specs/), then `npx docusaurus build`, measured as one process tree. Cold runs first remove
 * every cache: .docusaurus, build and node_modules/.cache (Rspack's persistent cache).
 */
import {readFileSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {measureCommand} from './measure-command';
import {treeStats} from './files';

export type PipelineRun = {
  wallMs: number;
  peakTreeRssBytes: number;
  peakProcessRssBytes: number;
  htmlPages: number;
  buildBytes: number;
};

const script = 'npm run --silent gen-api && npx docusaurus build';

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

export async function runPipeline(projectDir: string, cold: boolean, logFile: string): Promise<PipelineRun> {
  if (cold) {
    for (const dir of ['.docusaurus', 'build', 'node_modules/.cache']) rmSync(join(projectDir, dir), {recursive: true, force: true});
  }
  // The committed specs, never a download: without PLAZA_API_HOST, gen-api uses specs/ as it is.
  const env = {...process.env};
  delete env.PLAZA_API_HOST;
  const result = await measureCommand('sh', ['-c', script], {cwd: projectDir, env, logFile});
  if (result.exitCode !== 0) {
    // 137 is a shell's report of a process killed by SIGKILL, as the out-of-memory killer does.
    const killed = result.exitCode === 137 || result.signal === 'SIGKILL' ? ', killed by SIGKILL: out of memory?' : '';
    const tail = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15).join('\n');
    throw new PipelineError(
      `"${script}" in ${projectDir} failed (exit ${result.exitCode ?? result.signal}${killed}); the end of ${logFile}:\n${tail}`,
      result.wallMs,
      result.peakTreeRssBytes,
    );
  }
  const output = treeStats(join(projectDir, 'build'));
  return {
    wallMs: result.wallMs,
    peakTreeRssBytes: result.peakTreeRssBytes,
    peakProcessRssBytes: result.peakProcessRssBytes,
    htmlPages: output.htmlFiles,
    buildBytes: output.bytes,
  };
}
