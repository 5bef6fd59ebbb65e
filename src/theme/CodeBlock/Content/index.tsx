/**
 * Replaces the theme's CodeBlock/Content, which highlights the code with Prism in the browser.
 * This one renders the tokens the build made (src/plugins/code-tokens.ts) into the same elements,
 * through the theme's own CodeBlock/Line and CSS module, with each token styled from the code theme
 * as the theme styles it: where a token has several types, the style of the last one wins. Code
 * without tokens (a language Prism does not know) is shown plain, as the theme shows it.
 */
import React, {useContext, useMemo, type CSSProperties, type ReactNode} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {usePrismTheme} from '@docusaurus/theme-common';
import Line from '@theme/CodeBlock/Line';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import {CodeTokens} from '@site/src/components/CodeTokens';
import {decodeTokens, plainTokens, type Token} from '@site/src/lib/code-tokens';

type Theme = ReturnType<typeof usePrismTheme>;

/** Each token type's style in `language`: the theme's entries for it, later ones over earlier. */
function stylesByType(theme: Theme, language: string): Record<string, CSSProperties> {
  const byType: Record<string, CSSProperties> = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language)) continue;
    for (const type of entry.types) byType[type] = {...byType[type], ...entry.style};
  }
  return byType;
}

export default function CodeBlockContent({className}: {className?: string}): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const theme = usePrismTheme();
  const encoded = useContext(CodeTokens);
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  const lines = useMemo(() => (encoded && decodeTokens(code, encoded)) || plainTokens(code), [code, encoded]);
  const {getLineProps, getTokenProps} = useMemo(() => {
    const byType = stylesByType(theme, language);
    const lineStyle: CSSProperties = {...theme.plain, backgroundColor: undefined};
    return {
      getLineProps: ({className: lineClass}: {className?: string}) => ({className: clsx('token-line', lineClass), style: lineStyle}),
      getTokenProps: ({token: {types, content, empty}}: {token: Token}) => ({
        className: clsx('token', ...types),
        children: content,
        style:
          types.length === 1 && types[0] === 'plain'
            ? empty
              ? {display: 'inline-block'}
              : undefined
            : Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => byType[type])),
      }),
    };
  }, [theme, language]);
  const numbered = lineNumbersStart !== undefined;
  // The theme renders a block again once it knows whether the block scrolls sideways, which on a
  // phone is most blocks, just after hydration; its metadata is made anew on each render. The
  // lines are the same unless the code, its tokens, the theme or the marked lines change, so React
  // keeps them as they are instead of rendering every token of the page again.
  const marked = JSON.stringify(lineClassNames);
  const body = useMemo(() => {
    const classNames = JSON.parse(marked) as typeof lineClassNames;
    return (
      <code
        className={clsx(styles.codeBlockLines, numbered && styles.codeBlockLinesWithNumbering)}
        style={numbered ? {counterReset: `line-count ${lineNumbersStart - 1}`} : undefined}>
        {lines.map((line, index) => (
          <Line
            key={index}
            line={line}
            getLineProps={getLineProps}
            getTokenProps={getTokenProps}
            classNames={classNames[index]}
            showLineNumbers={numbered}
          />
        ))}
      </code>
    );
  }, [lines, getLineProps, getTokenProps, marked, numbered, lineNumbersStart]);
  return (
    <pre
      ref={codeBlockRef}
      // A block that scrolls sideways is reachable by keyboard, as in the theme.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={clsx(className, `prism-code language-${language}`, styles.codeBlock, 'thin-scrollbar')}
      style={theme.plain}>
      {body}
    </pre>
  );
}
