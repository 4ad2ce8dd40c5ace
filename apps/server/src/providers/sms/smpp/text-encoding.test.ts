// The bytes Kurir writes for a part's text are the bytes the smpp package writes when given the
// text, and a receipt's text is read as the SMSC's bytes (smpp-pdu.ts decodes no text).
import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { GSM_BASIC_CHARACTERS, GSM_EXTENSION_CHARACTERS } from '@kurir/core';
import { encodeText } from './submit-pdus';
import { parseReceipt } from './delivery-receipts';
import { decodePdu, type DeliverSm } from './smpp-pdu';

const everyGsmCharacter = [...GSM_BASIC_CHARACTERS, ...GSM_EXTENSION_CHARACTERS].join('');

describe('text encoding of submit_sm', () => {
  it('writes GSM text as smpp 0.5.1 does, for every character of the alphabet', () => {
    expect([...encodeText(everyGsmCharacter, 'gsm')]).toEqual([...smpp.encodings.ASCII.encode(everyGsmCharacter)]);
    const sentence = 'Hello {name}, your code is [4242] ~ €10 | ok_§ Ünicode-free\n';
    expect([...encodeText(sentence, 'gsm')]).toEqual([...smpp.encodings.ASCII.encode(sentence)]);
  });

  it('writes UCS-2 as UTF-16 big-endian, as smpp 0.5.1 does, surrogate pairs included', () => {
    const text = 'Živjo ✓ 😀 čšž';
    expect([...encodeText(text, 'unicode')]).toEqual([...smpp.encodings.UCS2.encode(text)]);
  });

  it('survives the round trip through a PDU: what the SMSC decodes is the text', () => {
    const text = 'Price: €10 {ok} [x] ~ ^ \\ | _ §';
    const pdu = new smpp.PDU('submit_sm', { data_coding: 0, short_message: encodeText(text, 'gsm') });
    const read = smpp.PDU.fromBuffer(pdu.toBuffer());
    expect((read.short_message as smpp.DecodedMessage).message).toBe(text);
  });
});

describe('receipt text', () => {
  it('reads the fields of a GSM-coded receipt as its bytes, not as GSM 03.38', () => {
    const text = 'id:ab_cd sub:001 dlvrd:001 submit date:2611251030 done date:2611251031 stat:UNDELIV err:042 text:x';
    const wire = new smpp.PDU('deliver_sm', { esm_class: 0x04, data_coding: 0, short_message: Buffer.from(text, 'latin1') });
    // A GSM 03.38 reading would make "_" (0x5F) a "§"; the receipt's id is still the SMSC's.
    expect(parseReceipt(decodePdu(wire.toBuffer()) as DeliverSm)).toMatchObject({ messageId: 'ab_cd', status: 'failed', errorCode: '042' });
  });

  it('reads a UCS-2 receipt, and one whose text is in message_payload', () => {
    const text = 'id:u-1 sub:001 dlvrd:001 submit date:2611251030 done date:2611251031 stat:DELIVRD err:000 text:x';
    const ucs2 = new smpp.PDU('deliver_sm', { esm_class: 0x04, data_coding: 8, short_message: Buffer.from(text, 'utf16le').swap16() });
    expect(parseReceipt(decodePdu(ucs2.toBuffer()) as DeliverSm)).toMatchObject({ messageId: 'u-1', status: 'delivered' });
    const payload = new smpp.PDU('deliver_sm', { esm_class: 0x04, message_payload: Buffer.from(text.replace('u-1', 'p-2'), 'latin1') });
    expect(parseReceipt(decodePdu(payload.toBuffer()) as DeliverSm)).toMatchObject({ messageId: 'p-2', status: 'delivered' });
  });
});
