/**
 * The content check of `npm run check`: every check of the hand-written pages and the specs that
 * needs no build, each problem as `file:line: reason`. `npm run build` and `npm test` run it first.
 */
import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {docPages} from '../docs-source';
import type {Problem} from '../page-requests';
import {apis} from '../api-model/specs';
import {operationPages} from '../api-render/webhook-events';
import {checkDiagrams} from './diagrams';
import {checkDocs} from './docs-drift';
import {checkOperationNames} from './operation-names';
import {checkPages} from './pages';
import {checkSidebars, sidebarsFile} from './sidebars';
import {checkSpecFiles} from './specs';
import {checkPageSpelling, checkSpecSpelling} from './spelling';

export type CheckReport = {problems: Problem[]; checked: string[]};

export async function runChecks(): Promise<CheckReport> {
  const pages = docPages();
  const sidebars = ((await import(resolve(sidebarsFile))) as {default: SidebarsConfig}).default;
  const spelling = [
    ...[...pages, 'src/pages/_home/content.ts'].flatMap(checkPageSpelling),
    ...apis.flatMap((api) => checkSpecSpelling(api.file)),
  ];
  const sidebar = checkSidebars(sidebars);
  const checked = ['spelling of the pages and the specs', `${sidebar.pages} pages in ${sidebarsFile}`];
  const read = await checkSpecFiles();
  const problems = [...read.problems, ...spelling, ...sidebar.problems];

  // The pages are checked against the specs only when the specs pass their own check.
  const {specs} = read;
  if (specs && read.problems.length === 0) {
    // A page whose MDX does not parse is that one problem: the checks that read its syntax tree skip it.
    const mdx = checkPages(specs);
    const drift = checkDocs(specs, mdx.parsed);
    const operations = operationPages(specs);
    const names = mdx.parsed.flatMap((file) => checkOperationNames(file, readFileSync(file, 'utf8'), operations));
    const diagrams = checkDiagrams(mdx.parsed);
    problems.push(...mdx.problems, ...drift.problems, ...names, ...diagrams.problems);
    checked.unshift(
      'the specs',
      `${mdx.pages} pages and ${mdx.links} internal links`,
      `${drift.requests} requests and ${drift.responses} responses against the specs`,
      `${drift.snippetBodies} SDK snippet bodies, ${drift.permissionsNamed} permissions and ${drift.sandboxValues} sandbox values`,
      'operation names',
    );
    checked.push(`${diagrams.diagrams} diagrams`);
  } else {
    checked.push('not the pages against the specs, which have problems of their own');
  }
  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return {problems, checked};
}
