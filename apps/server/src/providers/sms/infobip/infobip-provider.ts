// SMS and Viber through Infobip's HTTP API. SMS: POST /sms/2/text/advanced; Viber (when a Viber
// sender is configured): POST /viber/2/messages. Both authenticate with `Authorization: App <key>`
// and ask for delivery reports at our webhook (infobip-webhook.routes.ts), which become receipts.
//
// Errors: no answer, 408, 429 and 5xx are temporary; 401/403 too (a wrong or blocked API key is
// the account's problem, not the message's: the operator fixes it and the retries go through);
// any other 4xx, and a message Infobip answers with status group REJECTED, is permanent.
//
// Never twice: each message goes out with OUR id as Infobip's messageId (Infobip accepts a
// client-chosen messageId per destination), so a resubmission after a crash names a message
// Infobip already has. Infobip's public docs do not say how a repeated messageId is answered; we
// take both plausible answers as "accepted, under that id": the original answer again (same
// messageId), or a refusal that says the messageId is a duplicate (see duplicateMessageId below).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { ReceiptQueue } from '../receipt-queue';
import { ProviderError, type Channel, type OutboundMessage, type ProviderHealth, type ReceiptHandler, type SmsProvider, type SubmitResult } from '../types';
import { receiptsFrom, rejectionOf, type DeliveryReports, type InfobipStatus } from './infobip-reports';
import { infobipWebhookRoutes } from './infobip-webhook.routes';

export interface InfobipSettings {
  /** e.g. https://xyz123.api.infobip.com (the account's own base URL). */
  baseUrl: string;
  apiKey: string;
  /** The Viber business sender registered with Infobip; without it Viber is not offered. */
  viberSender?: string;
  /** Authenticates Infobip's calls to our delivery-report webhook. */
  webhookSecret: string;
  /** Where Infobip should post delivery reports (carries the secret); unset: the account's default. */
  notifyUrl?: string;
  timeoutMs: number;
}

/** Viber's limit for a text message; longer ones are refused before they cost a request. */
const VIBER_MAX_TEXT = 1000;
/** Viber refuses a time-to-live under 30 seconds. */
const VIBER_MIN_VALIDITY_SECONDS = 30;

interface SendResponse {
  messages?: Array<{ messageId?: string; status?: InfobipStatus }>;
  requestError?: { serviceException?: { messageId?: string; text?: string } };
}

export class InfobipProvider implements SmsProvider {
  readonly name = 'infobip';
  readonly channels: readonly Channel[];
  private readonly receipts: ReceiptQueue;
  private readonly secretDigest: Buffer;
  /** Set when a call got no HTTP answer at all (timeout, network); cleared by any answer; counts for a minute. */
  private unreachable: { why: string; at: number } | null = null;

