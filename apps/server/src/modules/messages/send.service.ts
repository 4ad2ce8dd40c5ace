// A send: the recipients are resolved and checked, the price is computed with the same core
// functions the Send page quotes with, and in ONE database transaction the balance is debited
// (never below zero, whatever runs at the same time) and one queued or scheduled row per
// recipient is written. The dispatcher takes it from there.
import {
  MAX_SCHEDULE_AHEAD_DAYS,
  SEND_MESSAGES,
  TEST_MAX_MESSAGES_PER_DAY,
  TEST_MAX_RECIPIENTS_PER_SEND,
  eurosToMicros,
  microsToEuros,
  parseRecipients,
  priceSend,
  recipientsError,
  type Channel,
  type MessageStatus,
  type SendMessageBody,
  type SendMessageResponse,
} from '@kurir/core';
import type { Config } from '../../config';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { countUpTo } from '../../db/list-total';
import { messages, users } from '../../db/schema';
import { notifyMessagesQueued } from './lifecycle/queue-signal';
import { AppError, badRequest } from '../../lib/errors';
import { timeOrderedUuid } from '../../lib/ids';
import { changeBalance, insufficientCredit, type BalanceChange } from '../billing/ledger';
import { findPhonebookRecipients } from '../phonebooks/recipients';
import { getMessagePrices } from '../products/catalogue';
import { findApprovedSenderName, requireFeature } from '../users/features';
import { insertSendRows, type NewSend } from './messages.repo';
import { SendGroupCommit, type GroupedSendResult } from './send-group-commit';

/**
 * Sends up to this size share group commits. A bigger one is a transaction of its own, which
 * writes its rows before it takes the balance's row lock (see below): a campaign's sends insert in
 * parallel, where a group holds the lock while it inserts thousands of rows (19 500 → 24 000–27 000
 * recipients/s accepted, 1 000 per request; bench/campaign.ts).
 */
const GROUP_MAX_RECIPIENTS = 100;
/** A group is committed at once when it holds this many message rows. */
const GROUP_MAX_ROWS = 5000;

const groupCommits = new WeakMap<Database, SendGroupCommit>();

/** The database's group commit, or null when it is switched off (SEND_GROUP_COMMIT_MS=0). */
function groupCommitFor(db: Database, windowMs: number): SendGroupCommit | null {
  if (windowMs <= 0) return null;
  let group = groupCommits.get(db);
  if (!group) groupCommits.set(db, (group = new SendGroupCommit(db, { windowMs, maxRows: GROUP_MAX_ROWS })));
  return group;
}

export interface SendDeps {
  db: Database;
  config: Pick<Config, 'sms' | 'messaging'>;
}

/** The send body as core's schema parses it, with the schedule resolved to a time. */
export type SendRequest = Omit<SendMessageBody, 'sender' | 'schedule' | 'scheduledFor'> & {
  /** Null sends now. */
  scheduledFor: Date | null;
  /** A test API key's send: to the simulator, priced at 0, nothing debited, marked as test. */
  test?: boolean;
  /** The send's batch id when the caller must know it beforehand (an Idempotency-Key notes it). */
  batchId?: string;
};

/** The typed recipients plus those of the chosen phonebooks (which need the Phonebook service). */
export async function resolveRecipients(db: DbOrTx, userId: string, input: Pick<SendRequest, 'recipients' | 'recipient' | 'phonebookIds'>) {
  const typed = [...(input.recipients ?? []), ...(input.recipient !== undefined ? [input.recipient] : [])];
  if (input.phonebookIds && input.phonebookIds.length > 0) {
    await requireFeature(db, userId, 'phonebook');
    typed.push(...(await findPhonebookRecipients(db, userId, input.phonebookIds)));
  }
  return parseRecipients(typed);
}

export function checkScheduledTime(when: Date, now = new Date()): void {
  if (when.getTime() <= now.getTime()) throw badRequest(SEND_MESSAGES.scheduleTimeInPast, 'schedule_in_past');
  if (when.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000) {
    throw badRequest(SEND_MESSAGES.scheduleTimeTooFar, 'schedule_too_far');
  }
}

/** A test key's send within its limits (TEST_MAX_RECIPIENTS_PER_SEND, TEST_MAX_MESSAGES_PER_DAY over the last 24 hours). */
async function checkTestAllowance(db: DbOrTx, userId: string, recipients: number): Promise<void> {
  if (recipients > TEST_MAX_RECIPIENTS_PER_SEND) throw badRequest(SEND_MESSAGES.testTooManyRecipients, 'test_limit');
  const sent = await countUpTo(db, messages, and(eq(messages.userId, userId), eq(messages.test, true), sql`${messages.createdAt} > now() - interval '1 day'`), TEST_MAX_MESSAGES_PER_DAY);
  if (sent.total + recipients > TEST_MAX_MESSAGES_PER_DAY) throw new AppError(429, 'test_quota_exceeded', SEND_MESSAGES.testDailyQuota);
}

