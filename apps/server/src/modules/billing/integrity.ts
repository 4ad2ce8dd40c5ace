// The ledger integrity check (the admin "Test System" button, and our tests after concurrency
// cases): every user's balance equals the sum of their ledger entries, and their entries chain,
// each one starting at the balance the previous one ended at, from 0 to the current balance.
import { asc, eq, sql } from 'drizzle-orm';
import { formatEuros } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { transactions } from '../../db/schema';

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

/** Users whose balance is not the sum of their ledger; found by the database, not by reading the ledger here. */
async function findBalanceMismatches(db: DbOrTx, userId?: string) {
  const rows = await queryRows<{ user_id: string; credit: string; total: string }>(
    db,
    sql`select u.id as user_id, u.credit::text as credit, coalesce(s.total, 0)::text as total
          from users u
          left join (select user_id, sum(amount) as total from transactions ${userId ? sql`where user_id = ${userId}` : sql``} group by user_id) s
            on s.user_id = u.id
         where u.credit <> coalesce(s.total, 0) ${userId ? sql`and u.id = ${userId}` : sql``}`,
  );
  return rows.map((r) => ({ userId: r.user_id, credit: Number(r.credit), total: Number(r.total) }));
}

/**
 * Users with an entry that does not continue, in created order, from the one before it (the first
 * from 0), or whose own numbers do not add up. A user not named here has a perfect chain, so only
 * these users' entries are read into memory for the tolerant walk (findChainBreak): the whole
 * ledger, a row per send, would not fit in this process on a busy installation.
 */
async function findUsersOutOfChain(db: DbOrTx, userId?: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select distinct user_id from (
          select user_id, amount, balance_before, balance_after,
                 lag(balance_after, 1, 0::bigint) over (partition by user_id order by created_at, id) as previous_after
            from transactions ${userId ? sql`where user_id = ${userId}` : sql``}) e
         where balance_before <> previous_after or balance_after <> balance_before + amount
         order by user_id`,
  );
  return rows.map((r) => r.user_id);
}

async function countChecked(db: DbOrTx, userId?: string) {
  const [row] = await queryRows<{ users: string; entries: string }>(
    db,
    sql`select (select count(*) from users ${userId ? sql`where id = ${userId}` : sql``})::text as users,
               (select count(*) from transactions ${userId ? sql`where user_id = ${userId}` : sql``})::text as entries`,
  );
  return { usersChecked: Number(row?.users ?? 0), entriesChecked: Number(row?.entries ?? 0) };
}

export async function checkLedgerIntegrity(db: DbOrTx, options: { userId?: string } = {}): Promise<LedgerIntegrityReport> {
  const problems: LedgerProblem[] = [];
  for (const t of await findBalanceMismatches(db, options.userId)) {
    problems.push({
      userId: t.userId,
      kind: 'balance_mismatch',
      message: `Balance ${formatEuros(t.credit, 6)} differs from the ledger's sum ${formatEuros(t.total, 6)}`,
    });
  }

  for (const userId of await findUsersOutOfChain(db, options.userId)) {
    const entries = await db
      .select({ id: transactions.id, amount: transactions.amount, balanceBefore: transactions.balanceBefore, balanceAfter: transactions.balanceAfter })
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(asc(transactions.createdAt), asc(transactions.id));
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
  }
  return { ok: problems.length === 0, ...(await countChecked(db, options.userId)), problems };
}
