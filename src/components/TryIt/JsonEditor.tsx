/**
 * A JSON text to edit, highlighted as the site's code blocks are: a textarea whose own text is
 * transparent, over a layer (hidden from assistive technology, which reads the textarea) holding
 * the same text as tokens in the code theme's colours (./json-tokens). Both wrap alike and share
 * one grid cell, so the layer's height sizes the textarea and no scrolling has to be kept in step.
 */
import React, {type ReactNode} from 'react';
import {codeTheme} from '../../data/prism-themes';
import {jsonTokens, tokenStyle} from './json-tokens';
import styles from './styles.module.css';

export default function JsonEditor({
  id,
  value,
  invalid,
  describedBy,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <div className={styles.jsonEditor} style={codeTheme.plain}>
      <pre aria-hidden="true" className={styles.jsonLayer} data-json-layer>
        {jsonTokens(value).map((token, index) =>
          token.types ? (
            <span key={index} className={`token ${token.types.join(' ')}`} style={tokenStyle(token.types)}>
              {token.text}
            </span>
          ) : (
            token.text
          ),
        )}
        {/* A last line that is empty still takes a line's height, as it does in the textarea. */}
        {value.endsWith('\n') || value === '' ? ' ' : null}
      </pre>
      <textarea
        id={id}
        className={styles.jsonText}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
