/** Rule scenarios of the Payments API (tests/lib/rule-scenarios.ts). */
import type {Scenario} from '../rule-scenarios';

export const financialScenarios: Record<string, Scenario> = {
  'a payment that no object names is not found': async ({refused}) => {
    await refused(404, 'resource_not_found', 'GET', `/v1/payments/pay_${'x'.repeat(24)}`);
  },
  'more than 25 requests a second with one key are refused until the next second': async ({ok, refused, clock}) => {
    clock.step = 0;
    for (let count = 0; count < 25; count++) await ok(200, 'GET', '/v1/payments');
    await refused(429, 'rate_limit_exceeded', 'GET', '/v1/payments');
    clock.step = 1000;
  },
};
