/**
 * Why this wrapper exists: the theme renders a block's buttons through BrowserOnly, and the block is
 * kept from hydration (src/internals/kept-from-hydration.tsx), where the browser context stays false:
 * without this, no code block would have its Copy and word wrap buttons. Hydrated gives them the
 * real context, so that they appear once the page has hydrated, as in the theme.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Buttons from '@theme-original/CodeBlock/Buttons';
import {Hydrated} from '@site/src/internals/kept-from-hydration';

export default function ButtonsWrapper(props: ComponentProps<typeof Buttons>): ReactNode {
  return (
    <Hydrated>
      <Buttons {...props} />
    </Hydrated>
  );
}
