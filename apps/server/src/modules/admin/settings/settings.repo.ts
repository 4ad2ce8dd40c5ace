// The admin settings row (id 1). Until an admin saves them, the defaults are the brand sender name
// (the configured default sender) and SMS.
import { eq } from 'drizzle-orm';
import type { AdminSettings, Channel } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import { adminSettings } from '../../../db/schema';

export async function readAdminSettings(db: DbOrTx, defaults: { adminSenderName: string }): Promise<AdminSettings> {
  const [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, 1));
  return row
    ? { adminSenderName: row.adminSenderName, defaultChannel: row.defaultChannel }
    : { adminSenderName: defaults.adminSenderName, defaultChannel: 'sms' };
}

/** The channel a new account starts with (read inside the sign-up transaction). */
export async function readDefaultChannel(db: DbOrTx): Promise<Channel> {
  const [row] = await db.select({ channel: adminSettings.defaultChannel }).from(adminSettings).where(eq(adminSettings.id, 1));
  return row?.channel ?? 'sms';
}
