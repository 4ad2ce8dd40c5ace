// What an SMPP command_status means for the message: retry later (temporary) or give up and
// refund (permanent). The dispatcher retries temporary errors with backoff, so anything we cannot
// name is treated as temporary: a few wasted retries cost less than failing a good message.
import smpp from 'smpp';
import { ProviderError } from '../types';

export const ESME_ROK = 0x00;
export const ESME_RINVCMDID = 0x03;
/** "Temporary application error": the SMSC keeps the deliver_sm and sends it again later. */
export const ESME_RX_T_APPN = 0x64;

const NAMES = new Map<number, string>(Object.entries(smpp.errors).map(([name, value]) => [value, name]));

export function statusName(status: number): string {
  return NAMES.get(status) ?? `0x${status.toString(16).padStart(8, '0')}`;
}

/** Statuses that mean the SMSC is busy or briefly broken: the same submit may succeed later. */
const TEMPORARY = new Set([
  0x0004, // ESME_RINVBNDSTS: not bound (yet); the link is rebinding
  0x0008, // ESME_RSYSERR
  0x0014, // ESME_RMSGQFUL
  0x0045, // ESME_RSUBMITFAIL
  0x0058, // ESME_RTHROTTLED
  0x0064, // ESME_RX_T_APPN
  0x00fe, // ESME_RDELIVERYFAILURE
  0x00ff, // ESME_RUNKNOWNERR
]);

/** Statuses that say the SMSC takes no message just now, whichever it is: retried without using up an attempt. */
const UNAVAILABLE = new Set([
  0x0004, // ESME_RINVBNDSTS
  0x0014, // ESME_RMSGQFUL
  0x0058, // ESME_RTHROTTLED
]);

/** Statuses about the message itself (address, content, options): resending it cannot help. */
const PERMANENT: Record<number, string> = {
  0x0001: 'The message is too long for the SMS centre',
  0x000a: 'The SMS centre refused the sender name or number',
  0x000b: 'The recipient number is not valid',
  0x0043: 'The SMS centre refused the message options',
  0x0048: 'The SMS centre refused the sender name or number',
  0x0049: 'The SMS centre refused the sender name or number',
  0x0050: 'The recipient number is not valid',
  0x0051: 'The recipient number is not valid',
  0x0061: 'The SMS centre refused the delivery time',
  0x0062: 'The SMS centre refused the validity period',
  0x0065: 'The SMS centre refused the message',
  0x0066: 'The SMS centre refused the message',
  0x00c0: 'The SMS centre refused the message options',
  0x00c1: 'The SMS centre refused the message options',
  0x00c2: 'The SMS centre refused the message options',
  0x00c3: 'The SMS centre refused the message options',
  0x00c4: 'The SMS centre refused the message options',
  0x0100: 'Sending to this destination is not allowed on this account',
  0x0101: 'Sending to this destination is not allowed on this account',
  0x0102: 'Sending to this destination is not allowed on this account',
  0x0103: 'Sending to this destination is not allowed on this account',
  0x0104: 'The SMS centre does not accept this text encoding',
};

/** The error a failed submit_sm_resp (or generic_nack) becomes. */
export function submitError(status: number): ProviderError {
  const name = statusName(status);
  const permanentReason = PERMANENT[status];
  if (permanentReason && !TEMPORARY.has(status)) return new ProviderError(permanentReason, true, name);
  return new ProviderError(`The SMS centre is busy or unavailable (${name})`, false, name, { unavailable: UNAVAILABLE.has(status) });
}
