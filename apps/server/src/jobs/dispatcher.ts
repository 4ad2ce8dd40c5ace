// The dispatcher: claims due messages (queued ones, and scheduled ones whose time has come), hands
// them to the provider with a limit on concurrent submits, and records the outcome: the provider's
// id and 'sent'; a temporary error goes back to the queue with exponential backoff; a permanent
// one (or the last attempt) fails the message and refunds it. Any number of dispatchers, in one
// process or many, share the queue safely (see modules/messages/lifecycle/message-store.ts). The
// loop knows the database only through the small MessageStore it is given.
//
// Sends accepted by this process come without a claim: their rows are written leased to this
// dispatcher and handed over in memory (modules/messages/lifecycle/hand-off.ts). Claimed batches
// and handed-off ones share the same submit slots. A batch still in hand after a third of its
// lease has the lease extended, so no other dispatcher claims (and sends) what it is still sending.
//
// When the provider can take no message at all (not bound, throttled, unreachable: a
// ProviderError marked `unavailable`), the dispatcher holds the queue: it stops claiming and
// handing off for a pause that doubles up to a minute while the outage lasts, and puts the
// messages it holds back without using up their attempts. An SMS centre's maintenance window then
// delays messages instead of failing and refunding the whole queue.
import { randomUUID } from 'node:crypto';
import type { AcceptedMessage, ClaimedMessage, MessageStore } from '../modules/messages/lifecycle/message-store';
import type { HandOffLease, HandOffTarget } from '../modules/messages/lifecycle/hand-off';
import { onMessagesQueued } from '../modules/messages/lifecycle/queue-signal';
import { ProviderError, type SmsProvider } from '../providers/sms/types';
import { countSubmit } from '../observability/metrics';
import { Semaphore } from '../lib/semaphore';
import { AcceptanceRecorder } from './acceptance-recorder';
import type { UnrecordedAcceptances } from '../modules/messages/lifecycle/unrecorded-acceptances';

export interface DispatcherOptions {
  batchSize: number;
  concurrency: number;
  leaseSeconds: number;
  maxAttempts: number;
  retryBaseSeconds: number;
  pollMs: number;
  viberValiditySeconds: number;
}

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** How long a stopping dispatcher waits for sends reserved before the stop to be committed. */
const HAND_OFF_STOP_WAIT_MS = 2000;

/** The longest wait between two attempts of one message. */
const MAX_BACKOFF_SECONDS = 3600;

/** The first and the longest pause of the queue while the provider is unavailable. */
const FIRST_PAUSE_MS = 1000;
const MAX_PAUSE_MS = 60_000;

export function backoffSeconds(base: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, base * 2 ** Math.max(0, attempts - 1));
}

export class Dispatcher implements HandOffTarget {
  private running = false;
  /** Submits in flight, claimed or handed off: at most `concurrency`. */
  private readonly slots: Semaphore;
  /** Rows reserved for hand-offs and not taken yet, and rows taken and not finished: at most a batch together, like one claim. */
  private reservedRows = 0;
  private takenRows = 0;
  private readonly handOffs = new Set<Promise<void>>();
  /** Records the acceptances of every batch, so one flush gathers them all. */
  private readonly recorder = new AcceptanceRecorder((group) => this.recordAccepted(group));
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Set when woken while busy, so the next sleep is skipped rather than the signal lost. */
  private woken = false;
  private unsubscribe: (() => void) | null = null;
  /** While the provider is unavailable: no claims or hand-offs until then. */
  private pausedUntil = 0;
  /** Pauses in a row without a successful submit: each doubles the next. */
  private unavailableStreak = 0;
  private unavailableReason = '';

  constructor(
    private readonly store: MessageStore,
    private readonly provider: SmsProvider,
    private readonly options: DispatcherOptions,
    private readonly log: JobLogger,
    /** Where test API keys' messages go: the simulator (never a real provider). */
    private readonly testProvider: SmsProvider | null = provider.name === 'simulator' ? provider : null,
    /** Acceptances not recorded yet, for this process's receipt handler to wait for. */
    private readonly acceptances: UnrecordedAcceptances | null = null,
  ) {
    this.slots = new Semaphore(options.concurrency);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onMessagesQueued(() => this.wakeUp());
    this.loop = this.run();
  }

