// The SMSC's message ids in one form, so a receipt finds the message it names. SMPP 3.4 makes a
// message id an opaque string, but many SMSCs write the same id in one number base in the
// submit_sm_resp and in another in the receipt (hex in the response, decimal in the receipt text
// or the receipted_message_id TLV). SMPP_MESSAGE_ID_TYPE says which, with the meaning of
// Kannel's `msg-id-type`; ids are then kept in decimal (as Kannel does), in the messages table and
// the part store alike. Without it an id is kept exactly as the SMSC sent it.
import type { Logger } from 'pino';

/** Kannel's msg-id-type: bit 0 set = the submit_sm_resp id is hex, bit 1 set = the receipt id is hex; a clear bit = decimal. */
export type MessageIdType = 0 | 1 | 2 | 3;

const SUBMIT_RESP_HEX = 0b01;
const RECEIPT_HEX = 0b10;

// A "0x" prefix is tolerated, as C's strtoll (Kannel's reader) does; case does not matter.
const HEX_ID = /^(?:0x)?([0-9a-f]+)$/i;
const DECIMAL_ID = /^[0-9]+$/;

/**
 * The id as a decimal number (leading zeros gone), or undefined when it is not a number in that
 * base. BigInt, because ids often exceed 2^53 (16 hex digits are common) and must not be rounded.
 */
export function decimalMessageId(id: string, hex: boolean): string | undefined {
  if (hex) {
    const digits = HEX_ID.exec(id)?.[1];
    return digits === undefined ? undefined : BigInt(`0x${digits}`).toString();
  }
  return DECIMAL_ID.test(id) ? BigInt(id).toString() : undefined;
}

type Source = 'submit_sm_resp' | 'receipt';

/** Puts the ids from submit_sm_resp and from receipts in the one form they are stored and matched in. */
export class MessageIdReader {
  /** Sources whose unreadable id was logged: an SMSC that sends one usually sends only such ids. */
  private readonly warned = new Set<Source>();

  constructor(
    private readonly type: MessageIdType | undefined,
    private readonly log: Logger,
  ) {}

  /** The id a submit_sm_resp gave the message. */
  fromSubmitResponse(id: string): string {
    return this.canonical(id, 'submit_sm_resp', SUBMIT_RESP_HEX);
  }

  /** The id a receipt names (its text's `id:` or its receipted_message_id TLV). */
  fromReceipt(id: string): string {
    return this.canonical(id, 'receipt', RECEIPT_HEX);
  }

  private canonical(id: string, source: Source, hexBit: number): string {
    if (this.type === undefined) return id;
    const hex = (this.type & hexBit) !== 0;
    const decimal = decimalMessageId(id, hex);
    if (decimal !== undefined) return decimal;
    // Kept as it came: it still matches an id from the other side that came the same way.
    if (!this.warned.has(source)) {
      this.warned.add(source);
      this.log.warn(
        { messageId: id, source, expected: hex ? 'hex' : 'decimal', messageIdType: this.type },
        'an SMPP message id is not a number in the base SMPP_MESSAGE_ID_TYPE declares; kept as it came (logged once)',
      );
    }
    return id;
  }
}
