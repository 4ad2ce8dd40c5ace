// SMPP throughput: pushes N messages through SmppProvider into a local SMSC that accepts every
// submit_sm and sends a DELIVRD receipt for it, once per window size, with no throughput cap.
// Reports sustained submits per second, submit latency (submit() called → resolved, window
// queueing included) and receipt latency (submit() called → receipt handler). Both ends run in
// this one Node process, so they share its CPU: the figures are a floor for what the provider does
// against a real SMSC on another machine.
//
//   node --import tsx bench/smpp-throughput.ts [--messages 20000] [--windows 10,50] [--concurrency 2x]
//                                              [--smsc-delay-ms 0]
//
// --smsc-delay-ms: how long the SMSC takes to answer each submit_sm (a real one over a network
// takes milliseconds); with it, the window is what bounds throughput (window / delay).
// --receipt-delay-ms: how long after accepting a message the SMSC sends its receipt (0: at once,
// the worst case for matching a receipt to a provider id that is not stored yet).
//
// --e2e: the whole path instead of the bare provider: one POST-equivalent send of N recipients
// (sendMessages: debit, ledger, N queued rows), the real dispatcher and receipt jobs (startJobs),
// SmppProvider, the SMSC, receipts back into the database. Measures queued → all sent and
// queued → all delivered. PGlite in a temporary folder unless --database-url names a PostgreSQL
// database (use an empty one: the bench migrates it and leaves its rows).
// --concurrency: submit() calls in flight, as a multiple of the window ("2x", the default, is what
// a dispatcher with DISPATCH_CONCURRENCY = 2 × SMPP_WINDOW does) or a plain number.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { eurosToMicros } from '@kurir/core';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { messages } from '../apps/server/src/db/schema';
import { startJobs } from '../apps/server/src/jobs';
import { changeBalance } from '../apps/server/src/modules/billing/ledger';
import { sendMessages } from '../apps/server/src/modules/messages/send.service';
import { createUserWithStarterCredit } from '../apps/server/src/modules/users/create-user';
import { createSmsProvider } from '../apps/server/src/providers/sms/registry';
import { FakeSmsc } from '../apps/server/src/providers/sms/smpp/fake-smsc';
import { SmppProvider } from '../apps/server/src/providers/sms/smpp/smpp-provider';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20000' },
    windows: { type: 'string', default: '10,50' },
    concurrency: { type: 'string', default: '2x' },
    'smsc-delay-ms': { type: 'string', default: '0' },
    'receipt-delay-ms': { type: 'string', default: '0' },
    e2e: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
const total = Number(values.messages);
const windows = values.windows.split(',').map(Number);
const smscDelayMs = Number(values['smsc-delay-ms']);
const receiptDelayMs = Number(values['receipt-delay-ms']);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// One benchmark run from start to figures, kept whole so it reads as the procedure it measures.
async function run(window: number) {
  const smsc = await FakeSmsc.start({
    autoReceipt: 'DELIVRD',
    receiptDelayMs,
    onSubmit: smscDelayMs > 0 ? () => ({ delayMs: smscDelayMs }) : undefined,
  });
  const provider = new SmppProvider(
    {
      host: '127.0.0.1',
      port: smsc.port,
      systemId: 'kurir',
      password: 'secret',
      systemType: '',
      window,
      throughput: 0,
      enquireLinkSeconds: 30,
      responseTimeoutSeconds: 30,
      bindWaitSeconds: 10,
      dataCoding: 0,
    },
    pino({ level: 'warn' }),
  );
  const submittedAt = new Map<string, number>();
  const receiptAt = new Map<string, number>();
  let allReceipts: () => void = () => {};
  const receiptsDone = new Promise<void>((resolve) => (allReceipts = resolve));
  provider.onReceipt(async (receipt) => {
    receiptAt.set(receipt.providerMessageId, performance.now());
    if (receiptAt.size === total) allReceipts();
  });

  // Warm up the bind (and the JIT) before the clock starts.
  await provider.submit({ id: randomUUID(), to: '+38640111222', from: 'Kurir', text: 'warm-up', channel: 'sms' });
  while (receiptAt.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  receiptAt.clear();

  const concurrency = values.concurrency.endsWith('x') ? window * Number(values.concurrency.slice(0, -1)) : Number(values.concurrency);
  const submitLatencies: number[] = [];
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const { providerMessageId } = await provider.submit({
          id: randomUUID(),
          to: `+3864${String(1_000_000 + i).padStart(7, '0')}`,
          from: 'Kurir',
          text: `Bench message ${i}: your table is ready.`,
          channel: 'sms',
        });
        const t1 = performance.now();
        submittedAt.set(providerMessageId, t0);
        submitLatencies.push(t1 - t0);
      }
    }),
  );
  const submitted = performance.now();
  await receiptsDone;
  const received = performance.now();
  const cpu = process.cpuUsage(cpuBefore);

  const receiptLatencies = [...receiptAt].map(([id, at]) => at - submittedAt.get(id)!).sort((a, b) => a - b);
  submitLatencies.sort((a, b) => a - b);
  await provider.close();
  await smsc.stop();
  return {
    window,
    concurrency,
    messages: total,
    submitsPerSecond: Math.round(total / ((submitted - started) / 1000)),
    receiptsPerSecond: Math.round(total / ((received - started) / 1000)),
    maxOutstandingAtSmsc: smsc.maxOutstanding,
    smscDelayMs,
    /** CPU time of the whole process (provider and SMSC) per message: unlike msg/s, not skewed by other load. */
    cpuMicrosPerMessage: Math.round((cpu.user + cpu.system) / total),
    submitMs: { p50: percentile(submitLatencies, 50), p99: percentile(submitLatencies, 99) },
    receiptMs: { p50: percentile(receiptLatencies, 50), p95: percentile(receiptLatencies, 95), p99: percentile(receiptLatencies, 99) },
  };
}

