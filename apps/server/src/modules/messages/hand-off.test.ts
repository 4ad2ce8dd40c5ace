// Hand-off (lifecycle/hand-off.ts): a send accepted by a process with a dispatcher is written
// already leased to it and sent without a claim; a scheduled one is not; a dispatcher without room
// takes nothing; and rows whose dispatcher died are claimed by another once the lease runs out.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows';
import { createTestApp, type TestApp } from '../../test/helper';
import { setHandOffTarget, type HandOffLease, type HandOffTarget } from './lifecycle/hand-off';
import type { ClaimedMessage } from './lifecycle/message-store';
import { FakeProvider, SMS_PRICE, creditOf, customer, dispatcherFor, expectLedgerConsistent, messagesOf, newPhone } from './messages.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', SEND_GROUP_COMMIT_MS: '5' });
});
afterAll(() => t?.close());

/** A dispatcher that keeps what it is given (or has no room, or dies holding it). */
class HoldingTarget implements HandOffTarget {
  taken: { lease: HandOffLease; messages: ClaimedMessage[] }[] = [];
  released: HandOffLease[] = [];
  constructor(private readonly room: boolean) {}
  reserve(rows: number): HandOffLease | null {
    return this.room ? { token: crypto.randomUUID(), seconds: 60, rows } : null;
  }
  take(lease: HandOffLease, messages: ClaimedMessage[]): void {
    this.taken.push({ lease, messages });
  }
  release(lease: HandOffLease): void {
    this.released.push(lease);
  }
}

async function leaseOf(id: string) {
  const [row] = await queryRows<{ lease_token: string | null; leased: boolean; attempts: number; status: string }>(
    t.db,
    sql`select lease_token, coalesce(locked_until > now(), false) as leased, attempts, status from messages where id = ${id}::uuid`,
  );
  return row!;
}

describe('hand-off to the dispatcher of the process', () => {
  it('writes a send leased to the dispatcher and hands it over once committed; a scheduled send is queued as before', async () => {
    const target = new HoldingTarget(true);
    setHandOffTarget(t.db, target);
    try {
      const { api } = await customer(t, { credit: 10 * SMS_PRICE, products: ['Schedule Send'] });
      const to = newPhone();
      const now = await api.send({ recipient: to, message: 'Now' });
      expect(now.status).toBe(200);
      const id = now.body.results[0].id as string;
      const handed = target.taken.flatMap((h) => h.messages.map((m) => ({ ...m, token: h.lease.token })));
      expect(handed).toEqual([{ id, recipient: to, message: 'Now', senderName: 'Kurir', channel: 'sms', attempts: 1, test: false, token: expect.any(String) }]);
      expect(await leaseOf(id)).toEqual({ lease_token: handed[0]!.token, leased: true, attempts: 1, status: 'pending' });

      const later = await api.send({ recipient: newPhone(), message: 'Later', schedule: true, scheduledFor: new Date(Date.now() + 3_600_000).toISOString() });
      expect(later.status).toBe(200);
      expect(target.taken).toHaveLength(1);
      expect(await leaseOf(later.body.results[0].id as string)).toEqual({ lease_token: null, leased: false, attempts: 0, status: 'scheduled' });
    } finally {
      setHandOffTarget(t.db, null);
    }
  });

  it('writes plain queued rows when the dispatcher has no room', async () => {
    const target = new HoldingTarget(false);
    setHandOffTarget(t.db, target);
    try {
      const { api } = await customer(t, { credit: 10 * SMS_PRICE });
      const res = await api.send({ recipient: newPhone(), message: 'Queued' });
      expect(target.taken).toHaveLength(0);
      expect(await leaseOf(res.body.results[0].id as string)).toEqual({ lease_token: null, leased: false, attempts: 0, status: 'pending' });
    } finally {
      setHandOffTarget(t.db, null);
    }
  });

  it('a running dispatcher sends what it is handed without claiming it, and nobody else can claim it', async () => {
    const fake = new FakeProvider();
    const d = dispatcherFor(t.db, fake, { concurrency: 4 });
    d.start();
    setHandOffTarget(t.db, d);
    const other = new FakeProvider();
    const rival = dispatcherFor(t.db, other);
    try {
      const { phone, api } = await customer(t, { credit: 8 * SMS_PRICE });
      const recipients = Array.from({ length: 8 }, () => newPhone());
      const sends = await Promise.all(recipients.map((recipient) => api.send({ recipient, message: 'Go' })));
      expect(sends.map((s) => s.status)).toEqual(Array(8).fill(200));
      // The rival finds none of them to claim while they are leased.
      await rival.runOnce();
      setHandOffTarget(t.db, null);
      await d.stop();
      const rows = await messagesOf(t.db, phone);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(8).fill(['sent', 1]));
      expect(fake.submitted.filter((m) => recipients.includes(m.to))).toHaveLength(8);
      expect(other.submitted.filter((m) => recipients.includes(m.to))).toHaveLength(0);
      expect(await creditOf(t.db, phone)).toBe(0);
      await expectLedgerConsistent(t.db);
    } finally {
      setHandOffTarget(t.db, null);
      await d.stop();
    }
  });

  it('a stopping dispatcher takes no new hand-off, and waits for one reserved before the stop', async () => {
    const fake = new FakeProvider();
    const d = dispatcherFor(t.db, fake);
    d.start();
    const { phone, api } = await customer(t, { credit: 1 * SMS_PRICE });
    setHandOffTarget(t.db, d);
    const lease = d.reserve(1)!;
    expect(lease).not.toBeNull();
    // The send commits while the dispatcher is stopping: it is written under the reserved lease.
    const target: HandOffTarget = { reserve: () => lease, take: (l, m) => d.take(l, m), release: (l) => d.release(l) };
    setHandOffTarget(t.db, target);
    const stopped = d.stop();
    expect(d.reserve(1)).toBeNull();
    const res = await api.send({ recipient: newPhone(), message: 'Last one' });
    setHandOffTarget(t.db, null);
    await stopped;
    expect(res.status).toBe(200);
    expect((await messagesOf(t.db, phone)).map((r) => r.status)).toEqual(['sent']);
  });

  it('rows handed to a dispatcher that died are claimed by another once their lease has run out, and sent once', async () => {
    const dead = new HoldingTarget(true);
    setHandOffTarget(t.db, dead);
    const { phone, api } = await customer(t, { credit: 3 * SMS_PRICE });
    const recipients = Array.from({ length: 3 }, () => newPhone());
    try {
      await Promise.all(recipients.map((recipient) => api.send({ recipient, message: 'Orphan' })));
    } finally {
      setHandOffTarget(t.db, null);
    }
    expect(dead.taken.flatMap((h) => h.messages)).toHaveLength(3);
    const fake = new FakeProvider();
    const heir = dispatcherFor(t.db, fake);
    const mine = () => fake.submitted.filter((m) => recipients.includes(m.to));
    await heir.runOnce();
    expect(mine()).toHaveLength(0); // still leased
    const tokens = dead.taken.map((h) => h.lease.token);
    await t.db.execute(sql`update messages set locked_until = now() - interval '1 second' where lease_token in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(tokens)}::jsonb))`);
    while ((await heir.runOnce()) > 0);
    const rows = await messagesOf(t.db, phone);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(3).fill(['sent', 2]));
    expect(mine()).toHaveLength(3);
  });
});
