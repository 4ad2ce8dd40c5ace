// Our PDU codec against the smpp package's, byte for byte: what we write is what the package
// writes for the same fields, and what the package writes we read back. (The SMPP tests then talk
// to the package's server end to end.)
import { describe, expect, it } from 'vitest';
import smpp from 'smpp';
import { decodePdu, encodeBindTransceiver, encodeDataSmResp, encodeDeliverSmResp, encodeHeaderOnly, encodeSubmitSm, type DataSm, type DeliverSm, type SubmitSm } from './smpp-pdu';
import { PduFramer } from './smpp-link';
import { concatenationHeader, encodeText } from './submit-pdus';

function packageBytes(command: string, fields: Record<string, unknown>): Buffer {
  return new smpp.PDU(command, fields).toBuffer();
}

const single: SubmitSm = {
  sourceAddrTon: 5,
  sourceAddrNpi: 0,
  sourceAddr: 'Kurir',
  destAddrTon: 1,
  destAddrNpi: 1,
  destinationAddr: '38640123456',
  esmClass: 0,
  registeredDelivery: 1,
  dataCoding: 0,
  shortMessage: encodeText('Hello {name}, €10', 'gsm'),
};

function asPackageFields(submit: SubmitSm, sequence: number): Record<string, unknown> {
  return {
    sequence_number: sequence,
    source_addr_ton: submit.sourceAddrTon,
    source_addr_npi: submit.sourceAddrNpi,
    source_addr: submit.sourceAddr,
    dest_addr_ton: submit.destAddrTon,
    dest_addr_npi: submit.destAddrNpi,
    destination_addr: submit.destinationAddr,
    esm_class: submit.esmClass,
    registered_delivery: submit.registeredDelivery,
    data_coding: submit.dataCoding,
    ...(submit.validityPeriod ? { validity_period: submit.validityPeriod } : {}),
    short_message: submit.shortMessage,
  };
}

describe('SMPP PDUs we write', () => {
  it('submit_sm: single, long (UDH), UCS-2 and with a validity period, as the smpp package writes them', () => {
    const cases: SubmitSm[] = [
      single,
      { ...single, esmClass: 0x40, shortMessage: Buffer.concat([concatenationHeader(7, 2, 1), encodeText('part two', 'gsm')]) },
      { ...single, dataCoding: 8, shortMessage: encodeText('Živjo ✓ 😀', 'unicode') },
      { ...single, sourceAddrTon: 1, sourceAddrNpi: 1, sourceAddr: '38641000000', validityPeriod: '000001020304000R' },
    ];
    for (const [i, submit] of cases.entries()) {
      expect(encodeSubmitSm(submit, 1000 + i)).toEqual(packageBytes('submit_sm', asPackageFields(submit, 1000 + i)));
    }
  });

  it('bind_transceiver (as version 3.4, where the package says 5.0), enquire_link, unbind, their responses and generic_nack', () => {
    expect(encodeBindTransceiver({ systemId: 'kurir', password: 'secret', systemType: 'SMS' }, 1)).toEqual(
      packageBytes('bind_transceiver', { sequence_number: 1, system_id: 'kurir', password: 'secret', system_type: 'SMS', interface_version: 0x34 }),
    );
    for (const command of ['enquire_link', 'enquire_link_resp', 'unbind', 'unbind_resp'] as const) {
      expect(encodeHeaderOnly(command, 42)).toEqual(packageBytes(command, { sequence_number: 42 }));
    }
    expect(encodeHeaderOnly('generic_nack', 9, 3)).toEqual(packageBytes('generic_nack', { sequence_number: 9, command_status: 3 }));
  });

  it('deliver_sm_resp, accepting and refusing', () => {
    expect(encodeDeliverSmResp(77, 0)).toEqual(packageBytes('deliver_sm_resp', { sequence_number: 77 }));
    expect(encodeDeliverSmResp(78, 0x64)).toEqual(packageBytes('deliver_sm_resp', { sequence_number: 78, command_status: 0x64 }));
  });

  it('data_sm_resp, accepting (an empty message_id) and refusing', () => {
    expect(encodeDataSmResp(79, 0)).toEqual(packageBytes('data_sm_resp', { sequence_number: 79, message_id: '' }));
    expect(encodeDataSmResp(80, 0x64)).toEqual(packageBytes('data_sm_resp', { sequence_number: 80, command_status: 0x64 }));
  });

  it('refuses a short_message longer than the field can say', () => {
    expect(() => encodeSubmitSm({ ...single, shortMessage: Buffer.alloc(255) }, 1)).toThrow(/254/);
  });
});

