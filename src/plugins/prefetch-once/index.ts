import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Swaps Docusaurus' `window.docusaurus` module (@docusaurus/core/lib/client/docusaurus.js) for
 * ./docusaurus.ts in the client bundle, so that pages prefetch each file once (see there why).
 * The module is imported by a relative path from core's client entry, so it is replaced by its
 * resolved file name rather than by an alias. Checked against @docusaurus/core 3.10.2.
 */
export default function prefetchOnce(): Plugin {
  return {
    name: 'prefetch-once',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const core = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;
      const replacement = path.resolve(__dirname, 'docusaurus.ts');
      return {plugins: [new currentBundler.instance.NormalModuleReplacementPlugin(core, replacement)]};
    },
  };
}
