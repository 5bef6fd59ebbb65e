/**
 * Why this wrapper exists: doc pages (and the category index pages, which show breadcrumbs too)
 * get the "Copy page" button on the line of their breadcrumbs, at the top of the article.
 */
import React, {type ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import CopyPage from '@site/src/components/CopyPage';

export default function DocBreadcrumbsWrapper(): ReactNode {
  return (
    <div className="doc-toolbar">
      <DocBreadcrumbs />
      <CopyPage />
    </div>
  );
}
