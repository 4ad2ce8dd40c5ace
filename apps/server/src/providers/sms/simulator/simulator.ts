// The built-in provider of the embedded default. Like a real SMS/Viber provider it accepts a
// message, then after a delay reports what became of it through the receipt handler: delivered,
// failed with a reason, or (Viber) not on Viber / expired. Every message it accepts is also kept in
// the simulator outbox table, which the dev outbox page shows, so anyone trying Kurir can read what
// was "sent" (their sign-in code included) without a real SMS account. Like a real vendor it
// knows nothing of our messages table: its own state is the outbox, and it reports every outcome
// through the receipt handler the engine registers, the same path as SMPP and Infobip.
//
// Numbers that always behave the same, for tests and demos (the last digits of the recipient):
//   …000  SMS fails with 'Unknown subscriber'; on Viber it is not a Viber user (so the fallback SMS fails too)
//   …999  not on Viber (a Viber message falls back to SMS, which is delivered)
//   …998  Viber never answers: expired once the validity period has passed (then SMS, delivered)
//   …001  always delivered, on either channel
// Any other number is delivered, except at random: SIMULATOR_FAILURE_RATE of messages fail and, on
// Viber, SIMULATOR_NOT_ON_VIBER_RATE of recipients are not Viber users.
import { randomUUID } from 'node:crypto';
import { desc, eq, isNull } from 'drizzle-orm';
import { CHANNELS } from '@kurir/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/client';
import { simulatorOutbox } from '../../../db/schema';
import { outboxRoutes } from './outbox.routes';
import type { Channel, DeliveryReceipt, OutboundMessage, ReceiptHandler, SmsProvider, SubmitResult } from '../types';

export interface SimulatorOptions {
  /** How long after a submit the receipt comes (ms). */
  delayMs?: number;
  /** Share (0..1) of messages that fail. */
  failureRate?: number;
  /** Share (0..1) of Viber recipients that are not Viber users. */
  notOnViberRate?: number;
  /** Viber validity when a message does not say (seconds). */
  viberValiditySeconds?: number;
  /** For tests: the source of chance. */
  random?: () => number;
}

const RANDOM_FAILURE_REASONS = ['Absent subscriber', 'Handset memory full', 'Network error'];
/** Receipts kept while no handler is registered (e.g. a web-only instance sending sign-in codes). */
const MAX_QUEUED_RECEIPTS = 10_000;
const HANDLER_RETRIES = 5;
const ID_PREFIX = 'sim-';

interface Outcome {
  status: DeliveryReceipt['status'];
  reason?: string;
  afterMs: number;
}

export class SimulatorProvider implements SmsProvider {
  readonly name = 'simulator';
  readonly channels = CHANNELS;
  private receiptHandler: ReceiptHandler | null = null;
  private readonly queued: DeliveryReceipt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Outbox ids whose receipt this instance will report (a timer, or waiting for the handler). */
  private readonly inFlight = new Set<string>();
  private closed = false;
  private readonly options: Required<SimulatorOptions>;

