// The simulator behaves like a provider: it accepts, then reports through the receipt handler;
// its test numbers always behave the same; receipts wait for a handler, stop on close, and come
// again after a restart. End to end with the jobs: sent, delivered or failed and refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../../jobs';
import { Dispatcher } from '../../../jobs/dispatcher';
import { createMessageStore } from '../../../modules/messages/lifecycle/message-store';
import { receiptHandler } from '../../../modules/messages/lifecycle/receipts';
import {
  SMS_PRICE,
  TEST_DISPATCH,
  creditOf,
  customer,
  messagesOf,
  newPhone,
  silentLog,
} from '../../../modules/messages/messages.test-support';
import { createTestApp, type TestApp } from '../../../test/helper';
import type { DeliveryReceipt, OutboundMessage } from '../types';
import { SimulatorProvider, type SimulatorOptions } from './simulator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(() => t?.close());

const DETERMINISTIC: SimulatorOptions = { delayMs: 5, failureRate: 0, notOnViberRate: 0 };

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function collecting(sim: SimulatorProvider) {
  const got: DeliveryReceipt[] = [];
  sim.onReceipt(async (r) => void got.push(r));
  return got;
}

const message = (to: string, channel: OutboundMessage['channel'] = 'sms', validitySeconds?: number): OutboundMessage => ({
  id: 'm',
  to,
  from: 'Kurir',
  text: 'Hi',
  channel,
  ...(validitySeconds ? { validitySeconds } : {}),
});

describe('the simulator', () => {
  it('reports the test numbers the same way every time', async () => {
    const sim = new SimulatorProvider(t.db, DETERMINISTIC);
    const got = collecting(sim);
    const ids = {
      fails: (await sim.submit(message(newPhone('000')))).providerMessageId,
      delivered: (await sim.submit(message(newPhone('001'), 'viber'))).providerMessageId,
      notOnViber: (await sim.submit(message(newPhone('999'), 'viber'))).providerMessageId,
      expires: (await sim.submit(message(newPhone('998'), 'viber', 1))).providerMessageId,
      smsOk: (await sim.submit(message(newPhone('999')))).providerMessageId,
    };
    await until(async () => got.length, (n) => n === 5);
    const by = (id: string) => got.find((r) => r.providerMessageId === id);
    expect(by(ids.fails)).toMatchObject({ status: 'failed', reason: 'Unknown subscriber' });
    expect(by(ids.delivered)).toMatchObject({ status: 'delivered' });
    expect(by(ids.notOnViber)).toMatchObject({ status: 'not_on_viber', reason: 'Not a Viber user' });
    expect(by(ids.expires)).toMatchObject({ status: 'expired' });
    expect(by(ids.smsOk)).toMatchObject({ status: 'delivered' });
    await sim.close();
  });

  it('fails and refuses Viber at the configured rates', async () => {
    const always = new SimulatorProvider(t.db, { delayMs: 1, failureRate: 1, notOnViberRate: 1, random: () => 0.5 });
    const got = collecting(always);
    await always.submit(message(newPhone()));
    await always.submit(message(newPhone(), 'viber'));
    await until(async () => got.length, (n) => n === 2);
    expect(got.map((r) => r.status).sort()).toEqual(['failed', 'not_on_viber']);
    await always.close();
  });

  it('keeps receipts until a handler registers, and sends none after close', async () => {
    const sim = new SimulatorProvider(t.db, DETERMINISTIC);
    const early = await sim.submit(message(newPhone()));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const got = collecting(sim);
    await until(async () => got.length, (n) => n === 1);
    expect(got[0]!.providerMessageId).toBe(early.providerMessageId);

    const slow = new SimulatorProvider(t.db, { ...DETERMINISTIC, delayMs: 50 });
    const none = collecting(slow);
    await slow.submit(message(newPhone()));
    await slow.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(none).toEqual([]);
  });
});

describe('end to end with the jobs', () => {
  it('sends, then marks delivered, or failed with the reason and refunded', async () => {
    const { phone, api } = await customer(t, { products: ['Viber'] });
    const sim = new SimulatorProvider(t.db, DETERMINISTIC);
    const jobs = startJobs({ db: t.db, sms: sim, config: { ...t.config, jobs: { ...t.config.jobs, pollMs: 20 } }, log: silentLog });
    try {
      const ok = newPhone('001');
      const bad = newPhone('000');
      const viber = newPhone('999');
      await api.send({ recipients: [ok, bad], message: 'Hello' });
      await api.send({ recipient: viber, message: 'Hello', channel: 'viber' });
      const rows = await until(
        () => messagesOf(t.db, phone),
        (rs) => rs.length === 3 && rs.every((r) => r.settledAt !== null),
      );
      const of = (n: string) => rows.find((r) => r.recipient === n)!;
      expect([of(ok).status, of(ok).channel]).toEqual(['delivered', 'sms']);
      expect([of(bad).status, of(bad).errorMessage]).toEqual(['failed', 'Unknown subscriber']);
      expect([of(viber).status, of(viber).channel]).toEqual(['delivered', 'sms']);
      expect(await creditOf(t.db, phone)).toBe(2_000_000 - 2 * SMS_PRICE);
    } finally {
      await jobs.stop();
      await sim.close();
    }
  });

  it('re-creates the receipts of sent messages after a restart', async () => {
    const { phone, api } = await customer(t);
    await api.send({ recipient: newPhone('001'), message: 'Hi' });
    const before = new SimulatorProvider(t.db, { ...DETERMINISTIC, delayMs: 60_000 });
    await new Dispatcher(createMessageStore(t.db), before, TEST_DISPATCH, silentLog).runOnce();
    await before.close(); // the process stops before the receipt
    expect((await messagesOf(t.db, phone))[0]!.status).toBe('sent');

    const after = new SimulatorProvider(t.db, DETERMINISTIC);
    after.onReceipt(receiptHandler(t.db, after.name));
    const rows = await until(() => messagesOf(t.db, phone), (rs) => rs[0]!.status === 'delivered');
    expect(rows[0]!.status).toBe('delivered');
    await after.close();
  });
});
