// The dispatch and receipt statements find their rows by key on a table the planner knows nothing
// about yet. A new database (a new installation's first minutes, the peer benchmark) has no
// statistics until autovacuum analyses it, and there a statement that joined its batch to
// `messages` read the whole table for every batch (mark sent: 0.2 → 6 ms a call as the table
// grew), or every message awaiting its receipt (the receipt statement: 40–200 ms a batch). Each
// statement here runs on such a table, and no step of its plan may read more of `messages` than
// a few times its batch. On PostgreSQL auto_explain sends each plan back, with the rows each step
// read, as a NOTICE. PGlite cannot load auto_explain: there each statement is first run under
// EXPLAIN ANALYZE and rolled back, then run for real.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAIN_POOL_OPTIONS, RECORD_POOL_OPTIONS, pgliteExtensions, wrapPglite, wrapPool, type Database, type DatabaseHandle } from '../../../db/client';
import { queryRows } from '../../../db/query-rows';
import { openTestDatabase } from '../../../test/database';
import { applyReceipts } from './receipt-batch';
import { claimDueMessages, failClaimed, fallBackOverdueViber, markSent, scheduleRetries } from './message-store';

/** Messages awaiting their receipt, and messages leased to a dispatcher. */
const SENT_ROWS = 4000;
const LEASED_ROWS = 1000;
const LEASE = randomUUID();
/** The most rows of `messages` one step of a plan may read for a batch of ten or fewer. */
const MOST_ROWS_READ = 100;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The rows a step read: those it returned and those its filters dropped, over all its loops. */
function rowsRead(node: PlanNode): number {
  const loops = node['Actual Loops'] ?? 1;
  return loops * ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0));
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** `count` messages of `userId`, leased to a dispatcher under LEASE. */
async function insertLeased(db: Database, userId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price, lease_token, locked_until, attempts)
    select ${userId}::uuid, gen_random_uuid(), '+3864' || lpad(g::text, 7, '0'), 'Plan probe ' || g, 'Kurir', 'sms', 'sms',
           'pending', 1, 1000, 1000, 1000, ${LEASE}::uuid, now() + interval '1 hour', 1
      from generate_series(1, ${count}) g`);
}

type RecordPlan = (query: string, plan: PlanNode) => void;

/** The plans that touch messages (at least `least`): no step of them reads more than its share of it. */
function expectKeyed(taken: { query: string; plan: PlanNode }[], least = 1): void {
  const onMessages = taken.filter((p) => /\bmessages\b/.test(p.query));
  expect(onMessages.length).toBeGreaterThanOrEqual(least);
  for (const { query, plan } of onMessages) {
    const wide = nodesOf(plan)
      .filter((n) => n['Relation Name'] === 'messages' && rowsRead(n) > MOST_ROWS_READ)
      .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}: ${rowsRead(n)} rows`);
    expect(wide, query.replace(/\s+/g, ' ').slice(0, 120)).toEqual([]);
  }
}

/** A PostgreSQL pool with the app's settings (`settings`) whose every statement comes back with its plan (auto_explain). */
function explainingPool(url: string, settings: string, record: RecordPlan): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    options: [
      settings,
      '-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=0',
      '-c auto_explain.log_level=notice -c auto_explain.log_format=json -c auto_explain.log_nested_statements=on',
      '-c auto_explain.log_analyze=on -c auto_explain.log_timing=off',
    ].join(' '),
  });
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      const text = notice.message ?? '';
      if (!text.includes('plan:')) return;
      const parsed = JSON.parse(text.slice(text.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode };
      record(parsed['Query Text'], parsed.Plan);
    });
  });
  return pool;
}

type Query = PGlite['query'];
type Exec = PGlite['exec'];

/**
 * The same PGlite, seen through a client that runs each statement on `messages` under EXPLAIN
 * ANALYZE first and undoes it (a rolled-back transaction, or a savepoint inside one).
 */
