// docusaurus-theme-openapi-docs 5.2 ships no declarations for the theme components that
// src/theme wraps or uses: typed here as loosely as the theme ships them.
declare module '@theme-original/ParamsItem' {
  import type {ComponentType} from 'react';

  const ParamsItem: ComponentType<Record<string, unknown>>;
  export default ParamsItem;
}

declare module '@theme-original/Schema' {
  import type {ComponentType} from 'react';

  const Schema: ComponentType<Record<string, unknown>>;
  export default Schema;
}

declare module '@theme/SchemaItem' {
  import type {ComponentType} from 'react';

  const SchemaItem: ComponentType<Record<string, unknown>>;
  export default SchemaItem;
}

declare module 'docusaurus-theme-openapi-docs/lib/markdown/schema' {
  export function getSchemaName(schema: unknown): string;
}
