/**
 * The project's pipelines, written once as data: `npm run build` and `npm test` run them, the
 * tests' fixture sites build with the site steps, and the bench measures those same steps.
 *
 * - build: refresh the specs from PLAZA_API_HOST when it is set; the content check (npm run check);
 *   then the site (`docusaurus build`, whose API reference plugin reads specs/ once and writes the
 *   reference), the search index and the security headers (last: they hash the inline scripts of
 *   the built pages), all into build.next/, which takes the place of build/ only when they have all
 *   passed: a failed build leaves build/ as it was.
 * - quick (`npm run test:quick`, between changes): the content check, types, lint, format, the
 *   specs' lint and the unit tests, which need no build.
 * - test: the same refresh first, so that every later step reads the same specs; then the quick
 *   steps, the site steps once, and the browser tests on that build.
 *
 * scripts/pipeline.ts runs one by name.
 */
import {spawnSync} from 'node:child_process';
import {delimiter, join} from 'node:path';

export type Step = {name: string; command: string[]};

/** The optional refresh of the specs (nothing without PLAZA_API_HOST). */
export const fetchStep: Step = {name: 'specs from PLAZA_API_HOST, if set', command: ['tsx', 'scripts/fetch-specs.ts', '--if-configured']};

/** The content check of the pages and specs, in seconds and by file and line (lib/checks). */
export const checkStep: Step = {name: 'content check', command: ['tsx', 'scripts/check.ts']};

/** Where the site is built, and where it is served from once every step has passed. */
export const stagedDir = 'build.next';
export const builtDir = 'build';

/** The production build: the site, its search index, its headers, made aside and then put in place. */
export const siteSteps: Step[] = [
  {name: 'site', command: ['docusaurus', 'build', '--out-dir', stagedDir]},
  {name: 'search index', command: ['tsx', 'scripts/index-search.ts', '--dir', stagedDir]},
  {name: 'headers', command: ['tsx', 'scripts/write-headers.ts', '--dir', stagedDir]},
  {name: 'put in place', command: ['tsx', 'scripts/swap-build.ts']},
];

/**
 * What needs no build: the content check, types, lint, format, the specs' lint and the unit tests,
 * two test files at a time (the runner's default is one fewer than the cores: one on this host).
 */
const quickSteps: Step[] = [
  checkStep,
  {name: 'typecheck', command: ['tsc']},
  {name: 'lint', command: ['eslint', '.']},
  {name: 'format', command: ['prettier', '--check', '.']},
  {name: 'lint the specs', command: ['redocly', 'lint', 'specs/accounts.yaml', 'specs/financial.yaml']},
  {name: 'unit tests', command: ['npm', 'run', '--silent', 'test:unit']},
];

export const pipelines = {
  build: [fetchStep, checkStep, ...siteSteps],
  quick: quickSteps,
  test: [fetchStep, ...quickSteps, ...siteSteps, {name: 'browser tests', command: ['playwright', 'test']}],
} satisfies Record<string, Step[]>;

export type PipelineName = keyof typeof pipelines;

/** The environment of a step in `dir`: the project's own commands first on the PATH. */
export function stepEnv(dir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return {...env, PATH: [join(dir, 'node_modules', '.bin'), env.PATH].filter(Boolean).join(delimiter)};
}

/**
 * Runs `steps` in order in `dir`; the first that fails stops the run. With `quiet`, the steps' output
 * is kept instead of shown: returned, or in the error of the step that failed.
 */
export function runSteps(
  steps: Step[],
  dir: string,
  {env = process.env, quiet = false}: {env?: NodeJS.ProcessEnv; quiet?: boolean} = {},
): string {
  let kept = '';
  for (const step of steps) {
    if (!quiet) console.log(`== ${step.name}`);
    const [command = '', ...args] = step.command;
    // Globs such as tests/unit/*.test.ts are expanded by the shell, as npm scripts are run.
    const result = spawnSync([command, ...args].join(' '), {
      cwd: dir,
      env: stepEnv(dir, env),
      shell: true,
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (quiet) kept += `${result.stdout}${result.stderr}`;
    if (result.status !== 0) {
      const output = quiet ? `:\n${result.stdout}${result.stderr}` : '';
      throw new Error(
        `${step.name} (${step.command.join(' ')}) failed in ${dir} with exit code ${result.status ?? result.signal}${output}`,
      );
    }
  }
  return kept;
}
