/**
 * Why this wrapper exists: the theme's code block is built again just after hydration, which the
 * site's code theme does not need (src/components/KeptFromHydration.tsx).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import CodeBlock from '@theme-original/CodeBlock';
import KeptFromHydration from '@site/src/components/KeptFromHydration';

export default function CodeBlockWrapper(props: ComponentProps<typeof CodeBlock>): ReactNode {
  return (
    <KeptFromHydration>
      <CodeBlock {...props} />
    </KeptFromHydration>
  );
}
