/**
 * The last step of the build: the finished build in build.next/ takes the place of build/. Every
 * step before it writes into build.next/, so a build that fails leaves build/ exactly as it was,
 * and a deploy that ignores the exit code still ships the previous site whole.
 *
 * Usage: tsx scripts/swap-build.ts
 */
import {existsSync, renameSync, rmSync} from 'node:fs';
import {builtDir, stagedDir} from './lib/pipeline';

const previous = `${builtDir}.previous`;
if (!existsSync(stagedDir)) {
  console.error(`swap: ${stagedDir}/ does not exist: the build steps before this one did not run`);
  process.exit(1);
}
rmSync(previous, {recursive: true, force: true});
if (existsSync(builtDir)) renameSync(builtDir, previous);
renameSync(stagedDir, builtDir);
rmSync(previous, {recursive: true, force: true});
console.log(`swap: ${stagedDir}/ is now ${builtDir}/`);
