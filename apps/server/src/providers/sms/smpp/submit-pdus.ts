// Turns one outbound message into the submit_sm PDUs an SMSC expects: addresses with their
// TON/NPI, the text split exactly as core bills it (GSM 03.38 or UCS-2), and for a long message one
// PDU per part with a concatenation header so the phone shows one message.
import { analyzeMessage, gsmSeptets, splitIntoParts, type SmsEncoding } from '@kurir/core';
import { ProviderError, type OutboundMessage } from '../types';
import { DATA_CODING_UCS2, type SubmitSm } from './smpp-pdu';

export interface Address {
  ton: number;
  npi: number;
  addr: string;
}

export interface SubmitOptions {
  /** Overrides the detected source TON / NPI, for SMSCs with their own rules. */
  sourceTon?: number;
  sourceNpi?: number;
  /**
   * data_coding written for GSM-alphabet text. The bytes are GSM 03.38, one septet per octet (the
   * SMSC packs them); 1 is for SMSCs that label that alphabet 1, as smpp 0.5.1 itself does.
   */
  gsmDataCoding: 0 | 1;
}

const TON_INTERNATIONAL = 1;
const TON_NETWORK_SPECIFIC = 3;
const TON_ALPHANUMERIC = 5;
const NPI_UNKNOWN = 0;
const NPI_ISDN = 1;
const ESM_CLASS_UDHI = 0x40;
/** The longest number that is a short code rather than a subscriber number. */
const SHORT_CODE_MAX_DIGITS = 8;

/**
 * Alphanumeric sender → TON 5 / NPI 0; "+" or a long number → international TON 1 / NPI 1
 * without the "+"; a short numeric code → network-specific TON 3 / NPI 0.
 */
export function sourceAddress(from: string, options: Pick<SubmitOptions, 'sourceTon' | 'sourceNpi'>): Address {
  const trimmed = from.trim();
  let address: Address;
  if (/^\+?\d+$/.test(trimmed)) {
    const digits = trimmed.replace('+', '');
    const international = trimmed.startsWith('+') || digits.length > SHORT_CODE_MAX_DIGITS;
    address = international
      ? { ton: TON_INTERNATIONAL, npi: NPI_ISDN, addr: digits }
      : { ton: TON_NETWORK_SPECIFIC, npi: NPI_UNKNOWN, addr: digits };
  } else if (/^[\x20-\x7e]{1,11}$/.test(trimmed)) {
    address = { ton: TON_ALPHANUMERIC, npi: NPI_UNKNOWN, addr: trimmed };
  } else {
    throw new ProviderError('The sender name must be 1 to 11 Latin letters, digits or spaces', true, 'invalid_sender');
  }
  return { ...address, ton: options.sourceTon ?? address.ton, npi: options.sourceNpi ?? address.npi };
}

export function destinationAddress(to: string): Address {
  const digits = to.replace(/^\+/, '');
  if (!/^\d{6,15}$/.test(digits)) {
    throw new ProviderError('The recipient number is not valid', true, 'invalid_recipient');
  }
  return { ton: TON_INTERNATIONAL, npi: NPI_ISDN, addr: digits };
}

/** SMPP relative time "YYMMDDhhmmss000R" (years and months left at zero). */
export function relativeValidity(seconds: number): string {
  const total = Math.max(60, Math.min(Math.floor(seconds), 99 * 86_400));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `0000${two(days)}${two(hours)}${two(minutes)}${two(secs)}000R`;
}

/** The 6-byte UDH of one part: IEI 0x00 (concatenation, 8-bit reference), length 3, ref, total, index. */
export function concatenationHeader(reference: number, total: number, index: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, index + 1]);
}

/**
 * The submit_sm fields of every part, in order. `reference` ties the parts of one message
 * together at the handset and must stay the same when a part is resent.
 */
export function submitPdusFor(
  message: OutboundMessage,
  options: SubmitOptions,
  reference: number,
): SubmitSm[] {
  const parts = splitIntoParts(message.text);
  if (parts.length === 0) throw new ProviderError('The message is empty', true, 'empty_message');
  if (parts.length > 255) throw new ProviderError('The message is too long', true, 'message_too_long');
  const { encoding } = analyzeMessage(message.text);
  const source = sourceAddress(message.from, options);
  const destination = destinationAddress(message.to);
  const multipart = parts.length > 1;
  return parts.map((text, index) => ({
    sourceAddrTon: source.ton,
    sourceAddrNpi: source.npi,
    sourceAddr: source.addr,
    destAddrTon: destination.ton,
    destAddrNpi: destination.npi,
    destinationAddr: destination.addr,
    esmClass: multipart ? ESM_CLASS_UDHI : 0,
    // A final receipt for every part, delivered or not.
    registeredDelivery: 1,
    dataCoding: encoding === 'gsm' ? options.gsmDataCoding : DATA_CODING_UCS2,
    ...(message.validitySeconds ? { validityPeriod: relativeValidity(message.validitySeconds) } : {}),
    shortMessage: multipart ? Buffer.concat([concatenationHeader(reference, parts.length, index), encodeText(text, encoding)]) : encodeText(text, encoding),
  }));
}

/**
 * The bytes of a part's text: GSM 03.38 one septet per octet, or UCS-2 (UTF-16 big-endian), as
 * short_message carries them.
 */
export function encodeText(text: string, encoding: SmsEncoding): Buffer {
  if (encoding === 'gsm') return Buffer.from(gsmSeptets(text));
  return Buffer.from(text, 'utf16le').swap16();
}
