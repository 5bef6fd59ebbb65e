/**
 * An MDX page as plain Markdown, for the page's `.md` twin: what an assistant, a script or a
 * terminal reads instead of the HTML. The Markdown of the page stays as written; what only MDX
 * understands becomes its Markdown meaning:
 *
 * - imports, exports and comments go; a string expression such as `{"/v1/payments"}` is its text;
 * - `<Tabs>` become one section per tab, each introduced by its label in bold;
 * - a `<Sample>` (a request sample the page fetches) is its code block, from the page's sample file;
 * - an imported `.mdx` partial is replaced by its own content;
 * - admonitions (`:::note`) become quotes that start with their kind;
 * - HTML elements written as JSX become their Markdown (headings, paragraphs, code, links,
 *   emphasis); wrappers such as `<div>` and `<aside>` leave their content;
 * - `<DocCardList>` becomes a list of the category's pages;
 * - links and images point at absolute URLs, and links to pages at their twins (`resolveUrl`).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Heading, List, Paragraph, PhrasingContent, Root, RootContent, Text} from 'mdast';
import {parseMdx, toMarkdown} from '../../../lib/api-render/spec-text';
import {splitFrontMatter} from '../../../lib/docs-source';
import type {SampleFile} from '../../../lib/api-render/operation-samples';

/** A page that a category lists, as `<DocCardList>` shows it. */
export type Card = {title: string; url: string; description?: string};

export type TwinContext = {
  /** The site's folder, for `@site/` imports. */
  siteDir: string;
  /** The URL a link or image of the page at `file` should point to in the twin. */
  resolveUrl(url: string, file: string): string;
  /** The pages of the sidebar category the page introduces (for `<DocCardList>`). */
  cards(): Card[];
  /** The sample file the site serves at `url` (for `<Sample>`). */
  samples(url: string): SampleFile;
};

type Node = RootContent | Root;
type JsxAttribute = {type: string; name?: string; value?: unknown};
type JsxElement = {name: string | null; attributes: JsxAttribute[]; children: RootContent[]};

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
};

/** The Markdown twin of the MDX page in `file`, headed by `# title` unless the page has its own `#`. */
export function mdxToMarkdown(source: string, file: string, title: string, context: TwinContext): string {
  const content = convertBody(splitFrontMatter(source).body, file, context);
  const hasTitle = content.some((node) => node.type === 'heading' && node.depth === 1);
  const heading: Heading = {type: 'heading', depth: 1, children: [text(title)]};
  return stringify(hasTitle ? content : [heading, ...content]);
}

/** Markdown nodes as Markdown text, written as spec text is (scripts/lib/spec-text.ts). */
export function stringify(content: RootContent[]): string {
  return `${toMarkdown(content)}\n`;
}

/** A list of links with their descriptions, as the twins of index pages show a category. */
export function cardList(cards: Card[]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: cards.map((card) => ({
      type: 'listItem',
      spread: false,
      children: [
        paragraph([
          {type: 'link', url: card.url, children: [text(card.title)]},
          ...(card.description ? [text(`: ${card.description}`)] : []),
        ]),
      ],
    })),
  };
}

function convertBody(body: string, file: string, context: TwinContext): RootContent[] {
  const tree = parseMdx(body);
  const partials = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const [, name = '', from = ''] of node.value.matchAll(/import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"]/g)) {
      const resolved = from.startsWith('@site/')
        ? path.join(context.siteDir, from.slice('@site/'.length))
        : path.resolve(path.dirname(file), from);
      partials.set(name, resolved);
    }
  }
  return new Converter(file, context, partials).flow(tree.children);
}

class Converter {
  constructor(
    private readonly file: string,
    private readonly context: TwinContext,
    private readonly partials: Map<string, string>,
  ) {}

  /** Block content: each node becomes zero or more blocks; stray inline content gets a paragraph. */
  flow(nodes: RootContent[]): RootContent[] {
    return blocks(nodes.flatMap((child) => this.node(child)));
  }

  /** Inline content, with anything block-level reduced to its text. */
  phrasing(nodes: RootContent[]): PhrasingContent[] {
    return nodes
      .flatMap((child) => this.node(child))
      .flatMap((node) => (isPhrasing(node) ? [node] : 'children' in node ? this.phrasing(node.children) : []));
  }

