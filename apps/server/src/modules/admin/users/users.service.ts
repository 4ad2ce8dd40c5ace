// An admin's changes to a user account, each with its audit row in the same transaction.
// Deactivating signs the user out everywhere at once (their sessions go in that transaction too).
// A change never leaves the installation without an active admin, even when two admins change
// each other at the same moment (lockForChange).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  DEFAULT_SENDER_NAME,
  type AdminUserSettings,
  type AdminUserUpdate,
} from '@kurir/core';
import type { Database, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { deleteUserSessions } from '../../auth/sessions';
import { findApprovedSenderName } from '../../users/features';
import type { UserRow } from '../../users/user-dto';
import { diffFields, writeAudit } from '../audit/audit';
import { userLabel } from './admin-user-dto';

const COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  company_name: 'companyName',
  tax_id: 'taxId',
  address: 'address',
  city: 'city',
  zip_code: 'zipCode',
  country: 'country',
  status: 'status',
  role: 'role',
  sender_name: 'senderName',
  primary_channel: 'primaryChannel',
} as const satisfies Record<keyof AdminUserUpdate | keyof AdminUserSettings, keyof UserRow>;

type Field = keyof typeof COLUMNS;

/**
 * Locks the target's row and the acting admin's, and with `withActiveAdmins` every active admin's,
 * in one statement in id order. Two admins changing each other at once then take turns instead of
 * each holding one row and waiting for the other's (the audit row's key to the admin share-locks
 * the actor's row, so locking only the target deadlocked), and the second sees the first's change:
 * of two admins demoting each other, the second is refused rather than leaving no admin.
 */
async function lockForChange(tx: Tx, adminId: string, userId: string, withActiveAdmins = false) {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.notFound);
  const named = inArray(users.id, [...new Set([adminId, userId])]);
  const rows = await tx
    .select()
    .from(users)
    .where(withActiveAdmins ? or(named, and(eq(users.role, 'admin'), eq(users.status, 'active'))) : named)
    .orderBy(asc(users.id))
    .for('update');
  const row = rows.find((r) => r.id === userId);
  if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
  // The access check ran before these locks; an admin demoted or deactivated since may not act.
  const actor = rows.find((r) => r.id === adminId);
  return { row, actorIsAdmin: isActiveAdmin(actor), activeAdmins: rows.filter(isActiveAdmin) };
}

const isActiveAdmin = (u: Pick<UserRow, 'role' | 'status'> | undefined) => u !== undefined && u.role === 'admin' && u.status === 'active';

/** Writes the given fields, and the audit row naming what changed (before → after). */
async function applyChanges(tx: Tx, adminId: string, row: UserRow, body: Partial<Record<Field, unknown>>, action: 'user_updated' | 'user_settings_updated') {
  const changes: Partial<typeof users.$inferInsert> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [Field, keyof UserRow][]) {
    if (body[field] === undefined) continue;
    Object.assign(changes, { [column]: body[field] });
    before[field] = row[column];
    after[field] = body[field];
  }
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  const diff = diffFields(before, after);
  if (diff) await writeAudit(tx, { adminId, action, targetType: 'user', targetId: row.id, targetLabel: userLabel(row), ...diff });
  return updated!;
}

export async function updateUserAsAdmin(db: Database, adminId: string, userId: string, body: AdminUserUpdate): Promise<UserRow> {
  const takesAdminAway = body.status === 'inactive' || (body.role !== undefined && body.role !== 'admin');
  // An admin locking themselves out leaves nobody to undo it.
  if (userId === adminId && takesAdminAway) throw badRequest(ADMIN_USER_MESSAGES.notYourself, 'not_yourself');
  return db.transaction(async (tx) => {
    const { row, actorIsAdmin, activeAdmins } = await lockForChange(tx, adminId, userId, takesAdminAway);
    if (takesAdminAway && isActiveAdmin(row) && !activeAdmins.some((a) => a.id !== row.id)) {
      throw conflict(ADMIN_USER_MESSAGES.lastAdmin, 'last_admin');
    }
    if (!actorIsAdmin) throw forbidden();
    const updated = await applyChanges(tx, adminId, row, body, 'user_updated');
    if (updated.status === 'inactive') await deleteUserSessions(tx, userId);
    return updated;
  });
}

/**
 * The sender name follows the customer's own rule: the brand default or the user's approved custom
 * sender name (an operator cannot hand out a name no network approved). The default is stored as
 * null, so the user follows the brand default if it changes.
 */
export async function updateUserSettingsAsAdmin(db: Database, adminId: string, userId: string, body: AdminUserSettings): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const { row, actorIsAdmin } = await lockForChange(tx, adminId, userId);
    if (!actorIsAdmin) throw forbidden();
    const changes: Partial<Record<Field, unknown>> = { primary_channel: body.primary_channel };
    if (body.sender_name !== undefined) {
      const approved = await findApprovedSenderName(tx, userId);
      if (body.sender_name === DEFAULT_SENDER_NAME) changes.sender_name = null;
      else if (approved && body.sender_name.toUpperCase() === approved) changes.sender_name = approved;
      else throw badRequest(ADMIN_USER_MESSAGES.senderNotAllowed, 'sender_not_allowed');
    }
    return applyChanges(tx, adminId, row, changes, 'user_settings_updated');
  });
}
