// Receipts applied in batches: the receipts that arrive within 50 ms are matched to
// their messages with one locking statement, the delivered ones that owe no refund are settled
// with one UPDATE, Viber fallbacks with one, and only refunds (a failed message, a Viber message
// delivered for less than its reserve) take a statement each — all in one transaction. Receipts
// whose message is not known yet are kept in unmatched_receipts in the same flush. A receipt's
// promise resolves only once its batch is committed (a provider acknowledges it to the SMSC only
// then), so a crash loses nothing; if a batch fails, each receipt is applied alone.
import { recordDatabase, type Database, type Tx } from '../../../db/client';
import { messages } from '../../../db/schema';
import type { DeliveryReceipt } from '../../../providers/sms/types';
import { eq } from 'drizzle-orm';
import { fallBackToSms, lockReceiptTargets, type ReceiptTarget } from './message-store';
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

/** The receipts of a batch sorted by what they do to their message. */
interface Sorted {
  delivered: number[];
  fallBack: number[];
  failed: number[];
}

/**
 * Decides receipts `indices` on their messages as `targets` found them (status before the
 * statement): unmatched, contradicted, ignored (settled already, or a second receipt of one
 * message), or to apply — sorted into `sorted`. Receipts whose message is in `settled` were
 * applied by the matching statement itself.
 */
function decide(
  receipts: readonly DeliveryReceipt[],
  indices: readonly number[],
  targets: ReadonlyMap<string, ReceiptTarget>,
  settled: ReadonlySet<string>,
  outcomes: ReceiptOutcome[],
): Sorted {
  const sorted: Sorted = { delivered: [], fallBack: [], failed: [] };
  const taken = new Set<string>();
  for (const i of indices) {
    const receipt = receipts[i]!;
    const row = targets.get(receipt.providerMessageId);
    outcomes[i] = !row ? 'unmatched' : contradicts(row.status, receipt.status) ? 'contradicted' : row.status !== 'sent' || taken.has(row.id) ? 'ignored' : 'delivered';
    if (outcomes[i] !== 'delivered') continue;
    taken.add(row!.id);
    if (receipt.status === 'delivered') {
      if (!settled.has(row!.id)) sorted.delivered.push(i);
    } else if (row!.channel === 'viber') sorted.fallBack.push(i);
    else sorted.failed.push(i);
  }
  return sorted;
}

/**
 * Applies a batch of one provider's receipts; an outcome per receipt, in order. The receipts that
 * say delivered and owe no refund (nearly all) are matched and settled by one statement. The rest
 * (refunds, Viber fallbacks, failures) follow in one transaction that locks their messages again
 * (in the same order) and decides them on the rows as they are then: between the two, a Viber
 * message may have fallen back and gone out as SMS under a new id, and an old receipt must not
 * settle that. If that transaction fails, its receipts are applied one by one; the settled ones
 * stay settled.
 */
export async function applyReceipts(db: Database, provider: string, receipts: readonly DeliveryReceipt[]): Promise<ReceiptOutcome[]> {
  // A second receipt for the same message in one batch changes nothing, as it would alone: only
  // the first receipt of each provider id can settle it.
  const first = new Map<string, DeliveryReceipt>();
  for (const r of receipts) if (!first.has(r.providerMessageId)) first.set(r.providerMessageId, r);
  const deliveredIds = [...first.values()].filter((r) => r.status === 'delivered').map((r) => r.providerMessageId);
  // On the record pool: planned once per connection (db/client.ts createRecordPool).
  const { targets, settled } = await matchReceiptsSettlingDelivered(recordDatabase(db), provider, [...first.keys()], deliveredIds);

  const outcomes: ReceiptOutcome[] = [];
  const all = receipts.map((_, i) => i);
  const firstLook = decide(receipts, all, targets, settled, outcomes);
  const rest = [...firstLook.delivered, ...firstLook.fallBack, ...firstLook.failed].sort((a, b) => a - b);
  if (rest.length === 0) return outcomes;

  try {
    await db.transaction((tx) => applyLocked(tx, provider, receipts, rest, outcomes));
  } catch {
    for (const i of rest) outcomes[i] = await applyReceipt(db, provider, receipts[i]!);
  }
  return outcomes;
}

/** One receipt in its own transaction: the exact outcome for a receipt its batch could not apply. */
export async function applyReceipt(db: Database, provider: string, receipt: DeliveryReceipt): Promise<ReceiptOutcome> {
  const outcomes: ReceiptOutcome[] = [];
  await db.transaction((tx) => applyLocked(tx, provider, [receipt], [0], outcomes));
  return outcomes[0]!;
}

/**
 * Locks the messages receipts `indices` name (in provider-id order) and applies the receipts to
 * them as they are now: a transaction's work, each change guarded by "still sent, unsettled".
 */
async function applyLocked(tx: Tx, provider: string, receipts: readonly DeliveryReceipt[], indices: readonly number[], outcomes: ReceiptOutcome[]): Promise<void> {
  const targets = await lockReceiptTargets(tx, provider, indices.map((i) => receipts[i]!.providerMessageId));
  const { delivered, fallBack, failed } = decide(receipts, indices, targets, new Set(), outcomes);
  const idOf = (i: number) => targets.get(receipts[i]!.providerMessageId)!.id;
  const stillSent = eq(messages.status, 'sent');
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
}

interface Waiting {
  receipt: DeliveryReceipt;
  resolve(outcome: ReceiptOutcome): void;
  reject(error: unknown): void;
}

/**
 * How long receipts are gathered into one batch. Most 'delivered' receipts are folded into the
 * record of their provider id (receipts.ts) and never come here; those that do are spread out
 * (about two per 5 ms at the peer benchmark's rate), so a 5 ms window made batches of about two,
 * each a statement planned for its values. At 50 ms the peer benchmark's receipt statements took
 * 1.1 s of PostgreSQL per 20 000 messages instead of 2.9–3.4 s, and the Kurir process 700 instead
 * of 785–914 µs of CPU per message (bench/history.md). A receipt is settled, and acknowledged to the provider, that much
 * later: nothing a customer or an SMSC notices.
 */
export const RECEIPT_BATCH_WINDOW_MS = 50;

/** Gathers receipts for `windowMs` (or `maxSize` of them) and applies them as one batch, one batch at a time. */
export class ReceiptBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly apply: (receipts: DeliveryReceipt[]) => Promise<ReceiptOutcome[]>,
    private readonly applyAlone: (receipt: DeliveryReceipt) => Promise<ReceiptOutcome>,
    private readonly options: { windowMs: number; maxSize: number } = { windowMs: RECEIPT_BATCH_WINDOW_MS, maxSize: 500 },
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
