/**
 * What the hand-written pages of docs/ must get right before any bundling, found in their source
 * by file and line:
 *
 * - MDX that parses, and no `{…}` in prose: MDX reads braces as JavaScript, so `{payment_id}` in a
 *   sentence compiles and then fails when the page renders (a comment, `{/* … *\/}`, is fine);
 * - internal links (Markdown links and definitions, `href` and `to` of JSX) that lead to a page or a
 *   file of the site, and whose `#anchor` is a heading or an `id` of the hand-written page they
 *   name (anchors of the generated reference pages are left to the build, which checks them too).
 *
 * The site's routes come from the files and the specs alone: the hand-written pages, the reference
 * pages the specs make (lib/api-render/reference.ts names them the same way), the category pages,
 * the pages of src/pages, the static files and the downloads.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import type {Heading, Root, RootContent} from 'mdast';
import type {MdxJsxAttribute} from 'mdast-util-mdx-jsx';
import {createSlugger} from '@docusaurus/utils';
import {docPages, splitFrontMatter} from '../docs-source';
import type {Problem} from '../page-requests';
import {parseMdx} from '../api-render/spec-text';
import {downloadsOf} from '../api-render/downloads';
import {operationPages, type Specs} from '../api-render/webhook-events';
import {apis, introductionId, listOperations, tagPageId} from '../api-model/specs';

type Node = Root | RootContent;
type Page = {file: string; route: string; tree: Root; offset: number};

/** The route of a hand-written page: its path under docs/ without the extension, an index page its folder's route. */
export function pageRoute(path: string, frontMatter: string): string {
  const slug = /^slug:\s*['"]?(\/[^'"\s]*)/m.exec(frontMatter)?.[1];
  if (slug) return slug;
  const id = relative('docs', path)
    .replace(/\\/g, '/')
    .replace(/\.mdx?$/, '');
  return id === 'index' ? '/' : id.endsWith('/index') ? `/${id.slice(0, -'index'.length)}` : `/${id}`;
}

/** The plain text of a node, as Docusaurus reads a heading's words. */
const textOf = (node: Node): string =>
  'value' in node && typeof node.value === 'string' && node.type !== 'mdxTextExpression'
    ? node.value
    : 'children' in node
      ? (node.children as Node[]).map(textOf).join('')
      : '';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children as Node[]) walk(child, visit);
}

const stringAttribute = (attributes: unknown[], name: string): string | undefined => {
  const found = (attributes as MdxJsxAttribute[]).find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
};

/** The names a page declares in its `import` and `export` lines: an expression may use them. */
function declaredNames(tree: Root): Set<string> {
  const names = new Set<string>();
  walk(tree, (node) => {
    if (node.type !== 'mdxjsEsm') return;
    for (const match of node.value.matchAll(/\b(?:import|export\s+(?:const|let|function))\s+(?:\{([^}]*)\}|(\w+))/g)) {
      for (const name of (match[1] ?? match[2] ?? '').split(',')) {
        const local = name
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (local) names.add(local);
      }
    }
  });
  return names;
}

/** The anchors of a page: its headings as Docusaurus slugs them, the `id`s of its JSX, and those of the partials it imports. */
function anchorsOf(page: Page, pagesByFile: Map<string, Page>): Set<string> {
  const slugger = createSlugger();
  const anchors = new Set<string>();
  const add = (tree: Root) =>
    walk(tree, (node) => {
      if (node.type === 'heading') anchors.add(slugger.slug(textOf(node as Heading)));
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && stringAttribute(node.attributes, 'id')) {
        anchors.add(stringAttribute(node.attributes, 'id')!);
      }
      if (node.type === 'mdxjsEsm') {
        for (const match of node.value.matchAll(/from\s+['"]([^'"]+\.mdx?)['"]/g)) {
          const target = match[1]!.startsWith('@site/') ? match[1]!.slice('@site/'.length) : join(dirname(page.file), match[1]!);
          const partial = pagesByFile.get(relative('.', resolve(target)));
          if (partial) add(partial.tree);
        }
      }
    });
  add(page.tree);
  return anchors;
}

