// kill -9 of a worker mid-dispatch, three times, on PostgreSQL: real worker processes
// (`node --import tsx apps/server/src/worker.ts`) send 1 000 due messages over SMPP to the fake
// SMSC in this process, which counts every submit_sm per recipient (each message has its own).
// Each kill loses the provider ids of what was in flight; those messages are claimed again when
// their lease runs out and sent again (SMPP is at least once). The bar: nothing lost (every message
// delivered, paid once, nothing refunded, the ledger adds up), and the messages sent twice per kill
// at most the submits in flight (SMPP_WINDOW = DISPATCH_CONCURRENCY = 10), not a recording group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessages } from '../modules/messages/send.service';
import { startKillRig, until, type KillRig } from '../test/kill-rig';
import { startKurir, type KurirProcess } from '../test/processes';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const NAME = `kurir_kill_${process.pid}_${Date.now()}`;
const COUNT = 1000;
const IN_FLIGHT = 10; // SMPP_WINDOW and DISPATCH_CONCURRENCY
/** The total submits at which each worker is killed: early, in the middle, late. */
const KILL_AT = [150, 420, 700];
const TOP_UP = 100_000_000;

let rig: KillRig;
const workers: KurirProcess[] = [];

beforeAll(async () => {
  if (!ADMIN_URL) return;
  rig = await startKillRig(ADMIN_URL, NAME, {
    inFlight: IN_FLIGHT,
    secretKey: 'dispatch-kill-secret-key-that-is-long-enough-0123',
    env: { DISPATCH_BATCH_SIZE: '200', LOG_LEVEL: 'info' },
  });
}, 120_000);

afterAll(async () => {
  if (!ADMIN_URL) return;
  await Promise.all(workers.map((w) => w.stop()));
  await rig?.close();
});

/** A customer with 1 000 messages due now, each to its own number; returns the user id and what the send cost. */
async function queueMessages(): Promise<{ userId: string; charged: number }> {
  const userId = await rig.fundedUser('+38641555000', TOP_UP);
  const recipients = Array.from({ length: COUNT }, (_, i) => `+3864${String(1_000_000 + i).padStart(7, '0')}`);
  const sent = await sendMessages({ db: rig.direct.db, config: rig.config }, userId, { recipients, message: 'Kill me softly', channel: 'sms', scheduledFor: null });
  return { userId, charged: Math.round(sent.cost * 1_000_000) };
}

describe.skipIf(!ADMIN_URL)('kill -9 of a worker mid-dispatch, repeated', () => {
  it('loses nothing, charges once, and sends twice at most the submits in flight at each kill', async () => {
    const { userId, charged } = await queueMessages();

    // Kill a worker each time the SMSC has seen the next number of submits, then start another.
    const killedAt: number[] = [];
    for (const at of KILL_AT) {
      const worker = await startKurir('worker.ts', rig.env);
      workers.push(worker);
      await until(`${at} submits`, () => rig.smsc.submits.length >= at);
      worker.child.kill('SIGKILL');
      await worker.stop();
      killedAt.push(rig.smsc.submits.length);
    }
    workers.push(await startKurir('worker.ts', rig.env));

    // The last worker sends the rest, and the killed workers' messages once their leases ran out.
    await until('every message recorded as sent', async () => (await rig.messageCount(userId, 'sent')) === COUNT, 90_000);
    // The SMSC reports every submit it accepted (a message sent twice, twice) over the last bind.
    const accepted = rig.smsc.submits.filter((s) => s.messageId);
    for (let i = 0; i < accepted.length; i += 50) {
      await Promise.all(accepted.slice(i, i + 50).map((s) => rig.smsc.receipt(s.messageId!, 'DELIVRD')));
    }
    await until('every message delivered', async () => (await rig.messageCount(userId, 'delivered')) === COUNT, 60_000);

    // A submission followed by another of the same message was lost with its worker: count each
    // against the kill whose worker made it (the last worker, never killed, must have none).
    const per = rig.submitsPerRecipient();
    const resent = [...per.values()].flatMap((indexes) => indexes.slice(0, -1));
    const lives = [...killedAt, Infinity];
    const perLife = lives.map((end, k) => resent.filter((i) => i < end && i >= (lives[k - 1] ?? 0)).length);
    const twice = [...per.values()].filter((indexes) => indexes.length > 1).length;
    console.log(
      `dispatch kill -9: ${COUNT} messages, ${killedAt.length} kills (after ${killedAt.join(', ')} submit_sm), ` +
        `${rig.smsc.submits.length} submit_sm in all, ${twice} messages sent more than once, ` +
        `lost submissions per kill: ${perLife.slice(0, -1).join(', ')} (bound ${IN_FLIGHT} per kill), ${COUNT} delivered`,
    );
    expect(per.size).toBe(COUNT); // none lost
    for (const n of perLife.slice(0, -1)) expect(n).toBeLessThanOrEqual(IN_FLIGHT);
    expect(perLife.at(-1)).toBe(0); // every duplicate comes from a kill
    expect(rig.smsc.submits.length - COUNT).toBeLessThanOrEqual(IN_FLIGHT * KILL_AT.length);

    // Money: paid once at send, each message settled at its price, nothing refunded.
    const money = await rig.moneyOf(userId);
    expect(money.settled).toBe(COUNT);
    expect(money.charged).toBe(charged);
    expect(money.credit).toBe(TOP_UP - charged);
    expect(money.refunds).toBe(0);
    expect(money.ledgerProblems).toEqual([]);
  }, 240_000);
});