  node(node: RootContent): RootContent[] {
    switch (node.type) {
      case 'mdxjsEsm':
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        const literal = /^\s*(["'])([\s\S]*)\1\s*$/.exec('value' in node ? node.value : '');
        return literal ? [text(literal[2] ?? '')] : [];
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node as unknown as JsxElement, node.type === 'mdxJsxFlowElement');
      case 'containerDirective': {
        const title = admonitionTitles[node.name];
        if (!title) return this.flow(node.children);
        const [label, ...rest] = node.children;
        const custom = label?.type === 'paragraph' && label.data?.directiveLabel ? this.phrasing(label.children) : null;
        const body = this.flow(custom ? rest : node.children);
        const lead: PhrasingContent = {type: 'strong', children: custom ?? [text(title)]};
        const first = body[0];
        const children =
          first?.type === 'paragraph' ? [paragraph([lead, text(': '), ...first.children]), ...body.slice(1)] : [paragraph([lead]), ...body];
        return [{type: 'blockquote', children: children as never}];
      }
      case 'leafDirective':
      case 'textDirective': {
        // Not a directive the site uses, such as the ":30" of "10:30": the text as written.
        const marker = node.type === 'leafDirective' ? '::' : ':';
        return [text(`${marker}${node.name}`), ...this.phrasing(node.children)];
      }
      case 'code':
        if (node.lang === 'mdx-code-block') {
          return node.value.includes('<DocCardList') ? [cardList(this.context.cards())] : convertBody(node.value, this.file, this.context);
        }
        return [node];
      case 'link':
        return [{...node, url: this.context.resolveUrl(node.url, this.file), children: this.phrasing(node.children)}];
      case 'image':
      case 'definition':
        return [{...node, url: this.context.resolveUrl(node.url, this.file)}];
      case 'paragraph': {
        // A paragraph that is only an element such as <h2>...</h2> on one line is that element.
        const converted = node.children.flatMap((child) => this.node(child));
        return converted.every(isPhrasing) ? [paragraph(converted)] : blocks(converted);
      }
      default:
        if ('children' in node) {
          const children =
            node.type === 'heading' || node.type === 'tableCell'
              ? trim(this.phrasing(node.children).map((child) => (child.type === 'break' && node.type === 'tableCell' ? text(' ') : child)))
              : isPhrasing(node)
                ? this.phrasing(node.children)
                : this.flow(node.children);
          return [{...node, children} as RootContent];
        }
        return [node];
    }
  }

  element(element: JsxElement, block: boolean): RootContent[] {
    const {name} = element;
    const attribute = (key: string) => {
      const value = element.attributes.find((attr) => attr.type === 'mdxJsxAttribute' && attr.name === key)?.value;
      return typeof value === 'string' ? value : undefined;
    };
    if (name && this.partials.has(name)) {
      const file = this.partials.get(name)!;
      return convertBody(splitFrontMatter(readFileSync(file, 'utf8')).body, file, this.context);
    }
    switch (name) {
      case 'Tabs':
        return element.children
          .filter((child): child is RootContent & JsxElement => child.type === 'mdxJsxFlowElement')
          .flatMap((tab) => {
            const label = ['label', 'value'].map((key) => tab.attributes.find((attr) => attr.name === key)?.value).find(Boolean);
            return [paragraph([{type: 'strong', children: [text(String(label ?? ''))]}]), ...this.flow(tab.children)];
          });
      case 'DocCardList':
        return [cardList(this.context.cards())];
      case 'Sample': {
        const samples = this.context.samples(attribute('src') ?? '').languages[attribute('language') ?? ''];
        const sample = samples?.examples[Number(attribute('example'))];
        if (!samples || !sample)
          throw new Error(`${this.file}: no sample ${attribute('language')} ${attribute('example')} in ${attribute('src')}`);
        return [{type: 'code', lang: samples.lang, value: sample.code}];
      }
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return [{type: 'heading', depth: Number(name[1]) as Heading['depth'], children: trim(this.phrasing(element.children))}];
      case 'p':
        return [paragraph(this.phrasing(element.children))];
      case 'code':
        return [{type: 'inlineCode', value: toText(this.phrasing(element.children))}];
      case 'a':
        // An anchor without a link (`<a id>`, a target on the page) is its text.
        if (attribute('href') === undefined) return this.phrasing(element.children);
        return [
          {
            type: 'link',
            url: this.context.resolveUrl(attribute('href') ?? '', this.file),
            children: this.phrasing(element.children),
          },
        ];
      case 'strong':
      case 'b':
        return [{type: 'strong', children: this.phrasing(element.children)}];
      case 'em':
      case 'i':
        return [{type: 'emphasis', children: this.phrasing(element.children)}];
      case 'br':
        return [{type: 'break'}];
      case 'img':
        return [{type: 'image', url: this.context.resolveUrl(attribute('src') ?? '', this.file), alt: attribute('alt') ?? ''}];
      case 'span':
        // A label set beside other text (a "required" badge): keep it apart from its neighbour.
        return [text(' '), ...this.phrasing(element.children)];
      default:
        return block ? this.flow(element.children) : this.phrasing(element.children);
    }
  }
}

/** Converted content as blocks: runs of inline content become paragraphs. */
function blocks(nodes: RootContent[]): RootContent[] {
  const result: RootContent[] = [];
  let inline: PhrasingContent[] = [];
  const flush = () => {
    if (inline.some((node) => node.type !== 'text' || node.value.trim())) result.push(paragraph(inline));
    inline = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) inline.push(node);
    else {
      flush();
      result.push(node);
    }
  }
  flush();
  return result;
}

const phrasingTypes = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'inlineCode',
  'break',
  'link',
  'linkReference',
  'image',
  'imageReference',
  'footnoteReference',
  'html',
]);

function isPhrasing(node: Node): node is PhrasingContent {
  return phrasingTypes.has(node.type);
}

function text(value: string): Text {
  return {type: 'text', value};
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children: trim(children)};
}

/** Inline content without the white space at its ends (which Markdown would have to escape). */
function trim(nodes: PhrasingContent[]): PhrasingContent[] {
  const trimmed = [...nodes];
  const edit = (index: number, change: (value: string) => string) => {
    const node = trimmed[index];
    if (node?.type === 'text') trimmed[index] = text(change(node.value));
  };
  edit(0, (value) => value.trimStart());
  edit(trimmed.length - 1, (value) => value.trimEnd());
  return trimmed.filter((node) => node.type !== 'text' || node.value !== '');
}

function toText(nodes: PhrasingContent[]): string {
  return nodes.map((node) => ('value' in node ? node.value : 'children' in node ? toText(node.children) : '')).join('');
}
