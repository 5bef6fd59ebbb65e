/**
 * The kitchen-sink site: tests/fixtures/kitchen-sink.yaml, a spec that is not Plaza's, built by
 * `npm run preview` (scripts/preview.ts) as a spec author builds theirs.
 */
import {createHash} from 'node:crypto';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {previewRoute} from '../../lib/api-model/site';
import {runIn, type RunResult} from '../../scripts/lib/site-copy';

const root = process.cwd();
const fixture = join(root, 'tests', 'fixtures', 'kitchen-sink.yaml');

/**
 * The kitchen sink is built once per `playwright test` run by the setup project of
 * playwright.config.ts into `build`, one per checkout of the project; each spec file that checks its
 * pages then serves it itself. `env` makes a command of the project read the kitchen sink as the
 * site's one spec, as the preview's build does.
 */
export const kitchenSink = {
  fixture,
  build: join(tmpdir(), `plaza-kitchen-sink-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`),
  route: previewRoute,
  env: {PLAZA_PREVIEW_SPEC: fixture},
};

/** Builds the kitchen sink with `npm run preview`; what the command printed, and its exit status. */
export const buildKitchenSink = (): RunResult => runIn(root, 'npx', ['tsx', 'scripts/preview.ts', fixture, '--out', kitchenSink.build]);
