// An admin's changes to a user account. Deactivating signs the user out everywhere at once: their
// sessions are deleted in the same transaction as the status change.
import { eq, sql } from 'drizzle-orm';
import { ADMIN_USER_MESSAGES, type AdminUserUpdate } from '@kurir/core';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { deleteUserSessions } from '../auth/sessions';
import type { UserRow } from '../users/user-dto';

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
} as const satisfies Record<keyof AdminUserUpdate, keyof UserRow>;

export async function updateUserAsAdmin(db: Database, adminId: string, userId: string, body: AdminUserUpdate): Promise<UserRow> {
  // An admin locking themselves out leaves nobody to undo it.
  if (userId === adminId && (body.status === 'inactive' || (body.role !== undefined && body.role !== 'admin'))) {
    throw badRequest(ADMIN_USER_MESSAGES.notYourself, 'not_yourself');
  }
  const changes: Partial<typeof users.$inferInsert> = {};
  for (const [field, column] of Object.entries(COLUMNS) as [keyof AdminUserUpdate, keyof UserRow][]) {
    if (body[field] !== undefined) Object.assign(changes, { [column]: body[field] });
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (updated.status === 'inactive') await deleteUserSessions(tx, userId);
    return updated;
  });
}
