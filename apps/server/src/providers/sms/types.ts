// What the sending engine needs from an SMS/Viber provider. Each vendor lives in its own folder
// (simulator/, smpp/, infobip/) and is chosen in registry.ts from the configuration. The engine
// knows nothing of the vendor's protocol; the vendor knows nothing of our messages table. A vendor
// that needs HTTP routes (a delivery-report webhook, the simulator's outbox) brings them itself.
import type { FastifyPluginAsync } from 'fastify';
import type { Channel, DeliveryReceiptStatus } from '@kurir/core';

export type { Channel };

export interface OutboundMessage {
  /** Our message id; vendors that accept a client reference get it, for tracing. */
  id: string;
  to: string;
  from: string;
  text: string;
  channel: Channel;
  /** For Viber: how long the provider may try before giving up (then we fall back to SMS). */
  validitySeconds?: number;
}

export interface SubmitResult {
  /** The provider's id for the message, used to match its delivery receipt. */
  providerMessageId: string;
}

/** A final (or intermediate) delivery state reported by the provider. */
export interface DeliveryReceipt {
  providerMessageId: string;
  status: DeliveryReceiptStatus;
  /** Human-readable reason for failures, shown to the customer. */
  reason?: string;
  errorCode?: string;
  at: Date;
}

/**
 * Thrown by `submit`. `permanent` failures (bad number, rejected sender) fail the message;
 * temporary ones are retried with backoff, each retry using up one of the message's attempts.
 * `unavailable` ones (not bound, connection lost, throttled, unreachable) say nothing about the
 * message: the provider could take no message just then. Those retries use up no attempt, so an
 * outage of the SMS centre holds the queue instead of failing and refunding it.
 */
export class ProviderError extends Error {
  readonly unavailable: boolean;

  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code?: string,
    options: { unavailable?: boolean } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    this.unavailable = !permanent && options.unavailable === true;
  }
}

export type ReceiptHandler = (receipt: DeliveryReceipt) => Promise<void>;

export interface SmsProvider {
  readonly name: string;
  /** Which channels this provider can carry. */
  readonly channels: readonly Channel[];
  /** Accepts a message for delivery, or throws ProviderError. */
  submit(message: OutboundMessage): Promise<SubmitResult>;
  /**
   * Receipts arrive asynchronously (SMPP deliver_sm, an HTTP webhook, the simulator's timer);
   * the engine registers one handler that records them. A provider must not drop a receipt
   * that arrives before the handler is set: queue it.
   */
  onReceipt(handler: ReceiptHandler): void;
  /** The vendor's own routes, registered by the app (each declares its access like any route). */
  routes?(): FastifyPluginAsync;
  /** Whether the provider can take messages now (bound, reachable), for /api/ready; absent: always. */
  status?(): { ok: boolean; detail: string };
  close(): Promise<void>;
  /** Whether it can send now, for the admin System Status (optional: absent means always up). */
  health?(): Promise<ProviderHealth>;
}

export interface ProviderHealth {
  state: 'ok' | 'degraded' | 'down';
  /** In words: 'SMPP bound', 'HTTP reachable (120 ms)'. */
  detail: string;
}
