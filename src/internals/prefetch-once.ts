/**
 * The `window.docusaurus` object that <Link> calls: `prefetch` when a link scrolls into view,
 * `preload` when it is hovered or touched. It replaces @docusaurus/core/lib/client/docusaurus.js
 * (src/internals/plugin.ts replaces it; its flag is prefetch-once), whose prefetch added a <link rel=prefetch> for every chunk of the linked page
 * and of every route above it (the docs root, the version with its sidebars, the sidebar) on each
 * call, and searched the whole chunk table with a regular expression to find them. A guide page
 * on a phone added about 400 such elements for 25 distinct files, 200 ms and more of main-thread
 * time on a throttled CPU. This one finds a route's chunks in a table built once and asks for
 * each file once, and it does so when the browser is idle, a few routes at a time: core's did
 * the work of every link in view in the task that saw them, one long task just after hydration.
 * What it prefetches, and `preload`, are core's.
 */
import {matchRoutes} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import prefetchFile from '@docusaurus/core/lib/client/prefetch';
import preloadRoute from '@docusaurus/core/lib/client/preload';
import flat from '@docusaurus/core/lib/client/flat';

declare const __webpack_require__: {gca: (chunkName: string) => string | undefined};
declare global {
  interface Navigator {
    connection?: {effectiveType: string; saveData: boolean};
  }
}

const prefetchedRoutes = new Set<string>();
const preloadedRoutes = new Set<string>();
const requestedFiles = new Set<string>();
let chunksByRoute: Map<string, string[]> | undefined;

const isSlowConnection = (): boolean => Boolean(navigator.connection?.effectiveType.includes('2g') || navigator.connection?.saveData);

/** The chunk names of a route path; the table's keys end in "-" and a hash, which is dropped. */
function chunksOf(routePath: string): string[] {
  if (!chunksByRoute) {
    chunksByRoute = new Map();
    for (const [nameWithHash, chunks] of Object.entries(routesChunkNames)) {
      const routeName = nameWithHash.replace(/-[^-]+$/, '');
      chunksByRoute.set(routeName, [...(chunksByRoute.get(routeName) ?? []), ...Object.values(flat(chunks))]);
    }
  }
  return chunksByRoute.get(routePath) ?? [];
}

/** Asks the browser to prefetch each file of a route's page that no earlier route asked for. */
function prefetchFiles(routePath: string): void {
  const files = matchRoutes(routes, routePath)
    .flatMap((match) => chunksOf(match.route.path as string))
    // The bundler may have merged a chunk into another one; it then has no file of its own.
    .map((chunkName) => __webpack_require__.gca(chunkName))
    .filter((file): file is string => file !== undefined && !file.includes('undefined'));
  const newFiles = [...new Set(files)].filter((file) => !requestedFiles.has(file));
  newFiles.forEach((file) => requestedFiles.add(file));
  newFiles.forEach(prefetchFile);
}

/** Routes whose links came into view, waiting for the browser to be idle. */
const waiting: string[] = [];
/** How long one idle callback may work, so that a reader's tap never waits behind it for long. */
const sliceMs = 8;
const whenIdle = (work: (deadline?: IdleDeadline) => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work);
  else setTimeout(work, 1);
};

function prefetchWaiting(deadline?: IdleDeadline): void {
  const start = performance.now();
  do {
    const routePath = waiting.shift()!;
    // A link hovered or touched meanwhile has loaded its page's files already.
    if (!preloadedRoutes.has(routePath)) prefetchFiles(routePath);
  } while (waiting.length > 0 && deadline !== undefined && deadline.timeRemaining() > 0 && performance.now() - start < sliceMs);
  if (waiting.length > 0) whenIdle(prefetchWaiting);
}

/**
 * Links that come into view together (all those of a page just hydrated) call this in one task:
 * their routes wait, and are prefetched a few at a time when the browser is idle, so that the
 * work is never one long task.
 */
function prefetch(routePath: string): boolean {
  if (isSlowConnection() || preloadedRoutes.has(routePath) || prefetchedRoutes.has(routePath)) return false;
  prefetchedRoutes.add(routePath);
  waiting.push(routePath);
  if (waiting.length === 1) whenIdle(prefetchWaiting);
  return true;
}

function preload(routePath: string): false | Promise<void[]> {
  if (isSlowConnection() || preloadedRoutes.has(routePath)) return false;
  preloadedRoutes.add(routePath);
  return preloadRoute(routePath);
}

export default Object.freeze({prefetch, preload});
