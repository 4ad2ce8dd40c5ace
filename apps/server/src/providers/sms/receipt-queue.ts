// Hands receipts to the engine's handler, holding those that arrive before the handler is set
// (a provider connects and may hear receipts for earlier messages before the jobs have started).
import type { Logger } from 'pino';
import type { DeliveryReceipt, ReceiptHandler } from './types';

export class ReceiptQueue {
  private handler: ReceiptHandler | null = null;
  private readonly held: DeliveryReceipt[] = [];

  constructor(private readonly log: Logger) {}

  setHandler(handler: ReceiptHandler): void {
    this.handler = handler;
    const held = this.held.splice(0);
    void (async () => {
      for (const receipt of held) {
        await handler(receipt).catch((error: unknown) =>
          this.log.error({ err: error, providerMessageId: receipt.providerMessageId }, 'recording a held receipt failed'),
        );
      }
    })();
  }

  /** Resolves once the handler has recorded the receipt (or it is held); rejects if the handler failed. */
  async deliver(receipt: DeliveryReceipt): Promise<void> {
    if (!this.handler) {
      this.held.push(receipt);
      return;
    }
    await this.handler(receipt);
  }
}
