// What the two statements every one-recipient send runs cost PostgreSQL, apart from the rest of
// the pipeline: the group send (messages.repo.ts insertSendGroup: the debits, the ledger rows, the
// message rows and, through their triggers, the send texts and the counter) and mark sent
// (lifecycle/message-store.ts markSent, its delivery folded in, as the peer benchmark's fast SMSC
// makes it). Each runs alone on one connection, so the backend's CPU is read exactly, from
// /proc/<pid>/schedstat, and divided by the messages it wrote.
//
// Each statement runs for several group sizes, in turns, and the cost per message is fitted as
// fixed / size + per message: what a statement costs whatever it carries (its plan's start, its
// triggers, the commit and its flush, the round trip) and what each message adds.
//   node --import tsx bench/statement-costs.ts
//   ALTER="alter table messages disable trigger user" node --import tsx bench/statement-costs.ts
// With ALTER, a second database gets it after its migrations, and the two take their turns in
// every round: the machine's speed drifts by ±15 % over minutes here, so two variants are compared
// only within one run, never across runs.
// Needs createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { RECORD_POOL_OPTIONS, sendGroupDatabase, wrapPool, type DatabaseHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { markSent } from '../apps/server/src/modules/messages/lifecycle/message-store';
import { insertSendGroup } from '../apps/server/src/modules/messages/messages.repo';
import { createDatabase, type BenchDatabase } from './processes';

const SIZES = (process.env.SIZES ?? '5,10,20').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
/** Messages per size and round. */
const MESSAGES = 400;
const PRICE = 80_000;

/** The CPU time the pool's one backend has used, in microseconds. */
async function backendCpu(pool: pg.Pool): Promise<() => number> {
  const pid = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  return () => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1000;
}

function sends(userId: string, size: number) {
  return Array.from({ length: size }, (_, index) => {
    const batchId = randomUUID();
    return {
      debit: { index, userId, cost: PRICE, type: 'sms_cost' as const, description: 'SMS', reference: batchId },
      send: {
        userId, batchId, recipients: [`+38640${String(100000 + index)}`], message: 'Hello from the peer benchmark', senderName: 'Kurir',
        messageType: null, channel: 'sms' as const, parts: 1, reservedPrice: PRICE, smsPrice: PRICE, price: PRICE, scheduledFor: null,
      },
    };
  });
}

/** Least squares of cost per message against 1 / size: the fixed cost of a statement and the cost of each message. */
function fit(points: { size: number; perMessage: number }[]): { fixed: number; perMessage: number } {
  const xs = points.map((p) => 1 / p.size);
  const mx = xs.reduce((a, b) => a + b) / xs.length;
  const my = points.reduce((a, p) => a + p.perMessage, 0) / points.length;
  const sxy = points.reduce((a, p, i) => a + (xs[i]! - mx) * (p.perMessage - my), 0);
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  const fixed = sxy / sxx;
  return { fixed, perMessage: my - fixed * mx };
}

type Variant = {
  label: string;
  database: BenchDatabase;
  handle: DatabaseHandle;
  user: string;
  sendCpu: () => number;
  recordCpu: () => number;
  groupCost: Map<number, number>;
  recordCost: Map<number, number>;
  count: Map<number, number>;
};

/** A migrated database (then `alter` on it), with one connection for each statement, set as the app sets its send and record pools. */
async function openVariant(label: string, alter: string | undefined): Promise<Variant> {
  const database = createDatabase('kurir_statements');
  const main = new pg.Pool({ connectionString: database.url, max: 1 });
  const send = new pg.Pool({ connectionString: database.url, max: 1, options: '-c jit=off' });
  const record = new pg.Pool({ connectionString: database.url, max: 1, options: RECORD_POOL_OPTIONS });
  const handle = wrapPool(main, send, record);
  try {
    await runMigrations(handle);
    if (alter) await main.query(alter);
    const user = (await main.query<{ id: string }>(`insert into users (phone, credit) values ('+38640111222', 1000000000000) returning id`)).rows[0]!.id;
    return {
      label, database, handle, user, sendCpu: await backendCpu(send), recordCpu: await backendCpu(record),
      groupCost: new Map(), recordCost: new Map(), count: new Map(),
    };
  } catch (error) {
    await handle.close();
    database.drop();
    throw error;
  }
}

/** One size's messages through both statements on one variant, added to its costs unless `warmUp`. */
async function runSize(v: Variant, size: number, warmUp: boolean) {
  const lease = randomUUID();
  const groups = Array.from({ length: Math.ceil(MESSAGES / size) }, () => sends(v.user, size));
  const before = v.sendCpu();
  const written = [];
  for (const group of groups) written.push(await insertSendGroup(sendGroupDatabase(v.handle.db), group, { token: lease, seconds: 300 }));
  const inserted = v.sendCpu() - before;
  const accepted = written.map((rows) => rows.flatMap((r) => r.rows.map((row) => ({ id: row.id, leaseToken: lease, providerMessageId: randomUUID(), delivered: true }))));
  const recordBefore = v.recordCpu();
  for (const group of accepted) await markSent(v.handle.db, 'smpp', group, 86_400);
  const recorded = v.recordCpu() - recordBefore;
  if (warmUp) return;
  v.groupCost.set(size, (v.groupCost.get(size) ?? 0) + inserted);
  v.recordCost.set(size, (v.recordCost.get(size) ?? 0) + recorded);
  v.count.set(size, (v.count.get(size) ?? 0) + groups.length * size);
}

function report(label: string, cost: Map<number, number>, count: Map<number, number>) {
  const points = SIZES.map((size) => ({ size, perMessage: cost.get(size)! / count.get(size)! }));
  const line = points.map((p) => `${p.size}: ${p.perMessage.toFixed(0)}`).join(', ');
  const { fixed, perMessage } = fit(points);
  console.log(`${label}: µs of PostgreSQL CPU a message by group size ${line}; fitted ${fixed.toFixed(0)} µs a statement + ${perMessage.toFixed(0)} µs a message`);
}

const variants: Variant[] = [];
try {
  variants.push(await openVariant('as migrated', undefined));
  if (process.env.ALTER) variants.push(await openVariant('after ALTER', process.env.ALTER));
  // Round 0 warms the plans and the caches and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const size of SIZES) for (const v of variants) await runSize(v, size, round === 0);
  }
  const expected = (ROUNDS + 1) * SIZES.reduce((a, size) => a + Math.ceil(MESSAGES / size) * size, 0);
  for (const v of variants) {
    const delivered = Number(v.database.psql(`select count(*) from messages where status = 'delivered'`));
    if (delivered !== expected) throw new Error(`${v.label}: ${delivered} of ${expected} messages were recorded delivered`);
  }
  console.log(`${ROUNDS} rounds of ${MESSAGES} one-recipient messages a group size${process.env.ALTER ? `; ALTER: ${process.env.ALTER}` : ''}`);
  for (const v of variants) {
    report(`${v.label}, group send`, v.groupCost, v.count);
    report(`${v.label}, mark sent (delivered at once)`, v.recordCost, v.count);
  }
} finally {
  for (const v of variants) {
    await v.handle.close();
    v.database.drop();
  }
}
