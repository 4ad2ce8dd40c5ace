// Group commit of accepted messages. Between the provider's "accepted" and our record of its id,
// a crash makes a message go out twice (its lease runs out and it is claimed again), so that gap
// is kept as short as the database allows: a flush starts as soon as the previous one finished and
// takes everything accepted meanwhile, one statement per flush. Each acceptance's promise resolves
// once it is recorded, so a dispatcher that waits for it before its next submit never holds more
// unrecorded acceptances than it has submits in flight.
import type { AcceptedMessage } from '../modules/messages/lifecycle/message-store';

export class AcceptanceRecorder {
  private waiting: Array<{ message: AcceptedMessage; recorded: () => void }> = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;

  /** `write` records one group in one statement (and retries it as it sees fit). */
  constructor(private readonly write: (group: AcceptedMessage[]) => Promise<void>) {}

  /** True once a group could not be recorded: submitting more would only add duplicates. */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** Resolves when this acceptance is in the database, or its group failed (see `finish`). */
  record(message: AcceptedMessage): Promise<void> {
    return new Promise((recorded) => {
      this.waiting.push({ message, recorded });
      this.flushing ??= this.flushWhileWaiting();
    });
  }

  /** Waits for the last flush; rejects with the first write that failed. */
  async finish(): Promise<void> {
    await this.flushing;
    if (this.failure !== null) throw this.failure;
  }

  private async flushWhileWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting;
      this.waiting = [];
      try {
        await this.write(group.map((g) => g.message));
      } catch (error) {
        this.failure ??= error;
      }
      for (const g of group) g.recorded();
    }
    this.flushing = null;
  }
}
