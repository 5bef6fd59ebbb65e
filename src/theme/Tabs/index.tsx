/**
 * Why this wrapper exists: the theme's tabs are built again just after hydration, with every code
 * block inside, which the site does not need (src/components/KeptFromHydration.tsx).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import KeptFromHydration from '@site/src/components/KeptFromHydration';

export default function TabsWrapper(props: ComponentProps<typeof Tabs>): ReactNode {
  return (
    <KeptFromHydration>
      <Tabs {...props} />
    </KeptFromHydration>
  );
}
