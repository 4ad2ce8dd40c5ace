// Background work of the public API: the webhook delivery loop (claims due deliveries, POSTs them
// signed, records each outcome; see modules/webhooks/delivery.service.ts) and the periodic cleanup
// of expired idempotency records and old rate-limit and usage counters.
import type { Config } from '../config';
import type { Database } from '../db/client';
import { deleteOldCounters } from '../modules/api-keys/api-key-auth';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency';
import { claimDueDeliveries, deliver } from '../modules/webhooks/delivery.service';
import { forEachLimited, type JobLogger } from './dispatcher';

/** Deliveries a claim takes, and how many of them are POSTed at once. */
export const BATCH = 50;
export const CONCURRENCY = 10;
/** How often expired idempotency records and old counters are removed (jobs/index.ts runs it). */
export const API_CLEANUP_MS = 10 * 60_000;

export class WebhookDeliverer {
  private running = false;
  private loop: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: Config['webhooks'],
    private readonly log: JobLogger,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.loop;
  }

  /** Claims and delivers one batch; returns how many deliveries it took. */
  async runOnce(): Promise<number> {
    const claimed = await claimDueDeliveries(this.db, BATCH, leaseSeconds(this.config.timeoutMs));
    await forEachLimited(claimed, CONCURRENCY, async (d) => {
      await deliver(this.db, this.config, d);
    });
    return claimed.length;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let taken = 0;
      try {
        taken = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, 'webhooks: claiming or recording a delivery failed');
      }
      if (taken < BATCH && this.running) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.config.pollMs);
        });
      }
    }
  }
}

/**
 * How long a claim holds its deliveries: until the last of the batch may have timed out. They go
 * CONCURRENCY at a time, so against receivers that all time out the last POST ends
 * BATCH / CONCURRENCY timeouts after the claim (50 s by default), plus a margin to record it. A
 * lease of two timeouts ran out while that delivery was still waiting or being POSTed: another
 * worker claimed it again (a second POST, an attempt counted twice) and the first outcome was lost.
 */
export function leaseSeconds(timeoutMs: number): number {
  return Math.ceil((Math.ceil(BATCH / CONCURRENCY) * timeoutMs) / 1000) + 30;
}

export function startWebhookJobs(deps: { db: Database; config: Pick<Config, 'webhooks'>; log: JobLogger }) {
  const deliverer = new WebhookDeliverer(deps.db, deps.config.webhooks, deps.log);
  deliverer.start();
  return deliverer;
}

export async function cleanUpApiRecords(db: Database, config: Pick<Config, 'api'>): Promise<void> {
  await deleteExpiredIdempotencyKeys(db);
  await deleteOldCounters(db, config.api.rateLimit.windowSeconds);
}
