/**
 * The sandbox as every test meets it: each answer and each event it makes is checked against the
 * specs (sandbox/core's `onMismatch`), and a mismatch fails the test at once, naming the operation,
 * the status, the JSON Pointer and the value. When the test process ends it prints how many answers
 * and events were checked, so that a run shows what the check covered.
 */
import {readSpec} from '../../lib/api-model/specs';
import {createSandbox, mismatchLine, SpecIndex, type Sandbox} from '../../sandbox/core';
import type {SandboxOptions} from '../../sandbox/core/sandbox';

export const specs = {accounts: readSpec('specs/accounts.yaml'), financial: readSpec('specs/financial.yaml')};
/** The index of the specs, made once per process: it is the costly part of a sandbox. */
export const index = new SpecIndex(specs);

/** An answer or an event of the sandbox that the specs do not allow. */
export class MismatchError extends Error {}

const checked = {answers: 0, events: 0};
const made: Sandbox[] = [];
process.on('exit', () => {
  for (const sandbox of made.splice(0)) {
    checked.answers += sandbox.conformance.answers;
    checked.events += sandbox.conformance.events;
  }
  if (checked.answers > 0) console.log(`conformance: ${checked.answers} answers and ${checked.events} events checked against the specs`);
});

/** A sandbox of the committed specs whose every answer and event must fit them. */
export function conformingSandbox(options: Omit<SandboxOptions, 'domains' | 'specs' | 'onMismatch'> = {}): Sandbox {
  const sandbox = createSandbox(
    {
      ...options,
      specs,
      onMismatch: (mismatch) => {
        throw new MismatchError(`the sandbox answered what the specs do not allow: ${mismatchLine(mismatch)}`);
      },
    },
    index,
  );
  made.push(sandbox);
  return sandbox;
}
