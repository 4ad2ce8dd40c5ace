// kill -9 of a web process that dispatches its own sends (RUN_JOBS, the hand-off of
// modules/messages/lifecycle/hand-off.ts), on PostgreSQL, while one-recipient sends pour in over
// HTTP and its SMPP submits are in flight. Its sends were written leased to it; once the lease runs
// out, the next process claims them. The bar: every send answered 200 is delivered, paid once and
// settled (nothing lost); none answered otherwise left a row or a charge; the messages sent twice
// are at most the submits that were in flight (SMPP_WINDOW = DISPATCH_CONCURRENCY) at the kill.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { SESSION_COOKIE, createSession } from '../modules/auth/sessions';
import { startKillRig, until, type KillRig } from '../test/kill-rig';
import { startKurir, type KurirProcess } from '../test/processes';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const NAME = `kurir_handoff_kill_${process.pid}_${Date.now()}`;
const SENDS = 600;
const IN_FLIGHT = 10; // SMPP_WINDOW and DISPATCH_CONCURRENCY
/** The web process is killed once the SMSC has seen this many submits. */
const KILL_AT = 200;
const TOP_UP = 100_000_000;

let rig: KillRig;
const processes: KurirProcess[] = [];

beforeAll(async () => {
  if (!ADMIN_URL) return;
  rig = await startKillRig(ADMIN_URL, NAME, { inFlight: IN_FLIGHT, secretKey: 'hand-off-kill-secret-key-that-is-long-enough-0123', env: { RUN_JOBS: 'true' } });
}, 120_000);

afterAll(async () => {
  if (!ADMIN_URL) return;
  await Promise.all(processes.map((p) => p.stop()));
  await rig?.close();
});

async function customerCookie(): Promise<{ userId: string; cookie: string }> {
  const userId = await rig.fundedUser('+38641555100', TOP_UP);
  const token = await createSession(rig.direct.db, rig.config.session, userId, {});
  return { userId, cookie: `${SESSION_COOKIE}=${token}` };
}

describe.skipIf(!ADMIN_URL)('kill -9 of a web process that dispatches its own sends', () => {
  it('delivers every send answered 200 once its lease runs out, charges once, and resends at most the submits in flight', async () => {
    const { userId, cookie } = await customerCookie();
    const web = await startKurir('main.ts', rig.env);
    processes.push(web);

    // 10 clients send one-recipient messages until the process dies under them.
    const answered = new Map<string, number>();
    let next = 0;
    const client = async () => {
      while (next < SENDS) {
        const recipient = `+3864${String(3_000_000 + next++).padStart(7, '0')}`;
        try {
          const res = await fetch(`${web.url}/api/message/send`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ recipient, message: 'Handed off' }),
          });
          answered.set(recipient, res.status);
        } catch {
          return; // the process is gone: this send has no answer
        }
      }
    };
    const clients = Array.from({ length: 10 }, client);
    await until(`${KILL_AT} submits`, () => rig.smsc.submits.length >= KILL_AT);
    web.child.kill('SIGKILL');
    await web.stop();
    const killedAt = rig.smsc.submits.length;
    await Promise.all(clients);

    const ok = [...answered].filter(([, status]) => status === 200).map(([recipient]) => recipient);
    expect(ok.length).toBeGreaterThan(KILL_AT / 2);
    // What was in flight when it died is sent by the next process once the lease (5 s) runs out.
    processes.push(await startKurir('main.ts', rig.env));
    const rows = await rig.messageCount(userId);
    await until('every message sent', async () => (await rig.messageCount(userId, 'sent')) === rows, 60_000);
    const accepted = rig.smsc.submits.filter((s) => s.messageId);
    for (let i = 0; i < accepted.length; i += 50) {
      await Promise.all(accepted.slice(i, i + 50).map((s) => rig.smsc.receipt(s.messageId!, 'DELIVRD')));
    }
    await until('every message delivered', async () => (await rig.messageCount(userId, 'delivered')) === rows, 60_000);

    // Every 200 is a row, delivered; a send without an answer may or may not have been written
    // (it is then delivered and paid like any other), but nothing else is.
    const stored = await rig.direct.db.select({ recipient: messages.recipient }).from(messages).where(eq(messages.userId, userId));
    const storedSet = new Set(stored.map((r) => r.recipient));
    for (const recipient of ok) expect(storedSet.has(recipient)).toBe(true);
    for (const [recipient, status] of answered) if (status !== 200) expect(storedSet.has(recipient)).toBe(false);
    expect(stored.length).toBe(storedSet.size);

    const per = rig.submitsPerRecipient();
    const twice = [...per.values()].filter((submits) => submits.length > 1).length;
    console.log(`hand-off kill -9: ${ok.length} sends answered 200, ${rows} rows, killed after ${killedAt} submit_sm, ${twice} sent twice (bound ${IN_FLIGHT})`);
    expect(per.size).toBe(rows); // none lost: every row reached the SMSC
    expect(twice).toBeLessThanOrEqual(IN_FLIGHT);

    // Money: each row paid once and settled at its price, nothing refunded, the ledger adds up.
    const money = await rig.moneyOf(userId);
    expect(money.settled).toBe(rows);
    expect(money.credit).toBe(TOP_UP - money.charged);
    expect(money.refunds).toBe(0);
    expect(money.ledgerProblems).toEqual([]);
  }, 240_000);
});
