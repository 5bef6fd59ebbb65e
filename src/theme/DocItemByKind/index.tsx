/**
 * The item component of every docs page. An API operation page exports the API theme's
 * ApiItem from its own MDX (see src/plugins/api-page-markdown.ts) and renders with it; every
 * other page renders with the plain DocItem. So guides and concepts never load the API theme's
 * code, and operation pages load it with their route, before hydration.
 * Checked against @docusaurus/plugin-content-docs 3.10.2 and docusaurus-theme-openapi-docs 5.2.0.
 */
import React, {type ComponentType, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

type Content = Props['content'] & {ApiItem?: ComponentType<Props>};

export default function DocItemByKind(props: Props): ReactNode {
  const {ApiItem} = props.content as Content;
  return ApiItem ? <ApiItem {...props} /> : <DocItem {...props} />;
}
