/**
 * What a reader's new sandbox account starts with: the objects the specs' examples and the pages'
 * blocks name, under the examples' IDs. A request copied from any page, or sent from any Try it panel
 * without a change, then reaches a real object (issue 55).
 *
 * The objects are made the way a reader would make them: by the account's own requests, run through
 * the sandbox's handlers, so that every object, balance, event and clock job is one the API could
 * have made. After each request, the object it made takes the example's ID everywhere in the account.
 * The seed starts its account some days in the past and advances its clock back to the present, so
 * that payments have settled and objects have a history; the account's clock ends where a new one's
 * would be.
 */
import {multipart} from '../../lib/page-run';
import type {SpecIndex} from '../../lib/api-model/request-index';
import {iso, type AccountState} from './state';
import {hourMs} from './time';
import type {SandboxRequest, SandboxResponse} from './types';

type Json = Record<string, unknown>;

/** One step: an operation called with its example body (changed by `body`), or the newest object of a prefix renamed. */
export type SeedStep =
  | {
      call: string;
      /** The API of the operation, where both have one of that name. */
      api?: string;
      params?: Record<string, string>;
      /** Fields that replace the example's, or the body made from the example. */
      body?: Json | ((example: Json) => Json);
      as?: string;
      /**
       * What makes the object distinct when `remake` makes another (an email, a token the API takes
       * once): the body changed by `mark`, eight digits that differ each time.
       */
      again?: (body: Json, mark: string) => Json;
    }
  | {newest: string; as: string; where?: Json}
  /** The clock advanced until `until` hours before the present. */
  | {until: number};

export type Seed = {
  /** The ID of the reader's own account in the examples. */
  account: string;
  /** At least how long before now the account starts, in hours: the steps advance the clock back to now. */
  history: number;
  /**
   * The UTC hour the account starts at (with now's minutes): the history is lengthened to start then,
   * so that what the steps make reaches the same stage whatever the time of day (the 17:00 cutoff and
   * the days funds take count from it).
   */
  startHour: number;
  steps: SeedStep[];
};

type Runner = {
  index: SpecIndex;
  account: AccountState;
  key: string;
  wall: () => number;
  send: (request: SandboxRequest) => Promise<SandboxResponse>;
};

/** Gives an object of the account another ID, everywhere the account's state names it. */
function rename(account: AccountState, from: string, to: string) {
  if (from === to) return;
  if (Object.hasOwn(account.objects, to)) throw new Error(`the seed names ${to} twice`);
  Object.assign(account, JSON.parse(JSON.stringify(account).replaceAll(from, to)) as AccountState);
}

const matches = (object: Json, where: Json | undefined) =>
  Object.entries(where ?? {}).every(([name, value]) => JSON.stringify(object[name]) === JSON.stringify(value));

/**
 * Whether a seed fits the specs: every operation it calls is one of theirs. A site built from other
 * specs (a preview, the hostile-specs test) has a sandbox whose accounts start empty.
 */
export const seedFits = (seed: Seed, index: SpecIndex): boolean =>
  seed.steps.every(
    (step) =>
      !('call' in step) ||
      index.operations.some((operation) => operation.operationId === step.call && (!step.api || operation.api === step.api)),
  );

type CallStep = Extract<SeedStep, {call: string}>;

/**
 * Calls an operation with its example body, changed by the step, in the account's present; returns
 * the ID of the object the answer made, if it made one. A step that fails throws an error naming it.
 */
