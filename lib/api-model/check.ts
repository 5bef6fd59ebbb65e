/**
 * The house rules of Plaza's specs, checked on the model before anything is written from it: every
 * operation that specs/operations.md lists has its page (slug, tag, summary, method), tags come in
 * the listed order, no two pages share a slug, and no text carries script. Each problem is one line naming the file and what to change.
 */
import {readFile} from 'node:fs/promises';
import {resolve} from 'node:path';
import type {ApiModel} from './model';
import {checkAgainstList, checkOperationFields, checkSlugs, findUnsafeHtml, parseOperationList} from './specs';

/** The list of operations the product must have, beside the specs. */
export const operationListFile = 'specs/operations.md';

/**
 * What every spec must satisfy for its pages to be right (unique slugs) and, unless `foreign` (specs
 * that are not Plaza's, as the fixture sites of the tests build), Plaza's own rules too.
 */
export async function checkModel(model: ApiModel, projectDir: string, {foreign = false} = {}): Promise<string[]> {
  const structural = model.apis.flatMap((api) => checkSlugs(api.document).map((problem) => `${api.file}: ${problem}`));
  if (foreign) return structural;
  const list = parseOperationList(await readFile(resolve(projectDir, operationListFile), 'utf8'));
  return [
    ...structural,
    ...model.apis.flatMap((api) => [
      ...[...checkOperationFields(api.document), ...findUnsafeHtml(api.document)].map((problem) => `${api.file}: ${problem}`),
      ...checkAgainstList(api.name, api.document, list),
    ]),
  ];
}