  /**
   * Stops claiming and taking hand-offs, lets the batches in hand finish (their submits and their
   * records), then returns.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.wakeUp();
    await this.loop;
    this.loop = null;
    // A send reserved before the stop may still be committing: wait a little for it to be taken
    // (or released), then for every handed-off batch. Past that, its lease brings it back.
    for (let waited = 0; this.reservedRows > 0 && waited < HAND_OFF_STOP_WAIT_MS; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(this.handOffs);
    await this.recorder.idle();
  }

  /** Claims one batch and processes it; returns how many messages it took. */
  async runOnce(): Promise<number> {
    const leaseToken = randomUUID();
    const claimed = await this.store.claimDue({
      limit: this.options.batchSize,
      leaseSeconds: this.options.leaseSeconds,
      leaseToken,
    });
    if (claimed.length === 0) return 0;
    await this.process(leaseToken, claimed);
    return claimed.length;
  }

  reserve(rows: number): HandOffLease | null {
    if (!this.running || this.paused() || this.reservedRows + this.takenRows + rows > this.options.batchSize) return null;
    this.reservedRows += rows;
    return { token: randomUUID(), seconds: this.options.leaseSeconds, rows };
  }

  take(lease: HandOffLease, messages: ClaimedMessage[]): void {
    this.reservedRows -= lease.rows;
    this.takenRows += lease.rows;
    const done = this.process(lease.token, messages)
      .catch((error: unknown) => this.log.error({ err: error }, 'dispatcher: recording a handed-off batch failed'))
      .finally(() => {
        this.takenRows -= lease.rows;
        this.handOffs.delete(done);
      });
    this.handOffs.add(done);
  }

  release(lease: HandOffLease): void {
    this.reservedRows -= lease.rows;
  }

  /** Submits a batch held under one lease, and records what became of each message. */
  private async process(leaseToken: string, claimed: ClaimedMessage[]): Promise<void> {
    const batch = await this.switchUncarriedViber(leaseToken, claimed);
    const inHand = new Set(batch.map((m) => m.id));
    const lost = new Set<string>();
    const renewal = setInterval(() => void this.renewLease(leaseToken, inHand, lost), (this.options.leaseSeconds * 1000) / 3);
    renewal.unref();

    // Acceptances are recorded continuously (group commit, see acceptance-recorder.ts), and a
    // submit slot is free again only once its acceptance is recorded: a crash then resends at
    // most the `concurrency` messages in flight, and receipts rarely arrive before the provider id.
    let failure: unknown = null;
    await Promise.all(
      batch.map(async (m) => {
        await this.slots.acquire();
        try {
          if (failure !== null) return; // the database is not taking records; the lease brings them back
          if (lost.has(m.id)) return; // another claim holds it now and sends it
          if (!m.test && this.paused()) {
            await this.putBack(leaseToken, m, this.unavailableReason);
            return;
          }
          const result = await this.submit(m);
          if (!m.test) this.unavailableStreak = 0;
          countSubmit(result.provider, undefined);
          const acceptance = this.recorder.record({ id: m.id, leaseToken, providerMessageId: result.providerMessageId, provider: result.provider });
          this.acceptances?.track(result.provider, result.providerMessageId, acceptance);
          await acceptance.recorded;
          failure ??= acceptance.failure;
        } catch (error) {
          countSubmit(this.providerFor(m)?.name ?? this.provider.name, error);
          await this.recordFailure(leaseToken, m, error);
        } finally {
          inHand.delete(m.id);
          this.slots.release();
        }
      }),
    ).finally(() => clearInterval(renewal));
    if (failure !== null) throw failure;
  }

  /** Extends the lease of the batch's rows still in hand; those it no longer holds are not sent. */
  private async renewLease(leaseToken: string, inHand: ReadonlySet<string>, lost: Set<string>): Promise<void> {
    const ids = [...inHand];
    try {
      const held = await this.store.renewLease(leaseToken, ids, this.options.leaseSeconds);
      const gone = ids.filter((id) => !held.has(id) && inHand.has(id));
      for (const id of gone) lost.add(id);
      if (gone.length > 0) this.log.warn({ messages: gone.length }, 'dispatcher: the lease of messages in hand ran out; another claim sends them');
    } catch (error) {
      this.log.warn({ err: error }, 'dispatcher: extending a lease failed');
    }
  }

