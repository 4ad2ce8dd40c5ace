// SMS over SMPP 3.4 (a transceiver bind, smpp-link.ts). submit() sends one submit_sm
// per part inside the SMSC's window and throughput, and resolves with the first part's id once
// every part is accepted; receipts come back as deliver_sm (or data_sm) and are folded per message.
// Every SMSC id, from a submit_sm_resp or a receipt, is put in one form (message-ids.ts) before it
// is returned, stored or matched.
//
// A long message's receipts may come over any process's bind (an SMSC spreads them over the binds
// of one account), and before or after a restart. Once every part was accepted the message is in
// the part store, and each part's receipt is written there and the message decided from the stored
// states as that write left them (writers of one message take turns): whichever receipt completes
// the message reports it, in whichever process. A decided message may be reported more than once
// (two processes, a receipt sent twice); the engine settles it once. Never reporting it is what
// must not happen, so a receipt is acknowledged only once what it decided is recorded.
//
// A long message that fails half-way (part 1 accepted, part 2 throttled) is remembered by our
// message id for an hour: the dispatcher's retry resends only the missing parts, with the same
// concatenation reference, so the phone still joins them and nobody gets part 1 twice.
import { randomInt, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ReceiptQueue } from '../receipt-queue';
import { ProviderError, type OutboundMessage, type ProviderHealth, type ReceiptHandler, type SmsProvider, type SubmitResult } from '../types';
import { foldParts, PartAssembler, parseReceipt, type MessageReceipt, type PartReceipt } from './delivery-receipts';
import { MessageIdReader, type MessageIdType } from './message-ids';
import type { PartStore, StoredMessage } from './part-store';
import { Throttle } from './flow-control';
import { Semaphore } from '../../../lib/semaphore';
import { SmppLink } from './smpp-link';
import { encodeSubmitSm, type Delivery, type SubmitSm } from './smpp-pdu';
import { ESME_ROK, ESME_RX_T_APPN, submitError } from './smpp-status';
import { submitPdusFor, type SubmitOptions } from './submit-pdus';

export interface SmppSettings {
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  /** Most submit_sm waiting for their submit_sm_resp at once. */
  window: number;
  /** Most submit_sm per second; 0 for no limit. */
  throughput: number;
  enquireLinkSeconds: number;
  /** How long a submit_sm (or bind, or enquire_link) may wait for its response. */
  responseTimeoutSeconds: number;
  /** How long a submit waits for a (re)bind before failing as temporary. */
  bindWaitSeconds: number;
  sourceTon?: number;
  sourceNpi?: number;
  dataCoding: 0 | 1;
  /** The number bases of the SMSC's message ids (Kannel's msg-id-type); undefined keeps them as they come. */
  messageIdType?: MessageIdType;
  /** Reconnect backoff bounds; 1 s and 60 s unless a test needs them shorter. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const PARTIAL_KEEP_MS = 60 * 60_000;
/** How long a long message whose report this process recorded is remembered: its parts' later receipts do not report it again. */
const REPORTED_KEEP_MS = 60 * 60_000;
const OPEN_KEEP_MS = 72 * 60 * 60_000;
const RECENT_SINGLE_MS = 2 * 60_000;

/** What a receipt decided: the outcome to report, if any, and whether it is a long message's. */
interface Decision {
  outcome: MessageReceipt | null;
  long: boolean;
}

const UNDECIDED: Decision = { outcome: null, long: true };

interface PartialSubmit {
  reference: number;
  group: ReturnType<PartAssembler['open']>;
  createdAt: number;
}

export class SmppProvider implements SmsProvider {
  readonly name = 'smpp';
  readonly channels = ['sms'] as const;
  private readonly link: SmppLink;
  private readonly window: Semaphore;
  private readonly throttle: Throttle;
  private readonly receipts: ReceiptQueue;
  private readonly assembler = new PartAssembler();
  private readonly partial = new Map<string, PartialSubmit>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly options: SubmitOptions;
  private readonly messageIds: MessageIdReader;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly recentTimer: NodeJS.Timeout;
  private reference = randomInt(256);
  private closing = false;

