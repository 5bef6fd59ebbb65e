/**
 * Scenarios for the rules no page walks (tests/unit/stated-rules.test.ts): each sends requests to a
 * fresh sandbox account, as an integrator would, and asserts what the pages state.
 */
import type {Sandbox} from '../../sandbox/core';

export type Scenario = (sandbox: Sandbox, name: string) => Promise<void>;

export const ruleScenarios: Record<string, Scenario> = {};
