/**
 * The kitchen-sink site: the project built with tests/fixtures/kitchen-sink.yaml standing in for
 * both specs, in a copy made by scripts/lib/site-copy.ts.
 */
import {createHash} from 'node:crypto';
import {copyFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {buildCopy, copyProject} from '../../scripts/lib/site-copy';

const root = process.cwd();

/**
 * The kitchen sink (tests/fixtures/kitchen-sink.yaml) is built once per `playwright test` run by
 * the setup project of playwright.config.ts into this folder, one per checkout of the project;
 * each spec file that checks its pages then serves `kitchenSink.build` itself.
 */
export const kitchenSink = (() => {
  const dir = join(tmpdir(), `plaza-kitchen-sink-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`);
  return {fixture: join(root, 'tests', 'fixtures', 'kitchen-sink.yaml'), dir, build: join(dir, 'build')};
})();

/**
 * Copies the project to kitchenSink.dir with the kitchen sink standing in for both specs (the
 * site's two APIs are fixed, so each shows the same pages), and builds it.
 */
export function buildKitchenSink(): void {
  copyProject(kitchenSink.dir);
  for (const file of ['accounts.yaml', 'financial.yaml']) copyFileSync(kitchenSink.fixture, join(kitchenSink.dir, 'specs', file));
  buildCopy(kitchenSink.dir);
}
