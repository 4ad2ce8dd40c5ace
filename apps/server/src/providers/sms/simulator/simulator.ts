// The built-in provider of the embedded default: it accepts every message and keeps it in the
// simulator outbox table, which the dev outbox page shows, so anyone trying Kurir can read what
// was "sent" (their sign-in code included) without a real SMS account.
import type { Database } from '../../../db/client';
import { simulatorOutbox } from '../../../db/schema';
import type { OutboundMessage, ReceiptHandler, SmsProvider, SubmitResult } from '../types';

export class SimulatorProvider implements SmsProvider {
  readonly name = 'simulator';
  readonly channels = ['sms', 'viber'] as const;
  private receiptHandler: ReceiptHandler | null = null;

  constructor(private readonly db: Database) {}

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    const [row] = await this.db
      .insert(simulatorOutbox)
      .values({ to: message.to, from: message.from, text: message.text, channel: message.channel })
      .returning({ id: simulatorOutbox.id });
    return { providerMessageId: `sim-${row!.id}` };
  }

  onReceipt(handler: ReceiptHandler): void {
    this.receiptHandler = handler;
  }

  async close(): Promise<void> {}
}