  private paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** The provider could take no message: pause the queue, the pause doubling while the outage lasts. */
  private pause(reason: string): void {
    const now = Date.now();
    if (now >= this.pausedUntil) {
      this.unavailableStreak++;
      const ms = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS * 2 ** Math.min(this.unavailableStreak - 1, 6));
      this.pausedUntil = now + ms;
      this.log.warn({ reason, pauseMs: ms }, 'dispatcher: the SMS provider is unavailable; holding the queue');
    }
    this.unavailableReason = reason;
  }

  /** Back to the queue until the pause ends, without using up an attempt. */
  private async putBack(leaseToken: string, m: ClaimedMessage, reason: string): Promise<void> {
    const delaySeconds = Math.max(1, Math.ceil((this.pausedUntil - Date.now()) / 1000));
    try {
      await this.store.retry(leaseToken, [{ id: m.id, delaySeconds, reason, keepAttempt: true }]);
    } catch (error) {
      // The lease runs out and the message is claimed again: nothing is lost.
      this.log.error({ err: error, messageId: m.id }, 'dispatcher: could not put a message back');
    }
  }

  /**
   * The provider has these messages now; if we could not say so, their lease would run out and
   * they would be sent twice. So a failed write is tried again before giving up.
   */
  private async recordAccepted(accepted: AcceptedMessage[]): Promise<ReadonlySet<string>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.store.markSent(this.provider.name, accepted, this.options.viberValiditySeconds);
      } catch (error) {
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.paused()) {
        await this.sleep(Math.max(10, Math.min(this.pausedUntil - Date.now(), this.options.pollMs)));
        continue;
      }
      let taken = 0;
      try {
        taken = await this.runOnce();
      } catch (error) {
        this.log.error({ err: error }, 'dispatcher: claiming or recording failed');
      }
      if (taken < this.options.batchSize && this.running) await this.sleep(this.options.pollMs);
    }
  }

  private wakeUp(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wake = finish;
    });
  }

  /** Where a message goes: test API keys' messages to the simulator, never to a real provider. */
  private providerFor(m: ClaimedMessage): SmsProvider | null {
    return m.test ? this.testProvider : this.provider;
  }

  /** Viber messages whose provider has no Viber are sent as SMS (one write for the batch). */
  private async switchUncarriedViber(leaseToken: string, claimed: ClaimedMessage[]): Promise<ClaimedMessage[]> {
    const uncarried = (m: ClaimedMessage) => m.channel === 'viber' && !(this.providerFor(m)?.channels.includes('viber') ?? true);
    const viber = claimed.filter(uncarried).map((m) => m.id);
    if (viber.length === 0) return claimed;
    await this.store.switchToSms(leaseToken, viber);
    return claimed.map((m) => (uncarried(m) ? { ...m, channel: 'sms' } : m));
  }

  private async submit(m: ClaimedMessage) {
    const provider = this.providerFor(m);
    if (!provider) throw new ProviderError('No simulator for test messages', true);
    const result = await provider.submit({
      id: m.id,
      to: m.recipient,
      from: m.senderName,
      text: m.message,
      channel: m.channel,
      ...(m.channel === 'viber' ? { validitySeconds: this.options.viberValiditySeconds } : {}),
    });
    return { ...result, provider: provider.name };
  }

  private async recordFailure(leaseToken: string, m: ClaimedMessage, error: unknown): Promise<void> {
    const permanent = error instanceof ProviderError && error.permanent;
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof ProviderError && error.unavailable && !m.test) {
      this.pause(reason);
      await this.putBack(leaseToken, m, reason);
      return;
    }
    try {
      if ((permanent || m.attempts >= this.options.maxAttempts) && m.channel === 'viber') {
        // Viber refused it: it goes out as SMS, as a Viber message that was not delivered does.
        const fellBack = await this.store.fallBack(leaseToken, [m.id]);
        if (fellBack.has(m.id)) {
          this.log.info({ messageId: m.id, reason }, 'Viber refused the message; sending it as SMS');
          this.wakeUp();
          return;
        }
      }
      if (permanent || m.attempts >= this.options.maxAttempts) {
        this.log.warn({ messageId: m.id, attempts: m.attempts, reason }, 'message failed');
        await this.store.fail(leaseToken, [{ id: m.id, reason }]);
      } else {
        const delaySeconds = backoffSeconds(this.options.retryBaseSeconds, m.attempts);
        await this.store.retry(leaseToken, [{ id: m.id, delaySeconds, reason }]);
      }
    } catch (recordError) {
      // The lease runs out and the message is claimed again: nothing is lost.
      this.log.error({ err: recordError, messageId: m.id }, 'dispatcher: could not record a failed submit');
    }
  }
}

/** Runs `task` for every item, at most `limit` at a time. */
export async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
