// Delivery receipts: what the provider says became of a message. Delivered settles it at its
// price; failed settles it at 0 and refunds; a Viber message that Viber could not deliver goes
// back to the queue as SMS. A receipt for a message that is no longer 'sent' (settled, or already
// fallen back) is ignored, so a receipt delivered twice changes nothing the second time. Every
// provider, the simulator included, reports through `receiptHandler`.
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { messages } from '../../../db/schema';
import { countReceipt } from '../../../observability/metrics';
import type { DeliveryReceipt } from '../../../providers/sms/types';
import { fallBackToSms, lockReceiptTarget } from './message-store';
import { notifyMessagesQueued } from './queue-signal';
import { settleMessage } from './settlement';
import { DEFAULT_REASONS, ReceiptBatcher, applyReceipts, contradicts, type ReceiptOutcome } from './receipt-batch';
import { deleteUnmatched, dropExpiredUnmatched, keepUnmatched, keepUnmatchedMany, pageOfUnmatched } from './unmatched-receipts';
import type { UnrecordedAcceptances } from './unrecorded-acceptances';

export type { ReceiptOutcome } from './receipt-batch';

export async function applyReceipt(db: Database, provider: string, receipt: DeliveryReceipt): Promise<ReceiptOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ReceiptOutcome> => {
    const row = await lockReceiptTarget(tx, provider, receipt.providerMessageId);
    if (!row) return 'unmatched';
    if (row.status !== 'sent') return contradicts(row.status, receipt.status) ? 'contradicted' : 'ignored';
    const stillSent = eq(messages.status, 'sent');
    if (receipt.status === 'delivered') {
      return (await settleMessage(tx, row.id, { status: 'delivered' }, stillSent)) ? 'delivered' : 'ignored';
    }
    if (row.channel === 'viber') return (await fallBackToSms(tx, [row.id])).length > 0 ? 'fell_back' : 'ignored';
    const reason = receipt.reason ?? DEFAULT_REASONS[receipt.status];
    return (await settleMessage(tx, row.id, { status: 'failed', reason }, stillSent)) ? 'failed' : 'ignored';
  });
  if (outcome === 'fell_back') notifyMessagesQueued();
  return outcome;
}

/**
 * The handler registered with the provider. Receipts are applied in batches (receipt-batch.ts).
 * A receipt can overtake the dispatcher's record of the provider id: when this process's
 * dispatcher is still recording it (`acceptances`), a 'delivered' receipt is folded into that
 * record (the message is written delivered and settled with it, when it owes no refund) and any
 * other waits for it; a receipt of an id nobody knows is kept in unmatched_receipts (in the same
 * flush) and applied by the receipts job.
 */
export function receiptHandler(db: Database, provider: string, acceptances?: UnrecordedAcceptances) {
  const batcher = new ReceiptBatcher(
    async (receipts) => {
      const outcomes = await applyReceipts(db, provider, receipts);
      for (const outcome of outcomes) countReceipt(provider, outcome);
      await keepUnmatchedMany(db, provider, receipts.filter((_, i) => outcomes[i] === 'unmatched'));
      if (outcomes.includes('fell_back')) notifyMessagesQueued();
      return outcomes;
    },
    async (receipt) => {
      const outcome = await applyReceipt(db, provider, receipt);
      countReceipt(provider, outcome);
      if (outcome === 'unmatched') await keepUnmatched(db, provider, receipt);
      return outcome;
    },
  );
  return async (receipt: DeliveryReceipt): Promise<void> => {
    // Its message's provider id may be on its way into the database (same process, group commit):
    // a 'delivered' receipt is written with that record when it can be (the row written once),
    // anything else waits for the record and is applied as usual.
    const acceptance = acceptances?.waitingFor(provider, receipt.providerMessageId);
    if (acceptance) {
      const folded = receipt.status === 'delivered' && acceptance.foldDelivery();
      const settled = await acceptance.recorded;
      if (folded && settled) {
        countReceipt(provider, 'delivered');
        return;
      }
    }
    await batcher.add(receipt);
  };
}

/**
 * Applies kept receipts whose message is now known, oldest first, page by page (a receipt that is
 * still unknown does not hold up the ones behind it), a page of one provider's receipts at a time
 * in one batch; drops those older than the TTL.
 */
export async function retryUnmatchedReceipts(db: Database, pageSize = 500, maxPages = 20): Promise<{ applied: number; dropped: number }> {
  let applied = 0;
  let after: { receivedAt: Date; id: string } | null = null;
  for (let page = 0; page < maxPages; page++) {
    const kept = await pageOfUnmatched(db, after, pageSize);
    const done: string[] = [];
    for (const provider of new Set(kept.map((k) => k.provider))) {
      const mine = kept.filter((k) => k.provider === provider);
      const outcomes = await applyReceipts(db, provider, mine.map((k) => k.receipt));
      mine.forEach((k, i) => outcomes[i] !== 'unmatched' && done.push(k.id));
    }
    await deleteUnmatched(db, done);
    applied += done.length;
    const last = kept.at(-1);
    if (!last || kept.length < pageSize) break;
    after = { receivedAt: last.receivedAt, id: last.id };
  }
  // Receipts for messages that are not ours to track (e.g. sign-in codes) end here.
  return { applied, dropped: await dropExpiredUnmatched(db) };
}
