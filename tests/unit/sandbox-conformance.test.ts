/**
 * The check that every sandbox test runs on every answer and event (tests/lib/conforming-sandbox.ts):
 * here it is shown to catch what it must. A sandbox whose behaviour is Plaza's, but for one handler
 * replaced by one that answers wrongly, must report the operation, the status, the JSON Pointer and
 * the value of each thing the specs do not allow, and nothing for a right answer.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {domains, mismatchLine, Sandbox, type Domain, type Mismatch} from '../../sandbox/core';
import type {RequestContext} from '../../sandbox/core/context';
import {index, specs} from '../lib/conforming-sandbox';

const key = 'sk_test_conformancecheck01';

/** A sandbox with Plaza's domains and then `override`, whose handlers win; returns it with the mismatches it reports. */
function sandboxWith(override: Domain) {
  const mismatches: Mismatch[] = [];
  let wall = Date.parse('2026-04-01T09:00:00Z');
  const sandbox = new Sandbox(
    {specs, domains: [...domains, override], wall: () => (wall += 1000), onMismatch: (mismatch) => mismatches.push(mismatch)},
    index,
  );
  const send = (method: string, url: string, body?: unknown) =>
    sandbox.handle({
      method,
      url,
      headers: {'x-api-key': key, 'content-type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {sandbox, mismatches, send};
}

const customer = {name: 'Avery Chen', email: 'avery.chen@example.com'};

/** The customer that Plaza's own createCustomer makes, changed by `change`. */
const changedCustomer = (change: (made: Record<string, unknown>) => void) => (context: RequestContext) => {
  const made = structuredClone(context.get(context.params.customer_id ?? '')) as Record<string, unknown>;
  change(made);
  return {status: 200, body: made};
};

test('right answers and events raise nothing, lists and free-form metadata included', async () => {
  const {sandbox, mismatches, send} = sandboxWith({});
  await send('POST', '/v1/webhooks', {url: 'http://127.0.0.1:9/hooks', enabled_events: ['*']});
  const made = await send('POST', '/v1/customers', {...customer, metadata: {order_id: '5531', anything: 'goes'}});
  assert.equal(made.status, 201);
  assert.equal((await send('GET', '/v1/customers?limit=1')).status, 200);
  assert.equal((await send('GET', '/v1/customers/cus_000000000000000000000000')).status, 404);
  assert.deepEqual(mismatches.map(mismatchLine), []);
  assert.ok(sandbox.conformance.answers >= 4, `${sandbox.conformance.answers} answers checked`);
  assert.ok(sandbox.conformance.events >= 1, `${sandbox.conformance.events} events checked`);
});

test('a field the specs never name, and a value of the wrong type, are reported with their pointer and value', async () => {
  const {mismatches, send} = sandboxWith({
    handlers: {
      getCustomerById: changedCustomer((made) => {
        made.nickname = 'Ave';
        made.email = 42;
      }),
    },
  });
  const {body} = await send('POST', '/v1/customers', customer);
  await send('GET', `/v1/customers/${String((body as {id: string}).id)}`);
  const byPointer = (a: {pointer: string}, b: {pointer: string}) => a.pointer.localeCompare(b.pointer);
  assert.deepEqual(mismatches.map(({subject, pointer, value}) => ({subject, pointer, value})).sort(byPointer), [
    {subject: 'getCustomerById 200', pointer: '/email', value: 42},
    {subject: 'getCustomerById 200', pointer: '/nickname', value: 'Ave'},
  ]);
  assert.match(
    mismatchLine(mismatches.find((m) => m.pointer === '/nickname')!),
    /^getCustomerById 200 \/nickname = "Ave": is not a field here$/,
  );
});

test('a missing required field inside a list is reported at its item', async () => {
  const {mismatches, send} = sandboxWith({
    handlers: {
      getAllCustomers: (context) => {
        const page = context.page(context.all(['cus']));
        for (const row of page.data) delete (row as Record<string, unknown>).metadata;
        return {status: 200, body: structuredClone(page)};
      },
    },
  });
  await send('POST', '/v1/customers', customer);
  await send('GET', '/v1/customers');
  assert.deepEqual(
    mismatches.map(({subject, pointer, value}) => ({subject, pointer, value})),
    [{subject: 'getAllCustomers 200', pointer: '/data/0/metadata', value: undefined}],
  );
});

test('a status the operation does not document is reported', async () => {
  const {mismatches, send} = sandboxWith({
    handlers: {getAllCustomers: () => ({status: 202, body: {data: [], has_more: false, next_cursor: null}})},
  });
  await send('GET', '/v1/customers');
  assert.deepEqual(mismatches.map(mismatchLine), ['getAllCustomers 202 (body) = 202: the status is not a documented response']);
});

test('an event whose object breaks the schema of its type is reported at data.object', async () => {
  const {mismatches, send} = sandboxWith({
    handlers: {
      createCustomer: (context) => {
        const made = context.save({id: context.newId('cus'), ...structuredClone(context.example(201)), name: context.body.name});
        context.emit('customer.created', {...made, loyalty_tier: 'gold'});
        return {status: 201, body: made};
      },
    },
  });
  await send('POST', '/v1/customers', customer);
  assert.equal(mismatches.length, 1, mismatches.map(mismatchLine).join('\n'));
  const [mismatch] = mismatches;
  assert.match(mismatch!.subject, /^event customer\.created evt_[a-z0-9]{24}$/);
  assert.equal(mismatch!.pointer, '/data/object/loyalty_tier');
  assert.equal(mismatch!.value, 'gold');
});
