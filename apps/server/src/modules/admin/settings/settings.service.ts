// Saving the admin settings: an upsert of the one row and its audit entry in one transaction.
import { eq, sql } from 'drizzle-orm';
import type { AdminSettings } from '@kurir/core';
import type { Database } from '../../../db/client';
import { adminSettings } from '../../../db/schema';
import { diffFields, writeAudit } from '../audit/audit';
import { readAdminSettings } from './settings.repo';

export async function saveAdminSettings(db: Database, adminId: string, next: AdminSettings, defaults: { adminSenderName: string }): Promise<AdminSettings> {
  return db.transaction(async (tx) => {
    // Lock the row (or, before the first save, serialise the first inserts on the primary key).
    await tx.select({ id: adminSettings.id }).from(adminSettings).where(eq(adminSettings.id, 1)).for('update');
    const before = await readAdminSettings(tx, defaults);
    await tx
      .insert(adminSettings)
      .values({ id: 1, ...next, updatedBy: adminId })
      .onConflictDoUpdate({ target: adminSettings.id, set: { ...next, updatedBy: adminId, updatedAt: sql`now()` } });
    const diff = diffFields(before, next);
    if (diff) await writeAudit(tx, { adminId, action: 'settings_updated', targetType: 'settings', targetId: null, targetLabel: 'Admin settings', ...diff });
    return next;
  });
}
