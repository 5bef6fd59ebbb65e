/**
 * The one reader of the hand-written pages under docs/: which files they are, and their code blocks
 * as Docusaurus reads them (the MDX parser of lib/api-render/spec-text.ts, so that a block inside
 * tabs or a list has the same text here as in the build). The diagram renderer, the remark plugin's
 * hashes and the content tests all read fences through it.
 */
import {readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import type {Code, Root, RootContent} from 'mdast';
import {parseMdx} from './api-render/spec-text';

/** The folders of docs/ that the API reference plugin writes: generated, not hand-written. */
export const generatedDocDirs = ['api/accounts', 'api/financial'];

/** The hand-written pages: every .md and .mdx under `root` but the generated API reference and its partials. */
export function docPages(root = 'docs'): string[] {
  const generated = new Set([...generatedDocDirs, '_partials/generated'].map((dir) => join(root, dir)));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (!generated.has(path)) walk(path);
      } else if (/\.mdx?$/.test(name) && path !== join(root, 'api', 'webhook-events.mdx')) {
        files.push(path);
      }
    }
  };
  walk(root);
  return files.sort();
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
