/**
 * The one reader of the hand-written pages under docs/: which files they are, and their code blocks
 * as Docusaurus reads them (the MDX parser of lib/api-render/spec-text.ts, so that a block inside
 * tabs or a list has the same text here as in the build). The diagram renderer, the remark plugin's
 * hashes and the content tests all read fences through it.
 */
import {readdirSync} from 'node:fs';
import {join, relative} from 'node:path';
import type {Code, Root, RootContent} from 'mdast';
import {parseMdx} from './api-render/spec-text';
import {previewRoute} from './api-model/site';
import {apis} from './api-model/specs';

/**
 * What the API reference plugin writes into docs/ (generated, not hand-written): each API's
 * reference folder (Plaza's two, a preview's), the tables the guides import, the webhook catalogue.
 */
const generatedDirs = [...apis.map((api) => api.route), previewRoute].map((route) => route.slice(1)).concat('_partials/generated');
const generatedPages = ['api/webhook-events.mdx'];

/** Whether a page of docs/, by its path there (`guides/quickstart.mdx`), is hand-written: a Markdown or MDX file the plugin does not write. */
export function isHandWritten(path: string): boolean {
  return /\.mdx?$/.test(path) && !generatedPages.includes(path) && !generatedDirs.some((dir) => path.startsWith(`${dir}/`));
}

/** The hand-written pages: every .md and .mdx under `root` that isHandWritten. */
export function docPages(root = 'docs'): string[] {
  return readdirSync(root, {recursive: true, encoding: 'utf8'})
    .map((name) => join(root, name))
    .filter((file) => isHandWritten(relative(root, file).replace(/\\/g, '/')))
    .sort();
}

export type CodeBlock = {lang: string; meta: string; line: number; text: string};

/** The front matter (as text) and the body of an MDX file, with the number of lines the front matter takes. */
export function splitFrontMatter(source: string): {frontMatter: string; body: string; lines: number} {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return {frontMatter: '', body: source, lines: 0};
  return {frontMatter: match[1] ?? '', body: source.slice(match[0].length), lines: match[0].split('\n').length - 1};
}

/** The fenced code blocks of a Markdown or MDX page, with the line of the page each starts on (1-based). */
export function codeBlocks(source: string): CodeBlock[] {
  const {body, lines} = splitFrontMatter(source);
  const blocks: CodeBlock[] = [];
  const walk = (nodes: RootContent[]): void => {
    for (const node of nodes) {
      if (node.type === 'code') blocks.push(block(node, lines));
      else if ('children' in node) walk(node.children as RootContent[]);
    }
  };
  walk((parseMdx(body) as Root).children);
  return blocks;
}

const block = (node: Code, offset: number): CodeBlock => ({
  lang: node.lang ?? '',
  meta: node.meta ?? '',
  line: (node.position?.start.line ?? 0) + offset,
  text: node.value,
});
