import type {Plugin} from '@docusaurus/types';

// The structural part of Rspack's split-chunks test context that this plugin uses.
type BundleModule = {nameForCondition(): string | null | undefined};
type BundleChunk = {name?: string | null};
type ChunkGraph = {
  getModuleChunks(module: BundleModule): BundleChunk[];
  getChunkModules(chunk: BundleChunk): BundleModule[];
};

const apiPageFile = /[\\/]docs[\\/]api[\\/](accounts|financial)[\\/]/;

/**
 * A split-chunks test: true for a module that only the generated API reference pages use
 * (every chunk that holds it also holds a page from docs/api/accounts or docs/api/financial).
 */
export function createApiOnlyTest(): (module: BundleModule, context: {chunkGraph: ChunkGraph}) => boolean {
  const apiChunks = new Map<string, boolean>();
  const isApiChunk = (chunk: BundleChunk, chunkGraph: ChunkGraph): boolean => {
    const cached = chunk.name ? apiChunks.get(chunk.name) : undefined;
    if (cached !== undefined) return cached;
    const result = chunkGraph.getChunkModules(chunk).some((module) => apiPageFile.test(module.nameForCondition() ?? ''));
    if (chunk.name) apiChunks.set(chunk.name, result);
    return result;
  };
  return (module, {chunkGraph}) => {
    const chunks = chunkGraph.getModuleChunks(module);
    return chunks.length > 0 && chunks.every((chunk) => isApiChunk(chunk, chunkGraph));
  };
}

/**
 * Docusaurus puts every module that half the pages use into one "common" chunk that every page
 * loads. The API operation pages are most of the site's pages, so the API theme and its
 * libraries would be loaded by the home page and every guide too. This gathers the modules that
 * only API reference pages use into their own chunk, which only those pages load.
 * Checked against @docusaurus/core 3.10.2 with @docusaurus/faster (Rspack).
 */
export default function apiReferenceChunk(): Plugin {
  return {
    name: 'api-reference-chunk',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              apiReference: {
                name: 'api-reference',
                test: createApiOnlyTest(),
                chunks: 'async',
                priority: 45,
                enforce: true,
                reuseExistingChunk: true,
              },
            },
          },
        },
      };
    },
  };
}
