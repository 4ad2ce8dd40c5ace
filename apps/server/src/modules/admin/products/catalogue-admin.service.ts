// Admins keep the catalogue. Prices are stored per product and copied onto every purchase
// (user_products.total_price) and message (messages.price) when they happen, so an edit changes
// only what is bought or sent afterwards; the 'SMS Message' and 'Viber Message' products are read
// by getMessagePrices on every quote and send, so their edit prices the very next message.
// Deleting a product that was ever bought retires it instead (status inactive, retired_at set):
// it leaves the catalogue, and its buyers keep it until their period ends. Editing a retired
// product to active brings it back (retired_at cleared), so the stored product is what the edit said.
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  INCLUDED_PRODUCT_NAMES,
  PRODUCT_FORM_MESSAGES,
  eurosToMicros,
  featureOfProductName,
  type ProductInput,
} from '@kurir/core';
import type { Database, Tx } from '../../../db/client';
import { products, userProducts } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { ProductRow } from '../../products/product-dto';
import { diffFields, writeAudit } from '../audit/audit';

/**
 * A form date as stored. The schema checks valid_from's year but not valid_to's, and a date past
 * 9999 is a valid JavaScript date that PostgreSQL cannot parse (a 500 instead of the form's message).
 */
function formDate(text: string): Date {
  const date = new Date(text);
  if (date.getUTCFullYear() > 9999) throw badRequest(PRODUCT_FORM_MESSAGES.dateInvalid, 'date_invalid');
  return date;
}

function toColumns(input: ProductInput) {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    netBuyPrice: eurosToMicros(String(input.net_buy_price)),
    buyTaxRate: input.buy_tax_rate,
    netSellPrice: eurosToMicros(String(input.net_sell_price)),
    sellTaxRate: input.sell_tax_rate,
    validFrom: formDate(input.valid_from),
    validTo: input.never_expires || !input.valid_to ? null : formDate(input.valid_to),
    status: input.status,
    iconType: input.icon_type,
    visibleInDashboard: input.visible_in_dashboard,
  };
}

/** The fields an audit entry shows, in the form's units. */
function auditView(
  p: Pick<ProductRow, 'name' | 'netSellPrice' | 'sellTaxRate' | 'netBuyPrice' | 'buyTaxRate' | 'status' | 'type' | 'validTo' | 'visibleInDashboard' | 'retiredAt'>,
) {
  return {
    name: p.name,
    type: p.type,
    net_sell_price: p.netSellPrice / 1e6,
    sell_tax_rate: p.sellTaxRate,
    net_buy_price: p.netBuyPrice / 1e6,
    buy_tax_rate: p.buyTaxRate,
    status: p.status,
    valid_to: p.validTo?.toISOString() ?? null,
    visible_in_dashboard: p.visibleInDashboard,
    retired: p.retiredAt !== null,
  };
}

/**
 * Names are unique whatever their case, which no index enforces; so writers of one name take turns
 * (a transaction-scoped lock on its lower-cased hash) before looking. Without it, a double-clicked
 * Create inserted the second product after the first's check (a unique-violation 500, or, differing
 * in case, two products of one name).
 */
async function refuseTakenName(tx: Tx, name: string, exceptId?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${name})))`);
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.name}) = lower(${name})`, exceptId ? ne(products.id, exceptId) : undefined));
  if (taken) throw conflict(PRODUCT_FORM_MESSAGES.nameTaken, 'name_taken');
}

export async function createProduct(db: Database, adminId: string, input: ProductInput): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name);
    const [row] = await tx.insert(products).values(toColumns(input)).returning();
    await writeAudit(tx, { adminId, action: 'product_created', targetType: 'product', targetId: row!.id, targetLabel: row!.name, after: auditView(row!) });
    return row!;
  });
}

async function lockProduct(tx: Tx, id: string): Promise<ProductRow> {
  if (!isUuid(id)) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound(PRODUCT_FORM_MESSAGES.notFound);
  return row;
}

const FEATURE_NAME_FIXED =
  'This product was bought, and its name decides what its buyers may use: a new name must unlock the same feature (or create a new product).';

/**
 * Features follow product names (users/features.ts), so renaming a bought 'Phonebook' to 'Contacts'
 * took the feature from every buyer at once, paid periods and all (and a name newly containing
 * 'viber' gave it to them free). Such a rename is refused once anyone has the product.
 */
async function refuseFeatureRename(tx: Tx, current: ProductRow, name: string) {
  if (featureOfProductName(current.name) === featureOfProductName(name)) return;
  if (await wasBought(tx, current.id)) throw badRequest(FEATURE_NAME_FIXED, 'feature_name_fixed');
}

async function wasBought(tx: Tx, productId: string): Promise<boolean> {
  const [bought] = await tx.select({ id: userProducts.id }).from(userProducts).where(eq(userProducts.productId, productId)).limit(1);
  return bought !== undefined;
}

export async function updateProduct(db: Database, adminId: string, id: string, input: ProductInput): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    if (INCLUDED_PRODUCT_NAMES.includes(current.name) && input.name !== current.name) {
      throw badRequest(PRODUCT_FORM_MESSAGES.messageProductFixed, 'message_product_fixed');
    }
    await refuseFeatureRename(tx, current, input.name);
    await refuseTakenName(tx, input.name, id);
    // A retired product is one the admin deleted after it was bought; it is inactive, and the form
    // offers its status like any other's. Saving it active brings it back, on sale again: keeping
    // retired_at would answer 'active' while it stayed off the catalogue.
    const revived = current.retiredAt !== null && input.status === 'active';
    const [row] = await tx
      .update(products)
      .set({ ...toColumns(input), ...(revived ? { retiredAt: null } : {}), updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    const diff = diffFields(auditView(current), auditView(row!));
    if (diff) await writeAudit(tx, { adminId, action: 'product_updated', targetType: 'product', targetId: id, targetLabel: row!.name, ...diff });
    return row!;
  });
}

export async function deleteProduct(db: Database, adminId: string, id: string): Promise<'deleted' | 'retired'> {
  return db.transaction(async (tx) => {
    const current = await lockProduct(tx, id);
    if (INCLUDED_PRODUCT_NAMES.includes(current.name)) throw badRequest(PRODUCT_FORM_MESSAGES.messageProductFixed, 'message_product_fixed');
    if (await wasBought(tx, id)) {
      await tx.update(products).set({ status: 'inactive', retiredAt: sql`now()`, updatedAt: sql`now()` }).where(eq(products.id, id));
      await writeAudit(tx, {
        adminId,
        action: 'product_retired',
        targetType: 'product',
        targetId: id,
        targetLabel: current.name,
        before: { status: current.status, retired: current.retiredAt !== null },
        after: { status: 'inactive', retired: true },
      });
      return 'retired';
    }
    await tx.delete(products).where(eq(products.id, id));
    await writeAudit(tx, { adminId, action: 'product_deleted', targetType: 'product', targetId: id, targetLabel: current.name, before: auditView(current) });
    return 'deleted';
  });
}
