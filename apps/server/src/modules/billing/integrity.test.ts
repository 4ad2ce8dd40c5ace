import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

  it('reads only the entries of users whose entries do not chain, not the whole ledger', async () => {
    // A customer with a long, healthy ledger (the "Test System" button runs over every customer's).
    const u = await signInCustomer(t, '+38641400003');
    await t.db.execute(sql`
      insert into transactions (user_id, type, amount, balance_before, balance_after, description, created_at)
      select ${u.id}::uuid, 'topup', 1000, b.before, b.before + 1000, 'bulk', now() + make_interval(secs => i)
        from generate_series(1, 3000) as i,
             lateral (select (select credit from users where id = ${u.id}::uuid) + (i - 1) * 1000 as before) b`);
    await t.db.update(users).set({ credit: sql`${users.credit} + 3000000` }).where(eq(users.id, u.id));
    const read = { rows: 0 };
    const report = await checkLedgerIntegrity(countingRowsRead(t.db, read), { userId: u.id });
    expect(report).toMatchObject({ ok: true, usersChecked: 1, entriesChecked: 3001 });
    expect(read.rows).toBeLessThan(10);

    // A break is still found, and named, among those many entries.
    await t.db.execute(sql`update transactions set balance_before = balance_before + 1, balance_after = balance_after + 1
                             where id = (select id from transactions where user_id = ${u.id}::uuid order by created_at desc limit 1 offset 1500)`);
    const broken = await checkLedgerIntegrity(t.db, { userId: u.id });
    expect(broken.problems).toEqual([expect.objectContaining({ userId: u.id, kind: 'broken_chain' })]);
  });
});

/** The database, counting the rows its queries hand to this process. */
function countingRowsRead(db: DbOrTx, read: { rows: number }): DbOrTx {
  const count = (result: unknown) => {
    const rows = Array.isArray(result) ? result : (result as { rows?: unknown[] } | undefined)?.rows;
    read.rows += rows?.length ?? 0;
    return result;
  };
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (key === 'then') return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) => (target as unknown as Promise<unknown>).then(count).then(ok, fail);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const next = (value as (...a: unknown[]) => unknown).apply(target, args);
          return next && typeof next === 'object' && 'then' in next ? wrap(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key) as unknown;
      if (key === 'select' || key === 'execute') return (...args: unknown[]) => wrap((value as (...a: unknown[]) => object).apply(target, args));
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