function explainingPglite(client: PGlite, record: RecordPlan): PGlite {
  const explainFirst = (run: Query, inTransaction: boolean): Query =>
    (async (query: string, params?: unknown[], options?: object) => {
      if (/\bmessages\b/.test(query)) {
        await run(inTransaction ? 'savepoint plan_probe' : 'begin');
        try {
          const result = await run<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (analyze, timing off, format json) ${query}`, params);
          record(query, result.rows[0]!['QUERY PLAN'][0]!.Plan);
        } finally {
          await run(inTransaction ? 'rollback to savepoint plan_probe' : 'rollback');
        }
      }
      return run(query, params, options);
    }) as Query;
  // A statement that keeps its plan (query-rows.ts keptPlanRows) comes as `EXECUTE name(…)`,
  // after the settings it is planned with: explained the same way, in a rolled-back transaction.
  const run: Exec = client.exec.bind(client);
  const exec = (async (text: string, options?: object) => {
    const call = /\bexecute (kurir_\w+)\(/.exec(text);
    if (call) {
      const [prepared] = (await client.query<{ statement: string }>('select statement from pg_prepared_statements where name = $1', [call[1]])).rows;
      if (prepared && /\bmessages\b/.test(prepared.statement)) {
        const results = await run(`begin; ${text.replace(call[0], `explain (analyze, timing off, format json) ${call[0]}`)}; rollback`);
        const explained = results.at(-2)!.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] };
        record(prepared.statement, explained['QUERY PLAN'][0]!.Plan);
      }
    }
    return run(text, options);
  }) as Exec;
  const query = explainFirst(client.query.bind(client), false);
  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) => callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? explainFirst(target.query.bind(target), true) : Reflect.get(target, key)) })));
  return new Proxy(client, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'exec') return exec;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('plans on a table without statistics', () => {
  let database: DatabaseHandle;
  let explained: pg.Pool[] = [];
  let db: Database;
  /** The plans sent since the last take(). */
  let plans: { query: string; plan: PlanNode }[] = [];
  const record: RecordPlan = (query, plan) => plans.push({ query, plan });
  const take = () => {
    const taken = plans;
    plans = [];
    return taken;
  };

  beforeAll(async () => {
    let pglite: PGlite | null = null;
    if (process.env.KURIR_TEST_DB === 'postgres') {
      database = await openTestDatabase();
      await database.db.execute(sql`alter table messages set (autovacuum_enabled = off)`);
    } else {
      pglite = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]), extensions: pgliteExtensions });
      database = wrapPglite(pglite);
    }
    const [user] = await queryRows<{ id: string }>(database.db, sql`insert into users (phone, role) values ('+38640999001', 'user') returning id`);
    await database.db.execute(sql`
      insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                            parts, reserved_price, sms_price, price, provider, provider_message_id, processed_at, attempts)
      select ${user!.id}::uuid, gen_random_uuid(), '+3865' || lpad(g::text, 7, '0'), 'Plan probe ' || g, 'Kurir', 'sms', 'sms',
             'sent', 1, 1000, 1000, 1000, 'planprobe', 'old-' || g, now(), 1
        from generate_series(1, ${SENT_ROWS}) g`);
    await insertLeased(database.db, user!.id, LEASED_ROWS);
    const [analysed] = await queryRows<{ reltuples: number }>(database.db, sql`select reltuples from pg_class where relname = 'messages'`);
    expect(Number(analysed!.reltuples)).toBeLessThan(0); // never analysed

    if (pglite) {
      db = wrapPglite(explainingPglite(pglite, record)).db;
    } else {
      // Mark sent and the receipt match run on the record pool, with its one generic plan each.
      const url = (database.pool as pg.Pool).options.connectionString!;
      explained = [explainingPool(url, MAIN_POOL_OPTIONS, record), explainingPool(url, RECORD_POOL_OPTIONS, record)];
      db = wrapPool(explained[0]!, undefined, explained[1]).db;
    }
  });

  afterAll(async () => {
    for (const pool of explained) await pool.end();
    await database?.close();
  });

  /** Leased messages, in a stable order. */
  const ids = async (n: number, offset: number) =>
    (await queryRows<{ id: string }>(database.db, sql`select id from messages where lease_token is not null order by recipient limit ${n} offset ${offset}`)).map((r) => r.id);

  it('mark sent, and the receipts that settle what it recorded', async () => {
    const accepted = (await ids(7, 0)).map((id, i) => ({ id, leaseToken: LEASE, providerMessageId: `plan-${i}`, provider: 'planprobe' }));
    take();
    expect((await markSent(db, 'planprobe', accepted, 3600)).size).toBe(0);
    expectKeyed(take());
    const outcomes = await applyReceipts(
      db,
      'planprobe',
      accepted.map((a, i) => ({ providerMessageId: a.providerMessageId, status: i === 0 ? 'failed' : 'delivered', at: new Date() })),
    );
    expect(outcomes).toEqual(['failed', ...Array(6).fill('delivered')]);
    expectKeyed(take());
  });

  it('the same with the events of a customer who has a webhook endpoint', async () => {
    await database.db.execute(sql`insert into webhook_endpoints (user_id, url, secret) select id, 'https://example.com/hook', 'plan-secret' from users`);
    const accepted = (await ids(7, 50)).map((id, i) => ({ id, leaseToken: LEASE, providerMessageId: `told-${i}`, provider: 'planprobe' }));
    take();
    await markSent(db, 'planprobe', accepted, 3600);
    await applyReceipts(db, 'planprobe', accepted.map((a) => ({ providerMessageId: a.providerMessageId, status: 'delivered' as const, at: new Date() })));
    const taken = take();
    expect(taken.some((p) => /insert into message_events/i.test(p.query))).toBe(true);
    expectKeyed(taken);
    await database.db.execute(sql`delete from webhook_endpoints`);
  });

  it('retries and failures of claimed messages', async () => {
    const [retried, failed] = [await ids(5, 100), await ids(5, 200)];
    take();
    await scheduleRetries(db, LEASE, retried.map((id) => ({ id, delaySeconds: 60, reason: 'throttled' })));
    await failClaimed(db, LEASE, failed.map((id) => ({ id, reason: 'rejected' })));
    expectKeyed(take());
  });

  it('the Viber fallback job walks its own index past the SMS awaiting receipts', async () => {
    await database.db.execute(sql`
      update messages set channel = 'viber', requested_channel = 'viber', fallback_at = now() - interval '1 minute'
       where id in (select id from messages where status = 'sent' order by recipient limit 3)`);
    take();
    expect(await fallBackOverdueViber(db, 100)).toBe(3);
    expectKeyed(take());
  });

  it('a claim walks the due index', async () => {
    // Leases are few in a running system (a batch per dispatcher); the walk steps over them.
    const stillLeased = await ids(10, 0);
    await database.db.execute(sql`update messages set lease_token = null, locked_until = null where status = 'pending' and not id = any(${`{${stillLeased.join(',')}}`}::uuid[])`);
    take();
    expect(await claimDueMessages(db, { limit: 10, leaseSeconds: 60, leaseToken: randomUUID() })).toHaveLength(10);
    expectKeyed(take());
  });
});

// The record pool keeps one generic plan per statement and connection, made at its first call:
// in a new installation, on an empty table. It must still find its rows by key once the table
// has grown (db/client.ts RECORD_POOL_OPTIONS). PGlite has no record pool.
describe.skipIf(process.env.KURIR_TEST_DB !== 'postgres')('the record pool: one plan, made on an empty table', () => {
  let database: DatabaseHandle;
  let explained: pg.Pool;
  let db: Database;
  let plans: { query: string; plan: PlanNode }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`alter table messages set (autovacuum_enabled = off)`);
    const url = (database.pool as pg.Pool).options.connectionString!;
    explained = explainingPool(url, RECORD_POOL_OPTIONS, (query, plan) => plans.push({ query, plan }));
    db = wrapPool(database.pool as pg.Pool, undefined, explained).db;
  });

  afterAll(async () => {
    await explained?.end();
    await database?.close();
  });

  it('mark sent and the receipt match still walk the keys after the table grew', async () => {
    // The plans are made now, on an empty table, and kept by the pool's one connection.
    await markSent(db, 'planprobe', [{ id: randomUUID(), leaseToken: LEASE, providerMessageId: 'none', provider: 'planprobe' }], 3600);
    await applyReceipts(db, 'planprobe', [{ providerMessageId: 'none', status: 'delivered', at: new Date() }]);
    const [user] = await queryRows<{ id: string }>(database.db, sql`insert into users (phone, role) values ('+38640999002', 'user') returning id`);
    await insertLeased(database.db, user!.id, SENT_ROWS + LEASED_ROWS);
    const rows = await queryRows<{ id: string }>(database.db, sql`select id from messages order by recipient limit 7`);
    const accepted = rows.map((r, i) => ({ id: r.id, leaseToken: LEASE, providerMessageId: `grown-${i}`, provider: 'planprobe' }));
    plans = [];
    expect((await markSent(db, 'planprobe', accepted, 3600)).size).toBe(0);
    expect(await applyReceipts(db, 'planprobe', accepted.map((a) => ({ providerMessageId: a.providerMessageId, status: 'delivered' as const, at: new Date() })))).toEqual(
      Array(7).fill('delivered'),
    );
    expectKeyed(plans, 2);
  });
});
