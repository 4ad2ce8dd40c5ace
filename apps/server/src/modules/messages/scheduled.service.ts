// Scheduled messages: the list of those still waiting, and cancelling one (with its refund in the
// same transaction) while the dispatcher has not taken it.
import { eq } from 'drizzle-orm';
import { SEND_MESSAGES, microsToEuros, type CancelScheduledResponse, type ScheduledMessage } from '@kurir/core';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { findScheduled, lockOwnMessage } from './messages.repo';
import { cancelScheduledMessage } from './lifecycle/settlement';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const SCHEDULED_LIST_LIMIT = 1000;

export async function listScheduled(db: Database, userId: string): Promise<ScheduledMessage[]> {
  const rows = await findScheduled(db, userId, SCHEDULED_LIST_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    batch_id: m.batchId,
    recipient: m.recipient,
    message: m.message,
    channel: m.channel,
    scheduled_for: m.scheduledFor!.toISOString(),
    sender_name: m.senderName,
    created_at: m.createdAt.toISOString(),
    status: 'scheduled' as const,
  }));
}

/**
 * Cancels a scheduled message and refunds it. The row lock taken here and the dispatcher's
 * SKIP LOCKED claim exclude each other: either we cancel first (the dispatcher never sees it), or
 * the dispatcher holds it (its lease is live, or its time has come) and we refuse with 409.
 *
 * An administrator may also cancel an overdue one that no dispatcher has ever taken (an inactive
 * user's, which waits until the user is active again): with the row locked here, none can now.
 */
export async function cancelScheduled(
  db: Database,
  userId: string,
  messageId: string,
  options: {
    /** Runs in the cancelling transaction once the refund is written (the admin delete's audit row). */
    onCancelled?: (tx: Tx, refunded: number) => Promise<void>;
    overdue?: 'never-taken';
  } = {},
): Promise<Pick<CancelScheduledResponse, 'newCredit'> & { refunded: number }> {
  if (!UUID.test(messageId)) throw notFound(SEND_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const row = await lockOwnMessage(tx, userId, messageId);
    if (!row) throw notFound(SEND_MESSAGES.notFound);
    if (row.status === 'deleted') throw conflict(SEND_MESSAGES.alreadyCancelled, 'already_cancelled');
    const overdueNeverTaken = options.overdue === 'never-taken' && row.attempts === 0;
    if (row.status !== 'scheduled' || (row.due && !overdueNeverTaken) || row.leased) {
      throw conflict(SEND_MESSAGES.alreadyProcessing, 'not_cancellable');
    }
    const settled = await cancelScheduledMessage(tx, messageId, { overdue: overdueNeverTaken });
    if (!settled) throw conflict(SEND_MESSAGES.alreadyProcessing, 'not_cancellable');
    await options.onCancelled?.(tx, settled.refunded);
    const refunded = microsToEuros(settled.refunded);
    if (settled.newCredit !== null) return { newCredit: microsToEuros(settled.newCredit), refunded };
    const [user] = await tx.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(404, 'user_not_found', 'User not found');
    return { newCredit: microsToEuros(user.credit), refunded };
  });
}
