// What the two statements every one-recipient send runs cost PostgreSQL, apart from the rest of
// the pipeline: the group send (messages.repo.ts insertSendGroup: the debits, the ledger rows, the
// message rows and, through their triggers, the send texts and the counter) and mark sent
// (lifecycle/message-store.ts markSent, its delivery folded in, as the peer benchmark's fast SMSC
// makes it). Each runs alone on one connection, so the backend's CPU is read exactly, from
// /proc/<pid>/schedstat, and divided by the messages it wrote. The peer benchmark's figures move
// ±15 % with the machine; these move a few per cent, so a change to a statement, a trigger or an
// index shows here when it is lost there.
//
// Each statement runs for several group sizes, in turns, and the cost per message is fitted as
// fixed / size + per message: what a statement costs whatever it carries (its plan's start, its
// triggers, the commit and its flush, the round trip) and what each message adds.
//   node --import tsx bench/statement-costs.ts
//   ALTER="alter table messages disable trigger user" node --import tsx bench/statement-costs.ts
// ALTER runs on the database after its migrations, to measure what a change would save.
// Needs createdb/dropdb and PostgreSQL at 127.0.0.1:5432.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { RECORD_POOL_OPTIONS, sendGroupDatabase, wrapPool } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { markSent } from '../apps/server/src/modules/messages/lifecycle/message-store';
import { insertSendGroup } from '../apps/server/src/modules/messages/messages.repo';
import { createDatabase } from './processes';

const SIZES = (process.env.SIZES ?? '5,10,20').split(',').map(Number);
const ROUNDS = Number(process.env.ROUNDS ?? 10);
/** Messages per size and round. */
const MESSAGES = 400;
const PRICE = 80_000;

const database = createDatabase('kurir_statements');
// One connection for each statement, set as the app sets its send and record pools.
const main = new pg.Pool({ connectionString: database.url, max: 1 });
const send = new pg.Pool({ connectionString: database.url, max: 1, options: '-c jit=off' });
const record = new pg.Pool({ connectionString: database.url, max: 1, options: RECORD_POOL_OPTIONS });
const handle = wrapPool(main, send, record);

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

function report(label: string, cost: Map<number, number>, count: Map<number, number>) {
  const points = SIZES.map((size) => ({ size, perMessage: cost.get(size)! / count.get(size)! }));
  const line = points.map((p) => `${p.size}: ${p.perMessage.toFixed(0)}`).join(', ');
  const { fixed, perMessage } = fit(points);
  console.log(`${label}: µs of PostgreSQL CPU a message by group size ${line}; fitted ${fixed.toFixed(0)} µs a statement + ${perMessage.toFixed(0)} µs a message`);
}

try {
  await runMigrations(handle);
  if (process.env.ALTER) await main.query(process.env.ALTER);
  const user = (await main.query<{ id: string }>(`insert into users (phone, credit) values ('+38640111222', 1000000000000) returning id`)).rows[0]!.id;
  const sendCpu = await backendCpu(send);
  const recordCpu = await backendCpu(record);
  const groupCost = new Map<number, number>(), recordCost = new Map<number, number>(), count = new Map<number, number>();
  // Round 0 warms the plans and the caches and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const size of SIZES) {
      const lease = randomUUID();
      const groups = Array.from({ length: Math.ceil(MESSAGES / size) }, () => sends(user, size));
      const before = sendCpu();
      const written = [];
      for (const group of groups) written.push(await insertSendGroup(sendGroupDatabase(handle.db), group, { token: lease, seconds: 300 }));
      const inserted = sendCpu() - before;
      const accepted = written.map((rows) => rows.flatMap((r) => r.rows.map((row) => ({ id: row.id, leaseToken: lease, providerMessageId: randomUUID(), delivered: true }))));
      const recordBefore = recordCpu();
      for (const group of accepted) await markSent(handle.db, 'smpp', group, 86_400);
      const recorded = recordCpu() - recordBefore;
      if (round === 0) continue;
      groupCost.set(size, (groupCost.get(size) ?? 0) + inserted);
      recordCost.set(size, (recordCost.get(size) ?? 0) + recorded);
      count.set(size, (count.get(size) ?? 0) + groups.length * size);
    }
  }
  const delivered = Number(database.psql(`select count(*) from messages where status = 'delivered'`));
  if (delivered !== (ROUNDS + 1) * SIZES.reduce((a, size) => a + Math.ceil(MESSAGES / size) * size, 0)) throw new Error(`only ${delivered} messages were recorded delivered`);
  console.log(`${ROUNDS} rounds of ${MESSAGES} one-recipient messages a group size${process.env.ALTER ? `, after: ${process.env.ALTER}` : ''}`);
  report('group send', groupCost, count);
  report('mark sent (delivered at once)', recordCost, count);
} finally {
  await handle.close();
  database.drop();
}