async function callStep(step: CallStep, seed: Seed, {index, account, key, wall, send}: Runner, mark?: string): Promise<string | undefined> {
  const now = () => wall() + account.clockOffset;
  const operation = index.operations.find((candidate) => candidate.operationId === step.call && (!step.api || candidate.api === step.api));
  if (!operation) throw new Error(`the seed calls ${step.call}, which the specs do not have`);
  const form = index.form(operation.method, operation.path);
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => step.params?.[name] ?? seed.account);
  // A time the API takes only near the present is counted from the account's now, as Try it fills it.
  const times = (form?.body?.fields ?? []).flatMap((field) =>
    field.fromNow === undefined ? [] : [[field.name, iso(now() + field.fromNow * 1000)]],
  );
  const fields = {...((form?.body?.example ?? {}) as Json), ...Object.fromEntries(times)};
  const given = typeof step.body === 'function' ? step.body(fields) : {...fields, ...step.body};
  const values = mark && step.again ? step.again(given, mark) : given;
  const files = new Set((form?.body?.fields ?? []).filter((field) => field.kind === 'file').map((field) => field.name));
  // An upload sends the sample file under the name the example gives.
  const encoded =
    operation.body?.mediaType === 'multipart/form-data'
      ? multipart(Object.entries(values).map(([name, value]) => ({name, value: `${files.has(name) ? '@' : ''}${String(value)}`})))
      : operation.body
        ? {body: JSON.stringify(values), type: 'application/json'}
        : undefined;
  const answer = await send({
    method: operation.method,
    url: path,
    headers: {'x-api-key': key, ...(encoded ? {'content-type': encoded.type} : {})},
    body: encoded?.body,
  });
  if (answer.status >= 300) {
    const error = (answer.body as {error?: {message?: string}} | undefined)?.error?.message ?? '';
    throw new Error(`${step.call} answered ${answer.status}: ${error}`);
  }
  const id = (answer.body as {id?: unknown} | undefined)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** Runs a seed in a new account; a step that fails stops it with an error that names the step. */
export async function runSeed(seed: Seed, runner: Runner) {
  const {account, wall} = runner;
  const end = account.clockOffset;
  account.clockOffset -= (seed.history + ((new Date(wall() + end).getUTCHours() - seed.startHour + 24) % 24)) * hourMs;

  /** Calls a step's operation; the answer's object takes the step's ID. */
  const call = async (step: CallStep) => {
    const id = await callStep(step, seed, runner);
    if (step.as && id) rename(account, id, step.as);
    else if (step.as) throw new Error(`the seed's ${step.call} made no object to become ${step.as}`);
  };

  for (const step of seed.steps) {
    if ('until' in step) {
      const hours = (end - account.clockOffset) / hourMs - step.until;
      if (hours < 0) throw new Error(`the seed's clock is already past ${step.until} hours before now`);
      if (hours > 0) await call({call: 'advanceSandboxClock', body: {hours}});
    } else if ('newest' in step) {
      const found = Object.keys(account.objects)
        .filter((id) => id.startsWith(`${step.newest}_`) && matches(account.objects[id] as Json, step.where))
        .sort((a, b) => (account.created[b] ?? 0) - (account.created[a] ?? 0))[0];
      if (!found) throw new Error(`the seed found no ${step.newest}_ object to become ${step.as}`);
      rename(account, found, step.as);
    } else await call(step);
  }
  if (account.clockOffset !== end) throw new Error(`the seed ended ${(end - account.clockOffset) / hourMs} hours before now`);
}

/**
 * The steps that made one of the seed's objects and brought it to its state: the call that made it,
 * then each later call that names it in its path. Undefined for an object no call made under its ID
 * (one the clock made, renamed by a `newest` step), which only time makes again.
 */
export function makingSteps(seed: Seed, id: string): CallStep[] | undefined {
  const calls = seed.steps.filter((step): step is CallStep => 'call' in step);
  const made = calls.findIndex((step) => step.as === id);
  if (made < 0) return undefined;
  return [calls[made]!, ...calls.slice(made + 1).filter((step) => Object.values(step.params ?? {}).includes(id))];
}

/**
 * Makes another object like one of the seed's, now, by its making steps (the later ones name the new
 * object where they named the seed's): for a reader whose example object was used up (captured,
 * deleted). Returns the new object's ID.
 */
export async function remake(seed: Seed, id: string, runner: Runner): Promise<string> {
  const [maker, ...shapers] = makingSteps(seed, id) ?? [];
  if (!maker) throw new Error(`${id} is not an object the seed makes`);
  const mark = String(runner.account.seq).padStart(8, '0');
  const made = await callStep({...maker, as: undefined}, seed, runner, mark);
  if (!made) throw new Error(`the seed's ${maker.call} made no object`);
  for (const step of shapers) {
    const params = Object.fromEntries(Object.entries(step.params ?? {}).map(([name, value]) => [name, value === id ? made : value]));
    await callStep({...step, params, as: undefined}, seed, runner);
  }
  return made;
}
