// Infobip can send a second final report for one message (UNDELIVERABLE, then DELIVERED). The
// first final report is final, as at most gateways: the message stays failed and refunded once,
// the customer is not charged after the fact, and the contradiction is counted in
// kurir_receipts_total{outcome="contradicted"} for an operator to see (docs/operations.md).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeProvider,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  messagesOf,
  newPhone,
  refundsOf,
} from '../../../modules/messages/messages.test-support';
import { receiptHandler } from '../../../modules/messages/lifecycle/receipts';
import { registry } from '../../../observability/metrics';
import { createTestApp, type TestApp } from '../../../test/helper';
import { InfobipProvider } from './infobip-provider';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function contradictions(): Promise<number> {
  const metric = await registry.getSingleMetric('kurir_receipts_total')!.get();
  return metric.values.filter((v) => v.labels.provider === 'infobip' && v.labels.outcome === 'contradicted').reduce((n, v) => n + v.value, 0);
}

const report = (messageId: string, groupName: string, name: string) => ({
  results: [{ messageId, doneAt: '2026-03-01T10:15:00.000+0000', status: { groupId: 1, groupName, id: 1, name, description: name } }],
});

describe('a second, contradicting final report from Infobip', () => {
  it('keeps the first: UNDELIVERABLE then DELIVERED leaves the message failed, refunded once, and is counted', async () => {
    const start = 2_000_000;
    const { phone, api } = await customer(t, { credit: start });
    expect((await api.send({ recipients: [newPhone()], message: 'Hello there' })).status).toBe(200);
    const submitter = new FakeProvider({ name: 'infobip', behaviour: () => ({ providerMessageId: 'ib-final-1' }) });
    const d = dispatcherFor(t.db, submitter);
    expect(await d.runOnce()).toBe(1);

    const infobip = new InfobipProvider(
      { baseUrl: 'http://127.0.0.1:1', apiKey: 'k', webhookSecret: 'webhook-secret-0123456789', notifyUrl: undefined, timeoutMs: 1000 },
      pino({ level: 'silent' }),
    );
    infobip.onReceipt(receiptHandler(t.db, 'infobip'));
    const before = await contradictions();

    await infobip.handleDeliveryReports(report('ib-final-1', 'UNDELIVERABLE', 'UNDELIVERABLE_NOT_DELIVERED'));
    const [failed] = await messagesOf(t.db, phone);
    expect(failed!.status).toBe('failed');
    expect(await creditOf(t.db, phone)).toBe(start);

    await infobip.handleDeliveryReports(report('ib-final-1', 'DELIVERED', 'DELIVERED_TO_HANDSET'));
    const [after] = await messagesOf(t.db, phone);
    expect(after!.status).toBe('failed');
    expect(await refundsOf(t.db, after!.id)).toHaveLength(1);
    expect(await creditOf(t.db, phone)).toBe(start);
    expect(await contradictions()).toBe(before + 1);
    await expectLedgerConsistent(t.db);
  });
});