export async function sendMessages(deps: SendDeps, userId: string, request: SendRequest): Promise<SendMessageResponse> {
  const { db, config } = deps;
  if (request.channel === 'viber') await requireFeature(db, userId, 'viber');
  if (request.scheduledFor) {
    await requireFeature(db, userId, 'schedule');
    checkScheduledTime(request.scheduledFor);
  }
  const parsed = await resolveRecipients(db, userId, request);
  const problem = recipientsError(parsed, config.messaging.maxRecipientsPerSend);
  if (problem) throw badRequest(problem, 'invalid_recipients');
  if (request.test) await checkTestAllowance(db, userId, parsed.recipients.length);

  // A client may name a sender, but only an approved custom sender name is ever used.
  const sender = (await findApprovedSenderName(db, userId)) ?? config.sms.defaultSender;
  const count = parsed.recipients.length;
  const pricing = priceSend({ channel: request.channel, recipients: count, message: request.message, unitPrices: request.test ? TEST_PRICES : await getMessagePrices(db) });
  const { parts, hold: total } = pricing;
  // What the customer reviewed is what is debited, or nothing is: a price edit or a phonebook
  // change between the review and Confirm must not charge an amount they never saw.
  if (request.expectedCost !== undefined && eurosToMicros(request.expectedCost) !== total) {
    throw new AppError(409, 'price_changed', SEND_MESSAGES.priceChanged);
  }
  const batchId = request.batchId ?? timeOrderedUuid();

  const debit: BalanceChange = {
    userId,
    amount: -total,
    type: request.channel === 'viber' ? 'viber_cost' : 'sms_cost',
    reference: batchId,
    description: debitDescription(request.channel, count, parts, request.scheduledFor !== null),
  };
  const send: NewSend = {
    userId,
    batchId,
    recipients: parsed.recipients,
    message: request.message,
    senderName: sender,
    messageType: request.messageType ?? null,
    channel: request.channel,
    parts,
    reservedPrice: pricing.perRecipient.hold,
    smsPrice: pricing.perRecipient.smsCost,
    price: pricing.perRecipient.cost,
    scheduledFor: request.scheduledFor,
    test: request.test === true,
  };
  // A test key's send debits nothing, so it takes its own transaction instead of a debit group.
  const group = !request.test && count <= GROUP_MAX_RECIPIENTS ? groupCommitFor(db, config.messaging.groupCommitMs) : null;
  const { rows, balanceAfter, handedOff } = group
    ? await group.submit({ debit, rows: send })
    : await sendAlone(db, debit, send, request.test === true);
  if (!request.scheduledFor && !handedOff) notifyMessagesQueued();

  const status: MessageStatus = request.scheduledFor ? 'scheduled' : 'pending';
  return {
    message: request.scheduledFor ? SEND_MESSAGES.scheduled(count) : SEND_MESSAGES.sent(count),
    batchId,
    count,
    cost: microsToEuros(total),
    newCredit: microsToEuros(balanceAfter),
    sender,
    channel: request.channel,
    parts,
    scheduledFor: request.scheduledFor ? request.scheduledFor.toISOString() : null,
    duplicatesRemoved: parsed.duplicates,
    results: rows.map((r) => ({ recipient: r.recipient, id: r.id, status })),
  };
}

/**
 * A send in its own transaction. Its rows are written first and the balance debited last, so the
 * customer's row lock (which every send of theirs needs) is held for the debit and the commit, not
 * for the insert of thousands of rows; the conditional debit still decides, and a 402 there rolls
 * the rows back with it. A balance that clearly cannot pay is refused before anything is written.
 */
async function sendAlone(db: Database, debit: BalanceChange, send: NewSend, test: boolean): Promise<GroupedSendResult> {
  if (!test && (await readBalance(db, debit.userId)).balanceAfter + debit.amount < 0) {
    throw insufficientCredit();
  }
  return db.transaction(async (tx) => {
    const rows = await insertSendRows(tx, send);
    const change = test ? await readBalance(tx, debit.userId) : await changeBalance(tx, debit);
    return { rows, balanceAfter: change.balanceAfter, handedOff: false };
  });
}

/** Test sends cost nothing: every price is 0, so nothing is reserved, debited or refunded. */
const TEST_PRICES = { sms: 0, viber: 0 } as const;

async function readBalance(db: DbOrTx, userId: string): Promise<{ balanceAfter: number }> {
  const [row] = await db.select({ credit: users.credit }).from(users).where(eq(users.id, userId));
  return { balanceAfter: row?.credit ?? 0 };
}

/** 12345 → "12,345", as toLocaleString('en') writes it without ICU's cost (7 µs a send). */
function withThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function debitDescription(channel: Channel, count: number, parts: number, scheduled: boolean): string {
  const to = `${withThousands(count)} recipient${count === 1 ? '' : 's'}`;
  const what = channel === 'viber' ? `Viber message to ${to} (SMS fallback reserved)` : `SMS to ${to}, ${parts} part${parts === 1 ? '' : 's'} each`;
  return scheduled ? `Scheduled ${what}` : what;
}
