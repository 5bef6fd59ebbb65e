/**
 * A remark plugin for the docs: each ```mermaid block becomes its SVGs, pre-rendered by
 * scripts/render-diagrams.ts, in a <figure className="diagram"> holding one <img> per colour
 * mode. Each image is sized from its SVG, so the browser reserves its space before it loads, and
 * carries the diagram's accTitle and accDescr as alt text; CSS shows the one of the current mode.
 * A diagram without its SVGs or without alt text fails the build with one line saying why. In
 * `npm start` it is a placeholder on its page instead, saying the same and showing the diagram's
 * source, so that a new diagram does not take down every page of the development site.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {altText, diagramHash, missingAltReason, modes, svgDir, svgName, svgSize, svgUrlPath} from '../../lib/diagrams';

type MdastNode = {type: string; lang?: string | null; value?: string; position?: {start: {line: number}}; children?: MdastNode[]};
type JsxElement = {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children: (JsxElement | MdastNode)[];
};

function jsx(name: string, attributes: Record<string, string>, children: (JsxElement | MdastNode)[] = []): JsxElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
    children,
  };
}

/** A diagram that cannot be shown: why, in one line. */
class DiagramError extends Error {}

/** In `npm start` (Docusaurus sets NODE_ENV), a diagram that cannot be shown is a placeholder on its page; in a build, an error. */
const development = () => process.env.NODE_ENV === 'development';

/** The placeholder of a diagram that cannot be shown yet: the reason, and the diagram's source. */
function placeholder(code: MdastNode, reason: string): JsxElement {
  return jsx('figure', {className: 'diagram diagram--missing'}, [
    {type: 'paragraph', children: [{type: 'text', value: `This diagram is not shown: ${reason}. Its source:`}]},
    {type: 'code', lang: 'text', value: code.value ?? ''},
  ]);
}

function figure(code: MdastNode): JsxElement {
  const source = code.value ?? '';
  const alt = altText(source);
  if (!alt) throw new DiagramError(`${missingAltReason}; add them, then run npm run diagrams`);
  const hash = diagramHash(source);
  const images = modes.map(({mode}) => {
    const path = join(svgDir, svgName(hash, mode));
    const size = existsSync(path) ? svgSize(readFileSync(path, 'utf8')) : null;
    if (!size) throw new DiagramError(`${path} is missing or has no viewBox; run npm run diagrams and commit static/diagrams`);
    return jsx('img', {
      className: `diagram__${mode}`,
      src: `${svgUrlPath}/${svgName(hash, mode)}`,
      width: String(size.width),
      height: String(size.height),
      loading: 'lazy',
      decoding: 'async',
      alt,
    });
  });
  return jsx('figure', {className: 'diagram'}, images);
}

export default function remarkDiagrams() {
  return (tree: MdastNode, file: {path?: string}): void => {
    const page = relative(process.cwd(), file.path ?? '');
    const replace = (parent: MdastNode): void => {
      parent.children?.forEach((child, index, children) => {
        if (child.type === 'code' && child.lang === 'mermaid') {
          try {
            children[index] = figure(child) as unknown as MdastNode;
          } catch (error) {
            if (!(error instanceof DiagramError)) throw error;
            if (development()) children[index] = placeholder(child, error.message) as unknown as MdastNode;
            else {
              // One line: Docusaurus prints the stack after the message, and it would only bury it.
              const failure = new Error(`${page}:${child.position?.start.line ?? 0}: ${error.message}`);
              failure.stack = failure.message;
              throw failure;
            }
          }
        } else {
          replace(child);
        }
      });
    };
    replace(tree);
  };
}
