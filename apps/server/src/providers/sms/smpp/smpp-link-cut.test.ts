// The SMPP link cut while the window is full of submits, end to end with the dispatcher and the
// receipts: nothing is lost (every message is delivered after the reconnect), nothing is charged
// twice (one debit per message, no refund, the ledger adds up), and a message is sent to the SMSC
// twice at most when its submit_sm was in flight at the cut (the documented at-least-once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SMS_PRICE,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  makeDue,
  messagesOf,
  newPhone,
} from '../../../modules/messages/messages.test-support';
import { retryUnmatchedReceipts } from '../../../modules/messages/lifecycle/receipts';
import { createTestApp, type TestApp } from '../../../test/helper';
import { FakeSmsc } from './fake-smsc';
import { SmppProvider } from './smpp-provider';
import { eventually, silentLog, smppSettings } from './smpp-test-kit';

const WINDOW = 10;
const COUNT = 60;

let t: TestApp;
let smsc: FakeSmsc;
let provider: SmppProvider;
beforeAll(async () => {
  t = await createTestApp();
  // Slow answers keep the window full.
  smsc = await FakeSmsc.start({ onSubmit: () => ({ delayMs: 40 }) });
  provider = new SmppProvider(smppSettings(smsc.port, { window: WINDOW }), silentLog);
});
afterAll(async () => {
  await provider?.close();
  await smsc?.stop();
  await t?.close();
});

describe('an SMPP link cut mid-window', () => {
  it('loses nothing, charges once, and resends at most the submits in flight', async () => {
    const start = 10_000_000;
    const { phone, api } = await customer(t, { credit: start });
    const recipients = Array.from({ length: COUNT }, () => newPhone());
    expect((await api.send({ recipients, message: 'Through the cut' })).status).toBe(200);
    const d = dispatcherFor(t.db, provider, { concurrency: 20 });

    const batch = d.runOnce();
    await eventually(() => smsc.submits.length >= 15);
    const beforeCut = smsc.submits.length;
    smsc.dropConnections();
    await batch;

    // The failed submits come back as retries, without using up attempts (the link was down), and
    // the dispatcher holds the queue for its pause (a second, doubling): run them until every
    // message is out, for up to 15 s.
    for (let round = 0; round < 150; round++) {
      const waiting = (await messagesOf(t.db, phone)).filter((m) => m.status === 'pending').length;
      if (waiting === 0) break;
      await makeDue(t.db, phone);
      await d.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await eventually(() => smsc.boundSessions > 0);
    await eventually(() => smsc.submits.length >= COUNT, 10_000);
    // The SMSC reports every message it accepted (a message sent twice, twice), over the new bind.
    for (const s of smsc.submits) if (s.messageId) await smsc.receipt(s.messageId, 'DELIVRD');
    for (let i = 0; i < 100; i++) {
      await retryUnmatchedReceipts(t.db);
      const rows = await messagesOf(t.db, phone);
      if (rows.every((m) => m.status === 'delivered')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const rows = await messagesOf(t.db, phone);
    expect(rows.map((m) => m.status)).toEqual(Array(COUNT).fill('delivered'));
    const perRecipient = new Map<string, number>();
    for (const s of smsc.submits) perRecipient.set(String(s.pdu.destination_addr), (perRecipient.get(String(s.pdu.destination_addr)) ?? 0) + 1);
    const resent = [...perRecipient.values()].filter((n) => n > 1).length;
    console.log(`smpp link cut: ${COUNT} messages, cut after ${beforeCut} submits, ${smsc.submits.length} submit_sm in all, ${resent} sent twice`);
    expect(perRecipient.size).toBe(COUNT);
    expect(Math.max(...perRecipient.values())).toBeLessThanOrEqual(2);
    expect(resent).toBeLessThanOrEqual(WINDOW);
    expect(await creditOf(t.db, phone)).toBe(start - COUNT * SMS_PRICE);
    await expectLedgerConsistent(t.db);
  }, 60_000);
});
