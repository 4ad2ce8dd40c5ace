// What real SMSCs do that the SMPP 3.4 text leaves open: ids written in one base in the
// submit_sm_resp and another in the receipt (SMPP_MESSAGE_ID_TYPE, Kannel's msg-id-type), receipts
// sent as data_sm, and receipts that carry only the receipted_message_id and message_state TLVs.
import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import smpp from 'smpp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/query-rows';
import { createTestApp, type TestApp } from '../../../test/helper';
import { customer, dispatcherFor, messagesOf, newPhone, SMS_PRICE } from '../../../modules/messages/messages.test-support';
import { ProviderError, type DeliveryReceipt } from '../types';
import { FakeSmsc, type FakeSmscOptions } from './fake-smsc';
import { decimalMessageId, MessageIdReader } from './message-ids';
import { DatabasePartStore } from './part-store';
import { smppEnvSchema } from './smpp-config';
import { SmppProvider, type SmppSettings } from './smpp-provider';
import { decoded, eventually, silentLog, sms, smppSettings, startRig, type Rig } from './smpp-test-kit';

const LONG_GSM = 'Dear guest, ' + 'your reservation at Kurir Bistro is confirmed. '.repeat(8) + '€ 20 deposit.';

/**
 * An SMSC that answers submit_sm with upper-case hex ids (with a leading zero) and names them in
 * decimal in its receipts. Its ids are past 2^53 (a Number would round them), and its own: the
 * SMSCs of this file share a database.
 */
function hexAnswersDecimalReceipts(): FakeSmscOptions & { base: bigint } {
  const base = 0xf000_0000_0000_0000n + BigInt(randomInt(2 ** 40)) * 1_000_000n;
  return { base, messageId: (n) => `0${(base + BigInt(n)).toString(16).toUpperCase()}`, receiptId: receiptIdOf };
}

/** The decimal id such an SMSC writes in a receipt. */
function receiptIdOf(hex: string): string {
  return BigInt(`0x${hex}`).toString();
}

/** Kannel's msg-id-type 1: hex in submit_sm_resp, decimal in deliver_sm. */
const HEX_SUBMIT: Partial<SmppSettings> = { messageIdType: 1 };

/** A logger that keeps what it writes, to see what was logged at warn. */
function capturingLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), lines };
}

