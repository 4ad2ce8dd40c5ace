// A counting semaphore whose waiters are served first come, first served: the SMPP submit window
// (providers/sms/smpp/flow-control.ts) and the dispatcher's submit slots (jobs/dispatcher.ts).

export class Semaphore {
  private inUse = 0;
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('A semaphore needs a whole number of at least 1 slots');
  }

  get outstanding(): number {
    return this.inUse;
  }

  acquire(): Promise<void> {
    if (this.inUse < this.size) {
      this.inUse++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  release(): void {
    const next = this.waiters.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
    if (next) next.resolve();
    else this.inUse--;
  }

  /** Fails everyone still waiting (on close); slots already held are released as usual. */
  rejectWaiting(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }
}
