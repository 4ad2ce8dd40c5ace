// InfobipProvider against a local HTTP server standing in for Infobip: the exact requests it
// sends, how each kind of failure is classified, and the delivery-report webhook through the app.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../config';
import { openTestDatabase } from '../../../test/database';
import type { DatabaseHandle } from '../../../db/client';
import { createSmsProvider } from '../registry';
import { ProviderError, type DeliveryReceipt, type OutboundMessage } from '../types';
import { InfobipProvider } from './infobip-provider';
import { sql } from 'drizzle-orm';
import { Dispatcher } from '../../../jobs/dispatcher';
import { createMessageStore } from '../../../modules/messages/lifecycle/message-store';
import {
  SMS_PRICE,
  TEST_DISPATCH,
  creditOf,
  customer,
  dispatcherFor,
  expectLedgerConsistent,
  messagesOf,
  newPhone,
  refundsOf,
  silentLog as quietJobs,
} from '../../../modules/messages/messages.test-support';
import { createTestApp, type TestApp } from '../../../test/helper';

const SECRET = 'webhook-secret-0123456789';
const silentLog = pino({ level: 'silent' });

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * What the fake Infobip answers next: a status and a JSON body, or silence, or a dropped socket,
 * or 'infobip': as Infobip does with a client-chosen messageId (accepts it under that id, hands
 * it to the operator once, and answers a repeated messageId as `repeatAnswer` says).
 */
type Answer = { status: number; body?: unknown } | 'hang' | 'drop' | 'infobip';
type RepeatAnswer = 'original answer' | 'refused as duplicate' | 'rejected status';
let repeatAnswer: RepeatAnswer = 'original answer';
/** The messageIds the fake Infobip took, each handed to the operator once (what would reach a handset). */
const handedOn = new Map<string, unknown>();

function answerLikeInfobip(body: { messages: Array<{ destinations: Array<{ to: string; messageId?: string }> }> }): { status: number; body: unknown } {
  const destination = body.messages[0]!.destinations[0]!;
  const messageId = destination.messageId ?? `ib-${handedOn.size + 1}`;
  const original = handedOn.get(messageId);
  if (!original) {
    const answer = accepted(messageId);
    handedOn.set(messageId, answer.body);
    return answer;
  }
  if (repeatAnswer === 'original answer') return { status: 200, body: original };
  if (repeatAnswer === 'refused as duplicate') {
    return { status: 400, body: { requestError: { serviceException: { messageId: 'BAD_REQUEST', text: `Message ID ${messageId} already exists` } } } };
  }
  const status = { groupId: 5, groupName: 'REJECTED', id: 55, name: 'REJECTED_DUPLICATE_MESSAGE_ID', description: 'Duplicate message id' };
  return { status: 200, body: { messages: [{ messageId, to: destination.to, status }] } };
}

const seen: Seen[] = [];
let answer: Answer = { status: 200 };
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : undefined });
      if (answer === 'hang') return;
      if (answer === 'drop') return req.socket.destroy();
      const reply = answer === 'infobip' ? answerLikeInfobip(JSON.parse(raw)) : answer;
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

function accepted(messageId: string) {
  return {
    status: 200,
    body: {
      bulkId: 'bulk-1',
      messages: [{ messageId, to: '38640111222', status: { groupId: 1, groupName: 'PENDING', id: 26, name: 'PENDING_ACCEPTED', description: 'Message sent to next instance' } }],
    },
  };
}

function message(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return { id: 'msg-1', to: '+38640111222', from: 'Kurir', text: 'Your table is ready', channel: 'sms', ...overrides };
}

