// A long message's parts survive a restart: the part → message map and each part's final state are
// in the database (smpp_message_parts), so receipts that reach a new process still complete the
// message under its first part's id, instead of the first receipt to arrive deciding it; receipts
// that come together are decided on each other's states. Over several binds: smpp-parts-binds.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { openTestDatabase } from '../../../test/database';
import type { DeliveryReceipt } from '../types';
import { FakeSmsc } from './fake-smsc';
import { DatabasePartStore } from './part-store';
import { SmppProvider } from './smpp-provider';
import { eventually, silentLog, sms, smppSettings } from './smpp-test-kit';

const LONG_GSM = 'Dear guest, ' + 'your reservation at Kurir Bistro is confirmed. '.repeat(8) + '€ 20 deposit.';

let database: DatabaseHandle;
let smsc: FakeSmsc;
const open: SmppProvider[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  for (const p of open.splice(0)) await p.close();
  await smsc?.stop();
});

/** A provider process: its own memory, the shared database. */
function startProvider(receipts: DeliveryReceipt[]): SmppProvider {
  const provider = new SmppProvider(smppSettings(smsc.port), silentLog, new DatabasePartStore(database.db));
  provider.onReceipt(async (receipt) => {
    receipts.push(receipt);
  });
  open.push(provider);
  return provider;
}

/**
 * A long message sent by one process, `beforeRestart` done to its parts' ids (receipts reported
 * to that process), then the process replaced by another: its id, its parts' ids, and what the
 * new process reports.
 */
async function sentThenRestarted(beforeRestart: (ids: string[]) => Promise<void> = async () => {}) {
  smsc = await FakeSmsc.start();
  const first = startProvider([]);
  const { providerMessageId } = await first.submit(sms({ text: LONG_GSM }));
  const ids = smsc.submits.map((s) => s.messageId!);
  await beforeRestart(ids);
  await first.close();
  open.splice(0);
  const after: DeliveryReceipt[] = [];
  startProvider(after);
  await eventually(() => smsc.boundSessions === 1);
  return { providerMessageId, ids, after };
}

describe('SMPP long messages across a restart', () => {
  it('completes a message whose parts are reported partly before and partly after a restart', async () => {
    smsc = await FakeSmsc.start();
    const before: DeliveryReceipt[] = [];
    const first = startProvider(before);
    const { providerMessageId } = await first.submit(sms({ text: LONG_GSM }));
    const ids = smsc.submits.map((s) => s.messageId!);
    expect(ids).toHaveLength(3);
    expect((await smsc.receipt(ids[0]!, 'DELIVRD')).command_status).toBe(0);
    await first.close();
    open.splice(0);

    const after: DeliveryReceipt[] = [];
    startProvider(after);
    await eventually(() => smsc.boundSessions === 1);
    await smsc.receipt(ids[2]!, 'DELIVRD');
    await smsc.receipt(ids[1]!, 'DELIVRD');
    await eventually(() => after.length === 1);
    expect(before).toEqual([]);
    expect(after).toEqual([expect.objectContaining({ providerMessageId, status: 'delivered' })]);
  });

  it('reports a long message failed once when a part fails after a restart', async () => {
    const { providerMessageId, ids, after } = await sentThenRestarted();
    await smsc.receipt(ids[1]!, 'UNDELIV');
    await smsc.receipt(ids[0]!, 'DELIVRD');
    await smsc.receipt(ids[2]!, 'DELIVRD');
    await eventually(() => after.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(after).toEqual([expect.objectContaining({ providerMessageId, status: 'failed' })]);
  });

  it("reports a long message once when its parts' receipts come together after a restart", async () => {
    const { providerMessageId, ids, after } = await sentThenRestarted();
    // Read together, recorded in one batch: each part sees the others' states.
    const answers = await Promise.all(ids.map((id) => smsc.receipt(id, 'EXPIRED')));
    expect(answers.map((a) => a.command_status)).toEqual([0, 0, 0]);
    await eventually(() => after.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(after).toEqual([expect.objectContaining({ providerMessageId, status: 'expired' })]);
  });

  it('reports a long message failed when two of its parts fail together after a restart', async () => {
    const { providerMessageId, ids, after } = await sentThenRestarted(async (parts) => {
      await smsc.receipt(parts[0]!, 'DELIVRD');
    });
    await Promise.all([smsc.receipt(ids[1]!, 'UNDELIV'), smsc.receipt(ids[2]!, 'UNDELIV')]);
    await eventually(() => after.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(after).toEqual([expect.objectContaining({ providerMessageId, status: 'failed' })]);
  });

  it('reports a single-part message under its own id', async () => {
    smsc = await FakeSmsc.start();
    const receipts: DeliveryReceipt[] = [];
    const provider = startProvider(receipts);
    const { providerMessageId } = await provider.submit(sms());
    await smsc.receipt(providerMessageId, 'DELIVRD');
    await eventually(() => receipts.length === 1);
    expect(receipts[0]).toMatchObject({ providerMessageId, status: 'delivered' });
  });
});
