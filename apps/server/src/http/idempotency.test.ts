// Idempotency-Key on the web app's paid routes (send, schedule, purchase, top-up), keyed by the
// signed-in user: a retried request is applied once and answered as the first was. Without the
// header every request runs, as before. (The public API's keys: modules/api-v1/idempotency.test.ts.)
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, payments, transactions, userProducts } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helper';
import { SMS_PRICE, customer, newPhone, userIdOf } from '../modules/messages/messages.test-support';
import { createProduct } from '../modules/products/products.test-support';
import * as sendService from '../modules/messages/send.service';

let t: TestApp;
let packId: string;
const PACK_PRICE = 1_000_000; // 1.00 € with tax

beforeAll(async () => {
  t = await createTestApp();
  packId = (await createProduct(t.db, { name: 'Idempotent Pack', type: 'per_unit', netSellPrice: 819_672 })).id;
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  replayed: boolean;
}

async function post(cookie: string, url: string, payload: object, key?: string): Promise<Answer> {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  return { status: res.statusCode, raw: res.body, body: res.json(), replayed: res.headers['idempotent-replayed'] === 'true' };
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

/**
 * Each paid route: a body, another body, and what one application of it did (counted in the
 * database). `charges` counts debits; the top-up charges nothing yet, it creates a payment.
 */
const ROUTES = [
  {
    name: 'POST /api/message/send',
    url: '/api/message/send',
    products: [] as string[],
    body: () => ({ recipients: [newPhone(), newPhone()], message: 'Once only' }),
    other: (body: object) => ({ ...body, message: 'Something else' }),
    applied: async (userId: string) => (await t.db.select().from(messages).where(eq(messages.userId, userId))).length / 2,
    charges: (userId: string) => debits(userId, 'sms_cost'),
  },
  {
    name: 'POST /api/messages/schedule',
    url: '/api/messages/schedule',
    products: ['Schedule Send'],
    body: () => ({ recipient: newPhone(), message: 'Later, once', scheduledFor: inAnHour() }),
    other: (body: object) => ({ ...body, recipient: newPhone() }),
    applied: async (userId: string) => (await t.db.select().from(messages).where(eq(messages.userId, userId))).length,
    charges: (userId: string) => debits(userId, 'sms_cost'),
  },
  {
    name: 'POST /api/user/products/purchase',
    url: '/api/user/products/purchase',
    products: [] as string[],
    body: () => ({ productId: packId, quantity: 1 }),
    other: (body: object) => ({ ...body, quantity: 2 }),
    applied: async (userId: string) => (await t.db.select().from(userProducts).where(and(eq(userProducts.userId, userId), eq(userProducts.productId, packId)))).length,
    charges: (userId: string) => debits(userId, 'product_purchase'),
  },
  {
    name: 'POST /api/payments/top-up',
    url: '/api/payments/top-up',
    products: [] as string[],
    body: () => ({ amount: 25 }),
    other: () => ({ amount: 26 }),
    applied: async (userId: string) => (await t.db.select().from(payments).where(eq(payments.userId, userId))).length,
    charges: async () => 0,
  },
];

async function debits(userId: string, type: string): Promise<number> {
  const rows = await t.db.select().from(transactions).where(sql`${transactions.userId} = ${userId} and ${transactions.type} = ${type}`);
  return rows.length;
}

async function payer(products: string[]) {
  const c = await customer(t, { credit: 100 * PACK_PRICE, products });
  return { ...c, userId: await userIdOf(t.db, c.phone) };
}

describe.each(ROUTES)('Idempotency-Key on $name', (route) => {
  it('two identical requests at once with one key apply once and answer the same', async () => {
    const c = await payer(route.products);
    const body = route.body();
    const charged = await route.charges(c.userId);
    const answers = await Promise.all([post(c.cookie, route.url, body, 'confirm-1'), post(c.cookie, route.url, body, 'confirm-1')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]!.raw).toBe(answers[0]!.raw);
    expect(answers.filter((a) => a.replayed)).toHaveLength(1);
    expect(await route.applied(c.userId)).toBe(1);
    if (route.url !== '/api/payments/top-up') expect(await route.charges(c.userId)).toBe(charged + 1);
  });

  it('a retry after the first finished gets its answer again, and nothing runs', async () => {
    const c = await payer(route.products);
    const body = route.body();
    const first = await post(c.cookie, route.url, body, 'confirm-2');
    expect(first.status).toBe(200);
    const retry = await post(c.cookie, route.url, body, 'confirm-2');
    expect([retry.status, retry.raw, retry.replayed]).toEqual([200, first.raw, true]);
    expect(await route.applied(c.userId)).toBe(1);
  });

  it('another body with the same key is a 409 in the web shape, and runs nothing', async () => {
    const c = await payer(route.products);
    const body = route.body();
    expect((await post(c.cookie, route.url, body, 'confirm-3')).status).toBe(200);
    const changed = await post(c.cookie, route.url, route.other(body), 'confirm-3');
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ message: 'This Idempotency-Key was already used with a different request.', code: 'idempotency_key_reused' });
    expect(changed.body.error).toBeUndefined(); // not the public API's { error: { … } }
    expect(await route.applied(c.userId)).toBe(1);
  });

  it('without a key, two identical requests both run (as before)', async () => {
    const c = await payer(route.products);
    const body = route.body();
    const answers = await Promise.all([post(c.cookie, route.url, body), post(c.cookie, route.url, body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.some((a) => a.replayed)).toBe(false);
    expect(await route.applied(c.userId)).toBe(2);
  });

  it("keys are the user's own: another user's request with the same key and body runs for them", async () => {
    const a = await payer(route.products);
    const b = await payer(route.products);
    const body = route.body();
    const first = await post(a.cookie, route.url, body, 'shared-key');
    const other = await post(b.cookie, route.url, body, 'shared-key');
    expect([first.status, other.status]).toEqual([200, 200]);
    expect(other.replayed).toBe(false);
    expect(other.raw).not.toBe(first.raw);
    // Each one's retry gets their own answer back.
    const [againA, againB] = await Promise.all([post(a.cookie, route.url, body, 'shared-key'), post(b.cookie, route.url, body, 'shared-key')]);
    expect([againA.raw, againA.replayed, againB.raw, againB.replayed]).toEqual([first.raw, true, other.raw, true]);
    expect(await route.applied(a.userId)).toBe(1);
    expect(await route.applied(b.userId)).toBe(1);
  });
});

describe('Idempotency-Key on a web send whose answer was lost', () => {
  it('a send that committed and then failed (a 503) is answered from its batch on retry, not sent again', async () => {
    const c = await payer([]);
    const [x, y] = [newPhone(), newPhone()];
    const body = { recipients: [y, x, y], message: 'Committed, then the connection broke' };
    const original = sendService.sendMessages;
    let first: Awaited<ReturnType<typeof original>> | undefined;
    const spy = vi.spyOn(sendService, 'sendMessages').mockImplementationOnce(async (...args) => {
      first = await original(...args);
      throw new Error('Connection terminated unexpectedly');
    });
    try {
      const lost = await post(c.cookie, '/api/message/send', body, 'lost-answer');
      expect(lost.status).toBe(503);
      const retry = await post(c.cookie, '/api/message/send', body, 'lost-answer');
      expect([retry.status, retry.replayed]).toEqual([200, true]);
      // The answer the send would have given: the same batch, messages, cost and balance.
      expect(retry.body).toEqual(first);
      expect(await t.db.select().from(messages).where(eq(messages.userId, c.userId))).toHaveLength(2);
      expect(await debits(c.userId, 'sms_cost')).toBe(1);
      expect(retry.body.newCredit).toBe((100 * PACK_PRICE - 2 * SMS_PRICE) / 1_000_000);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});
