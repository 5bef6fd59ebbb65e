/**
 * Scenarios for the rules no page walks (tests/unit/stated-rules.test.ts): each one is an integrator's
 * few requests in a fresh sandbox account, asserting what the pages state. A scenario gets a
 * `ScenarioRun`: `send` sends a request and returns the answer, `ok` asserts a success, `refused`
 * asserts a refusal with the status and code a page gives (and a message that says something), and
 * `clock` is the host's clock, which moves `step` ms at each reading (1 s unless a scenario stops it).
 *
 * The scenarios of each API live in their own module under rule-scenarios/; this one gathers them.
 */
import assert from 'node:assert/strict';
import type {Sandbox} from '../../sandbox/core';
import {accountsScenarios} from './rule-scenarios/accounts';
import {disputeScenarios, financialScenarios, testValueScenarios} from './rule-scenarios/financial';

export type Json = Record<string, unknown>;
export type Answer = {status: number; body: Json; headers: Record<string, string>};

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
};

export type Scenario = (run: ScenarioRun) => Promise<void>;

export const ruleScenarios: Record<string, Scenario> = {
  ...accountsScenarios,
  ...financialScenarios,
  ...disputeScenarios,
  ...testValueScenarios,
};

/** A run of a scenario on a sandbox with the key and clock given. */
export function scenarioRun(sandbox: Sandbox, key: string, clock: {wall: number; step: number}): ScenarioRun {
  const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await sandbox.handle({
      method,
      url,
      headers: {'X-API-KEY': key, 'Content-Type': 'application/json', ...headers},
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {status: response.status, body: (response.body ?? {}) as Json, headers: response.headers};
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
  };
}
