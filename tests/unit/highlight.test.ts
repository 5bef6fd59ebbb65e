import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {createElement, type ComponentType, type CSSProperties, type ReactElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import * as reference from 'prism-react-renderer';
import type {PrismTheme} from 'prism-react-renderer';
import {Highlight, Prism} from '../../src/lib/highlight';
import {linesOf, type LineToken} from '../../src/lib/highlight/tokens';
import {darkCodeTheme, lightCodeTheme} from '../../src/data/prism-themes';
import config from '../../docusaurus.config';

const require = createRequire(import.meta.url);
const {additionalLanguages} = (config.themeConfig as {prism: {additionalLanguages: string[]}}).prism;

/** Adds a Prism component to one Prism instance, as Docusaurus' prism-include-languages does to the site's. */
function addLanguage(prism: typeof Prism, language: string): void {
  const source = readFileSync(require.resolve(`prismjs/components/prism-${language}`), 'utf8');
  new Function('Prism', source)(prism);
}
for (const prism of [Prism, reference.Prism as unknown as typeof Prism]) {
  for (const language of additionalLanguages) {
    if (language === 'php') addLanguage(prism, 'markup-templating');
    addLanguage(prism, language);
  }
}

/** Every distinct fenced code block of the docs (the generated API pages too: gen-api runs first). */
function codeBlocks(): Array<{file: string; language: string; code: string}> {
  const blocks = new Map<string, {file: string; language: string; code: string}>();
  const fence = /^([ \t]*)```([\w-]+)[^\n]*\n([\s\S]*?)^\1```/gm;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) {
        for (const [, indent, language, body] of readFileSync(file, 'utf8').matchAll(fence)) {
          if (language === 'mermaid' || language === 'mdx-code-block') continue;
          const code = body.replace(new RegExp(`^${indent}`, 'gm'), '').replace(/\n$/, '');
          blocks.set(`${language}\n${code}`, {file, language, code});
        }
      }
    }
  };
  walk(path.resolve(import.meta.dirname, '../../docs'));
  return [...blocks.values()];
}

type RenderProps = {
  className: string;
  style: CSSProperties;
  tokens: LineToken[][];
  getLineProps: (input: {line: LineToken[]; className?: string}) => object;
  getTokenProps: (input: {token: LineToken}) => object;
};
type Renderer = ComponentType<{code: string; language: string; theme: PrismTheme; children: (props: RenderProps) => ReactElement}>;

/** Renders a block the way Docusaurus' CodeBlock uses the render props: a line per div, a token per span. */
function render(component: Renderer, code: string, language: string, theme: PrismTheme): string {
  const children = ({className, style, tokens, getLineProps, getTokenProps}: RenderProps) =>
    createElement(
      'pre',
      {className, style},
      tokens.map((line, lineIndex) =>
        createElement(
          'div',
          {key: lineIndex, ...getLineProps({line, className: lineIndex === 0 ? 'first' : undefined})},
          line.map((token, tokenIndex) => createElement('span', {key: tokenIndex, ...getTokenProps({token})})),
        ),
      ),
    );
  return renderToStaticMarkup(createElement(component, {code, language, theme, children}));
}

test('every code block of the docs renders exactly as prism-react-renderer renders it', () => {
  const blocks = codeBlocks();
  const languages = new Set(blocks.map((block) => block.language));
  // The six extra languages and the web SDK pages' own are all there.
  for (const language of [...additionalLanguages, 'javascript', 'tsx', 'typescript', 'html', 'css']) assert.ok(languages.has(language), language);
  assert.ok(blocks.length > 500, `${blocks.length} blocks`);
  const themed = new Set<string>();
  for (const {file, language, code} of blocks) {
    // The dark theme for every block, and the light one for the first block of each language.
    const themes = themed.has(language) ? [darkCodeTheme] : [darkCodeTheme, lightCodeTheme];
    themed.add(language);
    for (const theme of themes) {
      const ours = render(Highlight, code, language, theme);
      assert.equal(ours, render(reference.Highlight as unknown as Renderer, code, language, theme), `${path.basename(file)}: ${language}`);
    }
  }
});

test('every language the docs use has a grammar, so no block is left as plain text by mistake', () => {
  for (const language of new Set(codeBlocks().map((block) => block.language))) {
    if (language === 'text') continue;
    assert.ok(Prism.languages[language], language);
  }
});

test('lines: nested tokens carry their parents\' types, and an empty line keeps a stand-in token', () => {
  const lines = linesOf(Prism.tokenize('const a = `x${b}`;\n\n// done', Prism.languages.javascript));
  assert.equal(lines.length, 3);
  const interpolated = lines[0].find((token) => token.content === 'b');
  assert.deepEqual(interpolated?.types.slice(0, 2), ['template-string', 'interpolation']);
  assert.deepEqual(lines[1], [{types: ['plain'], content: '\n', empty: true}]);
  assert.deepEqual(lines[2].find((token) => token.content === '// done')?.types, ['comment']);
});
