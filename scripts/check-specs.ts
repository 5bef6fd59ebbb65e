/**
 * Checks the committed specs against the list of operations the product requires
 * (tests/fixtures/operations.md): every listed slug has its operation with the listed
 * summary, method and tag, tags come in the listed order, no two pages share a slug,
 * and no description carries script. Exits 1 and prints one line per problem.
 *
 * Usage: tsx scripts/check-specs.ts
 */
import {readFileSync} from 'node:fs';
import {apis, checkAgainstList, checkSlugs, findUnsafeHtml, parseOperationList, readSpec} from './lib/specs';

export function checkCommittedSpecs(listFile = 'tests/fixtures/operations.md'): string[] {
  const list = parseOperationList(readFileSync(listFile, 'utf8'));
  return apis.flatMap((api) => {
    const spec = readSpec(api.file);
    return [
      ...checkSlugs(spec).map((problem) => `${api.file}: ${problem}`),
      ...findUnsafeHtml(spec).map((problem) => `${api.file}: ${problem}`),
      ...checkAgainstList(api.name, spec, list),
    ];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = checkCommittedSpecs();
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log('specs: every listed operation has its page, and no slug is shared');
}
