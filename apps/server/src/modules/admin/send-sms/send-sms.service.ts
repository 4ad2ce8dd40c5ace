// An administrator's SMS to a user: queued like any message (the dispatcher sends it through the
// configured provider) with the admin sender name from the settings, recorded as the user's
// message with sent_by_admin_id, and free: price and reservation 0, no ledger entry.
import { eq } from 'drizzle-orm';
import { ADMIN_SMS_MESSAGES, ADMIN_USER_MESSAGES, countParts, normalizePhone, type AdminSendSmsBody } from '@kurir/core';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';
import { notifyMessagesQueued } from '../../messages/lifecycle/queue-signal';
import { badRequest, notFound } from '../../../lib/errors';
import { isUuid, timeOrderedUuid } from '../../../lib/ids';
import { insertSendRows } from '../../messages/messages.repo';
import { writeAudit } from '../audit/audit';
import { readAdminSettings } from '../settings/settings.repo';
import { userLabel } from '../users/admin-user-dto';

export async function sendSmsAsAdmin(db: Database, adminId: string, body: AdminSendSmsBody, defaults: { adminSenderName: string }) {
  if (!isUuid(body.userId)) throw notFound(ADMIN_USER_MESSAGES.notFound);
  const { adminSenderName } = await readAdminSettings(db, defaults);
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, body.userId));
    if (!user) throw notFound(ADMIN_USER_MESSAGES.notFound);
    // The dialog's recipient is read-only: it is the user's phone, and nobody else's.
    if (normalizePhone(body.recipient) !== user.phone) throw badRequest(ADMIN_SMS_MESSAGES.recipientNotUser, 'recipient_not_user');
    const [row] = await insertSendRows(tx, {
      userId: user.id,
      batchId: timeOrderedUuid(),
      recipients: [user.phone],
      message: body.message,
      senderName: adminSenderName,
      messageType: 'notification',
      channel: 'sms',
      parts: countParts(body.message),
      reservedPrice: 0,
      smsPrice: 0,
      price: 0,
      scheduledFor: null,
      sentByAdminId: adminId,
    });
    await writeAudit(tx, {
      adminId,
      action: 'sms_sent',
      targetType: 'user',
      targetId: user.id,
      targetLabel: userLabel(user),
      after: { sender: adminSenderName, message: body.message },
    });
    return { id: row!.id, recipient: user.phone };
  });
  notifyMessagesQueued();
  return { ...result, sender: adminSenderName };
}
