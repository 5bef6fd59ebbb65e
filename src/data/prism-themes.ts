import type {PrismTheme} from 'prism-react-renderer';

/**
 * The site's code theme: one Prism theme for both colour modes, whose colours are CSS variables
 * that src/css/custom.css sets for each mode. A code block's token styles are then the same
 * whatever the mode, so the HTML built in dark mode is right in light mode too, and React keeps
 * it when it hydrates instead of building every block again (src/theme/CodeBlock).
 */
/** The colours of the theme, each a CSS variable `--code-<name>` of src/css/custom.css. */
type Colour =
  'background' | 'plain' | 'comment' | 'keyword' | 'string' | 'function' | 'number' | 'variable' | 'punctuation' | 'tag' | 'builtin';

const colour = (name: Colour) => `var(--code-${name})`;

export const codeTheme: PrismTheme = {
  plain: {color: colour('plain'), backgroundColor: colour('background')},
  styles: [
    {types: ['comment', 'prolog', 'doctype', 'cdata'], style: {color: colour('comment'), fontStyle: 'italic'}},
    {types: ['keyword', 'operator', 'important', 'atrule', 'rule'], style: {color: colour('keyword')}},
    {types: ['string', 'char', 'attr-value', 'regex', 'inserted', 'url'], style: {color: colour('string')}},
    {types: ['function', 'class-name', 'attr-name', 'selector'], style: {color: colour('function')}},
    {types: ['number', 'boolean', 'constant', 'property', 'symbol', 'null'], style: {color: colour('number')}},
    {types: ['variable', 'parameter', 'deleted'], style: {color: colour('variable')}},
    {types: ['punctuation'], style: {color: colour('punctuation')}},
    {types: ['tag', 'namespace'], style: {color: colour('tag')}},
    {types: ['builtin', 'entity'], style: {color: colour('builtin')}},
  ],
};
