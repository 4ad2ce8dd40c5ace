// Custom sender name requests: pending → waiting_mobile_provider → active, or denied from pending
// or waiting_mobile_provider (admin spec §4). Every move is one conditional update, so two admins
// clicking at once cannot both move a request. A denied name may be re-submitted free of charge.
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { PRODUCT_MESSAGES, type MessageResponse, type PendingSenderRequest } from '@kurir/core';
import type { Database, DbOrTx } from '../../db/client';
import { userProducts, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { writeAudit, type AuditRecord } from '../admin/audit/audit';
import { lockUser } from './products.repo';

type RequestStatus = 'pending' | 'waiting_mobile_provider' | 'active' | 'denied';
export type SenderAction = 'send-to-provider' | 'approve' | 'deny';

const TRANSITIONS: Record<SenderAction, { from: RequestStatus[]; to: RequestStatus; done: string; verb: string; audit: AuditRecord['action'] }> = {
  'send-to-provider': { from: ['pending'], to: 'waiting_mobile_provider', done: PRODUCT_MESSAGES.sentToProvider, verb: 'sent to the mobile provider', audit: 'sender_name_sent_to_provider' },
  approve: { from: ['waiting_mobile_provider'], to: 'active', done: PRODUCT_MESSAGES.approved, verb: 'approved', audit: 'sender_name_approved' },
  deny: { from: ['pending', 'waiting_mobile_provider'], to: 'denied', done: PRODUCT_MESSAGES.denied, verb: 'denied', audit: 'sender_name_denied' },
};

const STATUS_WORDS: Record<string, string> = {
  pending: 'pending review',
  waiting_mobile_provider: 'waiting for the mobile provider',
  active: 'already approved',
  denied: 'denied',
  inactive: 'no longer in use',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isSenderRequest = isNotNull(userProducts.customSenderName);

/** A request of this user still waiting for an admin, if any. */
export async function findOpenSenderRequest(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: userProducts.id })
    .from(userProducts)
    .where(
      and(
        eq(userProducts.userId, userId),
        isSenderRequest,
        eq(userProducts.active, true),
        inArray(userProducts.status, ['pending', 'waiting_mobile_provider']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A denied request the user may re-register free of charge (so buying the product again is refused). */
export async function findDeniedSenderRequest(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: userProducts.id })
    .from(userProducts)
    .where(and(eq(userProducts.userId, userId), isSenderRequest, eq(userProducts.active, true), eq(userProducts.status, 'denied')))
    .limit(1);
  return row ?? null;
}

export async function listPendingSenderRequests(db: DbOrTx): Promise<PendingSenderRequest[]> {
  const rows = await db
    .select({
      id: userProducts.id,
      user_id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      phone: users.phone,
      custom_sender_name: userProducts.customSenderName,
      purchased_at: userProducts.purchasedAt,
      status: userProducts.status,
    })
    .from(userProducts)
    .innerJoin(users, eq(users.id, userProducts.userId))
    .where(and(isSenderRequest, eq(userProducts.active, true), inArray(userProducts.status, ['pending', 'waiting_mobile_provider'])))
    .orderBy(asc(userProducts.updatedAt), asc(userProducts.id));
  return rows.map((r) => ({
    ...r,
    custom_sender_name: r.custom_sender_name!,
    purchased_at: r.purchased_at.toISOString(),
    status: r.status as PendingSenderRequest['status'],
  }));
}

/**
 * An admin's decision, audited in the same transaction. Approving also makes the name the user's
 * sender name, and retires an earlier approved name of the same user (one custom sender name at a time).
 */
export async function moveSenderRequest(db: Database, adminId: string, id: string, action: SenderAction): Promise<MessageResponse> {
  if (!UUID.test(id)) throw notFound(PRODUCT_MESSAGES.requestNotFound);
  const step = TRANSITIONS[action];
  return db.transaction(async (tx) => {
    // The state it moves from, for the audit: a denial may start from either of two states.
    const [current] = await tx.select({ status: userProducts.status }).from(userProducts).where(and(eq(userProducts.id, id), isSenderRequest)).for('update');
    const [moved] = await tx
      .update(userProducts)
      .set({ status: step.to, updatedAt: sql`now()` })
      .where(and(eq(userProducts.id, id), isSenderRequest, eq(userProducts.active, true), inArray(userProducts.status, step.from)))
      .returning({ userId: userProducts.userId, name: userProducts.customSenderName });
    if (moved) {
      const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, moved.userId));
      await writeAudit(tx, {
        adminId,
        action: step.audit,
        targetType: 'sender_request',
        targetId: id,
        targetLabel: `${moved.name} (${user?.phone ?? moved.userId})`,
        before: { status: current?.status ?? step.from.join(' or ') },
        after: { status: step.to },
      });
    }
    if (!moved) {
      const [existing] = await tx.select({ status: userProducts.status }).from(userProducts).where(and(eq(userProducts.id, id), isSenderRequest));
      if (!existing) throw notFound(PRODUCT_MESSAGES.requestNotFound);
      const now = STATUS_WORDS[existing.status] ?? existing.status;
      throw conflict(`This Custom Sender Name is ${now} and cannot be ${step.verb}.`, 'invalid_transition');
    }
    if (action === 'approve') {
      await tx.update(users).set({ senderName: moved.name, updatedAt: sql`now()` }).where(eq(users.id, moved.userId));
      await tx
        .update(userProducts)
        .set({ status: 'inactive', updatedAt: sql`now()` })
        .where(and(eq(userProducts.userId, moved.userId), isSenderRequest, eq(userProducts.status, 'active'), ne(userProducts.id, id)));
    }
    return { message: step.done };
  });
}

/** The user's latest denied name goes back for approval under a new name, free of charge. */
export async function reregisterSenderName(db: Database, userId: string, senderName: string): Promise<MessageResponse> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (await findOpenSenderRequest(tx, userId)) throw conflict(PRODUCT_MESSAGES.senderRequestOpen, 'sender_request_open');
    const [denied] = await tx
      .select({ id: userProducts.id })
      .from(userProducts)
      .where(and(eq(userProducts.userId, userId), isSenderRequest, eq(userProducts.active, true), eq(userProducts.status, 'denied')))
      .orderBy(desc(userProducts.updatedAt))
      .limit(1);
    if (!denied) throw badRequest(PRODUCT_MESSAGES.noDeniedSender, 'no_denied_sender');
    await tx
      .update(userProducts)
      .set({ status: 'pending', customSenderName: senderName, updatedAt: sql`now()` })
      .where(and(eq(userProducts.id, denied.id), eq(userProducts.status, 'denied')));
    return { message: PRODUCT_MESSAGES.senderResubmitted };
  });
}
