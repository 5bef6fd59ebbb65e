/**
 * Scenarios for the rules no page walks (tests/unit/stated-rules.test.ts): each one is an integrator's
 * few requests in a fresh sandbox account, asserting what the pages state. A scenario gets a
 * `ScenarioRun`: `send` sends a request and returns the answer, `ok` asserts a success, `refused`
 * asserts a refusal with the status and code a page gives (and a message that says something), `probe`
 * executes a limit a page states, and `clock` is the host's clock, which moves `step` ms at each
 * reading (1 s unless a scenario stops it).
 *
 * The scenarios of each API live in their own module under rule-scenarios/; this one gathers them.
 */
import assert from 'node:assert/strict';
import type {Sandbox, SandboxRequest} from '../../sandbox/core';
import {accountsScenarios} from './rule-scenarios/accounts';
import {disputeScenarios, financialScenarios, testValueScenarios} from './rule-scenarios/financial';
import {limitScenarios} from './rule-scenarios/limits';
import type {Observation} from './stated-rules';

export type Json = Record<string, unknown>;
export type Answer = {status: number; body: Json; headers: Record<string, string>};
/** A request as a scenario writes it. */
export type Request = {method: string; url: string; body?: unknown; headers?: Record<string, string>};

export type ScenarioRun = {
  sandbox: Sandbox;
  /** The key of the scenario's own sandbox account; another key opens another account. */
  key: string;
  clock: {wall: number; step: number};
  send(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** Sends, asserts a 2xx of the status given, and returns the body. */
  ok(status: number, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Json>;
  /** Sends, and asserts the refusal: its status, its error code, and a message. */
  refused(status: number, code: string, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Json>;
  /**
   * Executes a limit a page states (the ID of a `stated limits` rule of tests/lib/stated-rules.ts):
   * sends `broken`, which just breaks it, and asserts a 4xx refusal with a message, then `kept`,
   * which just keeps it, and asserts a 2xx; notes both answers as the probe's, and returns the
   * second's body. The two requests differ only there, so that the limit is what tells them apart.
   */
  probe(limit: string, broken: Request, kept: Request): Promise<Json>;
};

export type Scenario = (run: ScenarioRun) => Promise<void>;

export const ruleScenarios: Record<string, Scenario> = {
  ...accountsScenarios,
  ...financialScenarios,
  ...disputeScenarios,
  ...testValueScenarios,
  ...limitScenarios,
};

/** A run of a scenario on a sandbox with the key and clock given; `record` is where that sandbox notes each request. */
export function scenarioRun(sandbox: Sandbox, key: string, clock: {wall: number; step: number}, record: Observation[]): ScenarioRun {
  const exchange = async ({method, url, body, headers = {}}: Request): Promise<{request: SandboxRequest; answer: Answer}> => {
    const request: SandboxRequest = {
      method,
      url,
      headers: {'X-API-KEY': key, 'Content-Type': 'application/json', ...headers},
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const response = await sandbox.handle(request);
    return {request, answer: {status: response.status, body: (response.body ?? {}) as Json, headers: response.headers}};
  };
  const send = async (method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Answer> =>
    (await exchange({method, url, body, headers})).answer;
  /** Sends a request of a probe, and notes its observation as the probe's. */
  const probed = async (limit: string, sent: Request, kept: boolean): Promise<Answer> => {
    const {request, answer} = await exchange(sent);
    const seen = record.find((observation) => observation.request === request);
    assert.ok(seen, `${limit}: the sandbox noted no observation of ${sent.method} ${sent.url}`);
    seen.probe = {limit, kept};
    return answer;
  };
  const describe = (method: string, url: string, answer: Answer) =>
    `${method} ${url} answered ${answer.status} ${JSON.stringify(answer.body)}`;
  return {
    sandbox,
    key,
    clock,
    send,
    async ok(status, method, url, body, headers) {
      const answer = await send(method, url, body, headers);
      assert.equal(answer.status, status, describe(method, url, answer));
      return answer.body;
    },
    async refused(status, code, method, url, body, headers) {
      const answer = await send(method, url, body, headers);
      const error = answer.body.error as Json | undefined;
      assert.equal(`${answer.status} ${String(error?.code)}`, `${status} ${code}`, describe(method, url, answer));
      assert.ok(typeof error?.message === 'string' && error.message.length > 20, `${code}: the message says nothing`);
      return error ?? {};
    },
    async probe(limit, broken, kept) {
      const refusal = await probed(limit, broken, false);
      assert.ok(refusal.status >= 400 && refusal.status < 500, `${limit}, broken: ${describe(broken.method, broken.url, refusal)}`);
      const message = (refusal.body.error as Json | undefined)?.message;
      assert.ok(typeof message === 'string' && message.length > 20, `${limit}, broken: the message says nothing`);
      const accepted = await probed(limit, kept, true);
      assert.ok(accepted.status >= 200 && accepted.status < 300, `${limit}, kept: ${describe(kept.method, kept.url, accepted)}`);
      return accepted.body;
    },
  };
}
