/**
 * Stops with one line when this Node.js is outside the range package.json supports ("engines").
 * Plain JavaScript run by `node` itself, not tsx, so that it still runs, and says what is wrong,
 * on a Node.js too old for the rest of the tooling.
 */
import {readFileSync} from 'node:fs';
import semver from 'semver';

const {engines} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
if (!semver.satisfies(process.version, engines.node)) {
  console.error(
    `Plaza docs need Node.js ${engines.node}; this is ${process.version}. Install a supported Node.js (https://nodejs.org) and run the command again.`,
  );
  process.exit(1);
}
