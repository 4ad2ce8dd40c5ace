// Many purchases at once against one balance: the balance can pay for exactly ten, so exactly ten
// succeed, the balance ends at exactly zero and the ledger tells the same story.
import { withTax } from '@kurir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { checkLedgerIntegrity } from '../billing/integrity';
import { ensureCatalogue } from './catalogue';
import { balanceOf, createProduct, ledgerOf, productId, setBalance, signInCustomer, userProductsOf } from './products.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await ensureCatalogue(t.db);
});
afterAll(() => t.close());

async function buyConcurrently(customer: Awaited<ReturnType<typeof signInCustomer>>, id: string, times: number) {
  return Promise.all(
    Array.from({ length: times }, () => customer.call('POST', '/api/user/products/purchase', { productId: id, quantity: 1, startOption: 'now' })),
  );
}

describe('concurrent purchases', () => {
  it('50 purchases of a monthly add-on against a balance for 10: ten succeed, balance 0', async () => {
    const buyer = await signInCustomer(t, '+38641300001');
    const viber = await productId(t.db, 'Viber');
    const price = withTax(4_090_164, 22);
    await setBalance(t.db, buyer.id, 10 * price);
    const ledgerBefore = (await ledgerOf(t.db, buyer.id)).length;

    const results = await buyConcurrently(buyer, viber, 50);
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 402)).toHaveLength(40);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.message === 'Insufficient credit. Please top up your balance to continue.')).toBe(true);

    expect(await balanceOf(t.db, buyer.id)).toBe(0);
    const purchases = (await ledgerOf(t.db, buyer.id)).filter((e) => e.type === 'product_purchase');
    expect(purchases).toHaveLength(10);
    expect(await ledgerOf(t.db, buyer.id)).toHaveLength(ledgerBefore + 10);
    // Ten months on one row: each purchase extended the period the previous one left.
    const rows = await userProductsOf(t.db, buyer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totalPrice).toBe(10 * price);
    const months = (rows[0]!.expiresAt!.getUTCFullYear() - rows[0]!.startsAt.getUTCFullYear()) * 12 + rows[0]!.expiresAt!.getUTCMonth() - rows[0]!.startsAt.getUTCMonth();
    expect(months).toBe(10);
    expect(await checkLedgerIntegrity(t.db)).toMatchObject({ ok: true, problems: [] });
  });

  it('50 per-unit purchases by three customers at once: each gets exactly what their balance pays', async () => {
    const pack = await createProduct(t.db, { name: 'Credit Pack', type: 'per_unit', netSellPrice: 819_672 }); // 1.00 € with tax
    const buyers = await Promise.all(['+38641300002', '+38641300003', '+38641300004'].map((p) => signInCustomer(t, p)));
    const affordable = [10, 3, 0];
    await Promise.all(buyers.map((b, i) => setBalance(t.db, b.id, affordable[i]! * 1_000_000)));

    const results = await Promise.all(buyers.map((b) => buyConcurrently(b, pack.id, 50)));
    for (const [i, b] of buyers.entries()) {
      expect(results[i]!.filter((r) => r.status === 200)).toHaveLength(affordable[i]!);
      expect(await balanceOf(t.db, b.id)).toBe(0);
      expect(await userProductsOf(t.db, b.id)).toHaveLength(affordable[i]!);
      expect((await ledgerOf(t.db, b.id)).filter((e) => e.type === 'product_purchase')).toHaveLength(affordable[i]!);
    }
    const report = await checkLedgerIntegrity(t.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
