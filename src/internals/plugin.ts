/**
 * The bundler's side of the switchboard (./index.ts): each client-side internal the build keeps,
 * and in place of each it leaves out, the framework's own module. Every replacement is by the
 * resolved file name, with the bundler's public NormalModuleReplacementPlugin: core's client entry
 * imports `docusaurus.js` by a relative path, which no alias can reach.
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {internalOn} from './index';

const load = createRequire(__filename);

const file = (...parts: string[]) => new RegExp(`[\\\\/]${parts.map((part) => part.replace(/\./g, '\\.')).join('[\\\\/]')}$`);

export default function frameworkInternals(): Plugin {
  return {
    name: 'framework-internals',
    configureWebpack(_config, isServer, {currentBundler}) {
      const Replace = currentBundler.instance.NormalModuleReplacementPlugin;
      const plugins = [];
      if (!isServer && internalOn('prefetch-once'))
        plugins.push(
          new Replace(file('@docusaurus', 'core', 'lib', 'client', 'docusaurus.js'), path.resolve(__dirname, 'prefetch-once.ts')),
        );
      if (!internalOn('kept-from-hydration'))
        plugins.push(
          new Replace(file('src', 'internals', 'kept-from-hydration.tsx'), path.resolve(__dirname, 'stock', 'kept-from-hydration.tsx')),
        );
      if (!internalOn('copy-fresh-keys'))
        plugins.push(
          new Replace(
            file('src', 'theme', 'CodeBlock', 'Buttons', 'CopyButton', 'index.tsx'),
            load.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/Buttons/CopyButton/index.js'),
          ),
        );
      // The theme adds this client module to every page; `false` makes it an empty module.
      const prism = load.resolve('@docusaurus/theme-classic/lib/prism-include-languages').replace(/\.js$/, '');
      const alias = internalOn('prism-left-out') ? {[`${prism}$`]: false as const} : {};
      return {plugins, resolve: {alias}};
    },
  };
}
