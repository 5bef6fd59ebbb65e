/**
 * The tokens of a JSON text as the site's code blocks colour them: keys, strings, numbers, booleans
 * and null, each with the types Prism gives it and the style the site's code theme gives those
 * types, so that an answer reads like the response examples beside it. Loaded with the panel.
 */
import type {CSSProperties} from 'react';
import {codeTheme} from '../../data/prism-themes';

/** A run of the text: a token with its Prism types, or the spaces and punctuation between tokens. */
export type JsonToken = {text: string; types?: string[]};

// A string (its escapes included), a number, or a literal. Strings come first, so that digits or
// `true` inside a string stay in it.
const token = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\b(?:true|false|null)\b/g;

/** Splits a JSON text (such as JSON.stringify writes) into tokens; joined, they give the text back. */
export function jsonTokens(text: string): JsonToken[] {
  const tokens: JsonToken[] = [];
  let last = 0;
  for (const match of text.matchAll(token)) {
    const [found] = match;
    if (match.index > last) tokens.push({text: text.slice(last, match.index)});
    last = match.index + found.length;
    let types = ['number'];
    if (found.startsWith('"')) types = [/^\s*:/.test(text.slice(last)) ? 'property' : 'string'];
    else if (found === 'null') types = ['null', 'keyword'];
    else if (found === 'true' || found === 'false') types = ['boolean'];
    tokens.push({text: found, types});
  }
  if (last < text.length) tokens.push({text: text.slice(last)});
  return tokens;
}

/** The style of a token of these types in the site's code theme, merged as prism-react-renderer merges it. */
export const tokenStyle = (types: string[]): CSSProperties =>
  Object.assign({}, ...types.flatMap((type) => codeTheme.styles.filter((entry) => entry.types.includes(type)).map((entry) => entry.style)));
