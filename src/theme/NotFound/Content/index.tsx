/**
 * Why this wrapper exists: in @docusaurus/theme-classic 3.10.2 the not-found page sets its
 * title outside the Layout, and the Layout's own untitled metadata then wins, so the tab
 * read only the site title. Setting the title again inside the Layout gives
 * "Page Not Found | site title", as every other page has.
 */
import React, {type ReactNode} from 'react';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import type {WrapperProps} from '@docusaurus/types';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';

type Props = WrapperProps<typeof ContentType>;

export default function NotFoundContentWrapper(props: Props): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <Content {...props} />
    </>
  );
}
