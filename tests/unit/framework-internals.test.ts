/**
 * The framework internals the site replaces (bench/lib/internals.ts measures what each is worth)
 * were written against the upstream files below, as Docusaurus 3.10.2 ships them. None of these
 * files is a public API: an upgrade may change one without notice, and the replacement would then
 * go on running against code that is no longer there. So each upstream file is pinned by its
 * SHA-256, and an upgrade that changes one fails here, naming the replacement to review.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {test} from 'node:test';
import assert from 'node:assert/strict';

type Pinned = {replacement: string; upstream: string[]; sha256: string};

/** The files of packages each replacement copies, patches or imports past their public entry points. */
const pinned: Pinned[] = [
  {
    replacement: "src/plugins/prefetch-once (replaces core's client module docusaurus.js, imports prefetch, preload and flat)",
    upstream: [
      '@docusaurus/core/lib/client/docusaurus.js',
      '@docusaurus/core/lib/client/prefetch.js',
      '@docusaurus/core/lib/client/preload.js',
      '@docusaurus/core/lib/client/flat.js',
    ],
    sha256: '763bd98d45889be174b8a0969e744371e480f21729ea9b8aeeecd553871b9cac',
  },
  {
    replacement: "src/plugins/ssr-template.ts (Docusaurus' HTML template, with its scripts loaded after the first paint)",
    upstream: ['@docusaurus/core/lib/ssg/ssgTemplate.html.js'],
    sha256: '9e1a2c77eead5f0b02fde23ff5b0e68d78b6ad7eba3ae515ea17dff7a8b7825f',
  },
  {
    replacement:
      "src/components/KeptFromHydration.tsx (holds core's browser context false around the theme's CodeBlock and Tabs, which key their content with it, and gives it back to the code block's buttons, which BrowserOnly renders)",
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
    replacement:
      "src/plugins/code-tokens.ts and src/theme/CodeBlock/Content (leave out the theme's client module prism-include-languages; tokenize and style as prism-react-renderer does, for the code the theme's metadata gives; render the theme's CodeBlock/Content markup with its CSS module)",
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
    replacement:
      "src/theme/CodeBlock/Buttons/CopyButton (gives the theme's CopyButton a code block context whose code has fresh idempotency keys; the button copies the code of its context)",
    upstream: [
      '@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/CopyButton/index.js',
      '@docusaurus/theme-common/lib/utils/codeBlockUtils.js',
    ],
    sha256: '8cc77a61b04d3dadb027862541bc4c01b3027b2520ae79ebfb1cb9ecc35a6db2',
  },
];

/** One hash of the installed files (paths under node_modules), each named by its path, in order. */
function fingerprint(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(join('node_modules', file)));
  return hash.digest('hex');
}

for (const {replacement, upstream, sha256} of pinned) {
  test(`${replacement} was written against the upstream files installed now`, () => {
    const now = fingerprint(upstream);
    assert.equal(
      now,
      sha256,
      `${upstream.join(', ')} changed since ${replacement} was written against them. Compare the new upstream code with the replacement and update it ` +
        `(or remove it, if the A/B of npm run bench says it no longer pays), then pin the new hash ${now} in tests/unit/framework-internals.test.ts.`,
    );
  });
}
