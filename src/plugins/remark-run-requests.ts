/**
 * A remark plugin for the hand-written docs: every curl block to the Plaza API that its page does not
 * mark "Not run in the sandbox: …" is wrapped in <RunRequest page block label>, which adds the Run
 * control under it (src/components/TryIt/RunRequest.tsx). `block` is the block's place among the
 * page's requests, as lib/page-requests.ts reads them; src/plugins/try-it-pages.ts writes those
 * requests for the control to fetch. The block's own text is unchanged, and so are the Markdown twins
 * (made from the MDX source).
 */
import {relative} from 'node:path';
import {isHandWritten} from '../../lib/docs-source';
import {blockRequest} from '../../lib/page-requests';
import {mdxDefaultImport} from './mdx-import';

type MdastNode = {type: string; lang?: string | null; meta?: string | null; value?: string; children?: MdastNode[]; [key: string]: unknown};

const component = 'RunRequest';
const source = '@site/src/components/TryIt/RunRequest';

const attribute = (name: string, value: string | number) =>
  typeof value === 'string'
    ? {type: 'mdxJsxAttribute', name, value}
    : {
        type: 'mdxJsxAttribute',
        name,
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: String(value),
          data: {
            estree: {
              type: 'Program',
              sourceType: 'module',
              body: [{type: 'ExpressionStatement', expression: {type: 'Literal', value, raw: String(value)}}],
            },
          },
        },
      };

/** The doc ID of a hand-written page (`guides/quickstart`), or undefined for a file the runner does not read. */
export function runnablePage(file: string, docsDir: string): string | undefined {
  const path = relative(docsDir, file).replace(/\\/g, '/');
  if (path.startsWith('..') || !isHandWritten(path)) return undefined;
  return path.replace(/\.mdx?$/, '');
}

export default function remarkRunRequests(options: {docsDir: string}) {
  return (tree: MdastNode, file: {path?: string}): void => {
    const page = runnablePage(file.path ?? '', options.docsDir);
    if (page === undefined) return;
    let block = -1;
    let wrapped = 0;
    const visit = (parent: MdastNode): void => {
      parent.children?.forEach((child, index, children) => {
        if (child.type !== 'code') return visit(child);
        const found = blockRequest({lang: child.lang ?? '', text: child.value ?? '', meta: child.meta ?? ''});
        if (!found) return undefined;
        block += 1;
        if (found.notRun !== undefined) return undefined;
        const {curl} = found;
        wrapped += 1;
        children[index] = {
          type: 'mdxJsxFlowElement',
          name: component,
          attributes: [
            attribute('page', page),
            attribute('block', block),
            attribute('label', `${curl.method} ${curl.target.split('?')[0] ?? ''}`),
          ],
          children: [child],
        };
        return undefined;
      });
    };
    visit(tree);
    if (wrapped > 0) tree.children?.unshift(mdxDefaultImport(component, source));
  };
}
