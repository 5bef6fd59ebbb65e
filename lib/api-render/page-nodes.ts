/** The Markdown nodes (mdast) the modules of an operation page build it from, as short helpers. */
import type {Paragraph, PhrasingContent, RootContent} from 'mdast';
import {text} from './spec-text';

export const paragraph = (...children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
export const strong = (value: string): PhrasingContent => ({type: 'strong', children: [text(value)]});
export const code = (value: string): PhrasingContent => ({type: 'inlineCode', value});
export const link = (label: string, url: string): PhrasingContent => ({type: 'link', url, children: [text(label)]});
export const heading = (depth: 1 | 2 | 3, value: string): RootContent => ({type: 'heading', depth, children: [text(value)]});

export const fenced = (lang: string, value: string, meta?: string): RootContent => ({type: 'code', lang, meta, value});

export const joinWords = (ways: PhrasingContent[][], word: string): PhrasingContent[] =>
  ways.flatMap((way, index) => [...(index ? [text(word)] : []), ...way]);

/** `a`, `b` or `c`, as code; `a`, `b` and `c` with `last` = ' and '. */
export const typeList = (types: string[], last = ' or '): PhrasingContent[] =>
  types.flatMap((type, index) => [...(index === 0 ? [] : [text(index === types.length - 1 ? last : ', ')]), code(type)]);

/** Pagefind leaves an element with this attribute, its headings included, out of the search index. */
export const notIndexed = {'data-pagefind-ignore': 'all'};
