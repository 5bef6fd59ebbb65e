/**
 * Renders a part of a page that src/plugins/rehype-static-trees.ts turned into data at build time:
 * the same elements, with the same props and children, that MDX's compiled code would have made.
 * The tree is only ever data: a name is an HTML element, one of the page's MDX components or one
 * of the components the page passes in `components`; props are strings and flags; text is text.
 */
import {createElement, useMemo, type ElementType, type ReactNode} from 'react';
import {useMDXComponents} from '@mdx-js/react';
import {nameFrom, type StaticNode} from '../../lib/static-tree';

type Props = {tree: string; components?: Record<string, ElementType>};

export default function StaticTree({tree, components = {}}: Props): ReactNode {
  // Parsed once per tree, not again on each render (a tab chosen, the colour mode changed).
  const root = useMemo(() => JSON.parse(tree) as StaticNode, [tree]);
  const provided = useMDXComponents() as Record<string, ElementType | undefined>;
  const render = (node: StaticNode): ReactNode => {
    if (typeof node === 'string') return node;
    const [name, from, props, ...children] = node;
    const type = from === nameFrom.imported ? components[name] : from === nameFrom.markdown ? (provided[name] ?? name) : name;
    if (!type) throw new Error(`StaticTree: the page passed no component named ${name}`);
    return createElement(type, props || null, ...children.map(render));
  };
  return render(root);
}
