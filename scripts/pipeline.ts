/**
 * Runs one of the project's pipelines (scripts/lib/pipeline.ts) in the current folder, each step's
 * output as it comes; the first step that fails stops it with its exit code in one line.
 *
 * Usage: tsx scripts/pipeline.ts build|quick|test
 */
import {pipelines, runSteps, type PipelineName} from './lib/pipeline';

const name = process.argv[2] ?? '';
if (!(name in pipelines)) {
  console.error(`usage: tsx scripts/pipeline.ts ${Object.keys(pipelines).join('|')}`);
  process.exit(2);
}
try {
  runSteps(pipelines[name as PipelineName], process.cwd());
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
