import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Points `prism-react-renderer` at src/lib/highlight in the site's client and server bundles, so
 * that code blocks highlight with a Prism that defines only the languages the docs use (see
 * src/lib/highlight/prism.ts). Docusaurus' CodeBlock and prism-include-languages import
 * `Highlight` and `Prism` from that package by name. Checked against @docusaurus/theme-classic
 * 3.10.2 and prism-react-renderer 2.4.1.
 */
export default function slimPrism(): Plugin {
  return {
    name: 'slim-prism',
    configureWebpack() {
      return {resolve: {alias: {'prism-react-renderer$': path.resolve(__dirname, '../lib/highlight/index.tsx')}}};
    },
  };
}
