/**
 * Keeps the DOM that a theme component hydrated. Docusaurus's CodeBlock and Tabs key their content
 * with useIsBrowser(), which turns true in an effect just after hydration, so React throws away and
 * builds again every code block and every set of tabs on the page, in one task it cannot split:
 * the longest task after the first paint on a guide or an operation page (npm run bench). The site
 * needs neither rebuild:
 * - CodeBlock rebuilds for the colour mode's Prism theme, and the site's one code theme is CSS
 *   variables (src/data/prism-themes.ts), right in both modes;
 * - Tabs rebuilds for a tab chosen on an earlier page, which its own layout effect selects anyway.
 *
 * Inside, useIsBrowser() stays false, as it is while hydrating. Nothing the site renders inside a
 * code block or tabs reads it; a component that must know whether it runs in the browser reads
 * ExecutionEnvironment or an effect instead.
 *
 * `@docusaurus/core/lib/client/browserContext` is the context useIsBrowser() reads, not a public
 * API. If it moves, the build fails on this import (with the flag kept-from-hydration off, this
 * module is replaced by ./stock/kept-from-hydration.tsx and the import is gone); if useIsBrowser()
 * stops reading it, tests/e2e/tabs-and-code.spec.ts sees the rebuild again. The switchboard
 * (./index.ts) pins the upstream files by hash, and the bench's A/B measures what it saves.
 */
import React, {useSyncExternalStore, type ReactNode} from 'react';
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';

export default function KeptFromHydration({children}: {children: ReactNode}): ReactNode {
  return <BrowserContext.Provider value={false}>{children}</BrowserContext.Provider>;
}

const unchanging = () => () => undefined;

/**
 * Inside a kept subtree, the browser context as it really is: false while hydrating and on the server,
 * true from then on. The theme renders a code block's buttons (Copy, word wrap) only in the browser,
 * through BrowserOnly; held false, a block would never get them. Only what this wraps renders again
 * after hydration, as BrowserOnly would have it.
 */
export function Hydrated({children}: {children: ReactNode}): ReactNode {
  const hydrated = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return <BrowserContext.Provider value={hydrated}>{children}</BrowserContext.Provider>;
}
