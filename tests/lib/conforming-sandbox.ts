/**
 * The sandbox as every test meets it: each answer and each event it makes is checked against the
 * specs (sandbox/core's `onMismatch`), and a mismatch fails the test at once, naming the operation,
 * the status, the JSON Pointer and the value. When the test process ends it prints how many answers
 * and events were checked, so that a run shows what the check covered.
 */
import {domains, mismatchLine, Sandbox, SpecIndex, type SandboxRequest, type SandboxResponse} from '../../sandbox/core';
import {lifecycleListeners, type LifecycleName} from '../../sandbox/core/lifecycles';
import type {SandboxOptions} from '../../sandbox/core/sandbox';
import {specs} from './specs';
import type {Observation} from './stated-rules';

/** The specs as the site reads them (tests/lib/specs.ts). */
export {specs};
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

/** A sandbox of the committed specs whose every answer and event must fit them; with `record`, each request is noted there too. */
export function conformingSandbox(options: Omit<SandboxOptions, 'domains' | 'specs' | 'onMismatch'> = {}, record?: Observation[]): Sandbox {
  const settings: SandboxOptions = {
    ...options,
    specs,
    domains,
    onMismatch: (mismatch) => {
      throw new MismatchError(`the sandbox answered what the specs do not allow: ${mismatchLine(mismatch)}`);
    },
  };
  const sandbox = record ? new RecordingSandbox(settings, record) : new Sandbox(settings, index);
  made.push(sandbox);
  return sandbox;
}

let runs = 0;

const stepName = (name: LifecycleName, from: string | null, to: string) =>
  from === null ? `${name}: created ${to}` : `${name}: ${from} → ${to}`;

/**
 * Runs what a host does between requests on a sandbox of the stated-rules test, so that the lifecycle
 * steps it runs count as executed (noted with the sandbox's next request); on any other sandbox it just runs.
 */
export function outsideRequests<T>(sandbox: Sandbox, work: () => T): T {
  return sandbox instanceof RecordingSandbox ? sandbox.outsideRequests(work) : work();
}

/** A sandbox that notes each request with its answer, the events it made and the lifecycle steps it ran (tests/lib/stated-rules.ts). */
class RecordingSandbox extends Sandbox {
  private readonly runNumber = ++runs;

  constructor(
    settings: SandboxOptions,
    private readonly record: Observation[],
  ) {
    super(settings, index);
  }

  /** Lifecycle steps run between requests (`outsideRequests`), noted with the next request. */
  private carried: string[] = [];

  /** Runs what a host does between requests, such as recording a webhook delivery's answer, noting the lifecycle steps it runs. */
  outsideRequests<T>(work: () => T): T {
    const listener = (name: LifecycleName, from: string | null, to: string) => this.carried.push(stepName(name, from, to));
    lifecycleListeners.add(listener);
    try {
      return work();
    } finally {
      lifecycleListeners.delete(listener);
    }
  }

  override async handle(request: SandboxRequest): Promise<SandboxResponse> {
    const key = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'x-api-key')?.[1] ?? '';
    const events = () => Object.keys(this.accountOf(key)?.objects ?? {}).filter((id) => id.startsWith('evt_'));
    const before = new Set(events());
    const steps = this.carried.splice(0);
    const listener = (name: LifecycleName, from: string | null, to: string) => steps.push(stepName(name, from, to));
    lifecycleListeners.add(listener);
    try {
      const response = await super.handle(request);
      const objects = this.accountOf(key)?.objects ?? {};
      const made = events()
        .filter((id) => !before.has(id))
        .map((id) => String(objects[id]?.type));
      this.record.push({run: this.runNumber, request, response, events: made, steps});
      return response;
    } finally {
      lifecycleListeners.delete(listener);
    }
  }
}
