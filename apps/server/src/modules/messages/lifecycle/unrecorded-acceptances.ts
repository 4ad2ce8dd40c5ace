// Provider ids the dispatcher has had accepted but not yet recorded: acceptances are written in
// groups (jobs/acceptance-recorder.ts), and a fast SMS centre's receipt can arrive in between.
// The receipt handler of the same process folds a 'delivered' receipt into that record, or waits
// for it, rather than keeping the receipt as unmatched (a row written now, then a retry that
// settles it on its own later): at gateway rates that was one receipt in twenty, and three
// statements each.

/** An acceptance waiting for its record (jobs/acceptance-recorder.ts). */
export interface PendingAcceptance {
  /** Resolves once recorded (or its group gave up): true when it was recorded delivered and settled. */
  readonly recorded: Promise<boolean>;
  /**
   * Its delivery receipt came first: true if it will be written with the record (the record has
   * not started, and no receipt was folded in before); false means apply the receipt as usual.
   */
  foldDelivery(): boolean;
}

export class UnrecordedAcceptances {
  private readonly pending = new Map<string, PendingAcceptance>();

  track(provider: string, providerMessageId: string, acceptance: PendingAcceptance): void {
    const key = `${provider}\u0000${providerMessageId}`;
    this.pending.set(key, acceptance);
    void acceptance.recorded.finally(() => {
      if (this.pending.get(key) === acceptance) this.pending.delete(key);
    });
  }

  /** The acceptance this receipt's message is waiting for, if it is not recorded yet. */
  waitingFor(provider: string, providerMessageId: string): PendingAcceptance | undefined {
    return this.pending.get(`${provider}\u0000${providerMessageId}`);
  }

  get size(): number {
    return this.pending.size;
  }
}
