// One Infobip webhook call carries up to hundreds of reports. They are handed to the engine
// together, so they share its receipt batches (lifecycle/receipt-batch.ts) instead of each waiting
// out a batch window of its own; the call is answered only once every one is recorded.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DeliveryReceipt } from '../types';
import { InfobipProvider } from './infobip-provider';

function provider(): InfobipProvider {
  return new InfobipProvider(
    { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', webhookSecret: 'webhook-secret-0123456789', notifyUrl: undefined, timeoutMs: 1000 },
    pino({ level: 'silent' }),
  );
}

function reports(count: number) {
  return {
    results: Array.from({ length: count }, (_, i) => ({
      messageId: `ib-${i}`,
      doneAt: '2026-03-01T10:15:00.000+0000',
      status: { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET' },
    })),
  };
}

/** A handler that records nothing until `count` receipts are in hand, as a batch would. */
function batchOf(count: number, failing?: string) {
  const received: DeliveryReceipt[] = [];
  const recorded: string[] = [];
  let release!: () => void;
  const full = new Promise<void>((resolve) => (release = resolve));
  const handler = async (receipt: DeliveryReceipt) => {
    received.push(receipt);
    if (received.length === count) release();
    await full;
    if (receipt.providerMessageId === failing) throw new Error('could not record');
    recorded.push(receipt.providerMessageId);
  };
  return { handler, received, recorded, full };
}

const within = (ms: number) => new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms));

describe("an Infobip webhook call's reports", () => {
  it('reach the engine together and are answered once all are recorded', async () => {
    const infobip = provider();
    const batch = batchOf(50);
    infobip.onReceipt(batch.handler);
    const outcome = await Promise.race([infobip.handleDeliveryReports(reports(50)), within(2000)]);
    expect(outcome).toBe(50);
    expect(batch.recorded).toHaveLength(50);
  });

  it('fails the call when one cannot be recorded, after the others are', async () => {
    const infobip = provider();
    const batch = batchOf(5, 'ib-2');
    infobip.onReceipt(batch.handler);
    const outcome = await Promise.race([infobip.handleDeliveryReports(reports(5)).catch((e: Error) => e.message), within(2000)]);
    expect(outcome).toBe('could not record');
    expect(batch.recorded.sort()).toEqual(['ib-0', 'ib-1', 'ib-3', 'ib-4']);
  });
});
