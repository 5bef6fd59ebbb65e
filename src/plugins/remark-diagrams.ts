/**
 * A remark plugin for the docs: each ```mermaid block becomes its SVGs, pre-rendered by
 * scripts/render-diagrams.ts, in a <figure className="diagram"> holding one <img> per colour
 * mode. Each image is sized from its SVG, so the browser reserves its space before it loads, and
 * carries the diagram's accTitle and accDescr as alt text; CSS shows the one of the current mode.
 * A diagram without its SVGs or without alt text fails the build with one line saying why.
 */
import {existsSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {altText, diagramHash, missingAltReason, modes, svgDir, svgName, svgSize, svgUrlPath} from '../../lib/diagrams';

type MdastNode = {type: string; lang?: string | null; value?: string; position?: {start: {line: number}}; children?: MdastNode[]};
type JsxElement = {
  type: 'mdxJsxFlowElement';
  name: string;
  attributes: {type: 'mdxJsxAttribute'; name: string; value: string}[];
  children: JsxElement[];
};

function jsx(name: string, attributes: Record<string, string>, children: JsxElement[] = []): JsxElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
    children,
  };
}

/** An error of one line: Docusaurus prints the stack after the message, and it would only bury it. */
function buildError(message: string): Error {
  const error = new Error(message);
  error.stack = message;
  return error;
}

function figure(code: MdastNode, where: string): JsxElement {
  const source = code.value ?? '';
  const alt = altText(source);
  if (!alt) throw buildError(`${where}: ${missingAltReason}; add them, then run npm run diagrams`);
  const hash = diagramHash(source);
  const images = modes.map(({mode}) => {
    const path = join(svgDir, svgName(hash, mode));
    const size = existsSync(path) ? svgSize(readFileSync(path, 'utf8')) : null;
    if (!size) throw buildError(`${where}: ${path} is missing or has no viewBox; run npm run diagrams and commit static/diagrams`);
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
          children[index] = figure(child, `${page}:${child.position?.start.line ?? 0}`) as unknown as MdastNode;
        } else {
          replace(child);
        }
      });
    };
    replace(tree);
  };
}
