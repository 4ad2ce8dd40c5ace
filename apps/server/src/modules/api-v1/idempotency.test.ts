// Idempotency-Key: concurrent retries charge once and get the same answer; another body is a 409.
// Rate limits: counted per key in the database, with RateLimit-* headers and 429 + Retry-After.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys, transactions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { SMS_PRICE, creditOf, messagesOf, newPhone, userIdOf } from '../messages/messages.test-support';
import { apiCustomer } from './api-v1.test-support';
import * as sendService from '../messages/send.service';
import { deleteExpiredIdempotencyKeys } from '../../http/idempotency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '1000' });
});
afterAll(() => t?.close());

describe('Idempotency-Key', () => {
  it('20 concurrent retries charge once and all get the same status and body', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const body = { to: [newPhone(), newPhone()], text: 'Exactly once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'order-42' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.raw)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await messagesOf(t.db, c.phone)).toHaveLength(2);
    expect(await creditOf(t.db, c.phone)).toBe(1_000_000 - 2 * SMS_PRICE);
    const debits = await t.db.select().from(transactions).where(sql`${transactions.userId} = ${await userIdOf(t.db, c.phone)} and ${transactions.type} = 'sms_cost'`);
    expect(debits).toHaveLength(1);

    const later = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'order-42' });
    expect(later.raw).toBe(answers[0]!.raw);
  });

  it('answers 409 to the same key with another body, and runs nothing', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const to = newPhone();
    expect((await c.call('POST', '/api/v1/messages', { to, text: 'First' }, { 'idempotency-key': 'k1' })).status).toBe(201);
    const changed = await c.call('POST', '/api/v1/messages', { to, text: 'Second' }, { 'idempotency-key': 'k1' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('idempotency_key_reused');
    expect(await messagesOf(t.db, c.phone)).toHaveLength(1);
  });

  it('replays an error answer too, and keys are per API key', async () => {
    const c = await apiCustomer(t, { credit: 0 });
    const body = { to: newPhone(), text: 'No money' };
    const first = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'same' });
    expect(first.status).toBe(402);
    const again = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'same' });
    expect([again.status, again.raw]).toEqual([402, first.raw]);
    const other = await apiCustomer(t, { credit: 1_000_000 });
    expect((await other.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'same' })).status).toBe(201);
  });

  it('a first request taken over after it went stale does not overwrite the answer of the one that took over', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const body = { to: newPhone(), text: 'Slow first' };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = sendService.sendMessages;
    const spy = vi.spyOn(sendService, 'sendMessages').mockImplementationOnce(async (...args) => {
      await gate;
      return original(...args);
    });
    try {
      const first = c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'stale' });
      await expect.poll(() => spy.mock.calls.length).toBe(1);
      // It has run for longer than a request may: a retry takes the key over.
      await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(idempotencyKeys.idempotencyKey, 'stale'));
      const retry = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'stale' });
      expect(retry.status).toBe(201);
      release();
      expect((await first).status).toBe(201);
      const replayed = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'stale' });
      expect([replayed.headers['idempotent-replayed'], replayed.raw]).toEqual(['true', retry.raw]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a send whose answer was lost after it committed (a 503) is answered from its batch on retry, not sent again', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const [a, b] = [newPhone(), newPhone()];
    const body = { to: [a, b], text: 'Committed, then the connection broke' };
    const original = sendService.sendMessages;
    const spy = vi.spyOn(sendService, 'sendMessages').mockImplementationOnce(async (...args) => {
      await original(...args);
      throw new Error('Connection terminated unexpectedly');
    });
    try {
      const lost = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'lost-answer' });
      expect(lost.status).toBe(503);
      const retry = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'lost-answer' });
      expect(retry.status).toBe(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      const sent = await messagesOf(t.db, c.phone);
      expect(sent).toHaveLength(2);
      expect(retry.body.messages.map((m: { id: string; to: string }) => [m.id, m.to])).toEqual(
        [a, b].map((to) => [sent.find((m) => m.recipient === to)!.id, to]),
      );
      expect(retry.body).toMatchObject({ total_price: 2 * (SMS_PRICE / 1_000_000), balance: (1_000_000 - 2 * SMS_PRICE) / 1_000_000, test: false });
      expect(await creditOf(t.db, c.phone)).toBe(1_000_000 - 2 * SMS_PRICE);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a send whose process died after it committed is answered from its batch when a retry takes the key over', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    const body = { to: newPhone(), text: 'Committed, then the process died' };
    const original = sendService.sendMessages;
    const spy = vi.spyOn(sendService, 'sendMessages').mockImplementationOnce(async (...args) => {
      await original(...args);
      return new Promise(() => {}); // never answers, as if the process had died
    });
    try {
      void c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'died' });
      await expect.poll(async () => (await messagesOf(t.db, c.phone)).length).toBe(1);
      // A minute later the row is stale: the retry takes it over.
      await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '2 minutes'` }).where(eq(idempotencyKeys.idempotencyKey, 'died'));
      const retry = await c.call('POST', '/api/v1/messages', body, { 'idempotency-key': 'died' });
      expect(retry.status).toBe(201);
      const [sent] = await messagesOf(t.db, c.phone);
      expect(retry.body.messages.map((m: { id: string }) => m.id)).toEqual([sent!.id]);
      expect(await messagesOf(t.db, c.phone)).toHaveLength(1);
      expect(await creditOf(t.db, c.phone)).toBe(1_000_000 - SMS_PRICE);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('forgets answers after 24 hours (the cleanup job removes them)', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000 });
    await c.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Old' }, { 'idempotency-key': 'old' });
    await t.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.idempotencyKey, 'old'));
    expect(await deleteExpiredIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.idempotencyKey, 'old'))).toHaveLength(0);
  });
});

describe('rate limits', () => {
  it('counts requests per key with RateLimit headers and answers 429 with Retry-After past the limit', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT: '3', API_RATE_WINDOW_SECONDS: '3600' });
    try {
      const a = await apiCustomer(limited, { mode: 'test' });
      const b = await apiCustomer(limited, { mode: 'test' });
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await a.call('GET', '/api/v1/balance'));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
      const reset = Number(answers[3]!.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(3600);
      expect(answers[3]!.headers['retry-after']).toBe(String(reset));
      expect(answers[3]!.body.error).toMatchObject({ code: 'rate_limited', details: { retryAfter: reset } });
      // Another key has its own count.
      expect((await b.call('GET', '/api/v1/balance')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
