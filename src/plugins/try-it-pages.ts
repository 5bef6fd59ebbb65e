/**
 * Writes, for every hand-written page with requests, what its Run controls send
 * (src/components/TryIt/run.tsx): its request blocks and those of the pages it starts from
 * (`sandbox_follows`), in the order a reader runs them, as lib/page-requests.ts reads them. One JSON
 * file a page, under the generated static folder, fetched on the first Run. A block that cannot be
 * read fails the build with its file and line.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {docId, docsRequestPages, pageChain} from '../../lib/page-requests';
import type {RunBlock} from '../../lib/page-run';
import {runDataFile, type RunData} from '../components/TryIt/run-data';
import {generatedStaticDir, syncFolder} from './api-reference';

export default function tryItPages(context: LoadContext): Plugin {
  const docsDir = join(context.siteDir, 'docs');
  return {
    name: 'try-it-pages',
    async loadContent() {
      const pages = docsRequestPages(docsDir);
      const files = new Map<string, string>();
      for (const page of pages) {
        const id = docId(page.file, docsDir);
        const data: RunData = {
          pages: pageChain(page, pages, docsDir).map((current) => ({
            id: docId(current.file, docsDir),
            title: current.title,
            // What a block sends and shows; where it is written stays in the source.
            blocks: current.requests.map(({method, host, target, headers, body, form, shown, notRun}): RunBlock => ({
              method,
              host,
              target,
              headers,
              body,
              form,
              shown,
              notRun,
            })),
          })),
        };
        files.set(runDataFile(id).split('/').pop() ?? id, JSON.stringify(data));
      }
      await syncFolder(join(context.siteDir, generatedStaticDir, 'try-it', 'pages'), files);
    },
    getPathsToWatch() {
      return [join(docsDir, '**/*.{md,mdx}')];
    },
  };
}
