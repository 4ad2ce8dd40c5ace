// Delivery receipts over SMPP: reading a deliver_sm or data_sm (the SMPP 3.4 Appendix B text and
// the receipted_message_id / message_state TLVs, which win when both are present), and folding the
// receipts of a long message's parts into one receipt for the message.
//
// A long message is reported under its FIRST part's id (what submit returns). It is delivered
// when every part is; it failed (or expired) as soon as any part did. Once every part was accepted
// the message is in the database (part-store.ts), and its stored states decide it: the SMSC may
// send the parts' receipts over the binds of several processes, or some before a restart and the
// rest after. The assembler here keeps a long message this process sent in memory, for the
// receipts that come before every part was accepted and stored, and when there is no part store.
import type { DeliveryReceipt } from '../types';
import { DATA_CODING_UCS2, type Delivery } from './smpp-pdu';

export interface PartReceipt {
  messageId: string;
  /** null for a state that is not final (ENROUTE, ACCEPTD): nothing to report yet. */
  status: DeliveryReceipt['status'] | null;
  reason?: string;
  errorCode?: string;
}

const ESM_MESSAGE_TYPE_MASK = 0x3c;
const ESM_DELIVERY_RECEIPT = 0x04;

type Final = { status: DeliveryReceipt['status'] | null; reason?: string };

const STATES: Record<string, Final> = {
  ENROUTE: { status: null },
  ACCEPTD: { status: null },
  SCHEDULED: { status: null },
  DELIVRD: { status: 'delivered' },
  EXPIRED: { status: 'expired', reason: 'The phone could not be reached before the message expired' },
  DELETED: { status: 'failed', reason: 'The operator deleted the message before delivery' },
  UNDELIV: { status: 'failed', reason: 'The message could not be delivered to the phone' },
  UNKNOWN: { status: 'failed', reason: 'The operator reported an unknown delivery state' },
  REJECTD: { status: 'failed', reason: 'The operator rejected the message' },
  SKIPPED: { status: 'failed', reason: 'The operator skipped the message' },
};

/** message_state TLV values (SMPP 3.4 §5.2.28) as receipt stat words. */
const STATE_NAMES = ['SCHEDULED', 'ENROUTE', 'DELIVRD', 'EXPIRED', 'DELETED', 'UNDELIV', 'ACCEPTD', 'UNKNOWN', 'REJECTD', 'SKIPPED'];

/**
 * The receipt text as the SMSC sent it: short_message, or message_payload when the SMSC put the
 * text there. The Appendix B text is ASCII, so in the GSM and Latin codings its bytes are read as
 * they are (a GSM 03.38 reading would turn "_" into "§"); UCS-2 is UTF-16 big-endian.
 */
