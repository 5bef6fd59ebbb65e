/**
 * The switchboard of the framework internals the site replaces: each one's name, what it does, the
 * project files that hold it, the upstream files it was written against (pinned by hash in
 * tests/unit/framework-internals.test.ts) and the tag of the browser tests that check what it adds.
 *
 * None of the upstream files is a public API. Each internal has a flag: `PLAZA_INTERNALS_OFF` names
 * those to leave out of a build (comma-separated names, or `all`), and the build is then the stock
 * framework's in that respect. That is how an upgrade of Docusaurus or Pagefind goes (README,
 * "Upgrading Docusaurus or Pagefind"): every flag off, upgrade, then each flag on again, one by one,
 * with its replacement reviewed against the new upstream files. `npm run test:internals-off` builds
 * the site with every flag off and runs the browser tests, less those tagged for an internal. The
 * bench's A/B (`npm run bench -- --ab`) builds a copy with one flag off and measures what it was worth.
 */

export type InternalName =
  'prefetch-once' | 'ssr-template' | 'kept-from-hydration' | 'prism-left-out' | 'copy-fresh-keys' | 'pagefind-rechunk';

export type Internal = {
  name: InternalName;
  /** What the site does with it, for the bench's results and the upgrade checklist. */
  what: string;
  /** The project files of the replacement. */
  files: string[];
  /** The files of packages (under node_modules) that it copies, patches or imports past their public entry points. */
  upstream: string[];
  /** The SHA-256 of the upstream files, each named by its path, in order (framework-internals.test.ts). */
  sha256: string;
};

export const internals: Internal[] = [
  {
    name: 'prefetch-once',
    what: "core's window.docusaurus client module replaced, so that each file is prefetched once",
    files: ['src/internals/prefetch-once.ts'],
    upstream: [
      '@docusaurus/core/lib/client/docusaurus.js',
      '@docusaurus/core/lib/client/prefetch.js',
      '@docusaurus/core/lib/client/preload.js',
      '@docusaurus/core/lib/client/flat.js',
    ],
    sha256: '763bd98d45889be174b8a0969e744371e480f21729ea9b8aeeecd553871b9cac',
  },
  {
    name: 'ssr-template',
    what: "Docusaurus' HTML template, with the page's scripts loaded after the first paint",
    files: ['src/internals/ssr-template.ts'],
    upstream: ['@docusaurus/core/lib/ssg/ssgTemplate.html.js'],
    sha256: '9e1a2c77eead5f0b02fde23ff5b0e68d78b6ad7eba3ae515ea17dff7a8b7825f',
  },
  {
    name: 'kept-from-hydration',
    what: "core's browser context held false around the theme's CodeBlock and Tabs, so that hydration keeps their DOM, and given back to the code block's buttons",
    files: ['src/internals/kept-from-hydration.tsx'],
    upstream: [
      '@docusaurus/core/lib/client/browserContext.js',
      '@docusaurus/core/lib/client/exports/useIsBrowser.js',
      '@docusaurus/theme-classic/lib/theme/CodeBlock/index.js',
      '@docusaurus/theme-classic/lib/theme/Tabs/index.js',
      '@docusaurus/core/lib/client/exports/BrowserOnly.js',
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/index.js',
    ],
    sha256: '0f0cef24d2aaac42b904355ad14b11aeeb21dad381d4518f3c8a4c4261797f4d',
  },
  {
    name: 'prism-left-out',
    what: "the theme's client module prism-include-languages left out of the bundle: code is tokenized at build time (src/plugins/code-tokens.ts) and rendered by src/theme/CodeBlock/Content with the theme's markup and CSS module",
    files: ['src/plugins/code-tokens.ts', 'src/theme/CodeBlock/Content/index.tsx'],
    upstream: [
      '@docusaurus/theme-classic/lib/index.js',
      '@docusaurus/theme-classic/lib/prism-include-languages.js',
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/index.js',
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css',
      '@docusaurus/theme-common/lib/utils/codeBlockUtils.js',
      'prism-react-renderer/dist/index.mjs',
    ],
    sha256: 'daed965664c25df57baf44215ef9e934bacb2d4023b62786cb032217b41b499a',
  },
  {
    name: 'copy-fresh-keys',
    what: "the theme's CopyButton given a code block context whose code has fresh idempotency keys",
    files: ['src/theme/CodeBlock/Buttons/CopyButton/index.tsx'],
    upstream: [
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/CopyButton/index.js',
      '@docusaurus/theme-common/lib/utils/codeBlockUtils.js',
    ],
    sha256: '8cc77a61b04d3dadb027862541bc4c01b3027b2520ae79ebfb1cb9ecc35a6db2',
  },
  {
    name: 'pagefind-rechunk',
    what: "Pagefind's word index cut into smaller chunks, reading and writing its file format",
    files: ['src/internals/pagefind-chunks.ts'],
    upstream: ['pagefind/package.json'],
    sha256: 'd4da628108f20f205a1d5479de24427bcf27c94319ef89077da5ff997211bbc0',
  },
];

/** The environment variable that names the internals to leave out of a build. */
export const offVariable = 'PLAZA_INTERNALS_OFF';

/** The internals that `value` (of PLAZA_INTERNALS_OFF) leaves out; an unknown name is an error in one line. */
export function internalsOff(value = process.env[offVariable] ?? ''): Set<InternalName> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('all')) return new Set(internals.map((internal) => internal.name));
  const unknown = names.filter((name) => !internals.some((internal) => internal.name === name));
  if (unknown.length > 0)
    throw new Error(
      `${offVariable}: no internal is called ${unknown.join(', ')}; the names are all, ${internals.map((internal) => internal.name).join(', ')}`,
    );
  return new Set(names as InternalName[]);
}

/** Whether a build of this environment keeps the internal. */
export const internalOn = (name: InternalName): boolean => !internalsOff().has(name);
