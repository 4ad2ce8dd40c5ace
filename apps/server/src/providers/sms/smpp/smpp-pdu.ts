// The SMPP 3.4 PDUs an ESME (Kurir) sends and receives, encoded and decoded by hand: the header,
// the mandatory fields of each command in the specification's order, and the TLVs we read. The
// smpp package did the same generically (a field table walked per PDU, every value passed through
// filters, each read buffer copied again); at gateway rates that was about a quarter of the
// process's CPU. Its server is still what the tests talk to, so the two implementations check
// each other.
//
// Text is never converted here: short_message travels as the bytes the SMSC sent or we encoded
// (submit-pdus.ts), and the receipt reader decides how to read them.

export const COMMAND_IDS = {
  generic_nack: 0x80000000,
  bind_transceiver: 0x00000009,
  bind_transceiver_resp: 0x80000009,
  submit_sm: 0x00000004,
  submit_sm_resp: 0x80000004,
  deliver_sm: 0x00000005,
  deliver_sm_resp: 0x80000005,
  data_sm: 0x00000103,
  data_sm_resp: 0x80000103,
  unbind: 0x00000006,
  unbind_resp: 0x80000006,
  enquire_link: 0x00000015,
  enquire_link_resp: 0x80000015,
  alert_notification: 0x00000102,
} as const;

export type Command = keyof typeof COMMAND_IDS;

const COMMANDS_BY_ID = new Map<number, Command>(Object.entries(COMMAND_IDS).map(([name, id]) => [id, name as Command]));

/** Every PDU's header, and so the shortest PDU there is. */
export const HEADER_LENGTH = 16;
/** The longest PDU accepted from the SMSC (as the smpp package, 16 KiB): a longer length means a broken stream. */
export const MAX_PDU_LENGTH = 16_384;
const RESPONSE_BIT = 0x80000000;
const INTERFACE_VERSION_34 = 0x34;

/** data_coding of UCS-2 text (UTF-16 big-endian), in both directions. */
export const DATA_CODING_UCS2 = 8;

const TLV_RECEIPTED_MESSAGE_ID = 0x001e;
const TLV_MESSAGE_STATE = 0x0427;
const TLV_NETWORK_ERROR_CODE = 0x0423;
const TLV_MESSAGE_PAYLOAD = 0x0424;

/** The header of every PDU. */
export interface PduHeader {
  /** The command's name; 'unknown' for a command id this client does not speak. */
  command: Command | 'unknown';
  commandId: number;
  status: number;
  sequence: number;
}

/**
 * What the SMSC delivers to us in a deliver_sm or a data_sm that a receipt (or a mobile-originated
 * message) needs: the mandatory fields both have and the TLVs of §5.3.2.
 */
export interface Delivery {
  sourceAddr: string;
  esmClass: number;
  dataCoding: number;
  /** Empty in a data_sm, which has no short_message: its text travels in message_payload. */
  shortMessage: Buffer;
  receiptedMessageId?: string;
  messageState?: number;
  networkErrorCode?: Buffer;
  messagePayload?: Buffer;
}

/** SMPP 3.4 §4.6.1. */
export interface DeliverSm extends PduHeader, Delivery {
  command: 'deliver_sm';
}

/** SMPP 3.4 §4.7.1: how some SMSCs send receipts (and mobile-originated messages). */
export interface DataSm extends PduHeader, Delivery {
  command: 'data_sm';
}

export interface SubmitSmResp extends PduHeader {
  command: 'submit_sm_resp';
  /** Absent when the SMSC refused the submit (no body). */
  messageId?: string;
}

export type InboundPdu = DeliverSm | DataSm | SubmitSmResp | PduHeader;

export function isResponse(pdu: PduHeader): boolean {
  return (pdu.commandId & RESPONSE_BIT) !== 0;
}

/** The fields of a submit_sm (§4.4.1) that Kurir sets; the rest are written as their defaults. */
export interface SubmitSm {
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  esmClass: number;
  registeredDelivery: number;
  dataCoding: number;
  validityPeriod?: string;
  shortMessage: Buffer;
}

export interface BindTransceiver {
  systemId: string;
  password: string;
  systemType: string;
}

/** A PDU's body laid out field by field (one-octet integers, C-octet strings, raw octets), then its header. */
class PduWriter {
  private readonly parts: Array<number | string | Buffer> = [];
  private length = HEADER_LENGTH;

