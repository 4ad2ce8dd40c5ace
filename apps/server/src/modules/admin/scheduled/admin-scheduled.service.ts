// The admin Scheduled page: every message that was ever scheduled, with a search, and deleting one
// that still waits. Deleting reuses the customer's cancel (modules/messages/scheduled.service.ts):
// the same row lock, the same refund through settlement (once, whatever runs at the same time),
// with the audit row written in that transaction.
import { desc, eq, isNotNull, or, and, sql, type SQL } from 'drizzle-orm';
import {
  SEND_MESSAGES,
  formatEuros,
  type AdminScheduledMessage,
  type AdminScheduledQuery,
  type AdminScheduledStatus,
} from '@kurir/core';
import type { Database, DbOrTx } from '../../../db/client';
import { messages, users } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { likeContains } from '../../../lib/like-pattern';
import { cancelScheduled } from '../../messages/scheduled.service';
import { writeAudit } from '../audit/audit';
import { messageTextMatches } from '../messages/all-messages.repo';
import { userSearchText } from '../users/users.repo';

const STATUS_OF: Record<string, AdminScheduledStatus> = {
  scheduled: 'scheduled',
  pending: 'pending',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  deleted: 'cancelled',
};
const STORED_OF: Record<AdminScheduledStatus, (typeof messages.$inferSelect)['status']> = {
  scheduled: 'scheduled',
  pending: 'pending',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  cancelled: 'deleted',
};

function searchConditions(terms: string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return or(
    ...terms.map((term) => {
      const pattern = likeContains(term);
      // The same texts as All Messages (sender, recipient, text; the user), tested on each
      // scheduled row: a condition OR-ed across two tables cannot take an index (nor could it when
      // the trigram index was on messages), so these read the messages row's own columns.
      return sql`(${messageTextMatches(pattern)} or ${userSearchText} ilike ${pattern})`;
    }),
  );
}

export async function listAllScheduled(db: DbOrTx, query: AdminScheduledQuery, terms: string[]): Promise<AdminScheduledMessage[]> {
  const rows = await db
    .select({
      m: messages,
      phone: users.phone,
      companyName: users.companyName,
      firstName: users.firstName,
      lastName: users.lastName,
      overdue: sql<boolean>`${messages.status} = 'scheduled' and ${messages.scheduledFor} <= now()`,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(and(isNotNull(messages.scheduledFor), query.status ? eq(messages.status, STORED_OF[query.status]) : undefined, searchConditions(terms)))
    // Waiting ones first, soonest first; then the rest, latest first.
    .orderBy(sql`(${messages.status} = 'scheduled') desc`, sql`case when ${messages.status} = 'scheduled' then ${messages.scheduledFor} end asc`, desc(messages.scheduledFor), desc(messages.id))
    .limit(query.limit);
  return rows.map(({ m, phone, companyName, firstName, lastName, overdue }) => ({
    id: m.id,
    user_id: m.userId,
    recipient: m.recipient,
    message: m.message,
    scheduled_for: m.scheduledFor!.toISOString(),
    sender_name: m.senderName,
    user_phone: phone,
    user_name: companyName ?? ([firstName, lastName].filter(Boolean).join(' ') || null),
    channel: m.channel,
    status: STATUS_OF[m.status] ?? 'scheduled',
    error_message: m.errorMessage,
    overdue,
  }));
}

export async function deleteScheduledAsAdmin(db: Database, adminId: string, messageId: string): Promise<{ refunded: number }> {
  if (!isUuid(messageId)) throw notFound(SEND_MESSAGES.notFound);
  const [owner] = await db
    .select({ userId: messages.userId, phone: users.phone, recipient: messages.recipient, scheduledFor: messages.scheduledFor })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId))
    .where(and(eq(messages.id, messageId), isNotNull(messages.scheduledFor)));
  if (!owner) throw notFound(SEND_MESSAGES.notFound);
  const { refunded } = await cancelScheduled(db, owner.userId, messageId, {
    overdue: 'never-taken',
    onCancelled: (tx, refundedMicros) =>
      writeAudit(tx, {
        adminId,
        action: 'scheduled_deleted',
        targetType: 'message',
        targetId: messageId,
        targetLabel: `${owner.phone} → ${owner.recipient}`,
        before: { status: 'scheduled', scheduled_for: owner.scheduledFor?.toISOString() ?? null },
        after: { status: 'cancelled', refunded: formatEuros(refundedMicros, 6) },
      }),
  });
  return { refunded };
}

