// Which add-ons a user may use right now, computed on the server from their products: a product
// counts while its status is active, it is in force, it has started and has not expired. Both the
// API's gates and the web (through the user object) use this one answer.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { FEATURE_REQUIRED_MESSAGES, featureOfProductName, type FeatureKey, type Features } from '@kurir/core';
import { cachedRead } from '../../db/change-feed';
import type { DbOrTx } from '../../db/client';
import { products, userProducts } from '../../db/schema';
import { AppError } from '../../lib/errors';

export const NO_FEATURES: Features = { viber: false, schedule: false, phonebook: false, customSender: false, api: false };

export type FeatureLoader = (db: DbOrTx, userId: string) => Promise<Features>;

/** How long an instance may answer a user's products from memory (changes are announced; see change-feed.ts). */
const PRODUCTS_CACHE_MS = 5_000;

/** The user's products that are in force at this moment. */
export async function findActiveProducts(db: DbOrTx, userId: string) {
  const rows = await cachedRead(db, `products:${userId}`, PRODUCTS_CACHE_MS, () => findActiveOrComingProducts(db, userId));
  // Start and expiry are checked here on every call, so a cached list never outlives a product's term.
  const now = Date.now();
  return rows
    .filter((p) => p.startsAt.getTime() <= now && (p.expiresAt === null || p.expiresAt.getTime() > now))
    .map(({ name, customSenderName, expiresAt }) => ({ name, customSenderName, expiresAt }));
}

/** Active products that have not expired, including those that start later. */
function findActiveOrComingProducts(db: DbOrTx, userId: string) {
  return db
    .select({
      name: products.name,
      customSenderName: userProducts.customSenderName,
      startsAt: userProducts.startsAt,
      expiresAt: userProducts.expiresAt,
    })
    .from(userProducts)
    .innerJoin(products, eq(products.id, userProducts.productId))
    .where(
      and(
        eq(userProducts.userId, userId),
        eq(userProducts.status, 'active'),
        eq(userProducts.active, true),
        or(isNull(userProducts.expiresAt), gt(userProducts.expiresAt, sql`now()`)),
      ),
    );
}

export const loadFeatures: FeatureLoader = async (db, userId) => {
  const features = { ...NO_FEATURES };
  for (const p of await findActiveProducts(db, userId)) {
    const key = featureOfProductName(p.name);
    if (key) features[key] = true;
  }
  return features;
};

/** Throws 403 with the spec-style explanation unless the user has the feature now. */
export async function requireFeature(db: DbOrTx, userId: string, feature: FeatureKey): Promise<void> {
  const features = await loadFeatures(db, userId);
  if (!features[feature]) throw new AppError(403, 'feature_required', FEATURE_REQUIRED_MESSAGES[feature]);
}

/** The approved custom sender name, if the user has one in force. */
export async function findApprovedSenderName(db: DbOrTx, userId: string): Promise<string | null> {
  const active = await findActiveProducts(db, userId);
  const sender = active.find((p) => featureOfProductName(p.name) === 'customSender' && p.customSenderName);
  return sender?.customSenderName ?? null;
}