  constructor(
    private readonly settings: InfobipSettings,
    private readonly log: Logger,
  ) {
    this.channels = settings.viberSender ? ['sms', 'viber'] : ['sms'];
    this.receipts = new ReceiptQueue(log);
    this.secretDigest = digest(settings.webhookSecret);
  }

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    const request = message.channel === 'viber' ? this.viberRequest(message) : this.smsRequest(message);
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl}${request.path}`, {
        method: 'POST',
        headers: {
          Authorization: `App ${this.settings.apiKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(request.body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      this.unreachable = { why: timedOut ? 'did not answer in time' : 'could not be reached', at: Date.now() };
      throw timedOut
        ? new ProviderError('Infobip did not answer in time', false, 'timeout', { unavailable: true })
        : new ProviderError('Infobip could not be reached', false, 'network_error', { unavailable: true });
    }
    this.unreachable = null;
    const body = parseJson(await response.text().catch(() => ''));
    const vendorId = vendorMessageId(message);
    if (duplicateMessageId(body)) {
      this.log.info({ messageId: message.id, vendorId }, 'Infobip already has this message: recorded as accepted, not sent again');
      return { providerMessageId: vendorId };
    }
    if (!response.ok) throw httpError(response.status, body);
    const sent = body?.messages?.[0];
    const rejected = rejectionOf(sent?.status);
    if (rejected) throw rejected;
    if (!sent?.messageId) throw new ProviderError('Infobip accepted the message without an id', false, 'no_message_id');
    return { providerMessageId: sent.messageId };
  }

  status() {
    const down = this.unreachable && Date.now() - this.unreachable.at < 60_000 ? this.unreachable : null;
    return down ? { ok: false, detail: `Infobip ${down.why} on the last send` } : { ok: true, detail: 'Infobip answered the last send' };
  }

  onReceipt(handler: ReceiptHandler): void {
    this.receipts.setHandler(handler);
  }

  /** The delivery-report webhook. */
  routes(): FastifyPluginAsync {
    return infobipWebhookRoutes(this);
  }

  /** Compares in constant time, so the secret cannot be guessed a character at a time. */
  acceptsSecret(candidate: string | undefined): boolean {
    return candidate !== undefined && timingSafeEqual(digest(candidate), this.secretDigest);
  }

  /**
   * Records the receipts of one webhook call. Rejects if the engine could not record one, so the
   * webhook answers 5xx and Infobip sends the report again (applying a receipt twice settles once).
   * The receipts are handed over together, so they share the engine's receipt batches: one after
   * the other, each waited out its own batch window, and a call of 100 reports took seconds.
   */
  async handleDeliveryReports(reports: DeliveryReports): Promise<number> {
    const receipts = receiptsFrom(reports);
    const recorded = await Promise.allSettled(receipts.map((receipt) => this.receipts.deliver(receipt)));
    const failure = recorded.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    if (receipts.length < reports.results.length) {
      this.log.debug({ ignored: reports.results.length - receipts.length }, 'Infobip intermediate reports ignored');
    }
    return receipts.length;
  }

  async close(): Promise<void> {}

  /** Reachable when its API answers at all (any HTTP status) within the timeout. */
  async health(): Promise<ProviderHealth> {
    const started = performance.now();
    try {
      await fetch(this.settings.baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(Math.min(this.settings.timeoutMs, 3000)) });
      return { state: 'ok', detail: `HTTP reachable (${Math.round(performance.now() - started)} ms)` };
    } catch (error) {
      return { state: 'down', detail: `HTTP unreachable: ${(error as Error).message}` };
    }
  }

  private smsRequest(message: OutboundMessage) {
    return {
      path: '/sms/2/text/advanced',
      body: {
        messages: [
          {
            from: message.from,
            destinations: [{ to: digitsOf(message.to), messageId: vendorMessageId(message) }],
            text: message.text,
            callbackData: message.id,
            ...(this.settings.notifyUrl ? { notifyUrl: this.settings.notifyUrl, notifyContentType: 'application/json' } : {}),
            // In minutes for this endpoint.
            ...(message.validitySeconds ? { validityPeriod: Math.max(1, Math.ceil(message.validitySeconds / 60)) } : {}),
          },
        ],
      },
    };
  }

  private viberRequest(message: OutboundMessage) {
    const sender = this.settings.viberSender;
    if (!sender) throw new ProviderError('Viber is not configured for this provider', true, 'channel_not_supported');
    if (message.text.length > VIBER_MAX_TEXT) {
      throw new ProviderError(`A Viber message can have at most ${VIBER_MAX_TEXT} characters`, true, 'message_too_long');
    }
    const validity = message.validitySeconds
      ? { validityPeriod: { amount: Math.max(VIBER_MIN_VALIDITY_SECONDS, message.validitySeconds), timeUnit: 'SECONDS' } }
      : undefined;
    return {
      path: '/viber/2/messages',
      body: {
        messages: [
          {
            sender,
            destinations: [{ to: digitsOf(message.to), messageId: vendorMessageId(message) }],
            content: { type: 'TEXT', text: message.text },
            ...(validity ? { options: validity } : {}),
            webhooks: {
              ...(this.settings.notifyUrl ? { delivery: { url: this.settings.notifyUrl } } : {}),
              callbackData: message.id,
            },
          },
        ],
      },
    };
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * The messageId Infobip gets: our message id, so a resubmission is recognised. A Viber message
 * that falls back to SMS is the same row sent again on purpose, so each channel has its own id.
 */
export function vendorMessageId(message: Pick<OutboundMessage, 'id' | 'channel'>): string {
  return message.channel === 'viber' ? `${message.id}-viber` : message.id;
}

const DUPLICATE_ID = /duplicate|already (exists|been (sent|submitted|used)|in use|used)|not unique/i;

/**
 * Whether Infobip refused the message because it already has one with this messageId: in the
 * request error (HTTP 4xx) or as the message's REJECTED status.
 */
function duplicateMessageId(body: SendResponse | null): boolean {
  const exception = body?.requestError?.serviceException;
  const status = body?.messages?.[0]?.status;
  const rejected = status?.groupName.toUpperCase() === 'REJECTED';
  const said = [exception?.messageId, exception?.text, rejected ? status?.name : undefined, rejected ? status?.description : undefined];
  return said.some((text) => text !== undefined && DUPLICATE_ID.test(text) && /message[ _-]?id/i.test(text));
}

/** Infobip wants international numbers without the "+". */
function digitsOf(phone: string): string {
  return phone.replace(/^\+/, '');
}

function parseJson(text: string): SendResponse | null {
  try {
    return JSON.parse(text) as SendResponse;
  } catch {
    return null;
  }
}

function httpError(status: number, body: SendResponse | null): ProviderError {
  const exception = body?.requestError?.serviceException;
  const code = exception?.messageId ?? `HTTP_${status}`;
  const detail = exception?.text ? `: ${exception.text}` : '';
  if (status === 408 || status === 429 || status >= 500) {
    return new ProviderError(`Infobip is busy or unavailable (HTTP ${status})`, false, code, { unavailable: true });
  }
  if (status === 401 || status === 403) {
    return new ProviderError(`Infobip refused the API key (HTTP ${status})`, false, code, { unavailable: true });
  }
  return new ProviderError(`Infobip refused the message${detail}`, true, code);
}
