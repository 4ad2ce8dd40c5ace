// A receipt that arrives before the engine's handler is set is answered only once it is recorded:
// acknowledged at once, a failure to record it later lost it (the SMS centre would not resend).
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ReceiptQueue } from './receipt-queue';
import type { DeliveryReceipt } from './types';

const receipt = (id: string): DeliveryReceipt => ({ providerMessageId: id, status: 'delivered', at: new Date() });

describe('ReceiptQueue', () => {
  it('settles a held receipt when the handler has recorded it, and rejects it when recording failed', async () => {
    const queue = new ReceiptQueue(pino({ level: 'silent' }));
    let settled = 0;
    const recorded = queue.deliver(receipt('a')).then(() => settled++);
    const refused = queue.deliver(receipt('b')).then(
      () => 'recorded',
      (error: Error) => error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(0); // held: not answered yet

    const seen: string[] = [];
    queue.setHandler(async (r) => {
      seen.push(r.providerMessageId);
      if (r.providerMessageId === 'b') throw new Error('database away');
    });
    await recorded;
    expect(await refused).toBe('database away');
    expect(seen).toEqual(['a', 'b']);
    await queue.deliver(receipt('c')); // the handler is set: straight through
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('hands held receipts over together, so they can share one batch', async () => {
    const queue = new ReceiptQueue(pino({ level: 'silent' }));
    const answered = Promise.all(['a', 'b', 'c'].map((id) => queue.deliver(receipt(id))));
    let arrived = 0;
    let release!: () => void;
    const full = new Promise<void>((resolve) => (release = resolve));
    queue.setHandler(async () => {
      if (++arrived === 3) release();
      await full; // a batch records nothing until it is complete
    });
    const outcome = await Promise.race([answered.then(() => 'recorded'), new Promise((resolve) => setTimeout(() => resolve('timed out'), 2000))]);
    expect(outcome).toBe('recorded');
  });
});
