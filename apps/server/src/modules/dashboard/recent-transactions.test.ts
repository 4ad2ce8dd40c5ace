import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { ensureCatalogue } from '../products/catalogue';
import { productId, setBalance, signInCustomer } from '../products/products.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db);
});
afterAll(() => t.close());

describe('recent transactions', () => {
  it('shows my last 10 ledger entries, newest first, signed euros', async () => {
    const me = await signInCustomer(t, '+38642000001');
    const other = await signInCustomer(t, '+38642000002');
    const first = await me.call('GET', '/api/dashboard/recent-transactions');
    expect(first).toEqual({
      status: 200,
      body: {
        success: true,
        transactions: [{ id: expect.any(String), type: 'credit', description: 'Free starter credit', amount: 2, created_at: expect.any(String), balance_after: 2 }],
      },
    });

    await setBalance(t.db, me.id, 30_000_000);
    const phonebook = await productId(t.db, 'Phonebook');
    for (let i = 0; i < 10; i++) {
      expect((await me.call('POST', '/api/user/products/purchase', { productId: phonebook, quantity: 1, startOption: 'now' })).status).toBe(200);
    }
    const { body } = await me.call('GET', '/api/dashboard/recent-transactions');
    expect(body.transactions).toHaveLength(10);
    expect(body.transactions.every((x: { type: string; amount: number; description: string }) => x.type === 'product_purchase' && x.amount === -2.49 && x.description === 'Purchase: Phonebook')).toBe(true);
    expect(body.transactions[0].balance_after).toBe(5.1);
    expect(body.transactions[9].balance_after).toBe(27.51);

    const theirs = (await other.call('GET', '/api/dashboard/recent-transactions')).body.transactions;
    expect(theirs).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/recent-transactions' })).statusCode).toBe(401);
  });
});
