// Group commit (send-group-commit.ts): concurrent sends share one transaction, yet each is debited
// on its own terms and answered with its own result; a member that cannot pay, or whose rows the
// database refuses, fails alone; and whatever was answered is already committed.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendGroupDatabase } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { createTestApp, type TestApp } from '../../test/helper';
import { INSUFFICIENT_CREDIT } from '../billing/ledger';
import { SMS_PRICE, creditOf, customer, expectLedgerConsistent, messagesOf, newPhone, userIdOf } from './messages.test-support';
import * as repo from './messages.repo';
import { SendGroupCommit, type GroupedSend } from './send-group-commit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SEND_GROUP_COMMIT_MS: '20' });
});
afterAll(() => t?.close());

/** How many transactions wrote a user's messages (rows written by one transaction share its xmin). */
async function transactionsOf(userId: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.db, sql`select count(distinct xmin::text) as n from messages where user_id = ${userId}::uuid`);
  return Number(row!.n);
}

function groupedSend(userId: string, recipient: string, channel = 'sms'): GroupedSend {
  const batchId = randomUUID();
  return {
    debit: { userId, amount: -SMS_PRICE, type: 'sms_cost', reference: batchId, description: 'SMS to 1 recipient, 1 part each' },
    rows: {
      userId, batchId, recipients: [recipient], message: 'Hi', senderName: 'Kurir', messageType: null,
      channel: channel as 'sms', parts: 1, reservedPrice: SMS_PRICE, smsPrice: SMS_PRICE, price: SMS_PRICE, scheduledFor: null,
    },
  };
}

