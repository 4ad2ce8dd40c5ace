import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { setBalance, signInCustomer } from '../products/products.test-support';
import { checkLedgerIntegrity, findChainBreak, type LedgerEntry } from './integrity';

const entry = (id: string, before: number, amount: number): LedgerEntry => ({ id, amount, balanceBefore: before, balanceAfter: before + amount });

describe('findChainBreak', () => {
  it('accepts a chain, also when two entries were stamped in the reverse of the order applied', () => {
    expect(findChainBreak([entry('a', 0, 2), entry('b', 2, -1), entry('c', 1, 5)])).toBeNull();
    expect(findChainBreak([entry('a', 0, 2), entry('c', 1, 5), entry('b', 2, -1)])).toBeNull();
    expect(findChainBreak([])).toBeNull();
  });

  it('finds the entry that starts at a balance nobody left', () => {
    const broken = findChainBreak([entry('a', 0, 2), entry('b', 3, -1)]);
    expect(broken).toMatchObject({ entry: { id: 'b' }, expectedBefore: 2 });
    expect(findChainBreak([entry('a', 5, 1)])).toMatchObject({ entry: { id: 'a' }, expectedBefore: 0 });
  });
});

describe('checkLedgerIntegrity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('passes a healthy ledger and reports a balance changed behind its back', async () => {
    const u = await signInCustomer(t, '+38641400001');
    await setBalance(t.db, u.id, 7_500_000);
    expect(await checkLedgerIntegrity(t.db)).toMatchObject({ ok: true, problems: [] });

    await t.db.update(users).set({ credit: sql`${users.credit} + 1` }).where(eq(users.id, u.id));
    const report = await checkLedgerIntegrity(t.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.objectContaining({ userId: u.id, kind: 'balance_mismatch' })]);
  });

  it('reports a ledger row whose start does not continue the chain', async () => {
    const u = await signInCustomer(t, '+38641400002');
    await t.db.insert(transactions).values({ userId: u.id, type: 'credit_addition', amount: 0, balanceBefore: 1_000, balanceAfter: 1_000, description: 'forged' });
    const report = await checkLedgerIntegrity(t.db, { userId: u.id });
    expect(report.problems).toEqual([expect.objectContaining({ userId: u.id, kind: 'broken_chain' })]);
  });
});
