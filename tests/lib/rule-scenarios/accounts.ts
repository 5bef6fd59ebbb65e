/** Rule scenarios of the Accounts API (tests/lib/rule-scenarios.ts). */
import type {Scenario} from '../rule-scenarios';

export const accountsScenarios: Record<string, Scenario> = {
  'a customer is updated, then deleted, and each change is an event': async ({ok}) => {
    const customer = await ok(201, 'POST', '/v1/customers', {name: 'Avery Chen', email: 'avery.chen@example.com'});
    await ok(200, 'PUT', `/v1/customers/${String(customer.id)}`, {phone: '+14155550123'});
    await ok(204, 'DELETE', `/v1/customers/${String(customer.id)}`);
  },
};
