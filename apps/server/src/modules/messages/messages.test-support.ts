// Shared set-up of the messaging tests: a customer with an exact balance, a client for the routes,
// a fake provider the test drives (what submit does, which receipts come), and a dispatcher that
// the test runs a batch at a time.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { FALLBACK_UNIT_PRICE_MICROS } from '@kurir/core';
import type { Database } from '../../db/client';
import { messages, transactions, users } from '../../db/schema';
import { Dispatcher, type DispatcherOptions } from '../../jobs/dispatcher';
import { createMessageStore } from './lifecycle/message-store';
import { receiptHandler } from './lifecycle/receipts';
import type { DeliveryReceipt, OutboundMessage, ReceiptHandler, SmsProvider, SubmitResult } from '../../providers/sms/types';
import type { TestApp } from '../../test/helper';
import { changeBalance } from '../billing/ledger';
import { checkLedgerIntegrity } from '../billing/integrity';

/** Prices in tests: the catalogue is empty there, so the spec's fallback prices apply. */
export const SMS_PRICE = FALLBACK_UNIT_PRICE_MICROS.sms;
export const VIBER_PRICE = FALLBACK_UNIT_PRICE_MICROS.viber;

let counter = 0;
/** A number no other test of this file uses; `ending` appends fixed last digits (the simulator's test numbers). */
export function newPhone(ending = ''): string {
  return `+3865${String(++counter).padStart(7, '0')}${ending}`;
}

export async function userIdOf(db: Database, phone: string): Promise<string> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`No user ${phone}`);
  return u.id;
}

export async function creditOf(db: Database, phone: string): Promise<number> {
  const [u] = await db.select({ credit: users.credit }).from(users).where(eq(users.phone, phone));
  return u!.credit;
}

/** Sets a balance to exactly `micros`, through the ledger like every balance change. */
export async function setCredit(db: Database, phone: string, micros: number): Promise<void> {
  const userId = await userIdOf(db, phone);
  await db.transaction(async (tx) => {
    const [u] = await tx.select({ credit: users.credit }).from(users).where(eq(users.id, userId)).for('update');
    const amount = micros - u!.credit;
    if (amount !== 0) await changeBalance(tx, { userId, amount, type: 'credit_addition', description: 'Test balance' });
  });
}

export async function messagesOf(db: Database, phone: string) {
  const userId = await userIdOf(db, phone);
  return db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.recipient);
}

export async function refundsOf(db: Database, messageId: string) {
  return db.select().from(transactions).where(sql`${transactions.type} = 'refund' and ${transactions.reference} = ${messageId}`);
}

export async function expectLedgerConsistent(db: Database): Promise<void> {
  const report = await checkLedgerIntegrity(db);
  if (!report.ok) throw new Error(`Ledger problems: ${JSON.stringify(report.problems)}`);
}

export function messagingClient(t: TestApp, cookie: string) {
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    call,
    send: (payload: Record<string, unknown>) => call('POST', '/api/message/send', payload),
    schedule: (payload: Record<string, unknown>) => call('POST', '/api/messages/schedule', payload),
    history: (query = '') => call('GET', `/api/sms/history${query}`),
    scheduled: () => call('GET', '/api/messages/scheduled'),
    cancel: (id: string) => call('DELETE', `/api/messages/scheduled/${id}`),
  };
}

/** A sign-in, the feature products it needs, and an exact balance. */
export async function customer(t: TestApp, options: { credit?: number; products?: string[]; phone?: string } = {}) {
  const { grantProduct } = await import('../../test/products');
  const phone = options.phone ?? newPhone();
  const cookie = await t.signIn(phone);
  for (const name of options.products ?? []) await grantProduct(t.db, phone, name);
  if (options.credit !== undefined) await setCredit(t.db, phone, options.credit);
  return { phone, cookie, api: messagingClient(t, cookie) };
}

type SubmitBehaviour = (message: OutboundMessage, attempt: number) => SubmitResult | Error | Promise<SubmitResult | Error>;

/** A provider the test controls: submit answers as `behaviour` says; receipts come when the test sends them. */
export class FakeProvider implements SmsProvider {
  readonly name: string;
  readonly channels: readonly ('sms' | 'viber')[];
  readonly submitted: OutboundMessage[] = [];
  private handler: ReceiptHandler | null = null;
  private readonly attempts = new Map<string, number>();

  constructor(options: { name?: string; channels?: ('sms' | 'viber')[]; behaviour?: SubmitBehaviour } = {}) {
    this.name = options.name ?? 'fake';
    this.channels = options.channels ?? ['sms', 'viber'];
    if (options.behaviour) this.behaviour = options.behaviour;
  }

  behaviour: SubmitBehaviour = () => ({ providerMessageId: `fake-${randomUUID()}` });

  async submit(message: OutboundMessage): Promise<SubmitResult> {
    const attempt = (this.attempts.get(message.id) ?? 0) + 1;
    this.attempts.set(message.id, attempt);
    const result = await this.behaviour(message, attempt);
    if (result instanceof Error) throw result;
    this.submitted.push(message);
    return result;
  }

  onReceipt(handler: ReceiptHandler): void {
    this.handler = handler;
  }

  /** Delivers a receipt as the provider would, and waits until it is recorded. */
  async receipt(providerMessageId: string, status: DeliveryReceipt['status'], reason?: string): Promise<void> {
    if (!this.handler) throw new Error('No receipt handler');
    await this.handler({ providerMessageId, status, at: new Date(), ...(reason ? { reason } : {}) });
  }

  async close(): Promise<void> {}
}

export const TEST_DISPATCH: DispatcherOptions = {
  batchSize: 500,
  concurrency: 10,
  leaseSeconds: 60,
  maxAttempts: 4,
  retryBaseSeconds: 30,
  pollMs: 50,
  viberValiditySeconds: 60,
};

export const silentLog = { info() {}, warn() {}, error() {} };

/** A dispatcher over `provider` with the receipt handler registered, run by the test with runOnce(). */
export function dispatcherFor(db: Database, provider: SmsProvider, options: Partial<DispatcherOptions> = {}) {
  provider.onReceipt(receiptHandler(db, provider.name));
  return new Dispatcher(createMessageStore(db), provider, { ...TEST_DISPATCH, ...options }, silentLog);
}

/** Makes every retry or scheduled time of the user's messages due now. */
export async function makeDue(db: Database, phone: string): Promise<void> {
  const userId = await userIdOf(db, phone);
  await db.execute(sql`update messages set next_attempt_at = now() - interval '1 second' where user_id = ${userId}::uuid`);
}
