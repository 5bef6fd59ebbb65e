/**
 * Why this wrapper exists: docusaurus-theme-openapi-docs 5.2.0 renders a request or response
 * schema as <div> and <details> elements directly inside a <ul>, which is not a valid list
 * (axe: "list"). Its only callers (RequestSchema, ResponseSchema) place it alone in that <ul>,
 * so wrapping it in one <li> makes the list valid; the look is unchanged.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Schema from '@theme-original/Schema';

export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  return (
    <li className="openapi-list-item">
      <Schema {...props} />
    </li>
  );
}
