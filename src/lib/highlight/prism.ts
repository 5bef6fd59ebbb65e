/**
 * The Prism instance behind every code block, on the server and in the browser.
 *
 * Docusaurus' code blocks take Prism from prism-react-renderer, whose bundle defines about 45
 * languages when it loads. Each `insertBefore` in a language definition walks every grammar loaded
 * so far, so defining them cost a phone 200 ms or more of main-thread time on every page, for
 * languages these docs never show. This instance defines only the ones the docs use, with the two
 * "extras" components, in the order the bundle loaded them (regex before javascript, typescript
 * before jsdoc and js-extras), so that every code block gets exactly the tokens it had.
 * Docusaurus then adds the config's `prism.additionalLanguages` (C#, Bash, JSON, Java, Python,
 * PHP), as it did to the bundled one.
 */
import './prism-manual';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import 'prismjs/components/prism-regex';
import 'prismjs/components/prism-clike';
import 'prismjs/components/prism-javascript';
import 'prismjs/components/prism-javadoclike';
import 'prismjs/components/prism-css';
import 'prismjs/components/prism-css-extras';
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-jsdoc';
import 'prismjs/components/prism-js-extras';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-tsx';

export default Prism;
