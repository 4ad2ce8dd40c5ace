// Requests per second of the public API's send: `POST /api/v1/messages` with one recipient each,
// through the whole HTTP stack (a listening server, a real load generator: autocannon) — the key
// lookup, the per-key rate-limit and usage counters in the database, zod, pricing, and the one
// transaction that debits the balance and queues the row. The dispatcher does not run here: the
// figure is what the API accepts. Every 2xx is checked against the rows written and the balance.
//   node --import tsx bench/api-send.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api-send.ts
//   DURATION=20 CONNECTIONS=20 IDEMPOTENCY=1 node --import tsx bench/api-send.ts
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { messages, users } from '../apps/server/src/db/schema';
import { grantProduct } from '../apps/server/src/test/products';
import { changeBalance } from '../apps/server/src/modules/billing/ledger';
import { runBench, withSignedInApp } from './support';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
/** With IDEMPOTENCY=1 every request carries its own Idempotency-Key (one more insert and update). */
const IDEMPOTENCY = process.env.IDEMPOTENCY === '1';
const PHONE = '+38641999202';

runBench({ database: 'apisend', poolSize: 10 }, async (label, handle) => {
  const env = { API_RATE_LIMIT: '100000000' };
  await withSignedInApp(handle, { phone: PHONE, env }, async (app, cookie) => {
    const { db } = handle;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, PHONE));
    await grantProduct(db, PHONE, 'API access');
    await db.transaction((tx) => changeBalance(tx, { userId: user!.id, amount: 1_000_000_000_000, type: 'credit_addition', description: 'Bench credit' }));
    const created = await app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie }, payload: { name: 'bench', mode: 'live' } });
    const key = created.json().key as string;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    let n = 0;
    const cpu = process.cpuUsage();
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/messages',
          setupRequest: (request) => {
            n++;
            const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
            if (IDEMPOTENCY) headers['idempotency-key'] = `bench-${n}`;
            return { ...request, headers, body: JSON.stringify({ to: `+38640${String(n % 1_000_000).padStart(6, '0')}`, text: 'Bench message' }) };
          },
        },
      ],
    });
    const { user: userCpu, system } = process.cpuUsage(cpu);

    const [rows] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(messages);
    // autocannon stops counting at the deadline; up to one request per connection may still finish after it.
    if (rows!.n < result['2xx'] || rows!.n > result['2xx'] + CONNECTIONS) throw new Error(`${result['2xx']} accepted sends but ${rows!.n} rows`);
    console.log(
      `${label}: ${CONNECTIONS} connections, ${DURATION} s${IDEMPOTENCY ? ', Idempotency-Key on each' : ''}: ` +
        `${result.requests.average.toFixed(0)} req/s average (${result.requests.min}–${result.requests.max}), ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result['2xx']} accepted, ${result.non2xx} non-2xx, ${result.errors} errors; ` +
        `rows written checked; CPU of this process ${((userCpu + system) / 1e6).toFixed(1)} s` +
        (label.startsWith('PGlite') ? ' (includes the database engine)' : ' (the app only)'),
    );
  });
});
