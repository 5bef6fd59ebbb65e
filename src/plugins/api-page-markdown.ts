import {createApiPageMD as createDefaultApiPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';

type ApiPageMetadata = Parameters<typeof createDefaultApiPageMD>[0];

/**
 * The MDX of an API operation page: the plugin's own, plus an export of the API theme's
 * ApiItem. Docusaurus hands a page module's named exports to the item component
 * (src/theme/DocItemByKind), so operation pages bring ApiItem in their own route chunks and
 * every other page stays free of it.
 */
export function createApiPageMD(page: ApiPageMetadata): string {
  return `${createDefaultApiPageMD(page)}\n\nexport {default as ApiItem} from "@theme/ApiItem";\n`;
}