function provider(overrides: Partial<ConstructorParameters<typeof InfobipProvider>[0]> = {}) {
  return new InfobipProvider(
    { baseUrl, apiKey: 'key-123', viberSender: 'KurirViber', webhookSecret: SECRET, notifyUrl: 'https://kurir.example/api/webhooks/infobip/' + SECRET, timeoutMs: 2000, ...overrides },
    silentLog,
  );
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Infobip requests', () => {
  it('sends an SMS to /sms/2/text/advanced with the API key and a delivery-report URL', async () => {
    answer = accepted('ib-sms-1');
    const result = await provider().submit(message());

    expect(result).toEqual({ providerMessageId: 'ib-sms-1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/sms/2/text/advanced' });
    expect(seen[0]!.headers).toMatchObject({ authorization: 'App key-123', 'content-type': 'application/json', accept: 'application/json' });
    expect(seen[0]!.body).toEqual({
      messages: [
        {
          from: 'Kurir',
          destinations: [{ to: '38640111222', messageId: 'msg-1' }],
          text: 'Your table is ready',
          callbackData: 'msg-1',
          notifyUrl: `https://kurir.example/api/webhooks/infobip/${SECRET}`,
          notifyContentType: 'application/json',
        },
      ],
    });
  });

  it('sends Viber to /viber/2/messages from the Viber sender, with its validity and report URL', async () => {
    answer = accepted('ib-viber-1');
    const result = await provider().submit(message({ channel: 'viber', validitySeconds: 600 }));

    expect(result).toEqual({ providerMessageId: 'ib-viber-1' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/viber/2/messages' });
    expect(seen[0]!.body).toEqual({
      messages: [
        {
          sender: 'KurirViber',
          destinations: [{ to: '38640111222', messageId: 'msg-1-viber' }],
          content: { type: 'TEXT', text: 'Your table is ready' },
          options: { validityPeriod: { amount: 600, timeUnit: 'SECONDS' } },
          webhooks: { delivery: { url: `https://kurir.example/api/webhooks/infobip/${SECRET}` }, callbackData: 'msg-1' },
        },
      ],
    });
  });

  it('offers Viber only when a Viber sender is configured', async () => {
    const smsOnly = provider({ viberSender: undefined });
    expect(smsOnly.channels).toEqual(['sms']);
    expect(await rejection(smsOnly.submit(message({ channel: 'viber' })))).toMatchObject({ permanent: true, code: 'channel_not_supported' });
    expect(seen).toHaveLength(0);
  });
});

describe('Infobip error classification', () => {
  it.each([
    [429, false],
    [500, false],
    [503, false],
    [401, false],
    [400, true],
    [404, true],
  ])('HTTP %i is permanent: %s', async (status, permanent) => {
    answer = { status, body: { requestError: { serviceException: { messageId: 'BAD_REQUEST', text: 'Invalid destination address' } } } };
    const error = await rejection(provider().submit(message()));
    expect(error.permanent).toBe(permanent);
    expect(error.code).toBe('BAD_REQUEST');
    if (status === 400) expect(error.message).toBe('Infobip refused the message: Invalid destination address');
  });

  it('fails a message Infobip rejects in its response: permanent for the number, temporary for credit', async () => {
    const rejectedWith = (name: string, description: string) => ({
      status: 200,
      body: { messages: [{ messageId: 'ib-2', status: { groupId: 5, groupName: 'REJECTED', id: 51, name, description } }] },
    });
    answer = rejectedWith('REJECTED_DESTINATION', 'Destination address is invalid');
    expect(await rejection(provider().submit(message()))).toMatchObject({
      permanent: true,
      code: 'REJECTED_DESTINATION',
      message: 'Destination address is invalid',
    });
    answer = rejectedWith('REJECTED_NOT_ENOUGH_CREDITS', 'Not enough credits');
    expect(await rejection(provider().submit(message()))).toMatchObject({ permanent: false, code: 'REJECTED_NOT_ENOUGH_CREDITS' });
  });

  it('fails as temporary when Infobip does not answer in time or the connection drops', async () => {
    answer = 'hang';
    expect(await rejection(provider({ timeoutMs: 200 }).submit(message()))).toMatchObject({ permanent: false, code: 'timeout' });
    answer = 'drop';
    expect(await rejection(provider().submit(message()))).toMatchObject({ permanent: false, code: 'network_error' });
  });

  it('refuses a Viber text over 1000 characters before sending it', async () => {
    const error = await rejection(provider().submit(message({ channel: 'viber', text: 'x'.repeat(1001) })));
    expect(error).toMatchObject({ permanent: true, code: 'message_too_long' });
    expect(seen).toHaveLength(0);
  });
});

describe('Infobip delivery-report webhook', () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let dataDir: string;
  let sms: InfobipProvider;
  const receipts: DeliveryReceipt[] = [];
  let failNext = false;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-infobip-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      PUBLIC_URL: 'https://kurir.example',
      SMS_PROVIDER: 'infobip',
      INFOBIP_BASE_URL: baseUrl,
      INFOBIP_API_KEY: 'key-123',
      INFOBIP_WEBHOOK_SECRET: SECRET,
      INFOBIP_VIBER_SENDER: 'KurirViber',
    });
    database = await openTestDatabase();
    sms = createSmsProvider(config.sms, database.db, silentLog) as InfobipProvider;
    sms.onReceipt(async (receipt) => {
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      receipts.push(receipt);
    });
    app = await buildApp({ config, db: database.db, sms, codeKey: 'test-secret-key-that-is-long-enough-0123456789' }, { logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    receipts.length = 0;
  });

  const report = (messageId: string, status: object, error?: object, extra: object = {}) => ({
    messageId,
    to: '38640111222',
    doneAt: '2026-03-01T10:15:00.000+0000',
    status,
    error: error ?? { groupId: 0, groupName: 'OK', id: 0, name: 'NO_ERROR', description: 'No Error', permanent: false },
    ...extra,
  });

  const results = [
    report('ib-1', { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET', description: 'Message delivered to handset' }),
    report(
      'ib-2',
      { groupId: 2, groupName: 'UNDELIVERABLE', id: 9, name: 'UNDELIVERABLE_NOT_DELIVERED', description: 'Message sent not delivered' },
      { groupId: 1, groupName: 'HANDSET_ERRORS', id: 1, name: 'EC_UNKNOWN_SUBSCRIBER', description: 'Unknown Subscriber', permanent: true },
    ),
    report('ib-3', { groupId: 4, groupName: 'EXPIRED', id: 15, name: 'EXPIRED_EXPIRED', description: 'Message expired' }),
    report(
      'ib-4',
      { groupId: 2, groupName: 'UNDELIVERABLE', id: 9, name: 'UNDELIVERABLE_NOT_DELIVERED', description: 'Message sent not delivered' },
      { groupId: 1, groupName: 'HANDSET_ERRORS', id: 7001, name: 'EC_NOT_VIBER_USER', description: 'The destination number is not registered as a Viber user', permanent: true },
      { channel: 'VIBER' },
    ),
    report('ib-5', { groupId: 1, groupName: 'PENDING', id: 3, name: 'PENDING_WAITING_DELIVERY', description: 'Message sent, waiting for delivery report' }),
  ];

  it('turns a report into receipts: delivered, failed with the reason, expired, not on Viber', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/webhooks/infobip/${SECRET}`, payload: { results } });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 4 });
    expect(receipts).toEqual([
      { providerMessageId: 'ib-1', status: 'delivered', at: new Date('2026-03-01T10:15:00.000Z') },
      { providerMessageId: 'ib-2', status: 'failed', reason: 'Unknown Subscriber', errorCode: 'EC_UNKNOWN_SUBSCRIBER', at: expect.any(Date) },
      { providerMessageId: 'ib-3', status: 'expired', reason: 'Message expired', errorCode: 'EXPIRED_EXPIRED', at: expect.any(Date) },
      {
        providerMessageId: 'ib-4',
        status: 'not_on_viber',
        reason: 'The destination number is not registered as a Viber user',
        errorCode: 'EC_NOT_VIBER_USER',
        at: expect.any(Date),
      },
    ]);
  });

  it('accepts the secret in the X-Webhook-Secret header too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/webhooks/infobip',
      headers: { 'x-webhook-secret': SECRET },
      payload: { results: [results[0]] },
    });
    expect(res.statusCode).toBe(200);
    expect(receipts.map((r) => r.providerMessageId)).toEqual(['ib-1']);
  });

  it('refuses a wrong or missing secret and records nothing', async () => {
    const inPath = await app.inject({ method: 'POST', url: '/api/webhooks/infobip/not-the-secret', payload: { results } });
    const noHeader = await app.inject({ method: 'POST', url: '/api/webhooks/infobip', payload: { results } });
    const badBody = await app.inject({ method: 'POST', url: '/api/webhooks/infobip/wrong', payload: { nonsense: true } });

    expect(inPath.statusCode).toBe(401);
    expect(inPath.json()).toMatchObject({ message: 'Invalid webhook secret' });
    expect(noHeader.statusCode).toBe(401);
    expect(badBody.statusCode).toBe(401);
    expect(receipts).toHaveLength(0);
  });

  it('answers 400 to a malformed report and 5xx when a receipt could not be recorded, so Infobip retries', async () => {
    const malformed = await app.inject({ method: 'POST', url: `/api/webhooks/infobip/${SECRET}`, payload: { results: [{ status: {} }] } });
    expect(malformed.statusCode).toBe(400);

    failNext = true;
    const failed = await app.inject({ method: 'POST', url: `/api/webhooks/infobip/${SECRET}`, payload: { results: [results[0]] } });
    expect(failed.statusCode).toBe(500);
    const retried = await app.inject({ method: 'POST', url: `/api/webhooks/infobip/${SECRET}`, payload: { results: [results[0]] } });
    expect(retried.statusCode).toBe(200);
    expect(receipts.map((r) => r.providerMessageId)).toEqual(['ib-1']);
  });

  it('sends the webhook URL built from PUBLIC_URL and the secret as notifyUrl', async () => {
    answer = accepted('ib-9');
    await sms.submit(message());
    expect((seen[0]!.body as { messages: Array<{ notifyUrl: string }> }).messages[0]!.notifyUrl).toBe(
      `https://kurir.example/api/webhooks/infobip/${SECRET}`,
    );
  });
});

