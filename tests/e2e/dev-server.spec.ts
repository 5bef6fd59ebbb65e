/**
 * `npm start`, the development server, as a writer uses it, in a copy of the project
 * (scripts/lib/site-copy.ts) so that the edits stay there:
 *
 * - a spec edited while it runs reaches the open operation page, with no restart;
 * - a new mermaid diagram without its SVGs is a placeholder on its own page, which names the
 *   command to run, and every other page still works;
 * - Copy page says that Markdown twins are made by the build, and copies nothing.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {freePort, temporaryCopy} from '../../scripts/lib/site-copy';
import {expect, open, test} from './fixtures';

let copy = '';
let server: ChildProcess | undefined;
let origin = '';
let output = '';

test.describe.configure({mode: 'serial', timeout: 5 * 60_000});

/** Waits until the dev server answers `path` (it answers once its first compilation is done). */
async function answered(path: string, until: number): Promise<void> {
  while (Date.now() < until) {
    if (server?.exitCode !== null) throw new Error(`npm start stopped:\n${output}`);
    const response = await fetch(`${origin}${path}`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm start did not answer ${path} in time:\n${output}`);
}

test.beforeAll(async () => {
  // Copying, generating the reference and the first compilation take a minute or more on a busy machine.
  test.setTimeout(5 * 60_000);
  copy = temporaryCopy('dev-server');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // As `npm start` runs it, on a port of the test's own.
  server = spawn(join(copy, 'node_modules', '.bin', 'docusaurus'), ['start', '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
    cwd: copy,
    env: {...process.env, BROWSER: 'none'},
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await answered('/api/financial/create-payment', Date.now() + 4 * 60_000);
});

test.afterAll(() => {
  server?.kill();
  if (copy) rmSync(copy, {recursive: true, force: true});
});

test('a spec edited while npm start runs reaches the open operation page without a restart', async ({page}) => {
  await open(page, `${origin}/api/financial/create-payment`);
  const sentence = `Edited while the development server ran, at ${Date.now()}.`;
  await expect(page.getByText(sentence)).toHaveCount(0);
  const spec = join(copy, 'specs', 'financial.yaml');
  const text = readFileSync(spec, 'utf8');
  const anchor = '      operationId: createPayment\n';
  const description = text.indexOf('      description: |\n', text.indexOf(anchor)) + '      description: |\n'.length;
  expect(description).toBeGreaterThan(anchor.length);
  writeFileSync(spec, `${text.slice(0, description)}        ${sentence}\n\n${text.slice(description)}`);
  // The reference is made again and the page reloads itself: no navigation by the test.
  await expect(page.getByText(sentence)).toBeVisible({timeout: 3 * 60_000});
});

test('a diagram without its SVGs is a placeholder on its page alone, naming the command to run', async ({page}) => {
  const guide = join(copy, 'docs', 'guides', 'quickstart.mdx');
  const diagram = [
    '```mermaid',
    'flowchart LR',
    '    accTitle: A new diagram',
    '    accDescr: Not rendered yet.',
    '    Draft --> Done',
    '```',
  ];
  writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n${diagram.join('\n')}\n`);
  await open(page, `${origin}/guides/quickstart`);
  const placeholder = page.locator('figure.diagram--missing');
  await expect(placeholder).toBeVisible({timeout: 3 * 60_000});
  await expect(placeholder).toContainText('npm run diagrams');
  await expect(placeholder).toContainText('Draft --> Done');
  // Another page with diagrams of its own still shows them.
  await open(page, `${origin}/concepts/webhooks`);
  await expect(page.locator('figure.diagram img').first()).toBeVisible();
  await expect(page.locator('figure.diagram--missing')).toHaveCount(0);
});

test('Copy page says that npm start makes no Markdown twins, and offers no copy', async ({page}) => {
  await open(page, `${origin}/guides/quickstart`);
  await expect(page.locator('.copy-page')).toContainText('npm start makes no Markdown twins; npm run build does');
  await expect(page.getByRole('button', {name: 'Copy page'})).toHaveCount(0);
});
