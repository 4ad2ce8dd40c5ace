// The cost of a send as the server will charge it (phonebook recipients included), without
// charging: the web's Send page and the public API's quote both ask this.
import { analyzeMessage, multiplyMicros, reservationPerRecipient, type Channel, type MessageAnalysis, type Micros } from '@kurir/core';
import type { DbOrTx } from '../../db/client';
import { getMessagePrices } from '../products/catalogue';
import { resolveRecipients } from './send.service';

export interface QuoteRequest {
  message: string;
  recipients?: string[];
  recipient?: string;
  phonebookIds?: string[];
  channel: Channel;
}

export interface Quote {
  recipients: number;
  invalid: string[];
  duplicatesRemoved: number;
  analysis: MessageAnalysis;
  /** Micro-euros: the channel's unit price, one message's price, all of them, and what a send debits. */
  unitPrice: Micros;
  perRecipient: Micros;
  cost: Micros;
  reserved: Micros;
}

export async function quoteSend(db: DbOrTx, userId: string, request: QuoteRequest): Promise<Quote> {
  const parsed = await resolveRecipients(db, userId, request);
  const unitPrices = await getMessagePrices(db);
  const analysis = analyzeMessage(request.message);
  const parts = Math.max(analysis.parts, 1);
  const count = parsed.recipients.length;
  const perRecipient = request.channel === 'viber' ? unitPrices.viber : multiplyMicros(unitPrices.sms, parts);
  return {
    recipients: count,
    invalid: parsed.invalid,
    duplicatesRemoved: parsed.duplicates,
    analysis,
    unitPrice: unitPrices[request.channel],
    perRecipient,
    cost: multiplyMicros(perRecipient, count),
    reserved: multiplyMicros(reservationPerRecipient({ channel: request.channel, parts, unitPrices }), count),
  };
}
