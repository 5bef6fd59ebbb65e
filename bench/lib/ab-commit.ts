/**
 * The A/B against an earlier commit (`npm run bench -- --ab-commit <rev>`): that commit's files
 * exported into a temporary directory (`git archive`), built there with its own `npm run build`,
 * then it and the site as it is now, both served, measured with Lighthouse on phones in turns
 * (bench/lib/lighthouse.ts, lighthousePaired), so that a change's cost to the phone shows before it
 * lands, free of a busier minute on one side. The commit shares the project's node_modules when its
 * package-lock.json is the same, and gets its own `npm ci` when not; when npm ci refuses the commit's
 * lock file (one out of step with its package.json, as some commits had), `npm install` instead,
 * which the results say.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {linkModules, servingBoth} from '../../scripts/lib/site-copy';
import {lighthousePaired, type LighthouseResult} from './lighthouse';

export type CommitAb = {commit: string; subject: string; packages?: string} & (
  {ok: true; now: LighthouseResult[]; then: LighthouseResult[]} | {ok: false; error: string}
);

function git(projectDir: string, args: string[]): string {
  return execFileSync('git', args, {cwd: projectDir, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024}).trim();
}

/** Runs `command` in `dir` with its output in `logFile`; throws with the log's last lines when it fails. */
function runLogged(dir: string, command: string, args: string[], logFile: string): void {
  const result = spawnSync(command, args, {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, PLAZA_API_HOST: ''},
    maxBuffer: 256 * 1024 * 1024,
  });
  writeFileSync(logFile, `${result.stdout}${result.stderr}`);
  if (result.status !== 0) {
    const tail = `${result.stdout}${result.stderr}`.trimEnd().split('\n').slice(-10).join('\n');
    throw new Error(`"${command} ${args.join(' ')}" failed (exit ${result.status ?? result.signal}); the end of ${logFile}:\n${tail}`);
  }
}

/** `siteBuild` is the current checkout's build; `rev` any commit git knows. */
export async function runCommitAb(
  projectDir: string,
  rev: string,
  siteBuild: string,
  pages: string[],
  logFile: string,
  log: (message: string) => void,
): Promise<CommitAb> {
  let commit = rev;
  let subject = '';
  const dir = mkdtempSync(join(tmpdir(), 'plaza-ab-commit-'));
  try {
    commit = git(projectDir, ['rev-parse', '--verify', `${rev}^{commit}`]);
    subject = git(projectDir, ['log', '-1', '--format=%s', commit]);
    const archive = join(dir, 'commit.tar');
    git(projectDir, ['archive', '--format=tar', '-o', archive, commit]);
    execFileSync('tar', ['-xf', archive, '-C', dir]);
    rmSync(archive);
    const sameLock = readFileSync(join(dir, 'package-lock.json'), 'utf8') === readFileSync(join(projectDir, 'package-lock.json'), 'utf8');
    let packages = "the checkout's node_modules (the same package-lock.json)";
    if (sameLock) linkModules(dir);
    else {
      packages = 'its own packages (npm ci)';
      try {
        runLogged(dir, 'npm', ['ci', '--no-audit', '--no-fund'], logFile.replace(/\.log$/, '-npm-ci.log'));
      } catch (error) {
        log(
          `A/B: npm ci refused the lock file of ${commit.slice(0, 12)} (${(error as Error).message.split('\n')[0]}); npm install instead`,
        );
        packages = 'its own packages (npm install: npm ci refused its lock file)';
        runLogged(dir, 'npm', ['install', '--no-audit', '--no-fund'], logFile.replace(/\.log$/, '-npm-install.log'));
      }
    }
    log(`A/B: ${commit.slice(0, 12)} (${subject}) with ${packages}, building in ${dir}`);
    runLogged(dir, 'npm', ['run', 'build'], logFile);
    const [nowRuns, thenRuns] = await servingBoth([siteBuild, join(dir, 'build')], (origins) => lighthousePaired(origins, pages, log));
    return {commit, subject, packages, ok: true, now: nowRuns, then: thenRuns};
  } catch (error) {
    return {commit, subject, ok: false, error: (error as Error).message};
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}
