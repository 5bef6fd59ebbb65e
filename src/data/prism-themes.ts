import type {PrismTheme} from 'prism-react-renderer';

/**
 * The site's two code themes. Every token colour keeps a contrast ratio of at least 5.5:1
 * against its background (WCAG AA asks for 4.5:1), which the stock themes do not.
 */
type Palette = {
  background: string;
  plain: string;
  comment: string;
  keyword: string;
  string: string;
  function: string;
  number: string;
  variable: string;
  punctuation: string;
  tag: string;
  builtin: string;
};

function themeFrom(palette: Palette): PrismTheme {
  return {
    plain: {color: palette.plain, backgroundColor: palette.background},
    styles: [
      {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: palette.comment, fontStyle: 'italic'}},
      {types: ['keyword', 'operator', 'important', 'atrule', 'rule'], style: {color: palette.keyword}},
      {types: ['string', 'char', 'attr-value', 'regex', 'inserted', 'url'], style: {color: palette.string}},
      {types: ['function', 'class-name', 'attr-name', 'selector'], style: {color: palette.function}},
      {types: ['number', 'boolean', 'constant', 'property', 'symbol', 'null'], style: {color: palette.number}},
      {types: ['variable', 'parameter', 'deleted'], style: {color: palette.variable}},
      {types: ['punctuation'], style: {color: palette.punctuation}},
      {types: ['tag', 'namespace'], style: {color: palette.tag}},
      {types: ['builtin', 'entity'], style: {color: palette.builtin}},
    ],
  };
}

export const lightCodeTheme = themeFrom({
  background: '#f6f8fa',
  plain: '#1f2328',
  comment: '#5c6670',
  keyword: '#b3124a',
  string: '#0a5c36',
  function: '#6639ba',
  number: '#0550ae',
  variable: '#8a3a00',
  punctuation: '#3d444d',
  tag: '#116329',
  builtin: '#7a4d00',
});

export const darkCodeTheme = themeFrom({
  background: '#161b26',
  plain: '#e6edf3',
  comment: '#9aa4b2',
  keyword: '#ff8f88',
  string: '#9fe0b0',
  function: '#d2b3ff',
  number: '#8cc8ff',
  variable: '#ffb070',
  punctuation: '#c9d1d9',
  tag: '#8ee59c',
  builtin: '#f0c674',
});
