/** What the build writes for the Run controls of a page (src/plugins/try-it-pages.ts), and where. */
import type {RunBlock} from '../../../lib/page-run';

/** A page and the pages it starts from (`sandbox_follows`), in the order a reader runs them; the page is last. */
export type RunData = {pages: {id: string; title: string; blocks: RunBlock[]}[]};

/** The file of a page's doc ID, under the site's root. */
export const runDataFile = (page: string) => `try-it/pages/${page.replace(/\//g, '--')}.json`;
