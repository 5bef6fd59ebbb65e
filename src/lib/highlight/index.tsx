/**
 * Stands in for prism-react-renderer in the site's bundles (src/plugins/slim-prism.ts points the
 * package's name here): the `Highlight` render-prop component that Docusaurus' code block uses,
 * with the same props and output, over the slimmer Prism of ./prism.
 */
import {useMemo, type CSSProperties, type ReactElement} from 'react';
import clsx from 'clsx';
import type {PrismTheme} from 'prism-react-renderer';
import Prism from './prism';
import {linesOf, themeStyles, tokenStyle, type LineToken} from './tokens';

export {Prism};

type Extra = {className?: string; style?: CSSProperties; [prop: string]: unknown};

type RenderProps = {
  tokens: LineToken[][];
  className: string;
  style: CSSProperties;
  getLineProps: (input: Extra & {line: LineToken[]}) => Extra & {className: string};
  getTokenProps: (input: Extra & {token: LineToken}) => Extra & {className: string; children: string};
};

type HighlightProps = {
  code: string;
  language: string;
  theme: PrismTheme;
  children: (props: RenderProps) => ReactElement;
};

/**
 * Tokenizes the code with the language's grammar (unknown languages stay plain text). Only the
 * after-tokenize hooks run, which JSX needs: PHP's before-tokenize hook would turn a PHP file into
 * HTML with PHP placeholders, and the docs' PHP is whole files.
 */
function tokenize(code: string, language: string) {
  const grammar = Prism.languages[language];
  if (!grammar) return [code];
  const env = {code, grammar, language, tokens: Prism.tokenize(code, grammar)};
  Prism.hooks.run('after-tokenize', env);
  return env.tokens;
}

export function Highlight({code, language: requested, theme, children}: HighlightProps): ReactElement {
  const language = requested.toLowerCase();
  const lines = useMemo(() => linesOf(tokenize(code, language)), [code, language]);
  const styles = useMemo(() => themeStyles(theme, language), [theme, language]);
  return children({
    tokens: lines,
    className: `prism-code language-${language}`,
    style: styles.block,
    getLineProps: ({line: _line, className, style, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: style ? {...styles.line, ...style} : styles.line,
    }),
    getTokenProps: ({token, className, style, ...rest}) => {
      const own = tokenStyle(styles, token);
      return {...rest, className: clsx('token', ...token.types, className), children: token.content, style: style ? {...own, ...style} : own};
    },
  });
}