  /**
   * Single-part messages sent in the last RECENT_SINGLE_MS: their receipts (nearly all receipts
   * come within seconds) need no look-up in the part store. Older ones, and those sent before a
   * restart, are looked up.
   */
  private readonly recentSingles = new Map<string, number>();
  /**
   * Long messages this process is reporting, or reported within REPORTED_KEEP_MS (only those
   * whose report was recorded): another part's receipt that decides the same message waits for
   * that report, or is answered at once. Kept per message, not per part.
   */
  private readonly longReports = new Map<string, { at: number; recorded: Promise<boolean> }>();
  /** Receipts of long messages' parts and of unknown ids, written to the part store together. */
  private lookups: { part: PartReceipt; resolve: (m: StoredMessage | undefined) => void; reject: (e: unknown) => void }[] = [];

  constructor(
    private readonly settings: SmppSettings,
    private readonly log: Logger,
    /** Where long messages' parts are kept across restarts; without it, in memory only (tests). */
    private readonly parts?: PartStore,
  ) {
    this.window = new Semaphore(settings.window);
    this.throttle = new Throttle(settings.throughput);
    this.receipts = new ReceiptQueue(log);
    this.options = { sourceTon: settings.sourceTon, sourceNpi: settings.sourceNpi, gsmDataCoding: settings.dataCoding };
    this.messageIds = new MessageIdReader(settings.messageIdType, log);
    this.link = new SmppLink(
      {
        host: settings.host,
        port: settings.port,
        systemId: settings.systemId,
        password: settings.password,
        systemType: settings.systemType,
        enquireLinkMs: settings.enquireLinkSeconds * 1000,
        responseTimeoutMs: settings.responseTimeoutSeconds * 1000,
        reconnectMinMs: settings.reconnectMinMs ?? 1000,
        reconnectMaxMs: settings.reconnectMaxMs ?? 60_000,
      },
      log,
      (pdu) => this.onDelivery(pdu),
    );
    this.link.start();
    this.sweepTimer = setInterval(() => this.sweep(), 10 * 60_000).unref();
    this.recentTimer = setInterval(() => this.forgetOldSingles(), RECENT_SINGLE_MS / 4).unref();
  }

  status() {
    return this.link.isBound ? { ok: true, detail: 'bound to the SMS centre' } : { ok: false, detail: 'not bound to the SMS centre' };
  }

  async health(): Promise<ProviderHealth> {
    const { bound, lastError } = this.link.status();
    return bound ? { state: 'ok', detail: 'SMPP bound' } : { state: 'down', detail: `SMPP not bound${lastError ? `: ${lastError}` : ''}` };
  }

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    if (this.closing) throw new ProviderError('The SMS provider is shutting down', false, 'closing', { unavailable: true });
    if (message.channel !== 'sms') {
      throw new ProviderError('This provider sends SMS only', true, 'channel_not_supported');
    }
    const earlier = this.partial.get(message.id);
    const reference = earlier?.reference ?? this.nextReference();
    const pdus = submitPdusFor(message, this.options, reference);
    if (pdus.length === 1) {
      const providerMessageId = await this.submitPdu(pdus[0]!);
      this.recentSingles.set(providerMessageId, Date.now());
      return { providerMessageId };
    }

    const progress =
      earlier && earlier.group.ids.length === pdus.length
        ? earlier
        : { reference, group: this.assembler.open(pdus.length), createdAt: Date.now() };
    this.partial.set(message.id, progress);
    const { group } = progress;
    const settled = await Promise.allSettled(
      pdus.map(async (fields, index) => {
        if (group.ids[index]) return;
        const id = await this.submitPdu(fields);
        const known = this.assembler.accepted(group, index, id);
        // The receipts that decide this message came before the first part's submit_sm_resp (a
        // fast SMSC): report it once submit has returned the id the receipt refers to.
        if (known) setImmediate(() => void this.reportLong(known));
      }),
    );
    const errors = settled.flatMap((r) => (r.status === 'rejected' ? [asProviderError(r.reason)] : []));
    if (errors.length === 0) {
      this.partial.delete(message.id);
      // Every part is out: store the message where every process (and a restart) finds it, with
      // the states its receipts reported until now; a receipt that comes while this is written
      // waits for it (receiveKnown). Failing here must not fail the submit (the SMSC has the
      // message; a resend would deliver it twice): this process then decides it from memory.
      if (this.parts) {
        group.stored = this.parts.remember(group.ids as string[], [...group.states]).catch((error: unknown) => {
          this.log.error({ err: error, providerMessageId: group.ids[0] }, 'storing the parts of a long SMPP message failed');
        });
        await group.stored;
      }
      return { providerMessageId: group.ids[0]! };
    }
    const permanent = errors.find((e) => e.permanent);
    if (permanent) {
      this.partial.delete(message.id);
      this.assembler.abandon(group);
    }
    throw permanent ?? errors[0]!;
  }