/** Polls until `check` holds, for checks that read the database. */
async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('SMPP message ids in two number bases', () => {
  it('reads an id as a decimal number: leading zeros and hex case do not matter, and ids past 2^53 stay exact', () => {
    expect(decimalMessageId('00ff', true)).toBe('255');
    expect(decimalMessageId('0x00FF', true)).toBe('255');
    expect(decimalMessageId('00255', false)).toBe('255');
    expect(decimalMessageId('FFFFFFFFFFFFFFFF', true)).toBe('18446744073709551615');
    expect(decimalMessageId('18446744073709551615', false)).toBe('18446744073709551615');
    expect(decimalMessageId('9007199254740993', false)).toBe('9007199254740993');
    expect(decimalMessageId('ff', false)).toBeUndefined();
    expect(decimalMessageId('12-ab', true)).toBeUndefined();
    expect(decimalMessageId('', true)).toBeUndefined();
  });

  it('keeps ids as they come without a setting, and puts both sides in one form with one', () => {
    const { log } = capturingLog();
    const asIs = new MessageIdReader(undefined, log);
    expect([asIs.fromSubmitResponse('00AB'), asIs.fromReceipt('0171')]).toEqual(['00AB', '0171']);

    const hexSubmit = new MessageIdReader(1, log);
    expect([hexSubmit.fromSubmitResponse('00AB'), hexSubmit.fromReceipt('0171')]).toEqual(['171', '171']);
    const hexReceipt = new MessageIdReader(2, log);
    expect([hexReceipt.fromSubmitResponse('171'), hexReceipt.fromReceipt('ab')]).toEqual(['171', '171']);
    const bothHex = new MessageIdReader(3, log);
    expect([bothHex.fromSubmitResponse('ab'), bothHex.fromReceipt('00AB')]).toEqual(['171', '171']);
    const bothDecimal = new MessageIdReader(0, log);
    expect([bothDecimal.fromSubmitResponse('0171'), bothDecimal.fromReceipt('171')]).toEqual(['171', '171']);
  });

  it('keeps an id that is not a number in its declared base as it came, and warns once', () => {
    const { log, lines } = capturingLog();
    const reader = new MessageIdReader(1, log);
    expect(reader.fromSubmitResponse('msg-1')).toBe('msg-1');
    expect(reader.fromSubmitResponse('msg-2')).toBe('msg-2');
    expect(reader.fromReceipt('msg-1')).toBe('msg-1');
    expect(lines.map((l) => l.level)).toEqual([40, 40]);
    expect(lines[0]!.msg).toMatch(/SMPP_MESSAGE_ID_TYPE/);
  });

  it('reads SMPP_MESSAGE_ID_TYPE as Kannel does (0 to 3), and without it keeps ids as they are', () => {
    const env = { SMS_PROVIDER: 'smpp', SMPP_HOST: 'smsc', SMPP_SYSTEM_ID: 'kurir', SMPP_PASSWORD: 'secret' };
    expect(smppEnvSchema.parse(env).smpp.messageIdType).toBeUndefined();
    expect(smppEnvSchema.parse({ ...env, SMPP_MESSAGE_ID_TYPE: '1' }).smpp.messageIdType).toBe(1);
    expect(smppEnvSchema.parse({ ...env, SMPP_MESSAGE_ID_TYPE: '3' }).smpp.messageIdType).toBe(3);
    expect(smppEnvSchema.safeParse({ ...env, SMPP_MESSAGE_ID_TYPE: '4' }).success).toBe(false);
    expect(smppEnvSchema.safeParse({ ...env, SMPP_MESSAGE_ID_TYPE: 'hex' }).success).toBe(false);
  });

  it('without the setting, a decimal receipt does not name the message the SMSC answered in hex', async () => {
    rig = await startRig({ ...hexAnswersDecimalReceipts(), autoReceipt: 'DELIVRD' });
    const { providerMessageId } = await rig.provider.submit(sms());
    await eventually(() => rig!.receipts.length === 1);
    expect(providerMessageId).toBe(rig.smsc.submits[0]!.messageId);
    expect(rig.receipts[0]!.providerMessageId).not.toBe(providerMessageId);
  });

  it('with SMPP_MESSAGE_ID_TYPE=1, a single-part message is delivered under the id submit returned', async () => {
    const smscOptions = hexAnswersDecimalReceipts();
    rig = await startRig({ ...smscOptions, autoReceipt: 'DELIVRD' }, HEX_SUBMIT);
    const { providerMessageId } = await rig.provider.submit(sms());
    expect(providerMessageId).toBe((smscOptions.base + 1n).toString());
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'delivered' });
  });

  it('matches a receipted_message_id TLV written in decimal with leading zeros', async () => {
    rig = await startRig(hexAnswersDecimalReceipts(), HEX_SUBMIT);
    const { providerMessageId } = await rig.provider.submit(sms());
    const receiptId = `000${receiptIdOf(rig.smsc.submits[0]!.messageId!)}`;
    await rig.smsc.deliver({ esm_class: 0x04, receipted_message_id: receiptId, message_state: 5 });
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'failed' });
  });

  it('with SMPP_MESSAGE_ID_TYPE=1, a long message is delivered when every part is, its parts stored in the one form', async () => {
    const smsc = await FakeSmsc.start(hexAnswersDecimalReceipts());
    const store = new DatabasePartStore(t.db);
    const sender = receivingProvider(smsc, store);
    const other = receivingProvider(smsc, store);
    try {
      await eventually(() => smsc.boundSessions === 2);
      // Receipts to the sender (its memory, then the store) and to another process (the store alone).
      for (const to of [0, 1]) {
        const from = smsc.submits.length;
        const { providerMessageId } = await sender.provider.submit(sms({ text: LONG_GSM }));
        const hexIds = smsc.submits
          .slice(from)
          .sort((a, b) => decoded(a.pdu).udh![4]! - decoded(b.pdu).udh![4]!)
          .map((s) => s.messageId!);
        expect(providerMessageId).toBe(receiptIdOf(hexIds[0]!));
        const stored = await queryRows<{ part_id: string }>(t.db, sql`select part_id from smpp_message_parts where message_id = ${providerMessageId} order by part_index`);
        expect(stored.map((r) => r.part_id)).toEqual(hexIds.map(receiptIdOf));

        const receiver = [sender, other][to]!;
        for (const hex of hexIds) {
          expect((await smsc.receipt(receiptIdOf(hex), 'DELIVRD', '000', smsc.boundSession(to))).command_status).toBe(0);
        }
        await eventually(() => receiver.receipts.some((r) => r.providerMessageId === providerMessageId));
        expect(receiver.receipts.find((r) => r.providerMessageId === providerMessageId)).toMatchObject({ status: 'delivered' });
      }
    } finally {
      await sender.provider.close();
      await other.provider.close();
      await smsc.stop();
    }
  });
});