  int8(value: number): this {
    this.parts.push(value);
    this.length += 1;
    return this;
  }

  cString(value: string): this {
    this.parts.push(value);
    this.length += Buffer.byteLength(value, 'latin1') + 1;
    return this;
  }

  octets(value: Buffer): this {
    this.parts.push(value);
    this.length += value.length;
    return this;
  }

  finish(commandId: number, sequence: number, status = 0): Buffer {
    const buffer = Buffer.allocUnsafe(this.length);
    buffer.writeUInt32BE(this.length, 0);
    buffer.writeUInt32BE(commandId, 4);
    buffer.writeUInt32BE(status, 8);
    buffer.writeUInt32BE(sequence, 12);
    let offset = HEADER_LENGTH;
    for (const part of this.parts) {
      if (typeof part === 'number') {
        buffer[offset++] = part;
      } else if (typeof part === 'string') {
        offset += buffer.write(part, offset, 'latin1');
        buffer[offset++] = 0;
      } else {
        part.copy(buffer, offset);
        offset += part.length;
      }
    }
    return buffer;
  }
}

/** A PDU with no body: enquire_link, unbind, their responses, generic_nack, an error response. */
export function encodeHeaderOnly(command: Command, sequence: number, status = 0): Buffer {
  return new PduWriter().finish(COMMAND_IDS[command], sequence, status);
}

export function encodeBindTransceiver(bind: BindTransceiver, sequence: number): Buffer {
  return new PduWriter()
    .cString(bind.systemId)
    .cString(bind.password)
    .cString(bind.systemType)
    .int8(INTERFACE_VERSION_34)
    .int8(0) // addr_ton
    .int8(0) // addr_npi
    .cString('') // address_range
    .finish(COMMAND_IDS.bind_transceiver, sequence);
}

export function encodeSubmitSm(submit: SubmitSm, sequence: number): Buffer {
  if (submit.shortMessage.length > 254) throw new Error('short_message is at most 254 octets');
  return new PduWriter()
    .cString('') // service_type
    .int8(submit.sourceAddrTon)
    .int8(submit.sourceAddrNpi)
    .cString(submit.sourceAddr)
    .int8(submit.destAddrTon)
    .int8(submit.destAddrNpi)
    .cString(submit.destinationAddr)
    .int8(submit.esmClass)
    .int8(0) // protocol_id
    .int8(0) // priority_flag
    .cString('') // schedule_delivery_time
    .cString(submit.validityPeriod ?? '')
    .int8(submit.registeredDelivery)
    .int8(0) // replace_if_present_flag
    .int8(submit.dataCoding)
    .int8(0) // sm_default_msg_id
    .int8(submit.shortMessage.length)
    .octets(submit.shortMessage)
    .finish(COMMAND_IDS.submit_sm, sequence);
}

export function encodeDeliverSmResp(sequence: number, status: number): Buffer {
  return encodeDeliveryResp(COMMAND_IDS.deliver_sm_resp, sequence, status);
}

export function encodeDataSmResp(sequence: number, status: number): Buffer {
  return encodeDeliveryResp(COMMAND_IDS.data_sm_resp, sequence, status);
}

/** deliver_sm_resp and data_sm_resp: an empty message_id when accepted; only the header when refused (as the smpp package). */
function encodeDeliveryResp(commandId: number, sequence: number, status: number): Buffer {
  const writer = new PduWriter();
  if (status === 0) writer.cString('');
  return writer.finish(commandId, sequence, status);
}

/** Reads fields in order from one PDU's bytes; reading past the end gives empty values. */
class PduReader {
  constructor(
    private readonly buffer: Buffer,
    private offset = HEADER_LENGTH,
  ) {}

  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  int8(): number {
    return this.offset < this.buffer.length ? this.buffer[this.offset++]! : 0;
  }

  skip(octets: number): void {
    this.offset += octets;
  }

  /** Steps over a C-octet string without making it a string (most of a deliver_sm's fields are not read). */
  skipCString(): void {
    const end = this.buffer.indexOf(0, this.offset);
    this.offset = end < 0 ? this.buffer.length : end + 1;
  }

  int16(): number {
    const value = this.remaining >= 2 ? this.buffer.readUInt16BE(this.offset) : 0;
    this.offset += 2;
    return value;
  }

