/**
 * Why this replacement exists: the theme's CodeBlock keys its content on whether the page has
 * hydrated, so every code block is thrown away and built again, tokens highlighted a second time,
 * right after the page loads: about 1,600 elements on a guide with a dozen code blocks. The theme
 * does it so that a reader whose colour mode is not the default sees the right colours, since
 * React leaves attributes as the server wrote them when it hydrates. That is no longer needed:
 * useColorMode() answers the default mode until the page has hydrated (theme-common's colorMode
 * context), so the first render matches the server's HTML, and the switch to the reader's mode is
 * an ordinary update, which React does apply to the DOM. Checked against
 * @docusaurus/theme-classic 3.10.2.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

export default function CodeBlock({children, ...props}: Props): ReactNode {
  // Text (one string or several) is highlighted and can be copied; elements are shown as they are.
  if (React.Children.toArray(children).some((child) => isValidElement(child))) {
    return <ElementContent {...props}>{children}</ElementContent>;
  }
  return <StringContent {...props}>{Array.isArray(children) ? children.join('') : String(children ?? '')}</StringContent>;
}
