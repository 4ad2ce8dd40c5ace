// The dispatch and receipt statements find their rows by key on a table the planner knows nothing
// about yet. A new database (a new installation's first minutes, the peer benchmark) has no
// statistics until autovacuum analyses it, and there a statement that joined its batch to
// `messages` read the whole table for every batch (mark sent: 0.2 → 6 ms a call as the table
// grew), or every message awaiting its receipt (the receipt statement: 40–200 ms a batch). Each
// statement here runs on such a table, with auto_explain sending back its plan and the rows each
// step read, and no step may read more of `messages` than a few times its batch.
// PostgreSQL only: PGlite cannot load auto_explain.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPool, type Database, type DatabaseHandle } from '../../../db/client';
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

describe.runIf(process.env.KURIR_TEST_DB === 'postgres')('plans on a table without statistics', () => {
  let database: DatabaseHandle;
  let explained: pg.Pool;
  let db: Database;
  /** The plans auto_explain sent since the last take(). */
  let plans: { query: string; plan: PlanNode }[] = [];
  const take = () => {
    const taken = plans;
    plans = [];
    return taken;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = (database.pool as pg.Pool).options.connectionString!;
    await database.db.execute(sql`alter table messages set (autovacuum_enabled = off)`);
    const [user] = await queryRows<{ id: string }>(database.db, sql`insert into users (phone, role) values ('+38640999001', 'user') returning id`);
    await database.db.execute(sql`
      insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                            parts, reserved_price, sms_price, price, provider, provider_message_id, processed_at, attempts)
      select ${user!.id}::uuid, gen_random_uuid(), '+3865' || lpad(g::text, 7, '0'), 'Plan probe ' || g, 'Kurir', 'sms', 'sms',
             'sent', 1, 1000, 1000, 1000, 'planprobe', 'old-' || g, now(), 1
        from generate_series(1, ${SENT_ROWS}) g`);
    await database.db.execute(sql`
      insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                            parts, reserved_price, sms_price, price, lease_token, locked_until, attempts)
      select ${user!.id}::uuid, gen_random_uuid(), '+3864' || lpad(g::text, 7, '0'), 'Plan probe ' || g, 'Kurir', 'sms', 'sms',
             'pending', 1, 1000, 1000, 1000, ${LEASE}::uuid, now() + interval '1 hour', 1
        from generate_series(1, ${LEASED_ROWS}) g`);
    const [analysed] = await queryRows<{ reltuples: number }>(database.db, sql`select reltuples from pg_class where relname = 'messages'`);
    expect(Number(analysed!.reltuples)).toBeLessThan(0); // never analysed

    // The app's pool settings, plus auto_explain answering every statement with a NOTICE.
    explained = new pg.Pool({
      connectionString: url,
      max: 1,
      options: [
        '-c plan_cache_mode=force_custom_plan -c jit=off',
        '-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=0',
        '-c auto_explain.log_level=notice -c auto_explain.log_format=json -c auto_explain.log_nested_statements=on',
        '-c auto_explain.log_analyze=on -c auto_explain.log_timing=off',
      ].join(' '),
    });
    explained.on('error', () => {});
    explained.on('connect', (client) => {
      client.on('notice', (notice) => {
        const text = notice.message ?? '';
        const json = text.slice(text.indexOf('{'));
        if (!text.includes('plan:')) return;
        const parsed = JSON.parse(json) as { 'Query Text': string; Plan: PlanNode };
        plans.push({ query: parsed['Query Text'], plan: parsed.Plan });
      });
    });
    db = wrapPool(explained).db;
  });

  afterAll(async () => {
    await explained?.end();
    await database?.close();
  });

  /** Leased messages, in a stable order. */
  const ids = async (n: number, offset: number) =>
    (await queryRows<{ id: string }>(database.db, sql`select id from messages where lease_token is not null order by recipient limit ${n} offset ${offset}`)).map((r) => r.id);

  /** The plans that touch messages: no step of them reads more than its share of it. */
  const expectKeyed = (taken: { query: string; plan: PlanNode }[]) => {
    const onMessages = taken.filter((p) => /\bmessages\b/.test(p.query));
    expect(onMessages.length).toBeGreaterThan(0);
    for (const { query, plan } of onMessages) {
      const wide = nodesOf(plan)
        .filter((n) => n['Relation Name'] === 'messages' && rowsRead(n) > MOST_ROWS_READ)
        .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}: ${rowsRead(n)} rows`);
      expect(wide, query.replace(/\s+/g, ' ').slice(0, 120)).toEqual([]);
    }
  };

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
