// The two limits an SMSC imposes on a bind: a window (how many submit_sm may wait for their
// response at once: a lib/semaphore.ts Semaphore of that size) and a throughput (submits per
// second, below). Both queue callers in arrival order, so the dispatcher's concurrency never turns
// into ESME_RTHROTTLED from the SMSC.

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
