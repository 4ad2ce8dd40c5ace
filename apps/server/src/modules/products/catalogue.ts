// The catalogue every installation starts with, and the per-message prices read from it.
// Net prices are chosen so that with 22 % tax the customer sees round euro amounts (and the spec's
// 0.07991 € per SMS and 0.03 € per Viber message).
import { inArray } from 'drizzle-orm';
import {
  FALLBACK_UNIT_PRICE_MICROS,
  SMS_MESSAGE_PRODUCT,
  VIBER_MESSAGE_PRODUCT,
  CUSTOM_SENDER_PRODUCT,
  productPrice,
  type Channel,
  type Micros,
} from '@kurir/core';
import { cachedRead } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

type NewProduct = typeof products.$inferInsert;

export const DEFAULT_CATALOGUE: readonly NewProduct[] = [
  {
    name: SMS_MESSAGE_PRODUCT,
    description: 'Send SMS messages to any mobile number. Included with every account: you pay per message part from your balance.',
    type: 'per_unit',
    iconType: 'sms',
    netSellPrice: 65_500, // 0.07991 € with tax
  },
  {
    name: VIBER_MESSAGE_PRODUCT,
    description: 'The price of one Viber message, whatever its length. Needs the Viber service.',
    type: 'per_unit',
    iconType: 'viber',
    netSellPrice: 24_590, // 0.03 € with tax
  },
  {
    name: 'Viber',
    description: 'Send messages through Viber, with automatic SMS fallback for recipients not on Viber.',
    type: 'monthly',
    iconType: 'viber',
    netSellPrice: 4_090_164, // 4.99 € with tax
  },
  {
    name: 'Schedule Send',
    description: 'Schedule messages to be sent at a later date and time.',
    type: 'monthly',
    iconType: 'premium',
    netSellPrice: 2_450_820, // 2.99 €
  },
  {
    name: 'Phonebook',
    description: 'Keep contacts in phonebooks, import them in bulk and send to a whole phonebook at once.',
    type: 'monthly',
    iconType: 'phonebook',
    netSellPrice: 2_040_984, // 2.49 €
  },
  {
    name: CUSTOM_SENDER_PRODUCT,
    description: 'Send under your own brand name (up to 11 letters and numbers). Needs approval, typically within 24-48 hours.',
    type: 'one_time',
    iconType: 'sender',
    netSellPrice: 16_385_246, // 19.99 €
  },
  {
    name: 'API access',
    description: 'Send messages from your own software through the REST API with API keys.',
    type: 'monthly',
    iconType: 'api',
    netSellPrice: 8_114_754, // 9.90 €
  },
];

/**
 * Adds the default products that are missing, by name; never changes one that exists (an admin may
 * have edited it). Safe to run on every start and from several instances at once.
 */
export async function ensureCatalogue(db: DbOrTx): Promise<void> {
  await db.insert(products).values([...DEFAULT_CATALOGUE]).onConflictDoNothing({ target: products.name });
}

/**
 * What one message costs, tax included, from the catalogue's 'SMS Message' (per part) and
 * 'Viber Message' products as an admin last priced them; the spec's fallback prices if missing.
 */
export async function getMessagePrices(db: DbOrTx): Promise<Record<Channel, Micros>> {
  return cachedRead(db, 'message-prices', PRICES_CACHE_MS, () => loadMessagePrices(db));
}

/** How long an instance may price from memory (a price edit is announced; see change-feed.ts). */
const PRICES_CACHE_MS = 5_000;

async function loadMessagePrices(db: DbOrTx): Promise<Record<Channel, Micros>> {
  const rows = await db
    .select({ name: products.name, net: products.netSellPrice, rate: products.sellTaxRate })
    .from(products)
    .where(inArray(products.name, [SMS_MESSAGE_PRODUCT, VIBER_MESSAGE_PRODUCT]));
  const priced = (name: string, fallback: Micros) => {
    const row = rows.find((r) => r.name === name);
    return row ? productPrice({ netMicros: row.net, taxRatePercent: row.rate, type: 'per_unit', quantity: 1 }) : fallback;
  };
  return {
    sms: priced(SMS_MESSAGE_PRODUCT, FALLBACK_UNIT_PRICE_MICROS.sms),
    viber: priced(VIBER_MESSAGE_PRODUCT, FALLBACK_UNIT_PRICE_MICROS.viber),
  };
}
