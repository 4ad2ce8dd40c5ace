// SMS and Viber through Infobip's HTTP API. SMS: POST /sms/2/text/advanced; Viber (when a Viber
// sender is configured): POST /viber/2/messages. Both authenticate with `Authorization: App <key>`
// and ask for delivery reports at our webhook (infobip-webhook.routes.ts), which become receipts.
//
// Errors: no answer, 408, 429 and 5xx are temporary; 401/403 too (a wrong or blocked API key is
// the account's problem, not the message's: the operator fixes it and the retries go through);
// any other 4xx, and a message Infobip answers with status group REJECTED, is permanent.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Logger } from 'pino';
import { ReceiptQueue } from '../receipt-queue';
import { ProviderError, type Channel, type OutboundMessage, type ReceiptHandler, type SmsProvider, type SubmitResult } from '../types';
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
      throw timedOut
        ? new ProviderError('Infobip did not answer in time', false, 'timeout')
        : new ProviderError('Infobip could not be reached', false, 'network_error');
    }
    const body = parseJson(await response.text().catch(() => ''));
    if (!response.ok) throw httpError(response.status, body);
    const sent = body?.messages?.[0];
    const rejected = rejectionOf(sent?.status);
    if (rejected) throw rejected;
    if (!sent?.messageId) throw new ProviderError('Infobip accepted the message without an id', false, 'no_message_id');
    return { providerMessageId: sent.messageId };
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
   * webhook answers 5xx and Infobip sends the report again.
   */
  async handleDeliveryReports(reports: DeliveryReports): Promise<number> {
    const receipts = receiptsFrom(reports);
    for (const receipt of receipts) await this.receipts.deliver(receipt);
    if (receipts.length < reports.results.length) {
      this.log.debug({ ignored: reports.results.length - receipts.length }, 'Infobip intermediate reports ignored');
    }
    return receipts.length;
  }

  async close(): Promise<void> {}

  private smsRequest(message: OutboundMessage) {
    return {
      path: '/sms/2/text/advanced',
      body: {
        messages: [
          {
            from: message.from,
            destinations: [{ to: digitsOf(message.to) }],
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
            destinations: [{ to: digitsOf(message.to) }],
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
    return new ProviderError(`Infobip is busy or unavailable (HTTP ${status})`, false, code);
  }
  if (status === 401 || status === 403) {
    return new ProviderError(`Infobip refused the API key (HTTP ${status})`, false, code);
  }
  return new ProviderError(`Infobip refused the message${detail}`, true, code);
}
