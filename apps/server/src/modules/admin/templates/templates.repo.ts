// SMS template queries. Shared templates have no owner; a customer's own carry their id, and every
// query of those takes it, so one customer never reads or changes another's.
import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { smsTemplates } from '../../../db/schema';

export type TemplateRow = typeof smsTemplates.$inferSelect;

const shared = isNull(smsTemplates.ownerUserId);
const userType = and(shared, eq(smsTemplates.isAdminTemplate, false));
export const ownedBy = (userId: string) => eq(smsTemplates.ownerUserId, userId);

async function listWhere(db: DbOrTx, where: SQL | undefined) {
  return db.select().from(smsTemplates).where(where).orderBy(desc(smsTemplates.isAdminTemplate), asc(smsTemplates.category), asc(smsTemplates.name), asc(smsTemplates.id));
}

/** Admins: every shared template (Admin and User type). */
export const listSharedTemplates = (db: DbOrTx) => listWhere(db, shared);
/** Customers at GET /api/sms/templates: the User-type shared ones. */
export const listUserTypeTemplates = (db: DbOrTx) => listWhere(db, userType);
/** Customers at GET /api/templates: their own, then the User-type shared ones. */
export const listTemplatesForCustomer = (db: DbOrTx, userId: string) => listWhere(db, or(ownedBy(userId), userType));

export async function findTemplate(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await db.select().from(smsTemplates).where(and(eq(smsTemplates.id, id), scope)).for('update');
  return row ?? null;
}

export const sharedScope = shared;
