/**
 * Why this wrapper exists: docusaurus-theme-openapi-docs 5.2.0 renders each parameter as a
 * <div> directly inside ParamsDetails' <ul>, which is not a valid list (axe: "list"). Wrapping
 * the item in an <li> makes the list valid for screen readers; the look is unchanged.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import ParamsItem from '@theme-original/ParamsItem';

export default function ParamsItemWrapper(props: ComponentProps<typeof ParamsItem>): ReactNode {
  return (
    <li className="openapi-list-item">
      <ParamsItem {...props} />
    </li>
  );
}