/** Every route of the site outside the hand-written pages, by the files and specs that make it. */
function otherRoutes(specs: Specs): Set<string> {
  const routes = new Set<string>(['/', '/search', '/llms.txt', '/llms-full.txt', '/api/webhook-events']);
  for (const page of operationPages(specs)) routes.add(page.url);
  for (const api of apis) {
    const spec = specs[api.name];
    routes.add(api.categorySlug);
    const introduction = introductionId(spec.info);
    if (introduction) routes.add(`${api.route}/${introduction}`);
    const used = new Set(listOperations(spec).flatMap((operation) => operation.tags ?? []));
    for (const tag of (spec.tags ?? []) as {name: string}[]) if (used.has(tag.name)) routes.add(`${api.route}/${tagPageId(tag.name)}`);
    for (const download of downloadsOf(api.name)) routes.add(download.url);
  }
  for (const name of readdirSync('static', {recursive: true, encoding: 'utf8'})) routes.add(`/${name.replace(/\\/g, '/')}`);
  return routes;
}

export type PageCounts = {pages: number; links: number; expressions: number};

/**
 * Checks the MDX, the expressions and the internal links of every hand-written page; `parsed` lists
 * the pages whose MDX parses, which the other checks read.
 */
export function checkPages(specs: Specs): {problems: Problem[]; parsed: string[]} & PageCounts {
  const problems: Problem[] = [];
  const pages: Page[] = [];
  for (const path of docPages()) {
    const file = relative('.', path);
    const {frontMatter, body, lines} = splitFrontMatter(readFileSync(path, 'utf8'));
    try {
      pages.push({file, route: pageRoute(file, frontMatter), tree: parseMdx(body), offset: lines});
    } catch (error) {
      // The parser's message ends with where it stopped in the body: (line:column) or (line:column-line:column).
      const message = error instanceof Error ? error.message : String(error);
      const at = /\s*\((\d+):\d+(?:-\d+:\d+)?\)$/.exec(message);
      problems.push({file, line: Number(at?.[1] ?? 1) + lines, reason: `the MDX does not parse: ${message.slice(0, at?.index)}`});
    }
  }
  const pagesByFile = new Map(pages.map((page) => [page.file, page]));
  // Partials (files named _…) are parts of other pages, not pages with a route.
  const byRoute = new Map(pages.filter((page) => !/(^|[\\/])_/.test(page.file)).map((page) => [page.route, page]));
  const others = otherRoutes(specs);
  const anchors = new Map<Page, Set<string>>();
  const anchorsFor = (page: Page) => anchors.get(page) ?? anchors.set(page, anchorsOf(page, pagesByFile)).get(page)!;
  let links = 0;
  let expressions = 0;

  for (const page of pages) {
    const declared = declaredNames(page.tree);
    const report = (node: Node, reason: string) =>
      problems.push({file: page.file, line: (node.position?.start.line ?? 1) + page.offset, reason});
    const checkLink = (node: Node, url: string) => {
      if (!/^(\/(?!\/)|#)/.test(url)) return;
      links++;
      const [withQuery = '', anchor] = url.split('#');
      const path = withQuery.split('?')[0] ?? '';
      const route = path === '' ? page.route : path.replace(/\.md$/, '').replace(/(.)\/$/, '$1');
      const target = path === '' ? page : (byRoute.get(route) ?? byRoute.get(`${route}/`));
      if (!target && !others.has(route) && !others.has(path)) {
        report(node, `the link ${url} leads to no page of the site`);
      } else if (anchor && target && !anchorsFor(target).has(decodeURIComponent(anchor))) {
        report(node, `the link ${url}: ${target.file} has no heading or id "${anchor}"`);
      }
    };
    walk(page.tree, (node) => {
      if (node.type === 'link' || node.type === 'definition') checkLink(node, node.url);
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        for (const name of ['href', 'to']) {
          const url = stringAttribute(node.attributes, name);
          if (url !== undefined) checkLink(node, url);
        }
      }
      if (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') {
        expressions++;
        const code = node.value.trim();
        const name = /^[A-Za-z_$][\w$]*/.exec(code)?.[0];
        if (/^\/\*[\s\S]*\*\/$/.test(code) || (name && declared.has(name))) return;
        report(
          node,
          `{${code}} is JavaScript to MDX and fails when the page renders: write it as code, \`{${code}}\`, or escape the brace, \\{`,
        );
      }
    });
  }
  return {problems, parsed: pages.map((page) => page.file), pages: pages.length, links, expressions};
}
