/**
 * The sandbox's figures: the local server (`npm run sandbox`) under a bounded load of mixed requests.
 * What the sandbox costs a reader in the browser, Try it's download and first answer, is measured on
 * the built site (bench/lib/try-it.ts).
 *
 * The load: creates, reads and lists of customers and payments, and lists of transactions and events,
 * spread over several keys (each its own account), a fixed number in flight. The bench's server takes
 * more requests a second per key than Plaza's 25, so that the figures are the server's and not the
 * rate limit's.
 *
 * Run on its own: `npx tsx bench/lib/sandbox.ts` (a minute at most).
 */
import {startSandboxServer} from '../../sandbox/server';

export type SandboxLoad = {
  requests: number;
  concurrency: number;
  keys: number;
  wallMs: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, by status. */
  nonSuccess: Record<string, number>;
};

export type SandboxBench = {load: SandboxLoad};

export const benchLoad = {requests: 5000, concurrency: 16, keys: 8};

/** The test card of every sandbox account that always succeeds (docs/_partials/_sandbox-values.mdx). */
const testCard = 'card_testvisacredit0000000000';

/** The value at a rank (0 to 1) of sorted numbers. */
const percentile = (sorted: number[], rank: number) => sorted[Math.min(sorted.length - 1, Math.floor(rank * sorted.length))] ?? 0;

/**
 * Sends `requests` requests to the sandbox at `origin`, `concurrency` at a time, request `n` with key
 * `n % keys`: in each ten, two creates, four reads of what the key created, four lists. Returns the
 * figures, and the path and key of every object created.
 */
export async function runLoad(
  origin: string,
  {requests, concurrency, keys}: {requests: number; concurrency: number; keys: number},
): Promise<{figures: SandboxLoad; created: {key: string; path: string}[]}> {
  const made = Array.from({length: keys}, () => ({customers: [] as string[], payments: [] as string[]}));
  const created: {key: string; path: string}[] = [];
  const latencies: number[] = [];
  const nonSuccess: Record<string, number> = {};

  const requestOf = (n: number): {method: string; path: string; body?: unknown} => {
    const own = made[n % keys] ?? {customers: [], payments: []};
    const customer = own.customers.at(-1 - (n % 7));
    const payment = own.payments.at(-1 - (n % 5));
    switch (Math.floor(n / keys) % 10) {
      case 0:
        return {method: 'POST', path: '/v1/customers', body: {name: `Load Buyer ${n}`, email: `buyer${n}@example.com`}};
      case 1:
        return customer ? {method: 'GET', path: `/v1/customers/${customer}`} : {method: 'GET', path: '/v1/customers?limit=10'};
      case 2:
        return {method: 'GET', path: '/v1/customers?limit=10'};
      case 3:
        return {
          method: 'POST',
          path: '/v1/payments',
          body: {amount: 2500 + n, currency: 'USD', payment_method_id: testCard, ...(customer ? {customer_id: customer} : {})},
        };
      case 4:
      case 8:
        return payment ? {method: 'GET', path: `/v1/payments/${payment}`} : {method: 'GET', path: '/v1/payments?limit=10'};
      case 5:
        return {method: 'GET', path: '/v1/payments?limit=10'};
      case 6:
        return {method: 'GET', path: '/v1/transactions?limit=10'};
      case 7:
        return {method: 'GET', path: '/v1/events?limit=10'};
      default:
        return customer ? {method: 'GET', path: `/v1/customers/${customer}`} : {method: 'GET', path: '/v1/events?limit=10'};
    }
  };

  let next = 0;
  const worker = async () => {
    for (let n = next++; n < requests; n = next++) {
      const {method, path, body} = requestOf(n);
      const key = `sk_test_benchload${String(n % keys).padStart(4, '0')}`;
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {'X-API-KEY': key, ...(body === undefined ? {} : {'Content-Type': 'application/json', 'Idempotency-Key': `load-${n}`})},
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as {id?: unknown};
      latencies.push(performance.now() - started);
      if (response.status < 200 || response.status > 299) nonSuccess[response.status] = (nonSuccess[response.status] ?? 0) + 1;
      else if (method === 'POST' && typeof answer.id === 'string') {
        const kind = path === '/v1/customers' ? 'customers' : 'payments';
        made[n % keys]?.[kind].push(answer.id);
        created.push({key, path: `/v1/${kind}/${answer.id}`});
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({length: concurrency}, worker));
  const wallMs = performance.now() - started;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    figures: {
      requests,
      concurrency,
      keys,
      wallMs,
      requestsPerSecond: requests / (wallMs / 1000),
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      nonSuccess,
    },
    created,
  };
}

/** The load on a server of this checkout (on a free port of 127.0.0.1). */
export async function measureSandbox(): Promise<SandboxBench> {
  const server = await startSandboxServer({port: 0, rateLimit: 1_000_000});
  try {
    const {figures} = await runLoad(server.origin, benchLoad);
    return {load: figures};
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The report is loaded only here: it brings the rest of the bench along.
  Promise.all([measureSandbox(), import('./report')]).then(
    ([figures, {sandboxSection}]) => console.log(`${JSON.stringify(figures, null, 2)}\n\n${sandboxSection(figures)}`),
    (error: unknown) => {
      console.error(`bench sandbox failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
