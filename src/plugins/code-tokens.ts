/**
 * Code is highlighted when the site is built, not in the reader's browser.
 *
 * The theme highlights each code block with Prism as the page hydrates, and its client module
 * prism-include-languages puts Prism and every language's grammar into main.js, which every page
 * evaluates before it is interactive: about half of main.js's first long task on a phone, in a
 * CPU profile at Lighthouse's 4× slowdown. Here the same Prism, with the same grammars, runs at
 * build time instead:
 * - rehypeCodeTokens gives each fenced code block of the docs its tokens (src/lib/code-tokens.ts),
 *   which src/theme/CodeBlock/Content renders;
 * - the plugin does the same for code that React pages show (the home page's first request), as
 *   global data keyed by the code;
 * - and it takes the theme's client module out of the bundle, so Prism is in no page's JavaScript.
 *
 * That module is not a public API: tests/unit/framework-internals.test.ts pins it, and
 * bench/lib/internals.ts measures what leaving it out saves.
 */
import {createRequire} from 'node:module';
import {Prism} from 'prism-react-renderer';
import type {Plugin} from '@docusaurus/types';
import {codeTokensPlugin, encodeTokens, splitLines, type Token} from '../lib/code-tokens';

/** Languages beyond those prism-react-renderer bundles, each with the ones it builds on first. */
const extraLanguages = ['clike', 'markup-templating', 'bash', 'csharp', 'java', 'php'];

const load = createRequire(__filename);
const globals = globalThis as {Prism?: unknown};
// Prism's language files register themselves on a global Prism, the one prism-react-renderer bundles.
globals.Prism = Prism;
for (const language of extraLanguages) load(`prismjs/components/prism-${language}`);
delete globals.Prism;

type PrismToken = {type: string; alias?: string | string[]; content: PrismContent};
type PrismContent = string | PrismToken | (string | PrismToken)[];

/** `types` with `type` added, unless it is already the last (as the theme adds a token's types). */
const withType = (types: string[], type: string | string[]): string[] => (types.at(-1) === type ? types : types.concat(type));

/** Prism's nested tokens as lines of flat ones, each with the types of the tokens it sits in. */
function linesOf(content: PrismContent, types: string[], lines: Token[][]): void {
  if (Array.isArray(content)) {
    for (const part of content) linesOf(part, types, lines);
    return;
  }
  if (typeof content !== 'string') {
    const own = withType(types, content.type);
    linesOf(content.content, content.alias ? withType(own, content.alias) : own, lines);
    return;
  }
  splitLines(content).forEach((text, index) => {
    if (index > 0) lines.push([]);
    lines.at(-1)?.push({types: types.length ? types : ['plain'], content: text});
  });
}

/** The tokens of `code` in `language`, encoded; undefined for a language Prism does not know, or nothing to highlight. */
export function tokenize(code: string, language: string): string | undefined {
  // The theme looks languages up in lower case.
  const grammar = Prism.languages[language.toLowerCase()];
  if (!grammar) return undefined;
  // As the theme runs Prism: the hooks around the original code in the original grammar (JSX's
  // after-tokenize hook marks its text as plain-text; PHP's before-tokenize changes of the code and
  // grammar are not followed, so its after-tokenize finds nothing to do).
  const env = {code, grammar, language, tokens: [] as PrismContent};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(code, grammar) as PrismContent;
  Prism.hooks.run('after-tokenize', env);
  const lines: Token[][] = [[]];
  linesOf(env.tokens, [], lines);
  // Code with nothing to highlight (in the plain-text grammar) renders as well without tokens.
  return lines.flat().some(({types}) => types[0] !== 'plain') ? encodeTokens(lines) : undefined;
}

/** The code a theme CodeBlock shows for the text of a fenced block: without its last line break. */
export const blockCode = (text: string): string => text.replace(/\r?\n$/, '');

type HastNode = {type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: HastNode[]};

/** The property a fenced block's tokens travel in, from the MDX `code` element to the theme's CodeBlock. */
export const tokensProperty = 'data-tokens';

/** A rehype plugin for the docs: every `pre > code.language-x` gets its tokens. */
export function rehypeCodeTokens() {
  const visit = (node: HastNode, parent?: HastNode): void => {
    if (node.type === 'element' && node.tagName === 'code' && parent?.tagName === 'pre') {
      const classes = node.properties?.className;
      const language = (Array.isArray(classes) ? classes : [])
        .map(String)
        .find((name) => name.startsWith('language-'))
        ?.slice('language-'.length);
      const text = node.children?.every((child) => child.type === 'text') ? node.children.map((child) => child.value).join('') : undefined;
      const tokens = language && text !== undefined ? tokenize(blockCode(text), language) : undefined;
      if (tokens) node.properties = {...node.properties, [tokensProperty]: tokens};
      return;
    }
    for (const child of node.children ?? []) visit(child, node);
  };
  return (root: HastNode) => visit(root);
}

/** Code that a React page shows, to be highlighted at build time. */
export type Snippet = {code: string; language: string};

/** The Docusaurus plugin: tokens of the React pages' snippets (the theme's runtime Prism is left out by src/internals). */
export function codeTokens(snippets: Snippet[]): () => Plugin {
  return () => ({
    name: codeTokensPlugin,
    async contentLoaded({actions}) {
      const tokens: Record<string, string> = {};
      for (const {code, language} of snippets) {
        const encoded = tokenize(code, language);
        if (!encoded)
          throw new Error(
            `code-tokens: Prism has no grammar for ${language}, the language of a snippet starting ${JSON.stringify(code.slice(0, 40))}`,
          );
        tokens[code] = encoded;
      }
      actions.setGlobalData(tokens);
    },
  });
}