describe('a resubmission to Infobip after a crash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it.each<RepeatAnswer>(['original answer', 'refused as duplicate', 'rejected status'])(
    'is recognised by our message id (a repeat answered with: %s): one delivery, one charge',
    async (repeat) => {
      answer = 'infobip';
      repeatAnswer = repeat;
      handedOn.clear();
      const start = 5_000_000;
      const { phone, api } = await customer(t, { credit: start });
      expect((await api.send({ recipients: [newPhone()], message: 'Only once, please' })).status).toBe(200);
      const infobip = provider({ viberSender: undefined, notifyUrl: undefined });

      // The worker dies after Infobip accepted the message and before the id was recorded.
      const killed = new Dispatcher(
        { ...createMessageStore(t.db), markSent: () => Promise.reject(new Error('killed')) },
        infobip,
        { ...TEST_DISPATCH, maxAttempts: 6 },
        quietJobs,
      );
      await expect(killed.runOnce()).rejects.toThrow('killed');
      const [lost] = await messagesOf(t.db, phone);
      expect(lost!.status).toBe('pending');
      // Its lease runs out and the next worker takes it again.
      await t.db.execute(sql`update messages set locked_until = now() - interval '1 second' where id = ${lost!.id}::uuid`);
      expect(await dispatcherFor(t.db, infobip).runOnce()).toBe(1);

      const posted = seen.filter((s) => s.url === '/sms/2/text/advanced').length;
      expect(posted).toBe(2); // submitted twice ...
      expect([...handedOn.keys()]).toEqual([lost!.id]); // ... sent once, under our id
      const [sent] = await messagesOf(t.db, phone);
      expect(sent).toMatchObject({ status: 'sent', provider: 'infobip', providerMessageId: lost!.id });

      await infobip.handleDeliveryReports({
        results: [{ messageId: lost!.id, doneAt: '2026-03-01T10:15:00.000+0000', status: { groupId: 3, groupName: 'DELIVERED', id: 5, name: 'DELIVERED_TO_HANDSET' } }],
      });
      const [delivered] = await messagesOf(t.db, phone);
      expect(delivered!.status).toBe('delivered');
      expect(await refundsOf(t.db, delivered!.id)).toHaveLength(0);
      expect(await creditOf(t.db, phone)).toBe(start - SMS_PRICE);
      await expectLedgerConsistent(t.db);
    },
  );
});