  constructor(
    private readonly db: Database,
    options: SimulatorOptions = {},
  ) {
    this.options = {
      delayMs: options.delayMs ?? 1500,
      failureRate: options.failureRate ?? 0.05,
      notOnViberRate: options.notOnViberRate ?? 0.3,
      viberValiditySeconds: options.viberValiditySeconds ?? 60,
      random: options.random ?? Math.random,
    };
  }

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    // Known before the row is written, so a resume running meanwhile cannot report it twice.
    const id = randomUUID();
    this.inFlight.add(id);
    try {
      await this.db.insert(simulatorOutbox).values({ id, to: message.to, from: message.from, text: message.text, channel: message.channel });
    } catch (error) {
      this.inFlight.delete(id);
      throw error;
    }
    const providerMessageId = `${ID_PREFIX}${id}`;
    this.scheduleReceipt(providerMessageId, this.outcomeFor(message.to, message.channel, message.validitySeconds));
    return { providerMessageId };
  }

  onReceipt(handler: ReceiptHandler): void {
    this.receiptHandler = handler;
    for (const receipt of this.queued.splice(0)) void this.deliver(receipt, 0);
    void this.resumePending().catch(() => {});
  }

  /** GET /api/dev/outbox: exists only while the simulator is the provider, never next to a real SMS account. */
  routes(): FastifyPluginAsync {
    return outboxRoutes(this.db);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** What becomes of a message to `to` on `channel`. */
  outcomeFor(to: string, channel: Channel, validitySeconds?: number): Outcome {
    const { delayMs, failureRate, notOnViberRate, random } = this.options;
    const delivered: Outcome = { status: 'delivered', afterMs: delayMs };
    if (to.endsWith('001')) return delivered;
    if (channel === 'viber') {
      if (to.endsWith('000') || to.endsWith('999')) return { status: 'not_on_viber', reason: 'Not a Viber user', afterMs: delayMs };
      if (to.endsWith('998')) return this.expired(validitySeconds);
      if (random() < notOnViberRate) return { status: 'not_on_viber', reason: 'Not a Viber user', afterMs: delayMs };
      if (random() < failureRate) return this.expired(validitySeconds);
      return delivered;
    }
    if (to.endsWith('000')) return { status: 'failed', reason: 'Unknown subscriber', afterMs: delayMs };
    if (random() < failureRate) {
      const reason = RANDOM_FAILURE_REASONS[Math.floor(random() * RANDOM_FAILURE_REASONS.length)] ?? 'Network error';
      return { status: 'failed', reason, afterMs: delayMs };
    }
    return delivered;
  }

  private expired(validitySeconds?: number): Outcome {
    const validityMs = (validitySeconds ?? this.options.viberValiditySeconds) * 1000;
    return { status: 'expired', reason: 'Not delivered on Viber within the validity period', afterMs: Math.max(validityMs, this.options.delayMs) };
  }

  private scheduleReceipt(providerMessageId: string, outcome: Outcome): void {
    this.later(outcome.afterMs, () => {
      const receipt: DeliveryReceipt = { providerMessageId, status: outcome.status, at: new Date() };
      if (outcome.reason) receipt.reason = outcome.reason;
      void this.deliver(receipt, 0);
    });
  }

  private later(ms: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    // A pending receipt must not keep the process alive after close (it is re-created on start).
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(receipt: DeliveryReceipt, attempt: number): Promise<void> {
    const id = receipt.providerMessageId.slice(ID_PREFIX.length);
    if (!this.receiptHandler) {
      if (this.queued.length >= MAX_QUEUED_RECEIPTS) this.forget(this.queued.shift());
      this.queued.push(receipt);
      return;
    }
    try {
      await this.receiptHandler(receipt);
      await this.db.update(simulatorOutbox).set({ reportedAt: new Date() }).where(eq(simulatorOutbox.id, id));
      this.inFlight.delete(id);
    } catch {
      // A real provider redelivers an unacknowledged receipt; so do we, a few times.
      if (attempt < HANDLER_RETRIES) this.later(1000 * 2 ** attempt, () => void this.deliver(receipt, attempt + 1));
      else this.forget(receipt);
    }
  }

  /** Given up here; a later start reports it from the outbox. */
  private forget(receipt: DeliveryReceipt | undefined): void {
    if (receipt) this.inFlight.delete(receipt.providerMessageId.slice(ID_PREFIX.length));
  }

  /**
   * Receipts live in timers, which a restart loses. When a handler registers (the jobs start), the
   * outbox messages whose receipt was never taken get one again (the newest, up to a bound).
   */
  private async resumePending(): Promise<void> {
    const waiting = await this.db
      .select({ id: simulatorOutbox.id, to: simulatorOutbox.to, channel: simulatorOutbox.channel })
      .from(simulatorOutbox)
      .where(isNull(simulatorOutbox.reportedAt))
      .orderBy(desc(simulatorOutbox.createdAt))
      .limit(MAX_QUEUED_RECEIPTS);
    for (const m of waiting) {
      if (this.inFlight.has(m.id)) continue;
      this.inFlight.add(m.id);
      this.scheduleReceipt(`${ID_PREFIX}${m.id}`, this.outcomeFor(m.to, m.channel));
    }
  }
}
