/**
 * Checks the committed specs against the list of operations the product requires
 * (tests/fixtures/operations.md): every listed slug has its operation with the listed
 * summary, method and tag, tags come in the listed order, no two pages share a slug,
 * no description carries script, and no local $ref points at nothing. Exits 1 and prints one
 * line per problem (one line in all for a spec that holds none of the listed operations).
 *
 * Usage: tsx scripts/check-specs.ts
 */
import {readFileSync} from 'node:fs';
import {apis, checkAgainstList, checkSlugs, findDanglingRefs, findUnsafeHtml, parseOperationList, readSpec} from './lib/specs';

export function checkCommittedSpecs(listFile = 'tests/fixtures/operations.md'): string[] {
  const list = parseOperationList(readFileSync(listFile, 'utf8'));
  return apis.flatMap((api) => {
    const spec = readSpec(api.file);
    // Every other check reads through the references: with one that points at nothing, say only that.
    const dangling = findDanglingRefs(spec).map((problem) => `${api.file}: ${problem}`);
    if (dangling.length > 0) return dangling;
    return [
      ...checkSlugs(spec).map((problem) => `${api.file}: ${problem}`),
      ...findUnsafeHtml(spec).map((problem) => `${api.file}: ${problem}`),
      ...checkAgainstList(api.name, spec, list),
    ];
  });
}

/** The problems, or the one line that says why the specs could not be read. */
function problemsOrFailure(): string[] {
  try {
    return checkCommittedSpecs();
  } catch (error) {
    return [`specs: cannot check them: ${error instanceof Error ? error.message.replace(/\s+/g, ' ') : String(error)}`];
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = problemsOrFailure();
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log('specs: every listed operation has its page, and no slug is shared');
}
