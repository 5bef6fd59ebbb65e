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

/** Removes `line` from `file` of the copy, which must hold it exactly once. */
const removeLine = (copyDir: string, file: string, line: string): void =>
  replaceOnce(copyDir, file, `\n${line}\n`, '\n', 'bench/lib/internals.ts');

export const internals: Internal[] = [
  {
    name: 'prefetch-once',
    what: "plugin replacing core's window.docusaurus module (prefetches each file once)",
    file: 'docusaurus.config.ts',
    remove: (copy) => removeLine(copy, 'docusaurus.config.ts', '    prefetchOnce,'),
  },
  {
    name: 'ssr-template',
    what: "Docusaurus' HTML template with the scripts loaded after the first paint",
    file: 'docusaurus.config.ts',
    remove: (copy) => removeLine(copy, 'docusaurus.config.ts', '  ssrTemplate,'),
  },
  {
    name: 'kept-from-hydration',
    what: "core's browser context, held false around the theme's CodeBlock and Tabs (hydration keeps their DOM)",
    file: 'src/components/KeptFromHydration.tsx',
    remove: (copy) =>
      replaceOnce(
        copy,
        'src/components/KeptFromHydration.tsx',
        '<BrowserContext.Provider value={false}>{children}</BrowserContext.Provider>',
        '<>{children}</>',
        'bench/lib/internals.ts',
      ),
  },
];
