/**
 * Text from the specs, made safe for every file the site writes from it. The specs come from an
 * API host or from many hands, so no string of theirs may reach a generated file as MDX, JSX,
 * HTML, YAML or JavaScript source: each is parsed, cleaned and written out by a serializer of the
 * target format, never pasted into source.
 *
 * specMarkdown() is the one place that reads spec text: Markdown (CommonMark and GFM, not MDX) into
 * a syntax tree in which raw HTML is plain text and links go only to full http(s): and mailto:
 * addresses (a relative link is its words alone). Every writer builds on that tree:
 *
 * - toMdx() writes a tree (spec text beside the page's own JSX) as MDX: the MDX serializer escapes
 *   braces and `<`, and a line that MDX would read as an import or export starts with a character
 *   reference instead. It then reads the MDX back and fails if it holds more code than the page put
 *   there, naming the page.
 * - toMarkdown() writes the same tree as CommonMark (the Postman collections, llms.txt).
 * - plainText() is its words alone (titles, sidebar labels, meta descriptions).
 * - frontMatter() writes a page's front matter with a YAML serializer.
 */
import type {PhrasingContent, Root, RootContent, Text} from 'mdast';
import type {MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement} from 'mdast-util-mdx-jsx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify, {type Options as StringifyOptions} from 'remark-stringify';
import {unified} from 'unified';
import {stringify as stringifyYaml} from 'yaml';

/** Spec text that cannot be written safely: the build stops with this one line. */
export class SpecTextError extends Error {}

const markdownReader = unified().use(remarkParse).use(remarkGfm);
// MDX as Docusaurus reads it: with GFM and the directives of admonitions.
const mdxReader = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);

/** An MDX page's syntax tree, as Docusaurus reads it. */
export const parseMdx = (source: string): Root => mdxReader.parse(source) as Root;

const style: StringifyOptions = {bullet: '-', fence: '`', fences: true, emphasis: '_', rule: '-', listItemIndent: 'one'};
// An `import` or `export` at the start of a line is an ES module to MDX, wherever the line is
// (a paragraph, a list item, a quote): its first letter is written as a character reference.
const esmLines: StringifyOptions['unsafe'] = [
  {atBreak: true, character: 'i', after: 'mport\\b'},
  {atBreak: true, character: 'e', after: 'xport\\b'},
];
const mdxWriter = unified()
  .use(remarkMdx)
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkDirective)
  .use(remarkStringify, {...style, unsafe: esmLines});
const markdownWriter = unified().use(remarkGfm, {tablePipeAlign: false}).use(remarkStringify, style);

const allowedSchemes = new Set(['http', 'https', 'mailto']);

/**
 * Whether spec text can link to a target: only a full http(s): or mailto: address (control
 * characters and spaces ignored, as browsers do). A relative one (`/docs/models`, `models.md`,
 * `#fields`) points into the site the spec was written for, not this one, where it would be a
 * broken link: its words are kept as text.
 */
function isLinkable(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers ignore control characters in a URL's scheme, so the check must too
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1];
  return scheme !== undefined && allowedSchemes.has(scheme.toLowerCase());
}

export const text = (value: string): Text => ({type: 'text', value});

/** The blocks that hold other blocks: raw HTML directly inside them becomes a paragraph of text. */
const flowParents = new Set(['root', 'blockquote', 'listItem', 'footnoteDefinition']);

function clean(node: RootContent, parentType: string): RootContent[] {
  switch (node.type) {
    case 'html':
      return flowParents.has(parentType) ? [{type: 'paragraph', children: [text(node.value)]}] : [text(node.value)];
    case 'link':
      if (!isLinkable(node.url)) return node.children.flatMap((child) => clean(child, 'link'));
      break;
    case 'image':
      if (!isLinkable(node.url)) return node.alt ? [text(node.alt)] : [];
      break;
    case 'definition':
      if (!isLinkable(node.url)) return [];
      break;
  }
  if ('children' in node) {
    const children = node.children.flatMap((child) => clean(child as RootContent, node.type));
    return [{...node, children} as RootContent];
  }
  return [node];
}

/** Spec Markdown as a syntax tree that holds no HTML and no link to a script or data URL. */
export function specMarkdown(markdown: string): RootContent[] {
  const tree = markdownReader.parse(markdown.trim()) as Root;
  return tree.children.flatMap((child) => clean(child, 'root'));
}

/** The words of spec Markdown on one line, without its formatting. */
export function plainText(markdown: string): string {
  const words = (nodes: RootContent[]): string =>
    nodes.map((node) => ('value' in node ? node.value : 'children' in node ? words(node.children as RootContent[]) : ' ')).join(' ');
  return words(specMarkdown(markdown))
    .replace(/\s+/g, ' ')
    .replace(/ (?=[.,;:!?)])/g, '')
    .trim();
}

type Attributes = Record<string, string | true>;

const attributes = (values: Attributes): MdxJsxAttribute[] =>
  Object.entries(values).map(([name, value]) => ({type: 'mdxJsxAttribute', name, value: value === true ? null : value}));

/** One of the page's own JSX elements around blocks; attribute values are written as strings. */
export function jsxBlock(name: string, values: Attributes, children: RootContent[]): MdxJsxFlowElement {
  return {type: 'mdxJsxFlowElement', name, attributes: attributes(values), children: children as MdxJsxFlowElement['children']};
}

/** One of the page's own JSX elements in a line of text. */
export function jsxInline(name: string, values: Attributes, children: PhrasingContent[]): MdxJsxTextElement {
  return {type: 'mdxJsxTextElement', name, attributes: attributes(values), children};
}

const codeNodeTypes = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement']);

function countCode(nodes: readonly unknown[]): number {
  return nodes.reduce<number>((count, node) => {
    const {type, children, attributes} = node as {type: string; children?: unknown[]; attributes?: unknown};
    // A JSX element's attributes are a list; a directive's (an admonition's) are a plain mapping of strings.
    const attrs = Array.isArray(attributes) ? (attributes as {type: string; value?: unknown}[]) : [];
    const expressions = attrs.filter(
      (attr) => attr.type !== 'mdxJsxAttribute' || (attr.value !== null && typeof attr.value === 'object'),
    ).length;
    return count + (codeNodeTypes.has(type) ? 1 : 0) + expressions + countCode(children ?? []);
  }, 0);
}

/**
 * A page as MDX. `where` names the page (a spec file and operation) in the error when the MDX,
 * read back, holds more imports, exports, expressions or JSX than the page's own.
 */
export function toMdx(content: RootContent[], where: string): string {
  const source = mdxWriter.stringify({type: 'root', children: content});
  let read: Root;
  try {
    read = parseMdx(source);
  } catch (error) {
    throw new SpecTextError(`${where}: the spec text cannot be written as MDX (${(error as Error).message.split('\n')[0]})`);
  }
  if (countCode(read.children) !== countCode(content)) {
    throw new SpecTextError(`${where}: the spec text would become code on the page; rewrite it as plain Markdown`);
  }
  return source;
}

/** Spec Markdown (or a tree) as plain CommonMark with GFM. */
export function toMarkdown(content: string | RootContent[]): string {
  const children = typeof content === 'string' ? specMarkdown(content) : content;
  return markdownWriter.stringify({type: 'root', children}).trim();
}

/** A page's front matter, between its `---` lines. */
export function frontMatter(fields: Record<string, string | string[] | number | boolean | null | undefined>): string {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return `---\n${stringifyYaml(defined, {lineWidth: 0})}---`;
}
