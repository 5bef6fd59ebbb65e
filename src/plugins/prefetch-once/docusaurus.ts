/**
 * The `window.docusaurus` object that <Link> calls: `prefetch` when a link scrolls into view,
 * `preload` when it is hovered or touched. It replaces @docusaurus/core/lib/client/docusaurus.js
 * (see ./index.ts), whose prefetch added a <link rel=prefetch> for every chunk of the linked page
 * and of every route above it (the docs root, the version with its sidebars, the sidebar) on each
 * call, and searched the whole chunk table with a regular expression to find them. A guide page
 * on a phone added about 400 such elements for 25 distinct files, 200 ms and more of main-thread
 * time on a throttled CPU. This one finds a route's chunks in a table built once and asks for
 * each file once; when and what it prefetches, and `preload`, are core's.
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

function prefetch(routePath: string): false | Promise<void[]> {
  if (isSlowConnection() || preloadedRoutes.has(routePath) || prefetchedRoutes.has(routePath)) return false;
  prefetchedRoutes.add(routePath);
  const files = matchRoutes(routes, routePath)
    .flatMap((match) => chunksOf(match.route.path as string))
    // The bundler may have merged a chunk into another one; it then has no file of its own.
    .map((chunkName) => __webpack_require__.gca(chunkName))
    .filter((file): file is string => file !== undefined && !file.includes('undefined'));
  const newFiles = [...new Set(files)].filter((file) => !requestedFiles.has(file));
  newFiles.forEach((file) => requestedFiles.add(file));
  return Promise.all(newFiles.map(prefetchFile));
}

function preload(routePath: string): false | Promise<void[]> {
  if (isSlowConnection() || preloadedRoutes.has(routePath)) return false;
  preloadedRoutes.add(routePath);
  return preloadRoute(routePath);
}

export default Object.freeze({prefetch, preload});
