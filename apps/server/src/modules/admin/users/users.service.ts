// An admin's changes to a user account, each with its audit row in the same transaction.
// Deactivating signs the user out everywhere at once (their sessions go in that transaction too).
import { eq, sql } from 'drizzle-orm';
import {
  ADMIN_USER_MESSAGES,
  DEFAULT_SENDER_NAME,
  type AdminUserSettings,
  type AdminUserUpdate,
} from '@kurir/core';
import type { Database, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { badRequest, notFound } from '../../../lib/errors';
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

async function lockUserRow(tx: Tx, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound(ADMIN_USER_MESSAGES.notFound);
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
  return row;
}

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
  // An admin locking themselves out leaves nobody to undo it.
  if (userId === adminId && (body.status === 'inactive' || (body.role !== undefined && body.role !== 'admin'))) {
    throw badRequest(ADMIN_USER_MESSAGES.notYourself, 'not_yourself');
  }
  return db.transaction(async (tx) => {
    const row = await lockUserRow(tx, userId);
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
    const row = await lockUserRow(tx, userId);
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
