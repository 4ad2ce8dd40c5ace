// Receipts applied in batches: the receipts that arrive within a few milliseconds are matched to
// their messages with one locking statement, the delivered ones that owe no refund are settled
// with one UPDATE, Viber fallbacks with one, and only refunds (a failed message, a Viber message
// delivered for less than its reserve) take a statement each — all in one transaction. Receipts
// whose message is not known yet are kept in unmatched_receipts in the same flush. A receipt's
// promise resolves only once its batch is committed (a provider acknowledges it to the SMSC only
// then), so a crash loses nothing; if a batch fails, each receipt is applied alone.
import type { Database } from '../../../db/client';
import { messages } from '../../../db/schema';
import type { DeliveryReceipt } from '../../../providers/sms/types';
import { eq } from 'drizzle-orm';
import { fallBackToSms } from './message-store';
import { matchReceiptsSettlingDelivered, settleMessage } from './settlement';

export type ReceiptOutcome = 'delivered' | 'failed' | 'fell_back' | 'ignored' | 'contradicted' | 'unmatched';

export const DEFAULT_REASONS: Record<Exclude<DeliveryReceipt['status'], 'delivered'>, string> = {
  failed: 'Delivery failed',
  expired: 'Not delivered within the validity period',
  not_on_viber: 'Not a Viber user',
};

/**
 * The first final report is final (a late 'delivered' never un-refunds); a report that says the
 * opposite of how the message settled is counted as contradicted (metrics), and changes nothing.
 */
export function contradicts(settled: string, reported: DeliveryReceipt['status']): boolean {
  return (settled === 'failed' && reported === 'delivered') || (settled === 'delivered' && reported !== 'delivered');
}

/**
 * Applies a batch of one provider's receipts; an outcome per receipt, in order. The receipts that
 * say delivered and owe no refund (nearly all) are matched and settled by one statement; the rest
 * (refunds, Viber fallbacks, failures) follow in one transaction, each guarded by "still sent,
 * unsettled", so a message that changed in between is ignored as it would be in one transaction.
 */
export async function applyReceipts(db: Database, provider: string, receipts: readonly DeliveryReceipt[]): Promise<ReceiptOutcome[]> {
  // A second receipt for the same message in one batch changes nothing, as it would alone: only
  // the first receipt of each provider id can settle it.
  const first = new Map<string, DeliveryReceipt>();
  for (const r of receipts) if (!first.has(r.providerMessageId)) first.set(r.providerMessageId, r);
  const deliveredIds = [...first.values()].filter((r) => r.status === 'delivered').map((r) => r.providerMessageId);
  const { targets, settled } = await matchReceiptsSettlingDelivered(db, provider, [...first.keys()], deliveredIds);

  const outcomes: ReceiptOutcome[] = [];
  const taken = new Set<string>();
  const delivered: number[] = [];
  const fallBack: number[] = [];
  const failed: number[] = [];
  receipts.forEach((receipt, i) => {
    const row = targets.get(receipt.providerMessageId);
    outcomes[i] = !row ? 'unmatched' : contradicts(row.status, receipt.status) ? 'contradicted' : row.status !== 'sent' || taken.has(row.id) ? 'ignored' : 'delivered';
    if (outcomes[i] !== 'delivered') return;
    taken.add(row!.id);
    if (receipt.status === 'delivered') {
      if (!settled.has(row!.id)) delivered.push(i);
    } else if (row!.channel === 'viber') fallBack.push(i);
    else failed.push(i);
  });
  if (delivered.length + fallBack.length + failed.length === 0) return outcomes;

  const idOf = (i: number) => targets.get(receipts[i]!.providerMessageId)!.id;
  const stillSent = eq(messages.status, 'sent');
  await db.transaction(async (tx) => {
    for (const i of delivered) {
      outcomes[i] = (await settleMessage(tx, idOf(i), { status: 'delivered' }, stillSent)) ? 'delivered' : 'ignored';
    }
    const fellBack = new Set(await fallBackToSms(tx, fallBack.map(idOf)));
    for (const i of fallBack) outcomes[i] = fellBack.has(idOf(i)) ? 'fell_back' : 'ignored';
    for (const i of failed) {
      const receipt = receipts[i]!;
      const reason = receipt.reason ?? DEFAULT_REASONS[receipt.status as Exclude<DeliveryReceipt['status'], 'delivered'>];
      outcomes[i] = (await settleMessage(tx, idOf(i), { status: 'failed', reason }, stillSent)) ? 'failed' : 'ignored';
    }
  });
  return outcomes;
}

interface Waiting {
  receipt: DeliveryReceipt;
  resolve(outcome: ReceiptOutcome): void;
  reject(error: unknown): void;
}

/** Gathers receipts for `windowMs` (or `maxSize` of them) and applies them as one batch, one batch at a time. */
export class ReceiptBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly apply: (receipts: DeliveryReceipt[]) => Promise<ReceiptOutcome[]>,
    private readonly applyAlone: (receipt: DeliveryReceipt) => Promise<ReceiptOutcome>,
    private readonly options: { windowMs: number; maxSize: number } = { windowMs: 5, maxSize: 500 },
  ) {}

  add(receipt: DeliveryReceipt): Promise<ReceiptOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ receipt, resolve, reject });
      if (this.waiting.length >= this.options.maxSize) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.options.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length > 0) this.running = this.running.then(() => this.applyBatch(batch));
  }

  private async applyBatch(batch: Waiting[]): Promise<void> {
    let outcomes: ReceiptOutcome[];
    try {
      outcomes = await this.apply(batch.map((w) => w.receipt));
    } catch {
      // One bad receipt must not hold up the others: each is tried alone and answers for itself.
      for (const w of batch) await this.applyAlone(w.receipt).then(w.resolve, w.reject);
      return;
    }
    batch.forEach((w, i) => w.resolve(outcomes[i]!));
  }
}
