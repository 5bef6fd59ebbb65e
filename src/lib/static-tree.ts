/**
 * A part of a page as data: what src/plugins/rehype-static-trees.ts writes at build time and
 * src/components/StaticTree renders. A node is a text, or an element: its name, where the name
 * comes from, its props (0 when it has none) and its children.
 */
export type StaticNode = string | [name: string, from: NameFrom, props: StaticProps | 0, ...children: StaticNode[]];

export type StaticProps = Record<string, string | true>;

/**
 * Where an element's name is looked up, as MDX's own compiled code does: an element written in
 * Markdown goes through the MDX components of the page (the theme's links, code and headings); one
 * written as JSX in lower case is that HTML element as it is; a component the page imports is
 * passed to StaticTree with the tree.
 */
export const nameFrom = {html: 0, markdown: 1, imported: 2} as const;
export type NameFrom = (typeof nameFrom)[keyof typeof nameFrom];
