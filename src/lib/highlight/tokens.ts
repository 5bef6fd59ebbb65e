/**
 * From Prism's token tree to the lines of typed tokens that Docusaurus' code block renders, and
 * from a code theme to the inline styles of those tokens. Pure functions, shared by the server
 * render and the browser.
 */
import type {CSSProperties} from 'react';
import type {Token as PrismToken, TokenStream} from 'prismjs';
import type {PrismTheme} from 'prism-react-renderer';

/** One run of text on one line, with the Prism types of every token it sits in, outermost first. */
export type LineToken = {types: string[]; content: string; empty?: boolean};

const lineBreak = /\r\n|\r|\n/;

/** Adds a token's type (or its aliases) to the types of its parent, without repeating the last one. */
function nestedTypes(types: string[], added: string | string[]): string[] {
  return typeof added === 'string' && types[types.length - 1] === added ? types : types.concat(added);
}

/**
 * A line with nothing on it still needs a token, so that it keeps its height: it gets a plain
 * newline marked `empty`, and so does a line whose one token has no text.
 */
function markIfEmpty(line: LineToken[]): void {
  if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
  else if (line.length === 1 && line[0].content === '') Object.assign(line[0], {content: '\n', empty: true});
}

/**
 * Flattens Prism's nested tokens into lines. Text outside any token is typed `plain`; text inside
 * tokens carries the types of all of them, so that it takes every matching style.
 */
export function linesOf(stream: TokenStream): LineToken[][] {
  let line: LineToken[] = [];
  const lines = [line];
  const add = (types: string[], text: string) => {
    text.split(lineBreak).forEach((part, index) => {
      if (index > 0) {
        markIfEmpty(line);
        line = [];
        lines.push(line);
      }
      line.push({types, content: part});
    });
  };
  const walk = (items: Array<string | PrismToken>, types: string[]) => {
    for (const item of items) {
      if (typeof item === 'string') {
        add(types.length > 0 ? types : ['plain'], item);
        continue;
      }
      const own = item.alias ? nestedTypes(nestedTypes(types, item.type), item.alias) : nestedTypes(types, item.type);
      if (typeof item.content === 'string') add(own, item.content);
      else walk(Array.isArray(item.content) ? item.content : [item.content], own);
    }
  };
  walk(typeof stream === 'string' ? [stream] : Array.isArray(stream) ? stream : [stream], []);
  markIfEmpty(line);
  return lines;
}

export type ThemeStyles = {
  /** The block's own style: the theme's text colour and background. */
  block: CSSProperties;
  /** Every line's style: the text colour, without the background. */
  line: CSSProperties;
  /** The style of each token type, merged from every theme entry that names it for this language. */
  types: Record<string, CSSProperties>;
};

export function themeStyles(theme: PrismTheme, language: string): ThemeStyles {
  const types: Record<string, CSSProperties> = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) types[type] = {...types[type], ...entry.style};
  }
  return {block: theme.plain, line: {...theme.plain, backgroundColor: undefined}, types};
}

/**
 * A token's inline style: the styles of all its types, later types winning. Plain text has none.
 * The stand-in token of an empty line is an inline block, so that the line keeps its height.
 */
export function tokenStyle(styles: ThemeStyles, {types, empty}: LineToken): CSSProperties | undefined {
  if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
  if (types.length === 1) return styles.types[types[0]];
  return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => styles.types[type]));
}