describe('SMPP PDUs we read', () => {
  it('deliver_sm with the receipt TLVs', () => {
    const bytes = packageBytes('deliver_sm', {
      sequence_number: 5,
      source_addr: '38640123456',
      esm_class: 0x04,
      data_coding: 0,
      short_message: Buffer.from('id:abc stat:DELIVRD', 'latin1'),
      receipted_message_id: 'abc',
      message_state: 2,
      network_error_code: Buffer.from([3, 0, 42]),
    });
    const pdu = decodePdu(bytes) as DeliverSm;
    expect(pdu).toMatchObject({ command: 'deliver_sm', sequence: 5, status: 0, sourceAddr: '38640123456', esmClass: 4, dataCoding: 0, receiptedMessageId: 'abc', messageState: 2 });
    expect(pdu.shortMessage.toString('latin1')).toBe('id:abc stat:DELIVRD');
    expect([...pdu.networkErrorCode!]).toEqual([3, 0, 42]);
  });

  it('data_sm: its mandatory fields, then the receipt TLVs and message_payload', () => {
    const bytes = packageBytes('data_sm', {
      sequence_number: 6,
      service_type: 'CMT',
      source_addr_ton: 1,
      source_addr_npi: 1,
      source_addr: '38640123456',
      dest_addr_ton: 5,
      destination_addr: 'Kurir',
      esm_class: 0x04,
      registered_delivery: 0,
      data_coding: 8,
      receipted_message_id: 'abc',
      message_state: 5,
      network_error_code: Buffer.from([1, 0, 27]),
      message_payload: Buffer.from('id:abc stat:UNDELIV', 'latin1'),
    });
    const pdu = decodePdu(bytes) as DataSm;
    expect(pdu).toMatchObject({ command: 'data_sm', sequence: 6, status: 0, sourceAddr: '38640123456', esmClass: 4, dataCoding: 8, receiptedMessageId: 'abc', messageState: 5 });
    expect(pdu.shortMessage).toHaveLength(0);
    expect([...pdu.networkErrorCode!]).toEqual([1, 0, 27]);
    expect(pdu.messagePayload!.toString('latin1')).toBe('id:abc stat:UNDELIV');
  });

  it('data_sm without TLVs (a mobile-originated message with no text)', () => {
    const pdu = decodePdu(packageBytes('data_sm', { sequence_number: 7, source_addr: '38640123456', destination_addr: 'Kurir', data_coding: 0 })) as DataSm;
    expect(pdu).toMatchObject({ command: 'data_sm', sequence: 7, sourceAddr: '38640123456', esmClass: 0, dataCoding: 0 });
    expect(pdu.receiptedMessageId).toBeUndefined();
    expect(pdu.messagePayload).toBeUndefined();
  });

  it('submit_sm_resp with its message id, and a refusal without a body', () => {
    expect(decodePdu(packageBytes('submit_sm_resp', { sequence_number: 3, message_id: 'smsc-1' }))).toMatchObject({ command: 'submit_sm_resp', sequence: 3, status: 0, messageId: 'smsc-1' });
    const refused = decodePdu(packageBytes('submit_sm_resp', { sequence_number: 4, command_status: 0x58 }));
    expect(refused).toMatchObject({ command: 'submit_sm_resp', sequence: 4, status: 0x58 });
    expect('messageId' in refused).toBe(false);
  });

  it('names a command it does not speak "unknown", and reads a response by its high bit', () => {
    expect(decodePdu(packageBytes('query_sm', { sequence_number: 8, message_id: 'x' }))).toMatchObject({ command: 'unknown', sequence: 8 });
    expect(decodePdu(packageBytes('generic_nack', { sequence_number: 9, command_status: 3 }))).toMatchObject({ command: 'generic_nack', status: 3 });
  });
});

describe('PduFramer', () => {
  const stream = Buffer.concat([
    encodeHeaderOnly('enquire_link', 1),
    packageBytes('submit_sm_resp', { sequence_number: 2, message_id: 'a' }),
    packageBytes('deliver_sm', { sequence_number: 3, short_message: Buffer.from('id:a stat:DELIVRD') }),
  ]);

  it('finds the same PDUs however the stream is cut', () => {
    for (const size of [1, 3, 7, 16, 17, stream.length]) {
      const framer = new PduFramer();
      const seen: number[] = [];
      for (let i = 0; i < stream.length; i += size) framer.push(stream.subarray(i, i + size), (pdu) => seen.push(decodePdu(pdu).sequence));
      expect(seen).toEqual([1, 2, 3]);
    }
  });

  it('gives up on a length that cannot be a PDU', () => {
    const bad = Buffer.alloc(16);
    bad.writeUInt32BE(8, 0);
    expect(() => new PduFramer().push(bad, () => undefined)).toThrow(/8 bytes/);
    bad.writeUInt32BE(1_000_000, 0);
    expect(() => new PduFramer().push(bad, () => undefined)).toThrow(/1000000 bytes/);
  });
});
