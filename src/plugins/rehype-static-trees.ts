/**
 * A rehype plugin for the docs: each part of a page that is only elements and text (a field
 * table, a list, the request samples in their tabs) becomes one <StaticTree tree="…"/>, its
 * elements written as a JSON string (src/lib/static-tree.ts) instead of a JSX call per element.
 *
 * Why: the build's memory grows with the number of elements the pages' modules hold, far more
 * than with their bytes. With the pages as JSX, the bench's copy with 2,000 operations peaked at
 * 5.47 GB (4.46 GB while bundling); with the same pages as trees, at 3.74 and 3.85 GB in two
 * runs (3.52 and 3.49 GB while bundling; the scaling table of bench/RESULTS.md). The HTML is the same: StaticTree makes the elements MDX would
 * have made, through the same components, and tests/unit/rehype-static-trees.test.ts compares the
 * two renderings.
 *
 * A part stays JSX when anything in it is more than data: an expression, a prop other than the
 * plain ones below, a component the page does not import by default, or SVG. Small parts stay
 * JSX too, where a StaticTree would save nothing, and so do the components among the children of
 * a component that stays JSX (a TabItem of Tabs), whose insides may still become trees.
 */
import {nameFrom, type NameFrom, type StaticNode, type StaticProps} from '../lib/static-tree';
import {mdxDefaultImport} from './mdx-import';
import {tokensProperty} from './code-tokens';

type Attribute = {type: string; name?: string; value?: unknown};
type HastNode = {
  type: string;
  tagName?: string;
  name?: string | null;
  value?: string;
  properties?: Record<string, unknown>;
  attributes?: Attribute[];
  children?: HastNode[];
  data?: {estree?: Program};
};
type Program = {
  type: string;
  sourceType: string;
  body: {type: string; specifiers?: {type: string; local: {name: string}}[]; [key: string]: unknown}[];
};

/** The props a Markdown element or a lower-case JSX element may carry into a tree: text-only attributes. */
const plainProps = new Set(['className', 'id', 'href', 'title', 'metastring', 'type', 'data-pagefind-ignore', tokensProperty]);
/** Elements whose line breaks between children MDX leaves out, as React allows no text in them. */
const tableParts = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
/** A part whose tree is shorter than this stays JSX. */
const smallest = 400;
const htmlName = /^[a-z][a-z0-9]*$/;
const component = 'StaticTree';
export const componentSource = '@site/src/components/StaticTree';

/** The names a page's `import X from '…'` lines bind, the components a tree may use. */
function defaultImports(root: HastNode): Set<string> {
  const names = new Set<string>();
  for (const node of root.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      for (const specifier of statement.specifiers ?? []) {
        if (statement.type === 'ImportDeclaration' && specifier.type === 'ImportDefaultSpecifier') names.add(specifier.local.name);
      }
    }
  }
  return names;
}

/** A node as a tree, with the imported components it names added to `used`; undefined when it cannot be one. */
function toTree(node: HastNode, imports: Set<string>, used: Set<string>): StaticNode | undefined {
  if (node.type === 'text') return node.value ?? '';
  const props: StaticProps = {};
  let name: string;
  let from: NameFrom;
  if (node.type === 'element' && node.tagName && htmlName.test(node.tagName) && node.tagName !== 'svg') {
    [name, from] = [node.tagName, nameFrom.markdown];
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      if (value === null || value === undefined) continue;
      if (!plainProps.has(key)) return undefined;
      if (typeof value === 'string') props[key] = value;
      else if (Array.isArray(value) && key === 'className') props[key] = value.join(' ');
      else return undefined;
    }
  } else if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) {
    const imported = imports.has(node.name);
    if (!imported && (!htmlName.test(node.name) || node.name === 'svg')) return undefined;
    [name, from] = [node.name, imported ? nameFrom.imported : nameFrom.html];
    for (const attribute of node.attributes ?? []) {
      const {type, name: key, value} = attribute;
      if (type !== 'mdxJsxAttribute' || !key || !(imported || plainProps.has(key))) return undefined;
      if (typeof value === 'string') props[key] = value;
      else if (value === null && imported) props[key] = true;
      else return undefined;
    }
    if (imported) used.add(node.name);
  } else {
    return undefined;
  }
  const children: StaticNode[] = [];
  const skipLineBreaks = node.type === 'element' && tableParts.has(name);
  for (const child of node.children ?? []) {
    if (child.type === 'text' && (!child.value || (skipLineBreaks && child.value === '\n'))) continue;
    const tree = toTree(child, imports, used);
    if (tree === undefined) return undefined;
    children.push(tree);
  }
  return [name, from, Object.keys(props).length ? props : 0, ...children];
}

/** Whether a node is a component the page imports, such as Tabs or TabItem. */
const isComponent = (node: HastNode, imports: Set<string>): boolean =>
  (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && imports.has(node.name ?? '');

const identifier = (name: string) => ({type: 'Identifier', name});

/** <StaticTree tree="…" components={{Tabs, TabItem}}/>, the components being those the tree names. */
function staticTree(json: string, used: Set<string>): HastNode {
  const attributes: HastNode['attributes'] = [{type: 'mdxJsxAttribute', name: 'tree', value: json}];
  if (used.size) {
    const names = [...used];
    const properties = names.map((name) => ({
      type: 'Property',
      kind: 'init',
      method: false,
      shorthand: true,
      computed: false,
      key: identifier(name),
      value: identifier(name),
    }));
    const estree = {
      type: 'Program',
      sourceType: 'module',
      body: [{type: 'ExpressionStatement', expression: {type: 'ObjectExpression', properties}}],
    };
    attributes.push({
      type: 'mdxJsxAttribute',
      name: 'components',
      value: {type: 'mdxJsxAttributeValueExpression', value: `{${names.join(', ')}}`, data: {estree}},
    });
  }
  return {type: 'mdxJsxFlowElement', name: component, attributes, children: []};
}

const importStatement = mdxDefaultImport(component, componentSource) as HastNode;

export default function rehypeStaticTrees() {
  return (root: HastNode): void => {
    const imports = defaultImports(root);
    if (imports.has(component)) throw new Error(`rehype-static-trees: the page imports its own ${component}`);
    let converted = false;
    const walk = (parent: HastNode): void => {
      // A component reads the props of the components among its children (Tabs those of each
      // TabItem), so such a child of one that stays JSX is not replaced: only what is inside it can
      // become a tree.
      const kept = (child: HastNode) => isComponent(parent, imports) && isComponent(child, imports);
      parent.children = parent.children?.map((child) => {
        const used = new Set<string>();
        const tree = child.type === 'text' || kept(child) ? undefined : toTree(child, imports, used);
        const json = tree === undefined ? '' : JSON.stringify(tree);
        if (json.length >= smallest) {
          converted = true;
          return staticTree(json, used);
        }
        walk(child);
        return child;
      });
    };
    walk(root);
    if (converted) root.children?.unshift(importStatement);
  };
}
