// A customer editing their own profile (spec §7 fields only). The sender name cannot be set to
// anything a network has not approved: only the default sender name or the user's approved custom
// sender name (or left as it is). Choosing Viber as primary channel needs the Viber service.
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_SENDER_NAME, PROFILE_MESSAGES, type ProfileUpdate } from '@kurir/core';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { findApprovedSenderName, requireFeature } from '../users/features';
import type { UserRow } from '../users/user-dto';

export async function updateProfile(db: Database, user: UserRow, body: ProfileUpdate): Promise<UserRow> {
  const values: Partial<typeof users.$inferInsert> = {};
  if (body.first_name !== undefined) values.firstName = body.first_name;
  if (body.last_name !== undefined) values.lastName = body.last_name;
  if (body.email !== undefined) values.email = body.email;
  if (body.company_name !== undefined) values.companyName = body.company_name;
  if (body.address !== undefined) values.address = body.address;
  if (body.city !== undefined) values.city = body.city;
  if (body.zip_code !== undefined) values.zipCode = body.zip_code;
  if (body.country !== undefined) values.country = body.country;
  if (body.tax_id !== undefined) values.taxId = body.tax_id;

  const currentSender = user.senderName ?? DEFAULT_SENDER_NAME;
  if (body.sender_name !== undefined && body.sender_name !== currentSender) {
    if (body.sender_name === DEFAULT_SENDER_NAME) {
      values.senderName = null; // null follows the default
    } else if (body.sender_name === (await findApprovedSenderName(db, user.id))) {
      values.senderName = body.sender_name;
    } else {
      throw badRequest(PROFILE_MESSAGES.senderNotAllowed, 'sender_not_allowed');
    }
  }

  if (body.primary_channel !== undefined && body.primary_channel !== user.primaryChannel) {
    // Only a change to Viber is checked: a profile saved with Viber kept (service since expired)
    // still saves, and sending falls back to SMS without the service anyway.
    if (body.primary_channel === 'viber') await requireFeature(db, user.id, 'viber');
    values.primaryChannel = body.primary_channel;
  }

  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}
