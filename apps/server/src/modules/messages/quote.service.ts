// The price of a send before it is made, as the send will charge it: the same recipients (phonebook
// contacts counted here, so no page downloads a phonebook to count it) and the same core
// `priceSend` the send debits with. The web's Send page and the public API's quote both ask this.
import { microsToEuros, priceSend, unicodeCharactersIn, type Channel, type QuoteMessageResponse, type SendPrice } from '@kurir/core';
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

export interface SendQuote {
  invalid: string[];
  duplicatesRemoved: number;
  /** The characters that make the text Unicode (UCS-2). */
  unicodeCharacters: string[];
  /** Micro-euros throughout. */
  price: SendPrice;
}

export async function quoteSend(db: DbOrTx, userId: string, request: QuoteRequest): Promise<SendQuote> {
  const parsed = await resolveRecipients(db, userId, request);
  const price = priceSend({
    channel: request.channel,
    recipients: parsed.recipients.length,
    message: request.message,
    unitPrices: await getMessagePrices(db),
  });
  return { invalid: parsed.invalid, duplicatesRemoved: parsed.duplicates, unicodeCharacters: unicodeCharactersIn(request.message), price };
}

/** The web's quote reply (euros), for a customer with `credit` micro-euros. */
export function toQuoteResponse(quote: SendQuote, credit: number): QuoteMessageResponse {
  const { price } = quote;
  return {
    recipients: price.recipients,
    invalid: quote.invalid,
    duplicatesRemoved: quote.duplicatesRemoved,
    encoding: price.encoding,
    parts: price.parts,
    unitPrice: microsToEuros(price.unitPrice),
    cost: microsToEuros(price.cost),
    reserved: microsToEuros(price.hold),
    credit: microsToEuros(credit),
    remaining: microsToEuros(credit - price.hold),
  };
}
