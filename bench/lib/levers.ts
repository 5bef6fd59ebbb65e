/**
 * The framework's own levers on the time and memory of a large build, which the scaling runs try
 * at their largest size: each is set in a copy of the project (a `future.faster` flag of
 * docusaurus.config.ts, or an environment variable Docusaurus reads), and the run is reported
 * beside the one with the site's own settings, so the table says what each lever is worth.
 */
import {replaceOnce} from './files';
import {pickNamed} from './options';

export type Lever = {
  name: string;
  /** What it changes, for the results. */
  what: string;
  /** Environment variables of the build. */
  env?: Record<string, string>;
  /** Edits of the copy. */
  apply?: (copyDir: string) => void;
};

/** The `faster` flags the site sets, as docusaurus.config.ts writes them: every one on but these. */
const siteFlags: Record<string, boolean> = {rspackPersistentCache: false};

const futureLine = (flags: Record<string, boolean>) =>
  `  future: {v4: true, faster: {${Object.entries(flags)
    .map(([flag, on]) => `${flag}: ${on}`)
    .join(', ')}}},`;

/** The site's `faster` setting in the copy, with `flag` set to `on`. */
const faster = (flag: string, on: boolean) => (copyDir: string) =>
  replaceOnce(copyDir, 'docusaurus.config.ts', futureLine(siteFlags), futureLine({...siteFlags, [flag]: on}), 'bench/lib/levers.ts');

export const levers: Lever[] = [
  {
    name: 'rspackPersistentCache on',
    what: "`future.faster.rspackPersistentCache: true`: Rspack's cache on disk, the one `faster` flag the site leaves off",
    apply: faster('rspackPersistentCache', true),
  },
  {
    name: 'mdxCrossCompilerCache off',
    what: '`future.faster.mdxCrossCompilerCache: false`: the client and server bundles compile each MDX file on their own',
    apply: faster('mdxCrossCompilerCache', false),
  },
  {
    name: 'ssgWorkerThreads off',
    what: '`future.faster.ssgWorkerThreads: false`: the pages are rendered in the main thread',
    apply: faster('ssgWorkerThreads', false),
  },
  {
    name: 'one SSG thread',
    what: '`DOCUSAURUS_SSG_WORKER_THREAD_COUNT=1`: one worker thread renders the pages',
    env: {DOCUSAURUS_SSG_WORKER_THREAD_COUNT: '1'},
  },
  {
    name: 'SSG concurrency 8',
    what: '`DOCUSAURUS_SSR_CONCURRENCY=8`: 8 pages rendered at a time, not 32',
    env: {DOCUSAURUS_SSR_CONCURRENCY: '8'},
  },
];

/** The levers that `--levers` names: comma-separated names, "all" or "none". */
export const parseLevers = (value: string): Lever[] => pickNamed(value, levers, '--levers');
