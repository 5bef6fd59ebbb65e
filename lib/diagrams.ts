/**
 * What the diagram render script, the remark plugin and the unit tests share: where the mermaid
 * blocks of docs/ are, the name of each diagram's pre-rendered SVG files, the alt text that a
 * diagram's accTitle and accDescr lines give, and the size of an SVG.
 */
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {codeBlocks, docPages} from './docs-source';

/** Where the SVGs live, and the URL path the site serves them under. */
export const svgDir = join('static', 'diagrams');
export const svgUrlPath = '/diagrams';

/** The colour modes, dark first as the site starts dark, each with the mermaid theme it is rendered in. */
export const modes = [
  {mode: 'dark', mermaidTheme: 'dark'},
  {mode: 'light', mermaidTheme: 'neutral'},
] as const;
export type Mode = (typeof modes)[number]['mode'];

export type Diagram = {file: string; line: number; source: string; hash: string};

/** The first 12 hex digits of the SHA-256 of a diagram's source: the name of its SVGs. */
export function diagramHash(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 12);
}

export function svgName(hash: string, mode: Mode): string {
  return `${hash}-${mode}.svg`;
}

/** Every mermaid block in `pages` (the hand-written pages), in file order. */
export function findDiagrams(pages = docPages()): Diagram[] {
  return pages.flatMap((file) =>
    codeBlocks(readFileSync(file, 'utf8'))
      .filter((block) => block.lang === 'mermaid')
      .map((block) => ({file, line: block.line, source: block.text, hash: diagramHash(block.text)})),
  );
}

/** The title a diagram's `accTitle:` line gives, or undefined. */
export const diagramTitle = (source: string): string | undefined => /^\s*accTitle\s*:\s*(.*\S)\s*$/m.exec(source)?.[1];

/** The alt text of a diagram, "accTitle. accDescr", or null when either line is missing. */
export function altText(source: string): string | null {
  const title = diagramTitle(source);
  const description = /^\s*accDescr\s*:\s*(.*\S)\s*$/m.exec(source)?.[1];
  return title && description ? `${title}. ${description}` : null;
}

export const missingAltReason = 'the mermaid diagram needs an "accTitle:" line and an "accDescr:" line, which give its alt text';

/** The width and height of an SVG, from its viewBox; null when it has no usable viewBox. */
export function svgSize(svg: string): {width: number; height: number} | null {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox = /\sviewBox="([^"]*)"/
    .exec(root)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!viewBox || viewBox.length !== 4 || viewBox.some((n) => !Number.isFinite(n))) return null;
  const [, , width = 0, height = 0] = viewBox;
  return width > 0 && height > 0 ? {width: Math.ceil(width), height: Math.ceil(height)} : null;
}
