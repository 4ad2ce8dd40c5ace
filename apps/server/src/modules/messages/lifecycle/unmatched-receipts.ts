// The SQL of receipts that came before their message's provider id was stored: kept, retried
// oldest first, dropped after a while.
import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { unmatchedReceipts } from '../../../db/schema';
import type { DeliveryReceipt } from '../../../providers/sms/types';

/** How long a receipt waits for its message's provider id to be stored before it is dropped. */
export const UNMATCHED_RECEIPT_TTL_SECONDS = 600;

export interface KeptReceipt {
  id: string;
  provider: string;
  receivedAt: Date;
  receipt: DeliveryReceipt;
}

export async function keepUnmatched(db: Database, provider: string, receipt: DeliveryReceipt): Promise<void> {
  await db.insert(unmatchedReceipts).values({
    provider,
    providerMessageId: receipt.providerMessageId,
    status: receipt.status,
    reason: receipt.reason ?? null,
    errorCode: receipt.errorCode ?? null,
    reportedAt: receipt.at,
  });
}

/** Keeps a batch's unknown receipts in one statement. */
export async function keepUnmatchedMany(db: Database, provider: string, receipts: readonly DeliveryReceipt[]): Promise<void> {
  if (receipts.length === 0) return;
  await db.insert(unmatchedReceipts).values(
    receipts.map((receipt) => ({
      provider,
      providerMessageId: receipt.providerMessageId,
      status: receipt.status,
      reason: receipt.reason ?? null,
      errorCode: receipt.errorCode ?? null,
      reportedAt: receipt.at,
    })),
  );
}

/** Kept receipts after `after` (by arrival, then id), oldest first. */
export async function pageOfUnmatched(db: Database, after: { receivedAt: Date; id: string } | null, limit: number): Promise<KeptReceipt[]> {
  const rows = await db
    .select()
    .from(unmatchedReceipts)
    .where(
      after
        ? or(gt(unmatchedReceipts.receivedAt, after.receivedAt), and(eq(unmatchedReceipts.receivedAt, after.receivedAt), gt(unmatchedReceipts.id, after.id)))
        : undefined,
    )
    .orderBy(asc(unmatchedReceipts.receivedAt), asc(unmatchedReceipts.id))
    .limit(limit);
  return rows.map((r) => {
    const receipt: DeliveryReceipt = { providerMessageId: r.providerMessageId, status: r.status, at: r.reportedAt };
    if (r.reason) receipt.reason = r.reason;
    if (r.errorCode) receipt.errorCode = r.errorCode;
    return { id: r.id, provider: r.provider, receivedAt: r.receivedAt, receipt };
  });
}

export async function deleteUnmatched(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(unmatchedReceipts).where(inArray(unmatchedReceipts.id, [...ids]));
}

export async function dropExpiredUnmatched(db: Database): Promise<number> {
  const dropped = await db
    .delete(unmatchedReceipts)
    .where(lt(unmatchedReceipts.receivedAt, sql`now() - ${UNMATCHED_RECEIPT_TTL_SECONDS} * interval '1 second'`))
    .returning({ id: unmatchedReceipts.id });
  return dropped.length;
}
