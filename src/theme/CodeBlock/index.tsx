/**
 * Why this wrapper exists:
 * - the theme's code block is built again just after hydration, which the site's code theme does
 *   not need (src/internals/kept-from-hydration.tsx);
 * - a block's highlighting comes from the build (src/plugins/code-tokens.ts): from the fenced
 *   block's `data-tokens`, or for code a React page shows, from the plugin's data. It reaches
 *   src/theme/CodeBlock/Content through CodeTokens.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import {usePluginData} from '@docusaurus/useGlobalData';
import KeptFromHydration from '@site/src/internals/kept-from-hydration';
import {CodeTokens} from '@site/src/components/CodeTokens';
import {codeTokensPlugin} from '@site/src/lib/code-tokens';

type Props = ComponentProps<typeof CodeBlock> & {'data-tokens'?: string};

export default function CodeBlockWrapper({'data-tokens': fenced, ...props}: Props): ReactNode {
  const snippets = usePluginData(codeTokensPlugin) as Record<string, string>;
  const tokens = fenced ?? (typeof props.children === 'string' ? snippets[props.children] : undefined);
  return (
    <KeptFromHydration>
      <CodeTokens.Provider value={tokens}>
        <CodeBlock {...props} />
      </CodeTokens.Provider>
    </KeptFromHydration>
  );
}
