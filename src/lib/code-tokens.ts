/**
 * A code block's highlighting, worked out when the site is built (src/plugins/code-tokens.ts) and
 * carried to the page as a short string, so that no page loads or runs Prism.
 *
 * The string is JSON: the token kinds of the block (each the space-separated Prism types of a
 * token, as `plain` or `string url`), then one array per line of the code, holding for each token
 * of the line its kind's index and its length. The code itself is not repeated: the page has it.
 */

/** The name of the plugin whose global data holds the tokens of the React pages' code. */
export const codeTokensPlugin = 'code-tokens';

/** One token of a line, as the theme's CodeBlock/Line renders it. */
export type Token = {types: string[]; content: string; empty?: boolean};

type Encoded = [kinds: string[], lines: number[][]];

/** The line breaks Prism and the theme split code at. */
const lineBreak = /\r\n|\r|\n/;

export const splitLines = (code: string): string[] => code.split(lineBreak);

/** An empty line, as one empty token: the theme's CodeBlock/Line gives it its height. */
const emptyLine = (): Token[] => [{types: ['plain'], content: '\n', empty: true}];

/** The string for a block's tokens, line by line; tokens of no length are left out. */
export function encodeTokens(lines: Token[][]): string {
  const kinds: string[] = [];
  const kindIndex = new Map<string, number>();
  const runs = lines.map((line) =>
    line.flatMap(({types, content}) => {
      if (!content) return [];
      const kind = types.join(' ');
      let index = kindIndex.get(kind);
      if (index === undefined) {
        index = kinds.push(kind) - 1;
        kindIndex.set(kind, index);
      }
      return [index, content.length];
    }),
  );
  return JSON.stringify([kinds, runs] satisfies Encoded);
}

/**
 * The tokens of `code`, line by line, from its string; undefined when the string does not describe
 * this code (another number of lines, or lines of other lengths), so that the caller shows the
 * code unhighlighted rather than cut in the wrong places.
 */
export function decodeTokens(code: string, encoded: string): Token[][] | undefined {
  const [kinds, runs] = JSON.parse(encoded) as Encoded;
  const lines = splitLines(code);
  if (lines.length !== runs.length) return undefined;
  const decoded: Token[][] = [];
  for (const [number, text] of lines.entries()) {
    const line = runs[number] ?? [];
    const tokens: Token[] = [];
    let at = 0;
    for (let index = 0; index + 1 < line.length; index += 2) {
      const length = line[index + 1] ?? 0;
      tokens.push({types: (kinds[line[index] ?? 0] ?? 'plain').split(' '), content: text.slice(at, at + length)});
      at += length;
    }
    if (at !== text.length) return undefined;
    decoded.push(tokens.length ? tokens : emptyLine());
  }
  return decoded;
}

/** The code unhighlighted: one plain token a line. */
export const plainTokens = (code: string): Token[][] =>
  splitLines(code).map((text) => (text ? [{types: ['plain'], content: text}] : emptyLine()));
