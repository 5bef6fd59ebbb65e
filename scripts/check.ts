/**
 * npm run check: the content check (lib/checks) in seconds, before any bundling. Prints one line
 * per problem as `file:line: reason` and exits 1, or one line saying what passed.
 */
import {runChecks} from '../lib/checks';

const started = performance.now();
runChecks().then(
  ({problems, checked}) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    for (const {file, line, reason} of problems) console.error(`${file}:${line}: ${reason}`);
    if (problems.length > 0) {
      console.error(`check: ${problems.length} problem${problems.length === 1 ? '' : 's'} (${seconds} s)`);
      process.exit(1);
    }
    console.log(`check: no problem in ${checked.join(', ')} (${seconds} s)`);
  },
  (error: unknown) => {
    console.error(`check: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
