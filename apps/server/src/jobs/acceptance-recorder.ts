// Group commit of accepted messages. Between the provider's "accepted" and our record of its id,
// a crash makes a message go out twice (its lease runs out and it is claimed again), so that gap
// is kept as short as the database allows: a flush starts at once and takes everything accepted
// until then, one statement per flush, and two flushes may be under way at a time. With one, an
// acceptance that just missed a flush waited for that flush's whole round trip before its own
// began, and a dispatcher whose submit slots wait for their records sent at the pace of the
// database's round trips, not of the SMSC (bench/history.md, 2026-11-26 (a third session)): the
// peer benchmark's messages piled up behind, and half of them were written to the queue and
// claimed back instead of being handed over. Each acceptance's promise resolves
// once it is recorded, so a dispatcher that waits for it before its next submit never holds more
// unrecorded acceptances than it has submits in flight. One recorder serves every batch of a
// dispatcher (each acceptance carries its batch's lease token), so a flush gathers them all.
//
// A fast SMS centre reports delivery in the same breath as it accepts: a 'delivered' receipt that
// arrives while its acceptance still waits for a flush is folded into that record (the message is
// written delivered and settled at once, one write of its row instead of two).
import type { AcceptedMessage } from '../modules/messages/lifecycle/message-store';
import type { PendingAcceptance } from '../modules/messages/lifecycle/unrecorded-acceptances';

interface Waiting {
  message: AcceptedMessage;
  taken: boolean;
  /** Set when its group could not be written. */
  failure: unknown;
  recorded: (settled: boolean) => void;
}

/** An acceptance waiting for its record; once `recorded` resolves, `failure` says whether the write failed. */
export interface RecordedAcceptance extends PendingAcceptance {
  readonly failure: unknown;
}

/**
 * Flushes under way at once. Their rows are distinct messages, so they do not wait for each other
 * in the database; a third gained nothing measurable and made the groups smaller.
 */
const FLUSHES_IN_FLIGHT = 2;

export class AcceptanceRecorder {
  private waiting: Waiting[] = [];
  private readonly flushes = new Set<Promise<void>>();

  /**
   * `write` records one group in one statement (and retries it as it sees fit), and returns the
   * ids it recorded delivered and settled.
   */
  constructor(private readonly write: (group: AcceptedMessage[]) => Promise<ReadonlySet<string> | void>) {}

  record(message: AcceptedMessage): RecordedAcceptance {
    let recorded!: (settled: boolean) => void;
    const promise = new Promise<boolean>((resolve) => (recorded = resolve));
    const entry: Waiting = { message: { ...message }, taken: false, failure: null, recorded };
    this.waiting.push(entry);
    this.startFlush();
    return {
      recorded: promise,
      get failure() {
        return entry.failure;
      },
      foldDelivery: () => {
        if (entry.taken || entry.message.delivered) return false;
        entry.message.delivered = true;
        return true;
      },
    };
  }

  /** Resolves once nothing is waiting to be written. */
  async idle(): Promise<void> {
    while (this.flushes.size > 0) await Promise.all(this.flushes);
  }

  private startFlush(): void {
    if (this.flushes.size >= FLUSHES_IN_FLIGHT || this.waiting.length === 0) return;
    const flush = this.flush().finally(() => {
      this.flushes.delete(flush);
      this.startFlush();
    });
    this.flushes.add(flush);
  }

  private async flush(): Promise<void> {
    // A flush waits for the socket reads of this turn of the event loop, so a receipt read with
    // its acceptance (or right behind it) can still be folded in.
    await new Promise((resolve) => setImmediate(resolve));
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return; // the other flush took them
    for (const g of group) g.taken = true;
    let settled: ReadonlySet<string> | void = undefined;
    try {
      settled = await this.write(group.map((g) => g.message));
    } catch (error) {
      for (const g of group) g.failure = error;
    }
    for (const g of group) g.recorded(settled?.has(g.message.id) ?? false);
  }
}
