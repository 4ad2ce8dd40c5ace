// Delivery receipts: what the provider says became of a message. Delivered settles it at its
// price; failed settles it at 0 and refunds; a Viber message that Viber could not deliver goes
// back to the queue as SMS. A receipt for a message that is no longer 'sent' (settled, or already
// fallen back) is ignored, so a receipt delivered twice changes nothing the second time.
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { messages, unmatchedReceipts } from '../db/schema';
import { settleMessage } from '../modules/messages/settlement';
import type { DeliveryReceipt } from '../providers/sms/types';
import { countReceipt } from '../observability/metrics';
import { fallBackToSms } from './dispatch-queue';
import { notifyMessagesQueued } from './queue-signal';

export type ReceiptOutcome = 'delivered' | 'failed' | 'fell_back' | 'ignored' | 'contradicted' | 'unmatched';

/** How long a receipt waits for its message's provider id to be stored before it is dropped. */
export const UNMATCHED_RECEIPT_TTL_SECONDS = 600;

const DEFAULT_REASONS: Record<Exclude<DeliveryReceipt['status'], 'delivered'>, string> = {
  failed: 'Delivery failed',
  expired: 'Not delivered within the validity period',
  not_on_viber: 'Not a Viber user',
};

export async function applyReceipt(db: Database, provider: string, receipt: DeliveryReceipt): Promise<ReceiptOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ReceiptOutcome> => {
    const [row] = await tx
      .select({ id: messages.id, status: messages.status, channel: messages.channel })
      .from(messages)
      .where(and(eq(messages.providerMessageId, receipt.providerMessageId), eq(messages.provider, provider)))
      // Provider ids can repeat (an SMSC restarts its counter): the message still waiting for
      // its receipt wins over an old, settled one with the same id.
      .orderBy(sql`${messages.status} = 'sent' desc`, desc(messages.createdAt))
      .limit(1)
      .for('update');
    if (!row) return 'unmatched';
    // The first final report is final (a late 'delivered' never un-refunds); a contradicting one is counted.
    if (row.status !== 'sent') return (row.status === 'failed' && receipt.status === 'delivered') || (row.status === 'delivered' && receipt.status !== 'delivered') ? 'contradicted' : 'ignored';
    if (receipt.status === 'delivered') {
      return (await settleMessage(tx, row.id, { status: 'delivered' }, eq(messages.status, 'sent'))) ? 'delivered' : 'ignored';
    }
    if (row.channel === 'viber') return (await fallBackToSms(tx, row.id)) ? 'fell_back' : 'ignored';
    const reason = receipt.reason ?? DEFAULT_REASONS[receipt.status];
    return (await settleMessage(tx, row.id, { status: 'failed', reason }, eq(messages.status, 'sent'))) ? 'failed' : 'ignored';
  });
  if (outcome === 'fell_back') notifyMessagesQueued();
  return outcome;
}

/**
 * The handler registered with the provider. A receipt can overtake the dispatcher's record of the
 * provider id; it is then kept in unmatched_receipts and applied by the receipts job.
 */
export function receiptHandler(db: Database, provider: string) {
  return async (receipt: DeliveryReceipt): Promise<void> => {
    const outcome = await applyReceipt(db, provider, receipt);
    countReceipt(provider, outcome);
    if (outcome !== 'unmatched') return;
    await db.insert(unmatchedReceipts).values({
      provider,
      providerMessageId: receipt.providerMessageId,
      status: receipt.status,
      reason: receipt.reason ?? null,
      errorCode: receipt.errorCode ?? null,
      reportedAt: receipt.at,
    });
  };
}

/**
 * Applies kept receipts whose message is now known, oldest first, page by page (a receipt that is
 * still unknown does not hold up the ones behind it); drops those older than the TTL.
 */
export async function retryUnmatchedReceipts(db: Database, pageSize = 500, maxPages = 20): Promise<{ applied: number; dropped: number }> {
  let applied = 0;
  let after: { receivedAt: Date; id: string } | null = null;
  for (let page = 0; page < maxPages; page++) {
    const kept: (typeof unmatchedReceipts.$inferSelect)[] = await db
      .select()
      .from(unmatchedReceipts)
      .where(
        after
          ? or(gt(unmatchedReceipts.receivedAt, after.receivedAt), and(eq(unmatchedReceipts.receivedAt, after.receivedAt), gt(unmatchedReceipts.id, after.id)))
          : undefined,
      )
      .orderBy(asc(unmatchedReceipts.receivedAt), asc(unmatchedReceipts.id))
      .limit(pageSize);
    const done: string[] = [];
    for (const r of kept) {
      const receipt: DeliveryReceipt = { providerMessageId: r.providerMessageId, status: r.status, at: r.reportedAt };
      if (r.reason) receipt.reason = r.reason;
      if (r.errorCode) receipt.errorCode = r.errorCode;
      if ((await applyReceipt(db, r.provider, receipt)) !== 'unmatched') done.push(r.id);
    }
    if (done.length > 0) await db.delete(unmatchedReceipts).where(inArray(unmatchedReceipts.id, done));
    applied += done.length;
    const last = kept.at(-1);
    if (!last || kept.length < pageSize) break;
    after = { receivedAt: last.receivedAt, id: last.id };
  }
  // Receipts for messages that are not ours to track (e.g. sign-in codes) end here.
  const dropped = await db
    .delete(unmatchedReceipts)
    .where(lt(unmatchedReceipts.receivedAt, sql`now() - ${UNMATCHED_RECEIPT_TTL_SECONDS} * interval '1 second'`))
    .returning({ id: unmatchedReceipts.id });
  return { applied, dropped: dropped.length };
}
