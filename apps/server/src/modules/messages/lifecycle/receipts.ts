// Delivery receipts: what the provider says became of a message. Delivered settles it at its
// price; failed settles it at 0 and refunds; a Viber message that Viber could not deliver goes
// back to the queue as SMS. A receipt for a message that is no longer 'sent' (settled, or already
// fallen back) is ignored, so a receipt delivered twice changes nothing the second time. Every
// provider, the simulator included, reports through `receiptHandler`.
import type { Database } from '../../../db/client';
import { countReceipt } from '../../../observability/metrics';
import type { DeliveryReceipt } from '../../../providers/sms/types';
import { notifyMessagesQueued } from './queue-signal';
import { ReceiptBatcher, applyReceipt, applyReceipts } from './receipt-batch';
import { deleteUnmatched, dropExpiredUnmatched, keepUnmatched, keepUnmatchedMany, pageOfUnmatched } from './unmatched-receipts';
import type { UnrecordedAcceptances } from './unrecorded-acceptances';

export type { ReceiptOutcome } from './receipt-batch';

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
      if (outcome === 'fell_back') notifyMessagesQueued();
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
