// The two limits an SMSC imposes on a bind: a window (how many submit_sm may wait for their
// response at once) and a throughput (submits per second). Both queue callers in arrival order,
// so the dispatcher's concurrency never turns into ESME_RTHROTTLED from the SMSC.

/** A counting semaphore whose waiters are served first come, first served. */
export class SubmitWindow {
  private inUse = 0;
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1) throw new Error('The SMPP window must be a whole number of at least 1');
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

/**
 * Paces submits to `ratePerSecond` with a small burst allowance (GCRA: each caller reserves the
 * next free slot). The burst is 10 ms of traffic, at least one message, so a per-second counter
 * at the SMSC never sees more than the rate plus 1 %.
 */
export class Throttle {
  private readonly intervalMs: number;
  private readonly toleranceMs: number;
  /** The theoretical time the next submit is due, if traffic ran exactly at the rate. */
  private due = 0;

  constructor(ratePerSecond: number) {
    if (ratePerSecond <= 0) {
      this.intervalMs = 0;
      this.toleranceMs = 0;
      return;
    }
    this.intervalMs = 1000 / ratePerSecond;
    const burst = Math.max(1, Math.floor(ratePerSecond / 100));
    this.toleranceMs = (burst - 1) * this.intervalMs;
  }

  /** Resolves when the caller may send; immediately when there is no limit. */
  take(): Promise<void> {
    if (this.intervalMs === 0) return Promise.resolve();
    const now = performance.now();
    const due = Math.max(this.due, now);
    this.due = due + this.intervalMs;
    const wait = due - this.toleranceMs - now;
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
  }
}
