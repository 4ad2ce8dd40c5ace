// Hands receipts to the engine's handler, holding those that arrive before the handler is set
// (a provider connects and may hear receipts for earlier messages before the jobs have started).
// A held receipt's delivery resolves only once the handler has recorded it, so the provider
// answers the SMS centre (or Infobip) only then, and a failure makes it send the receipt again.
import type { Logger } from 'pino';
import type { DeliveryReceipt, ReceiptHandler } from './types';

interface Held {
  receipt: DeliveryReceipt;
  resolve(): void;
  reject(error: unknown): void;
}

export class ReceiptQueue {
  private handler: ReceiptHandler | null = null;
  private readonly held: Held[] = [];

  constructor(private readonly log: Logger) {}

  setHandler(handler: ReceiptHandler): void {
    this.handler = handler;
    // All at once, so they share the engine's receipt batches rather than each waiting out one.
    for (const h of this.held.splice(0)) {
      handler(h.receipt).then(h.resolve, (error: unknown) => {
        this.log.error({ err: error, providerMessageId: h.receipt.providerMessageId }, 'recording a held receipt failed');
        h.reject(error);
      });
    }
  }

  /** Resolves once the handler has recorded the receipt; rejects if the handler failed. */
  async deliver(receipt: DeliveryReceipt): Promise<void> {
    if (!this.handler) {
      return new Promise((resolve, reject) => this.held.push({ receipt, resolve, reject }));
    }
    await this.handler(receipt);
  }
}
