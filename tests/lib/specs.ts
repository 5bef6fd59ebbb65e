/**
 * The specs as the site reads them, for every test: the API model of lib/api-model/model.ts
 * (`loadApiModel`), loaded once per test process and shared. `specs` holds each API's bundled
 * document (its local `$ref`s kept), as the readers that walk references get it (`model.specs`);
 * `model` has the rest, each API's `resolved` document and its text as committed.
 *
 * The tests are CommonJS modules (tsx and Playwright compile them so), which cannot await at their
 * top level, and many make their tests, or a sandbox, from the specs as they load. So the model is
 * loaded synchronously: `loadApiModel` runs in a child Node.js process, which hands the model back
 * serialized (v8's structured clone: a node shared between documents stays shared). That costs a
 * few seconds, once per process.
 *
 * The model is frozen: a test that changes a spec changes its own copy (`structuredClone`), never
 * what the other tests of the process read.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {deserialize} from 'node:v8';
import type {ApiModel} from '../../lib/api-model/model';
import type {Specs} from '../../lib/api-model/events';
import {apis} from '../../lib/api-model/specs';

const projectRoot = process.cwd();

/** The model, made by `loadApiModel` in a child process, which writes it to a file (its output is free for whatever it logs). */
function loadModel(): ApiModel {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-api-model-'));
  const file = join(dir, 'model');
  const loader = `require(${JSON.stringify(resolve(projectRoot, 'lib/api-model/model.ts'))})
    .loadApiModel(${JSON.stringify(projectRoot)})
    .then((model) => require('node:fs').writeFileSync(${JSON.stringify(file)}, require('node:v8').serialize(model)));`;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', '--eval', loader], {cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe']});
    return deserialize(readFileSync(file)) as ApiModel;
  } catch (error) {
    const stderr = String((error as {stderr?: unknown}).stderr ?? '').trim();
    throw new Error(`the API model of ${projectRoot} could not be loaded: ${stderr || String(error)}`);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/** The value frozen, and every object in it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Plaza's API model, as `loadApiModel` makes it from the committed specs. */
export const model: ApiModel = deepFreeze(loadModel());

/** Each API's bundled document (local `$ref`s kept), by API name: `model.specs`. */
export const specs: Specs = Object.freeze(
  Object.fromEntries(
    apis.map((api) => {
      const document = model.specs[api.name];
      if (!document) throw new Error(`the API model has no document of ${api.name} (${api.file})`);
      return [api.name, document];
    }),
  ) as Specs,
);
