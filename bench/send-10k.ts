// How long the server takes to accept one send to 10 000 recipients, through the real app
// (app.inject: JSON parsing, zod, recipient checks, pricing, one transaction that debits the
// balance and inserts 10 000 queued rows, the response with a result per recipient); then how fast
// the dispatcher drains those rows through a provider that answers at once (the queue's own cost:
// claim, submit bookkeeping, mark sent).
// Runs on PGlite; with DATABASE_URL (a PostgreSQL server URL) also on a fresh database there.
//   node --import tsx bench/send-10k.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/send-10k.ts
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { messages, users } from '../apps/server/src/db/schema';
import { Dispatcher } from '../apps/server/src/jobs/dispatcher';
import { changeBalance } from '../apps/server/src/modules/billing/ledger';
import { createMessageStore } from '../apps/server/src/modules/messages/lifecycle/message-store';
import type { OutboundMessage, SmsProvider } from '../apps/server/src/providers/sms/types';
import { runBench, withSignedInApp } from './support';

const RECIPIENTS = Number(process.env.RECIPIENTS ?? 10_000);
const RUNS = 5;
const PHONE = '+38641999101';

/** A provider that accepts everything at once: what is measured is our side. */
class InstantProvider implements SmsProvider {
  readonly name = 'instant';
  readonly channels = ['sms', 'viber'] as const;
  private n = 0;
  async submit(_m: OutboundMessage) {
    return { providerMessageId: `i-${++this.n}` };
  }
  onReceipt() {}
  async close() {}
}

async function bench(label: string, handle: DatabaseHandle) {
  // The per-send limit raised to 50 000, so RECIPIENTS can go up to it.
  await withSignedInApp(handle, { phone: PHONE, env: { MAX_RECIPIENTS_PER_SEND: '50000' } }, async (app, cookie) => {
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.phone, PHONE));
    await handle.db.transaction((tx) =>
      changeBalance(tx, { userId: user!.id, amount: 1_000_000_000_000, type: 'credit_addition', description: 'bench' }),
    );
    const send = (recipients: string[]) =>
      app.inject({
        method: 'POST',
        url: '/api/message/send',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ recipients, message: 'Your order is ready for pickup. Thank you for shopping with us!', channel: 'sms' }),
      });
    await send(numbers(100, 9)); // warm-up

    const times: number[] = [];
    const cpuTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const recipients = numbers(RECIPIENTS, run);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await send(recipients);
      times.push(performance.now() - started);
      const { user: u, system } = process.cpuUsage(cpu);
      cpuTimes.push((u + system) / 1000);
      if (res.statusCode !== 200 || res.json().count !== RECIPIENTS) throw new Error(`send failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    const [{ queued } = { queued: 0 }] = await handle.db
      .select({ queued: sql<number>`count(*)`.mapWith(Number) })
      .from(messages)
      .where(eq(messages.status, 'pending'));
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(RUNS / 2)]!;
    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`${label}: accept one send to ${RECIPIENTS} recipients, ${RUNS} runs: ${times.map(f).join(', ')}; median ${f(median)} (${Math.round(RECIPIENTS / (median / 1000))} recipients/s)`);
    console.log(`${label}: CPU time of this process per send: ${cpuTimes.map(f).join(', ')}`);

    // The dispatcher drains what was queued.
    const dispatcher = new Dispatcher(
      createMessageStore(handle.db),
      new InstantProvider(),
      { batchSize: 500, concurrency: 50, leaseSeconds: 120, maxAttempts: 5, retryBaseSeconds: 10, pollMs: 1000, viberValiditySeconds: 60 },
      { info() {}, warn() {}, error: (o) => console.error(o) },
    );
    const started = performance.now();
    let drained = 0;
    for (let n = await dispatcher.runOnce(); n > 0; n = await dispatcher.runOnce()) drained += n;
    const ms = performance.now() - started;
    if (drained !== queued) throw new Error(`drained ${drained} of ${queued}`);
    console.log(`${label}: dispatcher (batches of 500, instant provider) sent ${drained} queued messages in ${f(ms)} = ${Math.round(drained / (ms / 1000))} msg/s`);
  });
}

function numbers(count: number, run: number): string[] {
  return Array.from({ length: count }, (_, i) => `+386${String(run).padStart(2, '0')}${String(i).padStart(7, '0')}`);
}

runBench({ database: 'send', poolSize: 10 }, bench);