describe('SMPP receipts as data_sm', () => {
  it('answers a data_sm receipt with data_sm_resp and reports it like a deliver_sm receipt', async () => {
    rig = await startRig();
    const first = await rig.provider.submit(sms());
    const second = await rig.provider.submit(sms());

    const resp = await rig.smsc.dataSm({ source_addr: '38640111222', esm_class: 0x04, receipted_message_id: first.providerMessageId, message_state: 2 });
    expect(resp).toMatchObject({ command: 'data_sm_resp', command_status: 0, message_id: '' });
    await rig.smsc.dataSm({ esm_class: 0x04, receipted_message_id: second.providerMessageId, message_state: 5, network_error_code: Buffer.from([1, 0, 27]) });

    await eventually(() => rig!.receipts.length === 2);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId: first.providerMessageId, status: 'delivered' });
    expect(rig.receipts[1]).toMatchObject({
      providerMessageId: second.providerMessageId,
      status: 'failed',
      reason: 'The message could not be delivered to the phone',
      errorCode: '1:27',
    });
  });

  it('reads a data_sm receipt whose Appendix B text is in message_payload', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms());
    const text = `id:${providerMessageId} sub:001 dlvrd:000 submit date:2601011200 done date:2601011201 stat:EXPIRED err:000 text:`;
    await rig.smsc.dataSm({ esm_class: 0x04, data_coding: 0, message_payload: Buffer.from(text, 'latin1') });
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'expired' });
  });

  it('refuses a data_sm receipt it could not record (ESME_RX_T_APPN), and accepts it when sent again', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms());
    let attempts = 0;
    rig.provider.onReceipt(async () => {
      attempts++;
      if (attempts === 1) throw new ProviderError('database unavailable', false);
    });
    const fields = { esm_class: 0x04, receipted_message_id: providerMessageId, message_state: 2 };
    expect(await rig.smsc.dataSm(fields)).toMatchObject({ command: 'data_sm_resp', command_status: smpp.errors.ESME_RX_T_APPN });
    expect(await rig.smsc.dataSm(fields)).toMatchObject({ command: 'data_sm_resp', command_status: 0 });
    expect(attempts).toBe(2);
  });

  it('acknowledges a mobile-originated data_sm without reporting it', async () => {
    rig = await startRig();
    await rig.provider.submit(sms());
    const resp = await rig.smsc.dataSm({ source_addr: '38640111222', esm_class: 0, data_coding: 0, message_payload: Buffer.from('STOP') });
    expect(resp).toMatchObject({ command: 'data_sm_resp', command_status: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rig.receipts).toHaveLength(0);
  });

  it("folds data_sm receipts of a long message's parts like deliver_sm ones", async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms({ text: LONG_GSM }));
    const ids = rig.smsc.submits.map((s) => s.messageId!);
    await rig.smsc.dataSm({ esm_class: 0x04, receipted_message_id: ids[0], message_state: 2 });
    await rig.smsc.receipt(ids[1]!, 'DELIVRD');
    expect(rig.receipts).toHaveLength(0);
    await rig.smsc.dataSm({ esm_class: 0x04, receipted_message_id: ids[2], message_state: 2 });
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'delivered' });
  });
});

