// What SmppProvider puts on the wire for long and Unicode messages, and how deliver_sm receipts
// become the receipts the engine records.
import smpp from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderError, type DeliveryReceipt } from '../types';
import { FakeSmsc } from './fake-smsc';
import { SmppProvider } from './smpp-provider';
import { decoded, eventually, silentLog, sms, smppSettings, startRig, type Rig } from './smpp-test-kit';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const LONG_GSM = 'Dear guest, ' + 'your reservation at Kurir Bistro is confirmed. '.repeat(8) + '€ 20 deposit.';

describe('SMPP long and Unicode messages', () => {
  it('splits a long GSM message into parts with one concatenation header and data_coding 0', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms({ text: LONG_GSM }));

    const pdus = rig.smsc.submits.map((s) => s.pdu);
    expect(pdus).toHaveLength(3);
    const headers = pdus.map((pdu) => decoded(pdu).udh!);
    const reference = headers[0]![2];
    headers.forEach((udh, index) => expect([...udh]).toEqual([0x00, 0x03, reference, 3, index + 1]));
    for (const pdu of pdus) expect(pdu).toMatchObject({ data_coding: 0, esm_class: 0x40, registered_delivery: 1 });
    expect(pdus.map((pdu) => decoded(pdu).text).join('')).toBe(LONG_GSM);
    expect(providerMessageId).toBe(rig.smsc.submits.find((s) => decoded(s.pdu).udh![4] === 1)!.messageId);
  });

  it('sends Unicode text as UCS-2 (data_coding 8), split at 67 characters per part', async () => {
    rig = await startRig();
    const text = 'Ваш столик готов. Ждём вас в 19:00! 😊 '.repeat(3);
    await rig.provider.submit(sms({ text }));

    const pdus = rig.smsc.submits.map((s) => s.pdu);
    expect(pdus.length).toBe(2);
    for (const pdu of pdus) expect(pdu.data_coding).toBe(8);
    const parts = pdus.sort((a, b) => decoded(a).udh![4]! - decoded(b).udh![4]!).map((pdu) => decoded(pdu).text);
    expect(parts.join('')).toBe(text);
    expect(parts[0]!.length).toBeLessThanOrEqual(67);
  });

  it('sends a short Unicode message as one part without a header', async () => {
    rig = await startRig();
    await rig.provider.submit(sms({ text: 'Živjo, mizica je pripravljena ✓' }));
    const pdu = rig.smsc.submits[0]!.pdu;
    expect(pdu).toMatchObject({ data_coding: 8, esm_class: 0 });
    expect(decoded(pdu)).toEqual({ text: 'Živjo, mizica je pripravljena ✓', udh: undefined });
  });

  it('resends only the missing parts of a long message, with the same reference', async () => {
    rig = await startRig({ onSubmit: (_pdu, index) => (index === 1 ? { status: smpp.errors.ESME_RTHROTTLED } : undefined) });
    const message = sms({ text: LONG_GSM });
    const error = await rig.provider.submit(message).catch((e: unknown) => e);
    expect(error).toMatchObject({ permanent: false, code: 'ESME_RTHROTTLED' });
    expect(rig.smsc.submits).toHaveLength(3);

    await rig.provider.submit(message);
    const resent = rig.smsc.submits[3]!.pdu;
    expect(rig.smsc.submits).toHaveLength(4);
    expect(decoded(resent).udh).toEqual(decoded(rig.smsc.submits[1]!.pdu).udh);
  });
});

describe('SMPP delivery receipts', () => {
  it('reports a DELIVRD receipt as delivered, and UNDELIV as failed with a reason', async () => {
    rig = await startRig();
    const first = await rig.provider.submit(sms());
    const second = await rig.provider.submit(sms());

    const resp = await rig.smsc.receipt(first.providerMessageId, 'DELIVRD');
    await rig.smsc.receipt(second.providerMessageId, 'UNDELIV', '001');

    expect(resp).toMatchObject({ command: 'deliver_sm_resp', command_status: 0 });
    await eventually(() => rig!.receipts.length === 2);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId: first.providerMessageId, status: 'delivered' });
    expect(rig.receipts[1]).toMatchObject({
      providerMessageId: second.providerMessageId,
      status: 'failed',
      reason: 'The message could not be delivered to the phone',
      errorCode: '001',
    });
  });

  it('reads receipted_message_id and message_state TLVs, and maps EXPIRED to expired', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms());
    await rig.smsc.deliver({ esm_class: 0x04, receipted_message_id: providerMessageId, message_state: 3 });
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'expired' });
  });

  it('reports a long message delivered only when every part is, under the first part id', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms({ text: LONG_GSM }));
    const ids = rig.smsc.submits.map((s) => s.messageId!);

    await rig.smsc.receipt(ids[0]!, 'DELIVRD');
    await rig.smsc.receipt(ids[1]!, 'DELIVRD');
    expect(rig.receipts).toHaveLength(0);
    await rig.smsc.receipt(ids[2]!, 'DELIVRD');
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'delivered' });
  });

  it('reports a long message failed as soon as one part fails, and only once', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms({ text: LONG_GSM }));
    const ids = rig.smsc.submits.map((s) => s.messageId!);

    await rig.smsc.receipt(ids[1]!, 'REJECTD');
    await rig.smsc.receipt(ids[0]!, 'DELIVRD');
    await rig.smsc.receipt(ids[2]!, 'DELIVRD');
    await eventually(() => rig!.receipts.length >= 1);
    expect(rig.receipts).toEqual([
      expect.objectContaining({ providerMessageId, status: 'failed', reason: 'The operator rejected the message' }),
    ]);
  });

  it('acknowledges a mobile-originated message without reporting it', async () => {
    rig = await startRig();
    await rig.provider.submit(sms());
    const resp = await rig.smsc.deliver({ source_addr: '38640111222', esm_class: 0, short_message: 'STOP' });
    expect(resp.command_status).toBe(0);
    expect(rig.receipts).toHaveLength(0);
  });

  it('holds receipts that arrive before a handler is set, then hands them over', async () => {
    const smsc = await FakeSmsc.start();
    const provider = new SmppProvider(smppSettings(smsc.port), silentLog);
    try {
      const { providerMessageId } = await provider.submit(sms());
      // Answered only once recorded, so not before there is a handler.
      const answer = smsc.receipt(providerMessageId, 'DELIVRD');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const seen: DeliveryReceipt[] = [];
      provider.onReceipt(async (receipt) => {
        seen.push(receipt);
      });
      expect((await answer).command_status).toBe(0);
      expect(seen).toEqual([expect.objectContaining({ providerMessageId, status: 'delivered' })]);
    } finally {
      await provider.close();
      await smsc.stop();
    }
  });

  it('refuses a receipt it could not record (temporary error), so the SMSC sends it again', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms());
    let attempts = 0;
    rig.provider.onReceipt(async () => {
      attempts++;
      if (attempts === 1) throw new ProviderError('database unavailable', false);
    });
    expect((await rig.smsc.receipt(providerMessageId, 'DELIVRD')).command_status).toBe(smpp.errors.ESME_RX_T_APPN);
    expect((await rig.smsc.receipt(providerMessageId, 'DELIVRD')).command_status).toBe(0);
  });
});
