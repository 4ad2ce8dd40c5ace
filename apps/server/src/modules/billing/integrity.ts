// The ledger integrity check (the admin "Test System" button, and our tests after concurrency
// cases): every user's balance equals the sum of their ledger entries, and their entries chain,
// each one starting at the balance the previous one ended at, from 0 to the current balance.
import { asc, eq, sql } from 'drizzle-orm';
import { formatEuros } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { transactions, users } from '../../db/schema';

export interface LedgerProblem {
  userId: string;
  kind: 'balance_mismatch' | 'broken_chain' | 'bad_entry';
  message: string;
  transactionId?: string;
}

export interface LedgerIntegrityReport {
  ok: boolean;
  usersChecked: number;
  entriesChecked: number;
  problems: LedgerProblem[];
}

export interface LedgerEntry {
  id: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
}

/**
 * Walks a user's entries in created order and returns the first that does not chain, or null.
 *
 * A row's created_at is its database transaction's start time, and a transaction that started
 * first can take the user's row lock second; so two entries of one user may be stamped in the
 * reverse of the order they were applied (and entries of one transaction share a timestamp).
 * When the next entry in created order does not start at the running balance, the earliest later
 * entry that does is taken instead. The check therefore proves the entries form one unbroken
 * chain, taking created order as the guide rather than the law.
 */
export function findChainBreak(entries: readonly LedgerEntry[]): { entry: LedgerEntry; expectedBefore: number } | null {
  const byBefore = new Map<number, number[]>();
  entries.forEach((e, i) => {
    const list = byBefore.get(e.balanceBefore);
    if (list) list.push(i);
    else byBefore.set(e.balanceBefore, [i]);
  });
  const heads = new Map<number, number>(); // how far each byBefore list has been consumed
  const used = new Uint8Array(entries.length);
  let next = 0;
  let running = 0;
  for (let taken = 0; taken < entries.length; taken++) {
    while (used[next]) next++;
    let pick = entries[next]!.balanceBefore === running ? next : -1;
    if (pick < 0) {
      const list = byBefore.get(running) ?? [];
      let head = heads.get(running) ?? 0;
      while (head < list.length && used[list[head]!]) head++;
      heads.set(running, head);
      pick = head < list.length ? list[head]! : -1;
    }
    if (pick < 0) return { entry: entries[next]!, expectedBefore: running };
    used[pick] = 1;
    running = entries[pick]!.balanceAfter;
  }
  return null;
}

export async function checkLedgerIntegrity(db: DbOrTx, options: { userId?: string } = {}): Promise<LedgerIntegrityReport> {
  const problems: LedgerProblem[] = [];
  const balances = await db
    .select({ userId: users.id, credit: users.credit })
    .from(users)
    .where(options.userId ? eq(users.id, options.userId) : undefined);
  const sums = await db
    .select({ userId: transactions.userId, total: sql<number>`sum(${transactions.amount})::bigint`.mapWith(Number) })
    .from(transactions)
    .where(options.userId ? eq(transactions.userId, options.userId) : undefined)
    .groupBy(transactions.userId);
  const sumOf = new Map(sums.map((s) => [s.userId, s.total]));
  const totals = balances.map((b) => ({ ...b, total: sumOf.get(b.userId) ?? 0 }));
  for (const t of totals) {
    if (t.credit !== t.total) {
      problems.push({
        userId: t.userId,
        kind: 'balance_mismatch',
        message: `Balance ${formatEuros(t.credit, 6)} differs from the ledger's sum ${formatEuros(t.total, 6)}`,
      });
    }
  }

  const rows = await db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      amount: transactions.amount,
      balanceBefore: transactions.balanceBefore,
      balanceAfter: transactions.balanceAfter,
    })
    .from(transactions)
    .where(options.userId ? eq(transactions.userId, options.userId) : undefined)
    .orderBy(asc(transactions.userId), asc(transactions.createdAt), asc(transactions.id));

  let start = 0;
  while (start < rows.length) {
    const userId = rows[start]!.userId;
    let end = start;
    while (end < rows.length && rows[end]!.userId === userId) end++;
    const entries = rows.slice(start, end);
    const bad = entries.find((e) => e.balanceAfter !== e.balanceBefore + e.amount);
    if (bad) {
      problems.push({ userId, kind: 'bad_entry', transactionId: bad.id, message: `Entry ${bad.id}: before + amount is not after` });
    } else {
      const broken = findChainBreak(entries);
      if (broken) {
        problems.push({
          userId,
          kind: 'broken_chain',
          transactionId: broken.entry.id,
          message: `No entry continues from ${formatEuros(broken.expectedBefore, 6)}; entry ${broken.entry.id} starts at ${formatEuros(broken.entry.balanceBefore, 6)}`,
        });
      }
    }
    start = end;
  }
  return { ok: problems.length === 0, usersChecked: totals.length, entriesChecked: rows.length, problems };
}
