// Provider ids the dispatcher has had accepted but not yet recorded: acceptances are written in
// groups (jobs/acceptance-recorder.ts), and a fast SMS centre's receipt can arrive in between.
// The receipt handler of the same process waits for that record rather than keeping the receipt
// as unmatched (a row written now, then a retry that settles it on its own later): at gateway rates
// that was one receipt in twenty, and three statements each.
export class UnrecordedAcceptances {
  private readonly pending = new Map<string, Promise<void>>();

  /** `recorded` resolves once the acceptance is in the database (or its group gave up). */
  track(provider: string, providerMessageId: string, recorded: Promise<void>): void {
    const key = `${provider}\u0000${providerMessageId}`;
    this.pending.set(key, recorded);
    void recorded.finally(() => {
      if (this.pending.get(key) === recorded) this.pending.delete(key);
    });
  }

  /** The record this receipt's message is waiting for, if any. */
  recorded(provider: string, providerMessageId: string): Promise<void> | undefined {
    return this.pending.get(`${provider}\u0000${providerMessageId}`);
  }

  get size(): number {
    return this.pending.size;
  }
}