  cString(): string {
    if (this.offset >= this.buffer.length) return '';
    let end = this.buffer.indexOf(0, this.offset);
    if (end < 0) end = this.buffer.length;
    const value = this.buffer.toString('latin1', this.offset, end);
    this.offset = end + 1;
    return value;
  }

  octets(length: number): Buffer {
    const end = Math.min(this.buffer.length, this.offset + length);
    const value = Buffer.from(this.buffer.subarray(this.offset, end));
    this.offset = end;
    return value;
  }
}

/** Decodes one whole PDU (its command_length bytes). */
export function decodePdu(buffer: Buffer): InboundPdu {
  const commandId = buffer.readUInt32BE(4);
  const header: PduHeader = {
    command: COMMANDS_BY_ID.get(commandId) ?? 'unknown',
    commandId,
    status: buffer.readUInt32BE(8),
    sequence: buffer.readUInt32BE(12),
  };
  if (header.command === 'submit_sm_resp') {
    if (buffer.length > HEADER_LENGTH) (header as SubmitSmResp).messageId = new PduReader(buffer).cString();
    return header;
  }
  if (header.command === 'deliver_sm') return decodeDeliverSm(header, buffer);
  if (header.command === 'data_sm') return decodeDataSm(header, buffer);
  return header;
}

/** The fields deliver_sm and data_sm begin with, up to esm_class: the sender, and what kind of delivery. */
function readAddresses(reader: PduReader): { sourceAddr: string; esmClass: number } {
  reader.skipCString(); // service_type
  reader.skip(2); // source_addr_ton, source_addr_npi
  const sourceAddr = reader.cString();
  reader.skip(2); // dest_addr_ton, dest_addr_npi
  reader.skipCString(); // destination_addr
  return { sourceAddr, esmClass: reader.int8() };
}

function decodeDeliverSm(header: PduHeader, buffer: Buffer): DeliverSm {
  const reader = new PduReader(buffer);
  const { sourceAddr, esmClass } = readAddresses(reader);
  reader.skip(2); // protocol_id, priority_flag
  reader.skipCString(); // schedule_delivery_time
  reader.skipCString(); // validity_period
  reader.skip(2); // registered_delivery, replace_if_present_flag
  const dataCoding = reader.int8();
  reader.skip(1); // sm_default_msg_id
  const shortMessage = reader.octets(reader.int8());
  const pdu: DeliverSm = { command: 'deliver_sm', commandId: header.commandId, status: header.status, sequence: header.sequence, sourceAddr, esmClass, dataCoding, shortMessage };
  readDeliveryTlvs(reader, pdu);
  return pdu;
}

const NO_SHORT_MESSAGE = Buffer.alloc(0);

/** data_sm (§4.7.1) has the addresses, esm_class, registered_delivery and data_coding, then only TLVs. */
function decodeDataSm(header: PduHeader, buffer: Buffer): DataSm {
  const reader = new PduReader(buffer);
  const { sourceAddr, esmClass } = readAddresses(reader);
  reader.skip(1); // registered_delivery
  const dataCoding = reader.int8();
  const pdu: DataSm = { command: 'data_sm', commandId: header.commandId, status: header.status, sequence: header.sequence, sourceAddr, esmClass, dataCoding, shortMessage: NO_SHORT_MESSAGE };
  readDeliveryTlvs(reader, pdu);
  return pdu;
}

/** Reads the TLVs after a deliver_sm's or data_sm's mandatory fields into `pdu`; the ones a receipt does not need are skipped. */
function readDeliveryTlvs(reader: PduReader, pdu: Delivery): void {
  while (reader.remaining >= 4) {
    const tag = reader.int16();
    const length = reader.int16();
    const value = reader.octets(length);
    if (tag === TLV_RECEIPTED_MESSAGE_ID) pdu.receiptedMessageId = cStringValue(value);
    else if (tag === TLV_MESSAGE_STATE && value.length >= 1) pdu.messageState = value[0];
    else if (tag === TLV_NETWORK_ERROR_CODE) pdu.networkErrorCode = value;
    else if (tag === TLV_MESSAGE_PAYLOAD) pdu.messagePayload = value;
  }
}

/** A C-octet string TLV's text, without its terminating NUL (tolerating one that has none). */
function cStringValue(value: Buffer): string {
  const end = value.indexOf(0);
  return value.toString('latin1', 0, end < 0 ? value.length : end);
}
