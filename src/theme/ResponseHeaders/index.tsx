/**
 * Why this replacement exists: docusaurus-theme-openapi-docs 5.2.0 lists response headers as
 * <div> items directly inside a <ul>, which is not a valid list (axe: "list"). This renders the
 * same SchemaItem for each header, each inside an <li>. Checked against 5.2.0.
 */
import React, {type ReactNode} from 'react';
import SchemaItem from '@theme/SchemaItem';
import {getSchemaName} from 'docusaurus-theme-openapi-docs/lib/markdown/schema';

type Props = {responseHeaders?: Record<string, Record<string, unknown>>};

export default function ResponseHeaders({responseHeaders}: Props): ReactNode {
  if (!responseHeaders) {
    return null;
  }
  return (
    <ul style={{marginLeft: '1rem'}}>
      {Object.entries(responseHeaders).map(([name, schema]) => (
        <li key={name} className="openapi-list-item">
          <SchemaItem
            name={name}
            collapsible={false}
            schemaName={getSchemaName(schema)}
            schema={schema}
            discriminator={false}
            children={null}
          />
        </li>
      ))}
    </ul>
  );
}
