// The admin views of the ledger, and the integrity check behind the "Test System" button.
import { inArray, lt } from 'drizzle-orm';
import {
  ADMIN_TRANSACTION_SUMMARY_TYPES,
  ADMIN_TYPE_OF_LEDGER_TYPE,
  TRANSACTION_MESSAGES,
  microsToEuros,
  type AdminTransactionsResponse,
  type LedgerType,
  type TestTransactionsResponse,
  type UserTransaction,
} from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { users, type transactions } from '../../../db/schema';
import { checkLedgerIntegrity } from '../../billing/integrity';
import { findLedgerWithUsers, findUserLedgerAfter, findUserLedgerPage, sumLedgerByType, type LedgerCursor } from './transactions.repo';

type LedgerRow = typeof transactions.$inferSelect;

export function toUserTransactionDto(t: LedgerRow): UserTransaction {
  return {
    id: t.id,
    type: t.type,
    amount: microsToEuros(t.amount),
    description: t.description,
    referenceId: t.reference,
    balanceBefore: microsToEuros(t.balanceBefore),
    balanceAfter: microsToEuros(t.balanceAfter),
    adminUserId: t.adminUserId,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
  };
}

export async function getUserTransactions(db: DbOrTx, userId: string, page: number, limit: number) {
  const { rows, total } = await findUserLedgerPage(db, userId, limit, (page - 1) * limit);
  return {
    transactions: rows.map(toUserTransactionDto),
    pagination: { total, page, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

/** Entries a page of the export reads: about 300 kB of JSON, a few milliseconds of the database. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The export's reply, `{"success":true,"transactions":[…]}` (the spec's shape, which the browser
 * turns into the CSV), written as it is read: page after page of one user's entries, newest first,
 * so every entry is in it however long the ledger, and the server holds one page at a time. Each
 * page is its own short query, so the download never holds a connection (PGlite has one) or a
 * transaction open while a slow client reads. Used with Readable.from, which asks for the next
 * page only when the last one was taken (backpressure), and stops asking when the client goes.
 */
export async function* exportUserTransactionsJson(db: DbOrTx, userId: string, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  yield '{"success":true,"transactions":[';
  let cursor: LedgerCursor | null = null;
  let first = true;
  for (;;) {
    const page = await findUserLedgerAfter(db, userId, cursor, pageSize);
    if (page.length > 0) {
      yield (first ? '' : ',') + page.map((r) => JSON.stringify(toUserTransactionDto(r.entry))).join(',');
      first = false;
      const last = page.at(-1)!;
      cursor = { createdAt: last.cursorTime, id: last.entry.id };
    }
    if (page.length < pageSize) break;
  }
  yield ']}';
}

/** The ledger types behind each summary card (see ADMIN_TYPE_OF_LEDGER_TYPE). */
const SUMMARY_LEDGER_TYPES = (Object.keys(ADMIN_TYPE_OF_LEDGER_TYPE) as LedgerType[]).filter((t) =>
  (ADMIN_TRANSACTION_SUMMARY_TYPES as readonly string[]).includes(ADMIN_TYPE_OF_LEDGER_TYPE[t]),
);

export async function getAdminTransactions(db: DbOrTx, filter: { userId?: string; limit: number }): Promise<AdminTransactionsResponse> {
  const { rows, total } = await findLedgerWithUsers(db, filter);
  const sums = await sumLedgerByType(db, SUMMARY_LEDGER_TYPES, filter.userId);
  const summary = Object.fromEntries(ADMIN_TRANSACTION_SUMMARY_TYPES.map((t) => [t, { total: 0, count: 0 }])) as AdminTransactionsResponse['summary'];
  for (const s of sums) {
    const card = summary[ADMIN_TYPE_OF_LEDGER_TYPE[s.type] as keyof typeof summary];
    card.total += Math.abs(s.total);
    card.count += s.count;
  }
  for (const card of Object.values(summary)) card.total = microsToEuros(card.total);
  return {
    transactions: rows.map(({ entry, phone, companyName, firstName, lastName }) => ({
      id: entry.id,
      userId: entry.userId,
      userPhone: phone,
      userName: companyName ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
      type: ADMIN_TYPE_OF_LEDGER_TYPE[entry.type],
      ledgerType: entry.type,
      amount: microsToEuros(entry.amount),
      balanceBefore: microsToEuros(entry.balanceBefore),
      balanceAfter: microsToEuros(entry.balanceAfter),
      description: entry.description,
      status: entry.status,
      createdAt: entry.createdAt.toISOString(),
    })),
    summary,
    total,
  };
}

/**
 * Every balance equals the sum of its ledger, every entry starts where the previous ended, and no
 * balance is negative. Reports every user and entry that disagrees.
 */
export async function testTransactionSystem(db: DbOrTx): Promise<TestTransactionsResponse> {
  const report = await checkLedgerIntegrity(db);
  const problems: TestTransactionsResponse['problems'] = report.problems.map((p) => ({
    userId: p.userId,
    userPhone: null,
    kind: p.kind,
    transactionId: p.transactionId ?? null,
    message: p.message,
  }));
  const negative = await db.select({ id: users.id, credit: users.credit }).from(users).where(lt(users.credit, 0));
  for (const n of negative) {
    problems.push({ userId: n.id, userPhone: null, kind: 'negative_balance', transactionId: null, message: `Balance ${microsToEuros(n.credit)} is negative` });
  }
  const ids = [...new Set(problems.map((p) => p.userId))];
  if (ids.length > 0) {
    const phones = new Map((await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.phone]));
    for (const p of problems) p.userPhone = phones.get(p.userId) ?? null;
  }
  const ok = problems.length === 0;
  const error = ok
    ? null
    : `${problems.length} problem${problems.length === 1 ? '' : 's'} in the ledger: ` +
      problems.map((p) => `${p.userPhone ?? p.userId}: ${p.message}${p.transactionId ? ` (entry ${p.transactionId})` : ''}`).join('; ');
  return {
    success: ok,
    message: ok ? TRANSACTION_MESSAGES.testPassed : TRANSACTION_MESSAGES.testFailedPrefix + error,
    error,
    usersChecked: report.usersChecked,
    entriesChecked: report.entriesChecked,
    problems,
  };
}
