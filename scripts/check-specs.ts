/**
 * Checks specs/ without building the site: reads the API model (lib/api-model) and applies the
 * rules the build applies before it writes the reference. Prints one line per problem and exits 1,
 * or says that the specs pass. PLAZA_FOREIGN_SPECS=true applies only the rules every spec must keep.
 *
 * Usage: npm run specs:check
 */
import {checkModel} from '../lib/api-model/check';
import {loadApiModel} from '../lib/api-model/model';

async function main(): Promise<string[]> {
  const model = await loadApiModel('.');
  return checkModel(model, '.', {foreign: process.env.PLAZA_FOREIGN_SPECS === 'true'});
}

main().then(
  (problems) => {
    for (const problem of problems) console.error(problem);
    if (problems.length > 0) process.exit(1);
    console.log('specs: every listed operation has its page, and no slug is shared');
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
