// The price of a send before it is made, as the send will charge it: the same recipients (phonebook
// contacts counted here, so the page never downloads a phonebook to count it) and the same
// `priceSend` the send debits with.
import { microsToEuros, priceSend, type QuoteMessageBody, type QuoteMessageResponse } from '@kurir/core';
import type { Database } from '../../db/client';
import { currentBalance } from '../billing/ledger';
import { getMessagePrices } from '../products/catalogue';
import { resolveRecipients } from './send.service';

export async function quoteSend(db: Database, user: { id: string }, body: QuoteMessageBody): Promise<QuoteMessageResponse> {
  const credit = await currentBalance(db, user.id);
  const parsed = await resolveRecipients(db, user.id, body);
  const price = priceSend({
    channel: body.channel,
    recipients: parsed.recipients.length,
    message: body.message,
    unitPrices: await getMessagePrices(db),
  });
  return {
    recipients: price.recipients,
    invalid: parsed.invalid,
    duplicatesRemoved: parsed.duplicates,
    encoding: price.encoding,
    parts: price.parts,
    unitPrice: microsToEuros(price.unitPrice),
    cost: microsToEuros(price.cost),
    reserved: microsToEuros(price.hold),
    credit: microsToEuros(credit),
    remaining: microsToEuros(credit - price.hold),
  };
}