/** sendMessages → dispatcher → SmppProvider → SMSC → receipts → database, for one window size. */
async function runEndToEnd(window: number) {
  const smsc = await FakeSmsc.start({
    autoReceipt: 'DELIVRD',
    receiptDelayMs,
    onSubmit: smscDelayMs > 0 ? () => ({ delayMs: smscDelayMs }) : undefined,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-bench-'));
  const concurrency = values.concurrency.endsWith('x') ? window * Number(values.concurrency.slice(0, -1)) : Number(values.concurrency);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'], SECRET_KEY: 'bench-secret-key-that-is-long-enough-0123' } : {}),
    SMS_PROVIDER: 'smpp',
    SMPP_HOST: '127.0.0.1',
    SMPP_PORT: String(smsc.port),
    SMPP_SYSTEM_ID: 'kurir',
    SMPP_PASSWORD: 'secret',
    SMPP_WINDOW: String(window),
    SMPP_THROUGHPUT: '0',
    DISPATCH_CONCURRENCY: String(concurrency),
    MAX_RECIPIENTS_PER_SEND: String(total),
  });
  const database = await openDatabase(config.database);
  await runMigrations(database);
  const db = database.db;
  const phone = `+3864099${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  const userId = await db.transaction(async (tx) => {
    const id = await createUserWithStarterCredit(tx, phone, 'user');
    await changeBalance(tx, { userId: id, amount: eurosToMicros(total), type: 'credit_addition', description: 'Bench credit' });
    return id;
  });
  const log = pino({ level: 'warn' });
  const sms = createSmsProvider(config.sms, db, log);
  const jobs = startJobs({ db, sms, config, log });
  const recipients = Array.from({ length: total }, (_, i) => `+38641${String(i).padStart(6, '0')}`);

  const started = performance.now();
  const { batchId } = await sendMessages({ db, config }, userId, {
    message: 'Bench: your table is ready.',
    recipients,
    channel: 'sms',
    scheduledFor: null,
  });
  const queued = performance.now();
  let allSent = 0;
  for (;;) {
    const [row] = await db
      .select({
        sent: sql<number>`count(*) filter (where ${messages.status} in ('sent', 'delivered'))::int`,
        delivered: sql<number>`count(*) filter (where ${messages.status} = 'delivered')::int`,
      })
      .from(messages)
      .where(eq(messages.batchId, batchId));
    if (!allSent && row!.sent === total) allSent = performance.now();
    if (row!.delivered === total) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const delivered = performance.now();
  await jobs.stop();
  await sms.close();
  await database.close();
  await smsc.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const seconds = (ms: number) => Math.round(ms) / 1000;
  console.log(
    `e2e window ${window} (dispatch concurrency ${concurrency}, ${database.kind}): send request ${seconds(queued - started)} s; ` +
      `all sent after ${seconds(allSent - started)} s (${Math.round(total / ((allSent - started) / 1000))} msg/s); ` +
      `all delivered after ${seconds(delivered - started)} s (${Math.round(total / ((delivered - started) / 1000))} msg/s)`,
  );
}

const round = (n: number) => Math.round(n * 100) / 100;
console.log(
  `SMPP throughput bench: ${total} messages, SMSC answers after ${smscDelayMs} ms, receipts after ${receiptDelayMs} ms, Node ${process.version}`,
);
for (const window of windows) {
  if (values.e2e) {
    await runEndToEnd(window);
    continue;
  }
  const r = await run(window);
  console.log(
    `window ${r.window} (concurrency ${r.concurrency}): ${r.submitsPerSecond} submits/s, ` +
      `${r.receiptsPerSecond} msg/s with receipts, max outstanding at SMSC ${r.maxOutstandingAtSmsc}, ` +
      `CPU ${r.cpuMicrosPerMessage} µs/msg (both ends); ` +
      `submit p50 ${round(r.submitMs.p50)} ms p99 ${round(r.submitMs.p99)} ms; ` +
      `receipt p50 ${round(r.receiptMs.p50)} ms p95 ${round(r.receiptMs.p95)} ms p99 ${round(r.receiptMs.p99)} ms`,
  );
}