  onReceipt(handler: ReceiptHandler): void {
    this.receipts.setHandler(handler);
  }

  /** Lets outstanding submits finish (up to 10 s), then unbinds and closes the socket. */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.window.rejectWaiting(new ProviderError('The SMS provider is shutting down', false, 'closing', { unavailable: true }));
    clearInterval(this.sweepTimer);
    clearInterval(this.recentTimer);
    const limit = Math.min(10_000, this.settings.responseTimeoutSeconds * 1000);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((resolve) => (timer = setTimeout(resolve, limit))),
    ]);
    clearTimeout(timer);
    await this.link.close();
  }

  private submitPdu(fields: SubmitSm): Promise<string> {
    const attempt = (async () => {
      await this.window.acquire();
      try {
        const bind = await this.link.waitForBind(this.settings.bindWaitSeconds * 1000);
        // Paced after the bind, so submits that waited out a reconnect do not leave in one burst.
        await this.throttle.take();
        const response = await bind.request((sequence) => encodeSubmitSm(fields, sequence), this.settings.responseTimeoutSeconds * 1000);
        if (response.status !== ESME_ROK) throw submitError(response.status);
        const messageId = 'messageId' in response ? response.messageId : undefined;
        if (!messageId) {
          // Accepted all the same: resending would deliver it twice. Its receipt cannot be matched.
          this.log.warn('SMSC accepted a submit_sm without a message_id');
          return `smpp-no-id-${randomUUID()}`;
        }
        return this.messageIds.fromSubmitResponse(messageId);
      } finally {
        this.window.release();
      }
    })();
    this.inflight.add(attempt);
    void attempt.catch(() => undefined).finally(() => this.inflight.delete(attempt));
    return attempt;
  }

  /** Answers every deliver_sm and data_sm; a receipt we could not record is refused so the SMSC sends it again. */
  private async onDelivery(pdu: Delivery): Promise<number> {
    const part = parseReceipt(pdu);
    if (!part) {
      this.log.info({ from: pdu.sourceAddr }, 'SMPP mobile-originated message ignored');
      return ESME_ROK;
    }
    // In the form submit returned, so it matches the message, its parts and the stored ids.
    part.messageId = this.messageIds.fromReceipt(part.messageId);
    let outcome: MessageReceipt | null;
    let long = false;
    try {
      if (!this.recentSingles.has(part.messageId) && !this.assembler.knows(part.messageId)) {
        // A fast SMSC sends the receipt in the same read as the submit_sm_resp: the submit learns
        // its id a few promise steps after this handler runs. Let those steps run before taking
        // the id for one this process did not send (which costs a part-store lookup).
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (this.recentSingles.has(part.messageId)) {
        // A single-part message this process sent lately (nearly every receipt): no lookup.
        if (part.status) this.recentSingles.delete(part.messageId);
        outcome = part.status ? { providerMessageId: part.messageId, status: part.status, reason: part.reason, errorCode: part.errorCode } : null;
      } else {
        ({ outcome, long } = this.assembler.knows(part.messageId) ? await this.receiveKnown(part) : await this.receiveUnknown(part));
      }
    } catch (error) {
      // Nothing was reported or noted: the SMSC's resend of this receipt decides again.
      this.log.error({ err: error, providerMessageId: part.messageId }, 'recording the part of an SMPP message failed');
      return ESME_RX_T_APPN;
    }
    if (!outcome) return ESME_ROK;
    return (await (long ? this.reportLong(outcome) : this.report(outcome))) ? ESME_ROK : ESME_RX_T_APPN;
  }

  /**
   * A part of a long message this process sent. Once the message is stored, decided by the stored
   * states after this part's is written, whatever this process heard; before that (parts still
   * being accepted), or without a part store, by what this process heard.
   */
  private async receiveKnown(part: PartReceipt): Promise<Decision> {
    if (!part.status) return UNDECIDED;
    // In memory at once: a remember that starts after this stores it with the other states.
    const group = this.assembler.receive(part);
    if (!group) return UNDECIDED;
    if (group.stored) {
      await group.stored;
      const stored = await this.record(part);
      if (stored) return { outcome: foldParts(stored.messageId, stored.states), long: true };
      // Not stored (writing the message failed) or gone (pruned): what this process heard is all there is.
    }
    return { outcome: this.assembler.outcome(group), long: true };
  }

  /**
   * A receipt of a single-part message, or of a part of a long message another process sent (or
   * this one before a restart): the part store knows which, and decides a long one from its
   * stored states after this part's is written.
   */
  private async receiveUnknown(part: PartReceipt): Promise<Decision> {
    if (!part.status) return UNDECIDED;
    const stored = this.parts ? await this.record(part) : undefined;
    if (stored) return { outcome: foldParts(stored.messageId, stored.states), long: true };
    return { outcome: { providerMessageId: part.messageId, status: part.status, reason: part.reason, errorCode: part.errorCode }, long: false };
  }

  /** Writes a part's state to the part store, batched with the other receipts of this tick. */
  private record(part: PartReceipt): Promise<StoredMessage | undefined> {
    return new Promise((resolve, reject) => {
      this.lookups.push({ part, resolve, reject });
      if (this.lookups.length === 1) setImmediate(() => void this.flushLookups());
    });
  }

  private async flushLookups(): Promise<void> {
    const batch = this.lookups;
    this.lookups = [];
    try {
      const found = await this.parts!.record(batch.map((b) => b.part));
      for (const b of batch) b.resolve(found.get(b.part.messageId));
    } catch (error) {
      for (const b of batch) b.reject(error);
    }
  }

  /**
   * Reports a long message's outcome. A message this process is reporting already (two of its
   * parts' receipts decided it together) shares that report; one whose report this process
   * recorded is not reported again. A report another process made, or one that failed, does not
   * count: the outcome is reported.
   */
  private reportLong(outcome: MessageReceipt): Promise<boolean> {
    const id = outcome.providerMessageId;
    const earlier = this.longReports.get(id);
    if (earlier) return earlier.recorded;
    const entry = { at: Date.now(), recorded: this.report(outcome) };
    this.longReports.set(id, entry);
    void entry.recorded.then((recorded) => {
      if (recorded) this.assembler.reported(id);
      else if (this.longReports.get(id) === entry) this.longReports.delete(id);
    });
    return entry.recorded;
  }

  private async report(outcome: MessageReceipt): Promise<boolean> {
    try {
      await this.receipts.deliver({ ...outcome, at: new Date() });
      return true;
    } catch (error) {
      this.log.error({ err: error, providerMessageId: outcome.providerMessageId }, 'recording an SMPP receipt failed');
      return false;
    }
  }

  private nextReference(): number {
    this.reference = (this.reference + 1) % 256;
    return this.reference;
  }

  private forgetOldSingles(): void {
    const before = Date.now() - RECENT_SINGLE_MS;
    // A Map iterates in insertion order: the oldest come first.
    for (const [id, at] of this.recentSingles) {
      if (at > before) break;
      this.recentSingles.delete(id);
    }
  }

  private sweep(): void {
    const now = Date.now();
    void this.parts?.prune(OPEN_KEEP_MS).catch((error: unknown) => this.log.warn({ err: error }, 'pruning SMPP message parts failed'));
    this.assembler.sweep(now, REPORTED_KEEP_MS, OPEN_KEEP_MS);
    for (const [id, report] of this.longReports) {
      if (now - report.at > REPORTED_KEEP_MS) this.longReports.delete(id);
    }
    for (const [id, progress] of this.partial) {
      if (now - progress.createdAt > PARTIAL_KEEP_MS) this.partial.delete(id);
    }
  }
}

function asProviderError(reason: unknown): ProviderError {
  if (reason instanceof ProviderError) return reason;
  return new ProviderError(reason instanceof Error ? reason.message : String(reason), false, 'unexpected');
}
