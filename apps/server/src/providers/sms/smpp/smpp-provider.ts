// SMS over SMPP 3.4 (a transceiver bind through the `smpp` package). submit() sends one submit_sm
// per part inside the SMSC's window and throughput, and resolves with the first part's id once
// every part is accepted; receipts come back as deliver_sm and are folded per message.
//
// A long message that fails half-way (part 1 accepted, part 2 throttled) is remembered by our
// message id for an hour: the dispatcher's retry resends only the missing parts, with the same
// concatenation reference, so the phone still joins them and nobody gets part 1 twice.
import { randomInt, randomUUID } from 'node:crypto';
import smpp from 'smpp';
import type { Logger } from 'pino';
import { ReceiptQueue } from '../receipt-queue';
import { ProviderError, type OutboundMessage, type ProviderHealth, type ReceiptHandler, type SmsProvider, type SubmitResult } from '../types';
import { PartAssembler, parseReceipt, type MessageReceipt } from './delivery-receipts';
import { SubmitWindow, Throttle } from './flow-control';
import { SmppLink } from './smpp-link';
import { submitError } from './smpp-status';
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
  /** Reconnect backoff bounds; 1 s and 60 s unless a test needs them shorter. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

const ESME_ROK = 0x00;
const ESME_RX_T_APPN = 0x64;
const PARTIAL_KEEP_MS = 60 * 60_000;
const REPORTED_KEEP_MS = 60 * 60_000;
const OPEN_KEEP_MS = 72 * 60 * 60_000;

interface PartialSubmit {
  reference: number;
  group: ReturnType<PartAssembler['open']>;
  createdAt: number;
}

export class SmppProvider implements SmsProvider {
  readonly name = 'smpp';
  readonly channels = ['sms'] as const;
  private readonly link: SmppLink;
  private readonly window: SubmitWindow;
  private readonly throttle: Throttle;
  private readonly receipts: ReceiptQueue;
  private readonly assembler = new PartAssembler();
  private readonly partial = new Map<string, PartialSubmit>();
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly options: SubmitOptions;
  private readonly sweepTimer: NodeJS.Timeout;
  private reference = randomInt(256);
  private closing = false;

  constructor(
    private readonly settings: SmppSettings,
    private readonly log: Logger,
  ) {
    this.window = new SubmitWindow(settings.window);
    this.throttle = new Throttle(settings.throughput);
    this.receipts = new ReceiptQueue(log);
    this.options = { sourceTon: settings.sourceTon, sourceNpi: settings.sourceNpi, gsmDataCoding: settings.dataCoding };
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
      (pdu) => this.onDeliverSm(pdu),
    );
    this.link.start();
    this.sweepTimer = setInterval(() => this.sweep(), 10 * 60_000).unref();
  }

  async health(): Promise<ProviderHealth> {
    const { bound, lastError } = this.link.status();
    return bound ? { state: 'ok', detail: 'SMPP bound' } : { state: 'down', detail: `SMPP not bound${lastError ? `: ${lastError}` : ''}` };
  }

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    if (this.closing) throw new ProviderError('The SMS provider is shutting down', false, 'closing');
    if (message.channel !== 'sms') {
      throw new ProviderError('This provider sends SMS only', true, 'channel_not_supported');
    }
    const earlier = this.partial.get(message.id);
    const reference = earlier?.reference ?? this.nextReference();
    const pdus = submitPdusFor(message, this.options, reference);
    if (pdus.length === 1) return { providerMessageId: await this.submitPdu(pdus[0]!) };

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
        // Every receipt of this message came before the last submit_sm_resp (a fast SMSC): report
        // it once submit has returned the id the receipt refers to.
        if (known) setImmediate(() => void this.report(known));
      }),
    );
    const errors = settled.flatMap((r) => (r.status === 'rejected' ? [asProviderError(r.reason)] : []));
    if (errors.length === 0) {
      this.partial.delete(message.id);
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
    this.window.rejectWaiting(new ProviderError('The SMS provider is shutting down', false, 'closing'));
    clearInterval(this.sweepTimer);
    const limit = Math.min(10_000, this.settings.responseTimeoutSeconds * 1000);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((resolve) => (timer = setTimeout(resolve, limit))),
    ]);
    clearTimeout(timer);
    await this.link.close();
  }

  private submitPdu(fields: Record<string, unknown>): Promise<string> {
    const attempt = (async () => {
      await this.window.acquire();
      try {
        const bind = await this.link.waitForBind(this.settings.bindWaitSeconds * 1000);
        // Paced after the bind, so submits that waited out a reconnect do not leave in one burst.
        await this.throttle.take();
        const response = await bind.request(new smpp.PDU('submit_sm', fields), this.settings.responseTimeoutSeconds * 1000);
        if (response.command_status !== ESME_ROK) throw submitError(response.command_status);
        if (!response.message_id) {
          // Accepted all the same: resending would deliver it twice. Its receipt cannot be matched.
          this.log.warn('SMSC accepted a submit_sm without a message_id');
          return `smpp-no-id-${randomUUID()}`;
        }
        return response.message_id;
      } finally {
        this.window.release();
      }
    })();
    this.inflight.add(attempt);
    void attempt.catch(() => undefined).finally(() => this.inflight.delete(attempt));
    return attempt;
  }

  /** Answers every deliver_sm; a receipt we could not record is refused so the SMSC sends it again. */
  private async onDeliverSm(pdu: smpp.PDU): Promise<number> {
    const part = parseReceipt(pdu, smpp.encodings.ASCII);
    if (!part) {
      this.log.info({ from: pdu.source_addr }, 'SMPP mobile-originated message ignored');
      return ESME_ROK;
    }
    const outcome = this.assembler.receive(part);
    if (!outcome) return ESME_ROK;
    return (await this.report(outcome)) ? ESME_ROK : ESME_RX_T_APPN;
  }

  private async report(outcome: MessageReceipt): Promise<boolean> {
    try {
      await this.receipts.deliver({ ...outcome, at: new Date() });
      return true;
    } catch (error) {
      this.assembler.reopen(outcome.providerMessageId);
      this.log.error({ err: error, providerMessageId: outcome.providerMessageId }, 'recording an SMPP receipt failed');
      return false;
    }
  }

  private nextReference(): number {
    this.reference = (this.reference + 1) % 256;
    return this.reference;
  }

  private sweep(): void {
    const now = Date.now();
    this.assembler.sweep(now, REPORTED_KEEP_MS, OPEN_KEEP_MS);
    for (const [id, progress] of this.partial) {
      if (now - progress.createdAt > PARTIAL_KEEP_MS) this.partial.delete(id);
    }
  }
}

function asProviderError(reason: unknown): ProviderError {
  if (reason instanceof ProviderError) return reason;
  return new ProviderError(reason instanceof Error ? reason.message : String(reason), false, 'unexpected');
}
