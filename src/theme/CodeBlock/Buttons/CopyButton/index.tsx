/**
 * Why this wrapper exists: a block's Copy gives the reader idempotency keys of their own in place of
 * the ones the page writes (lib/idempotency-keys.ts), so that a copied request is not refused as a
 * replay of every other reader's. The theme's button copies the code of its block's context; this one
 * gives it a context whose code has the fresh keys. A block without a key copies as it is.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import CopyButton from '@theme-original/CodeBlock/Buttons/CopyButton';
import {CodeBlockContextProvider, useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {withFreshKeys} from '@site/lib/idempotency-keys';

/** The fresh key of each written one, for this tab: the same written key copies as the same fresh key. */
const keys = new Map<string, string>();

export default function CopyButtonWrapper(props: ComponentProps<typeof CopyButton>): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const code = withFreshKeys(metadata.code, keys);
  if (code === metadata.code) return <CopyButton {...props} />;
  return (
    <CodeBlockContextProvider metadata={{...metadata, code}} wordWrap={wordWrap}>
      <CopyButton {...props} />
    </CodeBlockContextProvider>
  );
}
