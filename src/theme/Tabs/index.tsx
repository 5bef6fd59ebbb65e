/**
 * Why this wrapper exists: the theme's tabs are built again just after hydration, with every code
 * block inside, which the site does not need (src/internals/kept-from-hydration.tsx).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import KeptFromHydration from '@site/src/internals/kept-from-hydration';

export default function TabsWrapper(props: ComponentProps<typeof Tabs>): ReactNode {
  return (
    <KeptFromHydration>
      <Tabs {...props} />
    </KeptFromHydration>
  );
}