describe('group commit', () => {
  it('commits concurrent sends together, and one that cannot pay fails alone with its own 402', async () => {
    const rich = await customer(t, { credit: 10 * SMS_PRICE });
    const poor = await customer(t, { credit: 0 });
    const sends = [
      ...Array.from({ length: 10 }, () => rich.api.send({ recipient: newPhone(), message: 'Hi' })),
      ...Array.from({ length: 3 }, () => poor.api.send({ recipient: newPhone(), message: 'Hi' })),
    ];
    const results = await Promise.all(sends);
    expect(results.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.slice(10).map((r) => [r.status, r.body.message])).toEqual(Array(3).fill([402, INSUFFICIENT_CREDIT]));
    expect(await creditOf(t.db, rich.phone)).toBe(0);
    expect(await messagesOf(t.db, rich.phone)).toHaveLength(10);
    expect(await messagesOf(t.db, poor.phone)).toHaveLength(0);
    // Ten sends, far fewer transactions: they were grouped.
    expect(await transactionsOf(await userIdOf(t.db, rich.phone))).toBeLessThan(10);
    await expectLedgerConsistent(t.db);
  });

  it('a member whose rows the database refuses fails alone; the rest of its group is stored', async () => {
    const { phone } = await customer(t, { credit: 5 * SMS_PRICE });
    const userId = await userIdOf(t.db, phone);
    const group = new SendGroupCommit(t.db, { windowMs: 20, maxRows: 1000 });
    const good = Array.from({ length: 4 }, () => groupedSend(userId, newPhone()));
    const bad = groupedSend(userId, newPhone(), 'fax'); // breaks messages_channels_known
    const settled = await Promise.allSettled([...good, bad].map((s) => group.submit(s)));
    expect(settled.slice(0, 4).map((s) => s.status)).toEqual(Array(4).fill('fulfilled'));
    expect(settled[4]!.status).toBe('rejected');
    expect(await messagesOf(t.db, phone)).toHaveLength(4);
    expect(await creditOf(t.db, phone)).toBe(SMS_PRICE);
    await expectLedgerConsistent(t.db);
  });

  it('a group whose connection broke after its commit is not written again: each member gets the error, debited and stored once', async () => {
    const { phone } = await customer(t, { credit: 5 * SMS_PRICE });
    const userId = await userIdOf(t.db, phone);
    const original = repo.insertSendGroup;
    // The statement commits, then the answer is lost with the connection.
    const spy = vi.spyOn(repo, 'insertSendGroup').mockImplementationOnce(async (...args) => {
      await original(...args);
      throw new Error('Connection terminated unexpectedly');
    });
    try {
      const group = new SendGroupCommit(t.db, { windowMs: 20, maxRows: 1000 });
      const settled = await Promise.allSettled(Array.from({ length: 3 }, () => group.submit(groupedSend(userId, newPhone()))));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(settled.map((s) => s.status)).toEqual(Array(3).fill('rejected'));
      expect(await messagesOf(t.db, phone)).toHaveLength(3);
      expect(await creditOf(t.db, phone)).toBe(2 * SMS_PRICE);
      await expectLedgerConsistent(t.db);
    } finally {
      spy.mockRestore();
    }
  });

  it('two instances grouping sends of one user at once cannot overdraw it', async () => {
    const { phone } = await customer(t, { credit: 25 * SMS_PRICE });
    const userId = await userIdOf(t.db, phone);
    const instances = [1, 2].map(() => new SendGroupCommit(t.db, { windowMs: 2, maxRows: 7 }));
    const settled = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => instances[i % 2]!.submit(groupedSend(userId, newPhone()))),
    );
    const refused = settled.filter((s) => s.status === 'rejected');
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(25);
    expect(refused.map((s) => (s as PromiseRejectedResult).reason.status)).toEqual(Array(35).fill(402));
    expect(await creditOf(t.db, phone)).toBe(0);
    expect(await messagesOf(t.db, phone)).toHaveLength(25);
    await expectLedgerConsistent(t.db);
  });

  it('answers only what is committed: every 200 is already in the database when it arrives', async () => {
    const { phone, api } = await customer(t, { credit: 30 * SMS_PRICE });
    const seen: boolean[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await api.send({ recipient: newPhone(), message: 'Hi' });
        if (res.status !== 200) return;
        const id = res.body.results[0].id as string;
        const rows = await queryRows<{ n: string | number }>(t.db, sql`select count(*) as n from messages where id = ${id}::uuid`);
        seen.push(Number(rows[0]!.n) === 1);
      }),
    );
    expect(seen).toHaveLength(30);
    expect(seen.every(Boolean)).toBe(true);
    expect(await creditOf(t.db, phone)).toBe(0);
    await expectLedgerConsistent(t.db);
  });

  it.runIf(process.env.KURIR_TEST_DB === 'postgres')('on PostgreSQL writes its groups through the send pool, which keeps a generic plan of the statement', async () => {
    const { phone } = await customer(t, { credit: 10 * SMS_PRICE });
    const userId = await userIdOf(t.db, phone);
    const group = new SendGroupCommit(t.db, { windowMs: 1, maxRows: 1000 });
    // One group after another: the pool hands its last released connection out again.
    for (let i = 0; i < 10; i++) await group.submit(groupedSend(userId, newPhone()));
    const plans = await queryRows<{ generic_plans: string | number }>(
      sendGroupDatabase(t.db),
      sql`select generic_plans from pg_prepared_statements where statement like '%group_sends as%'`,
    );
    expect(plans).toHaveLength(1);
    expect(Number(plans[0]!.generic_plans)).toBeGreaterThan(0);
    expect(await messagesOf(t.db, phone)).toHaveLength(10);
  });

  it.runIf(process.env.KURIR_TEST_DB !== 'postgres')('on PGlite, the group statement is prepared once and keeps its plan', async () => {
    const { api } = await customer(t, { credit: 8 * SMS_PRICE });
    for (let round = 0; round < 8; round++) expect((await api.send({ recipient: newPhone(), message: 'Hi' })).status).toBe(200);
    const [group] = await queryRows<{ generic_plans: string | number }>(
      t.db,
      sql`select generic_plans from pg_prepared_statements where statement like '%group_sends%'`,
    );
    expect(Number(group?.generic_plans)).toBeGreaterThan(0);
  });
});
