/**
 * The framework internals that the site replaces or patches to win milliseconds on phones, and how
 * to take each one out of a copy of the project, for the bench's A/B (bench/lib/ab.ts): the copy
 * is built without it, and Lighthouse says what it was worth.
 *
 * Taking one out edits the copy by exact text. When the project changes so that the text is no
 * longer there once, the A/B stops and names this file, instead of measuring a site that still
 * holds the internal.
 */
import {replaceOnce} from './files';

export type Internal = {
  name: string;
  /** What the site does with it, for the results. */
  what: string;
  /** The one file of the project that taking it out edits. */
  file: string;
  remove(copyDir: string): void;
};

/** An internal that goes when `on`, which `file` holds exactly once, becomes `off`. */
const internal = (name: string, what: string, file: string, on: string, off: string): Internal => ({
  name,
  what,
  file,
  remove: (copyDir) => replaceOnce(copyDir, file, on, off, 'bench/lib/internals.ts'),
});

/** An internal that goes with its one line of the config. */
const configLine = (name: string, what: string, line: string): Internal =>
  internal(name, what, 'docusaurus.config.ts', `\n${line}\n`, '\n');

export const internals: Internal[] = [
  configLine('prefetch-once', "plugin replacing core's window.docusaurus module (prefetches each file once)", '    prefetchOnce,'),
  configLine('ssr-template', "Docusaurus' HTML template with the scripts loaded after the first paint", '  ssrTemplate,'),
  internal(
    'kept-from-hydration',
    "core's browser context, held false around the theme's CodeBlock and Tabs (hydration keeps their DOM)",
    'src/components/KeptFromHydration.tsx',
    '<BrowserContext.Provider value={false}>{children}</BrowserContext.Provider>',
    '<>{children}</>',
  ),
  internal(
    'runtime-prism-left-out',
    "the theme's client module prism-include-languages, left out of the bundle (code is highlighted at build time)",
    'src/plugins/code-tokens.ts',
    'return {resolve: {alias: {[`${clientModule}$`]: false}}};',
    'return {};',
  ),
];