describe('SMPP receipts with only the receipted_message_id and message_state TLVs', () => {
  const cases: Array<[number, Partial<DeliveryReceipt>]> = [
    [2, { status: 'delivered' }],
    [3, { status: 'expired', errorCode: 'EXPIRED' }],
    [4, { status: 'failed', reason: 'The operator deleted the message before delivery', errorCode: 'DELETED' }],
    [5, { status: 'failed', reason: 'The message could not be delivered to the phone', errorCode: 'UNDELIV' }],
    [7, { status: 'failed', reason: 'The operator reported an unknown delivery state', errorCode: 'UNKNOWN' }],
    [8, { status: 'failed', reason: 'The operator rejected the message', errorCode: 'REJECTD' }],
  ];

  it('reports each final message_state of a deliver_sm without text, with or without the receipt bit in esm_class', async () => {
    rig = await startRig();
    for (const [state, expected] of cases) {
      for (const esmClass of [0x04, 0]) {
        const { providerMessageId } = await rig.provider.submit(sms());
        const resp = await rig.smsc.deliver({ esm_class: esmClass, receipted_message_id: providerMessageId, message_state: state });
        expect(resp.command_status).toBe(0);
        await eventually(() => rig!.receipts.some((r) => r.providerMessageId === providerMessageId));
        expect(rig.receipts.find((r) => r.providerMessageId === providerMessageId)).toMatchObject(expected);
      }
    }
  });

  it('reports nothing for ACCEPTED (6), which is not final, and then the final state', async () => {
    rig = await startRig();
    const { providerMessageId } = await rig.provider.submit(sms());
    expect((await rig.smsc.deliver({ esm_class: 0x04, receipted_message_id: providerMessageId, message_state: 6 })).command_status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rig.receipts).toHaveLength(0);
    await rig.smsc.deliver({ esm_class: 0x04, receipted_message_id: providerMessageId, message_state: 2 });
    await eventually(() => rig!.receipts.length === 1);
    expect(rig.receipts[0]).toMatchObject({ providerMessageId, status: 'delivered' });
  });
});

describe('SMPP receipts settling messages (the engine on a real database)', () => {
  /** Sends one SMS from a new customer through the dispatcher and `provider`, once it is accepted. */
  async function sendOne(provider: SmppProvider, text = 'Your table is ready') {
    const sender = await customer(t, { credit: 10 * SMS_PRICE });
    expect((await sender.api.send({ recipient: newPhone(), message: text })).status).toBe(200);
    await dispatcherFor(t.db, provider).runOnce();
    await until(async () => Boolean((await messagesOf(t.db, sender.phone))[0]?.providerMessageId));
    return sender;
  }

  async function statusOf(phone: string) {
    const [message] = await messagesOf(t.db, phone);
    return message!;
  }

  it('delivers messages of an SMSC that answers in hex and reports in decimal, with SMPP_MESSAGE_ID_TYPE=1', async () => {
    const smsc = await FakeSmsc.start({ ...hexAnswersDecimalReceipts(), autoReceipt: 'DELIVRD', receiptDelayMs: 100 });
    const provider = new SmppProvider(smppSettings(smsc.port, HEX_SUBMIT), silentLog, new DatabasePartStore(t.db));
    try {
      const single = await sendOne(provider);
      const long = await sendOne(provider, LONG_GSM);
      await until(async () => (await statusOf(single.phone)).status === 'delivered' && (await statusOf(long.phone)).status === 'delivered');
      const firstHexId = smsc.submits[0]!.messageId!;
      expect((await statusOf(single.phone)).providerMessageId).toBe(receiptIdOf(firstHexId));
    } finally {
      await provider.close();
      await smsc.stop();
    }
  });

  it('settles a message with a data_sm receipt', async () => {
    const smsc = await FakeSmsc.start();
    const provider = new SmppProvider(smppSettings(smsc.port), silentLog, new DatabasePartStore(t.db));
    try {
      const delivered = await sendOne(provider);
      const failed = await sendOne(provider);
      const idOf = async (phone: string) => (await statusOf(phone)).providerMessageId!;
      const ok = await smsc.dataSm({ esm_class: 0x04, receipted_message_id: await idOf(delivered.phone), message_state: 2 });
      const undelivered = await smsc.dataSm({ esm_class: 0x04, receipted_message_id: await idOf(failed.phone), message_state: 5 });
      expect([ok.command_status, undelivered.command_status]).toEqual([0, 0]);
      // Acknowledged only once recorded: the rows say so by the time the SMSC has its answers.
      expect(await statusOf(delivered.phone)).toMatchObject({ status: 'delivered' });
      expect(await statusOf(failed.phone)).toMatchObject({ status: 'failed' });
    } finally {
      await provider.close();
      await smsc.stop();
    }
  });
});

/** A provider on `smsc` with every receipt it reports kept. */
function receivingProvider(smsc: FakeSmsc, store: DatabasePartStore) {
  const provider = new SmppProvider(smppSettings(smsc.port, HEX_SUBMIT), silentLog, store);
  const receipts: DeliveryReceipt[] = [];
  provider.onReceipt(async (receipt) => {
    receipts.push(receipt);
  });
  return { provider, receipts };
}
