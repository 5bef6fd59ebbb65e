/**
 * Why this wrapper exists: every page declares its Markdown twin (src/plugins/markdown-twins) with
 * `<link rel="alternate" type="text/markdown">`, in the server HTML and again after each client-side
 * navigation. Root is the one component around every page, the home and search pages included.
 */
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useTwinPath} from '@site/src/lib/use-twin-path';

export default function Root({children}: {children: ReactNode}): ReactNode {
  const twin = useTwinPath();
  return (
    <>
      {twin && (
        <Head>
          <link rel="alternate" type="text/markdown" href={twin} />
        </Head>
      )}
      {children}
    </>
  );
}