function receiptText(pdu: Delivery): string {
  const bytes = pdu.shortMessage.length > 0 ? pdu.shortMessage : (pdu.messagePayload ?? pdu.shortMessage);
  if ((pdu.dataCoding & 0x0f) === DATA_CODING_UCS2 && bytes.length % 2 === 0) return Buffer.from(bytes).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** The receipt text's fields we read, as `name:value` words. */
const FIELDS = { id: /(?:^|\s)id:(\S+)/i, stat: /(?:^|\s)stat:(\S+)/i, err: /(?:^|\s)err:(\S+)/i };

function field(text: string, name: keyof typeof FIELDS): string | undefined {
  return FIELDS[name].exec(text)?.[1];
}

/** Reads a deliver_sm or data_sm; null when it is not a delivery receipt (a mobile-originated message). */
export function parseReceipt(pdu: Delivery): PartReceipt | null {
  const flagged = (pdu.esmClass & ESM_MESSAGE_TYPE_MASK) === ESM_DELIVERY_RECEIPT;
  if (!flagged && pdu.receiptedMessageId === undefined) return null;
  const text = receiptText(pdu);
  const messageId = pdu.receiptedMessageId || field(text, 'id');
  const stateName =
    pdu.messageState !== undefined ? STATE_NAMES[pdu.messageState] : field(text, 'stat')?.toUpperCase();
  if (!messageId || !stateName) return null;
  const state = STATES[stateName] ?? STATES.UNKNOWN!;
  const err = field(text, 'err');
  const networkError = pdu.networkErrorCode;
  const errorCode =
    err && !/^0+$/.test(err)
      ? err
      : Buffer.isBuffer(networkError) && networkError.length === 3
        ? `${networkError[0]}:${networkError.readUInt16BE(1)}`
        : undefined;
  return {
    messageId,
    status: state.status,
    reason: state.reason,
    errorCode: state.status === 'delivered' ? undefined : (errorCode ?? stateName),
  };
}

interface Group {
  ids: Array<string | undefined>;
  states: Array<PartReceipt | undefined>;
  createdAt: number;
  /** When the message was reported (and the report recorded): kept a while longer, then forgotten. */
  reportedAt?: number;
  /**
   * Set by the provider when every part was accepted and it writes the message to the part store;
   * settles once that write is done (or failed). From then on the stored states decide it.
   */
  stored?: Promise<void>;
}

export type MessageReceipt = Omit<DeliveryReceipt, 'at'>;

/** A long message's outcome from its parts' receipts: failed once any part failed, delivered once all were. */
export function foldParts(firstPartId: string, states: Array<PartReceipt | undefined>): MessageReceipt | null {
  const failed = states.find((s) => s !== undefined && s.status !== 'delivered');
  const done = failed ?? (states.length > 0 && [...states].every((s) => s?.status === 'delivered') ? states[0] : undefined);
  if (!done || !done.status) return null;
  return { providerMessageId: firstPartId, status: done.status, reason: done.reason, errorCode: done.errorCode };
}

/**
 * Keeps the parts of the long messages this process sent together in memory. It decides nothing
 * about reporting: an outcome it folds may be reported more than once (the engine settles a
 * message once), and only a recorded report is noted (`reported`).
 */
export class PartAssembler {
  private readonly parts = new Map<string, { group: Group; index: number }>();

  /** Starts a long message of `total` parts. */
  open(total: number): Group {
    return { ids: new Array(total).fill(undefined), states: new Array(total).fill(undefined), createdAt: Date.now() };
  }

  /** Records that part `index` was accepted under `id`; returns the outcome if its receipts already decided it. */
  accepted(group: Group, index: number, id: string): MessageReceipt | null {
    group.ids[index] = id;
    this.parts.set(id, { group, index });
    return this.outcome(group);
  }

  /** Forgets a message that will not be reported (its submit failed for good). */
  abandon(group: Group): void {
    for (const id of group.ids) if (id) this.parts.delete(id);
  }

  /** Keeps a part's final state (the first one it reported); the part's group, if this process knows it. */
  receive(part: PartReceipt): Group | undefined {
    const entry = this.parts.get(part.messageId);
    if (!entry) return undefined;
    if (part.status) entry.group.states[entry.index] ??= part;
    return entry.group;
  }

  /** The outcome a group's parts decide in memory, or null while it is open (or its first part's id is not known yet). */
  outcome(group: Group): MessageReceipt | null {
    const first = group.ids[0];
    return first === undefined ? null : foldParts(first, group.states);
  }

  /** Notes that the message of this (first) part id was reported and the report recorded. */
  reported(providerMessageId: string): void {
    const entry = this.parts.get(providerMessageId);
    if (entry) entry.group.reportedAt ??= Date.now();
  }

  /** Whether this id is a part of a long message this process sent (and still remembers). */
  knows(partId: string): boolean {
    return this.parts.has(partId);
  }

  /** Drops groups reported a while ago and groups whose receipts never came. */
  sweep(now: number, keepReportedMs: number, keepOpenMs: number): void {
    for (const [id, { group }] of this.parts) {
      const expired =
        group.reportedAt !== undefined ? now - group.reportedAt > keepReportedMs : now - group.createdAt > keepOpenMs;
      if (expired) this.parts.delete(id);
    }
  }

  get size(): number {
    return this.parts.size;
  }
}
