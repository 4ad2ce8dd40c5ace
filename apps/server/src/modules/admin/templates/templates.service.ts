// Template writes. Shared templates are the admins' (each change audited in its transaction); a
// customer's own are only theirs (a template of someone else is a 404).
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_TEMPLATES_MAX, TEMPLATE_MESSAGES, type AdminTemplateBody, type CustomerTemplateBody, type Template } from '@kurir/core';
import type { Database, Tx } from '../../../db/client';
import { smsTemplates } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { diffFields, writeAudit } from '../audit/audit';
import { findTemplate, ownedBy, sharedScope, type TemplateRow } from './templates.repo';
import { lockUserRow } from '../../users/lock-user';

type AdminTemplate = Required<AdminTemplateBody>;

export function toTemplateDto(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    category: row.category,
    is_admin_template: row.isAdminTemplate,
    own: row.ownerUserId !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const view = (t: Pick<TemplateRow, 'name' | 'content' | 'category' | 'isAdminTemplate'>) => ({
  name: t.name,
  content: t.content,
  category: t.category,
  is_admin_template: t.isAdminTemplate,
});

async function existing(tx: Tx, id: string, scope: SQL | undefined): Promise<TemplateRow> {
  const row = isUuid(id) ? await findTemplate(tx, id, scope) : null;
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  return row;
}

export async function createSharedTemplate(db: Database, adminId: string, body: AdminTemplate) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(smsTemplates).values({ name: body.name, content: body.content, category: body.category, isAdminTemplate: body.is_admin_template }).returning();
    await writeAudit(tx, { adminId, action: 'template_created', targetType: 'template', targetId: row!.id, targetLabel: row!.name, after: view(row!) });
    return row!;
  });
}

/** An edit without is_admin_template keeps the template's type. */
export async function updateSharedTemplate(db: Database, adminId: string, id: string, body: AdminTemplateBody) {
  return db.transaction(async (tx) => {
    const current = await existing(tx, id, sharedScope);
    const isAdminTemplate = body.is_admin_template ?? current.isAdminTemplate;
    const [row] = await tx
      .update(smsTemplates)
      .set({ name: body.name, content: body.content, category: body.category, isAdminTemplate, updatedAt: sql`now()` })
      .where(eq(smsTemplates.id, id))
      .returning();
    const diff = diffFields(view(current), view(row!));
    if (diff) await writeAudit(tx, { adminId, action: 'template_updated', targetType: 'template', targetId: id, targetLabel: row!.name, ...diff });
    return row!;
  });
}

export async function deleteSharedTemplate(db: Database, adminId: string, id: string) {
  await db.transaction(async (tx) => {
    const current = await existing(tx, id, sharedScope);
    await tx.delete(smsTemplates).where(eq(smsTemplates.id, id));
    await writeAudit(tx, { adminId, action: 'template_deleted', targetType: 'template', targetId: id, targetLabel: current.name, before: view(current) });
  });
}

export async function createOwnTemplate(db: Database, userId: string, body: CustomerTemplateBody) {
  return db.transaction(async (tx) => {
    // The user's row lock serialises their creates, so the cap holds under concurrency.
    await lockUserRow(tx, userId);
    const [owned] = await tx.select({ n: count() }).from(smsTemplates).where(ownedBy(userId));
    if ((owned?.n ?? 0) >= CUSTOMER_TEMPLATES_MAX) throw conflict(TEMPLATE_MESSAGES.tooMany, 'too_many_templates');
    const [row] = await tx.insert(smsTemplates).values({ ownerUserId: userId, name: body.name, content: body.content, category: body.category }).returning();
    return row!;
  });
}

export async function updateOwnTemplate(db: Database, userId: string, id: string, body: CustomerTemplateBody) {
  return db.transaction(async (tx) => {
    await existing(tx, id, ownedBy(userId));
    const [row] = await tx.update(smsTemplates).set({ name: body.name, content: body.content, category: body.category, updatedAt: sql`now()` }).where(eq(smsTemplates.id, id)).returning();
    return row!;
  });
}

export async function deleteOwnTemplate(db: Database, userId: string, id: string) {
  await db.transaction(async (tx) => {
    await existing(tx, id, ownedBy(userId));
    await tx.delete(smsTemplates).where(eq(smsTemplates.id, id));
  });
}
