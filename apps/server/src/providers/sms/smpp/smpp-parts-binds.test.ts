// Long messages whose parts' receipts reach different processes: an SMSC spreads the receipts of
// one account over all its binds, and every process that sends holds a bind (its own memory, the
// one database). Once every part was accepted the message is in smpp_message_parts, and the stored
// states decide it: whichever receipt completes it reports it, in whichever process, and a receipt
// is acknowledged only once what it decided is recorded (else the SMSC sends it again).
import { sql } from 'drizzle-orm';
import smpp from 'smpp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/client';
import { openTestDatabase } from '../../../test/database';
import { ProviderError, type DeliveryReceipt } from '../types';
import type { PartReceipt } from './delivery-receipts';
import { FakeSmsc } from './fake-smsc';
import { DatabasePartStore, type PartStore, type StoredMessage } from './part-store';
import { SmppProvider } from './smpp-provider';
import { decoded, eventually, silentLog, sms, smppSettings } from './smpp-test-kit';

const LONG_GSM = 'Dear guest, ' + 'your reservation at Kurir Bistro is confirmed. '.repeat(8) + '€ 20 deposit.';

let database: DatabaseHandle;
let smsc: FakeSmsc | undefined;
const open: SmppProvider[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
afterEach(async () => {
  for (const p of open.splice(0)) await p.close();
  await smsc?.stop();
  smsc = undefined;
});

interface Process {
  provider: SmppProvider;
  receipts: DeliveryReceipt[];
  /** The SMSC's end of this process's bind: a receipt sent there reaches this process only. */
  bind: smpp.Session;
}

/** A sending process: its own bind and memory, the shared database (or `store` over it). */
async function startProcess(store: PartStore = new DatabasePartStore(database.db)): Promise<Process> {
  const smscNow = smsc!;
  const index = smscNow.boundSessions;
  const provider = new SmppProvider(smppSettings(smscNow.port), silentLog, store);
  const receipts: DeliveryReceipt[] = [];
  provider.onReceipt(async (receipt) => {
    receipts.push(receipt);
  });
  open.push(provider);
  await eventually(() => smscNow.boundSessions === index + 1);
  return { provider, receipts, bind: smscNow.boundSession(index) };
}

/** The SMSC's ids of the parts of the submits from `from` on, in part order. */
function partIds(from: number): string[] {
  return smsc!.submits
    .slice(from)
    .sort((a, b) => decoded(a.pdu).udh![4]! - decoded(b.pdu).udh![4]!)
    .map((s) => s.messageId!);
}

/** Sends a long message (three parts) from `process`: its id, and its parts' ids at the SMSC. */
async function sendLong(process: Process): Promise<{ providerMessageId: string; ids: string[] }> {
  const from = smsc!.submits.length;
  const { providerMessageId } = await process.provider.submit(sms({ text: LONG_GSM }));
  const ids = partIds(from);
  expect(ids).toHaveLength(3);
  expect(ids[0]).toBe(providerMessageId);
  return { providerMessageId, ids };
}

/** Sends a receipt over one process's bind; resolves with the deliver_sm_resp's status. */
async function receipt(process: Process, id: string, stat: string): Promise<number> {
  return (await smsc!.receipt(id, stat, stat === 'DELIVRD' ? '000' : '001', process.bind)).command_status;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** The database part store with faults a test switches on. */
class FaultyPartStore implements PartStore {
  private readonly store = new DatabasePartStore(database.db);
  /** The next `record` fails (a lost connection) when set. */
  failNextRecord = false;
  /** `remember` waits for this before it writes, when set. */
  holdRemember?: Promise<void>;
  remembering = false;

  async remember(partIds: string[], states: Array<PartReceipt | undefined>): Promise<void> {
    // What the database store writes is what it was given when called (its statement's values).
    const given = [...states];
    this.remembering = true;
    await this.holdRemember;
    await this.store.remember(partIds, given);
  }

  async record(parts: PartReceipt[]): Promise<Map<string, StoredMessage>> {
    if (this.failNextRecord) {
      this.failNextRecord = false;
      throw new Error('Connection terminated unexpectedly');
    }
    return this.store.record(parts);
  }

  prune(olderThanMs: number): Promise<void> {
    return this.store.prune(olderThanMs);
  }
}

describe('SMPP long messages whose receipts come over several binds', () => {
  it('reports a message delivered in the process that receives its last part, whoever sent it', async () => {
    smsc = await FakeSmsc.start();
    const sender = await startProcess();
    const other = await startProcess();

    const first = await sendLong(sender);
    expect(await receipt(other, first.ids[0]!, 'DELIVRD')).toBe(0);
    expect(await receipt(other, first.ids[2]!, 'DELIVRD')).toBe(0);
    expect(await receipt(sender, first.ids[1]!, 'DELIVRD')).toBe(0);
    await eventually(() => sender.receipts.length === 1);

    // Every part's receipt over the bind of a process that did not send it.
    const second = await sendLong(sender);
    for (const id of second.ids) expect(await receipt(other, id, 'DELIVRD')).toBe(0);
    await eventually(() => other.receipts.length === 1);
    await settle();

    expect(sender.receipts).toEqual([expect.objectContaining({ providerMessageId: first.providerMessageId, status: 'delivered' })]);
    expect(other.receipts).toEqual([expect.objectContaining({ providerMessageId: second.providerMessageId, status: 'delivered' })]);
  });

  it('reports a message failed where its failed part is received, and every report of it agrees', async () => {
    smsc = await FakeSmsc.start();
    const sender = await startProcess();
    const other = await startProcess();
    const { providerMessageId, ids } = await sendLong(sender);

    await receipt(sender, ids[0]!, 'DELIVRD');
    await receipt(other, ids[1]!, 'UNDELIV');
    await eventually(() => other.receipts.length === 1);
    // The sender's later receipts decide the message too: it may report it again (the engine
    // settles a message once), but never otherwise.
    await receipt(sender, ids[2]!, 'DELIVRD');
    await settle();

    expect(other.receipts).toEqual([expect.objectContaining({ providerMessageId, status: 'failed', errorCode: '001' })]);
    for (const r of sender.receipts) expect(r).toMatchObject({ providerMessageId, status: 'failed', errorCode: '001' });
  });

  it("decides a message on the states another process's transaction commits meanwhile", async () => {
    smsc = await FakeSmsc.start();
    const sender = await startProcess();
    const other = await startProcess();
    const { providerMessageId, ids } = await sendLong(sender);
    await receipt(sender, ids[0]!, 'DELIVRD');

    // A third process is writing part 3's receipt: its transaction has not committed yet when part
    // 2's receipt is recorded. One of the two must see the other's part; here the later one.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const writing = new Promise<void>((resolve) => (written = resolve));
    const third = database.db.transaction(async (tx) => {
      await tx.execute(sql`select part_id from smpp_message_parts where message_id = ${providerMessageId} order by part_id for update`);
      await tx.execute(sql`update smpp_message_parts set status = 'delivered' where part_id = ${ids[2]!}`);
      written();
      await committed;
    });
    await writing;
    const answer = receipt(other, ids[1]!, 'DELIVRD');
    await new Promise((resolve) => setTimeout(resolve, 200));
    commit();
    await third;

    expect(await answer).toBe(0);
    await eventually(() => other.receipts.length === 1);
    expect(other.receipts).toEqual([expect.objectContaining({ providerMessageId, status: 'delivered' })]);
  });

  it('stores a receipt that comes while the parts are being stored, so another process can complete the message', async () => {
    smsc = await FakeSmsc.start();
    const store = new FaultyPartStore();
    let release!: () => void;
    store.holdRemember = new Promise<void>((resolve) => (release = resolve));
    const sender = await startProcess(store);
    const other = await startProcess();

    const from = smsc.submits.length;
    const submitted = sender.provider.submit(sms({ text: LONG_GSM }));
    await eventually(() => store.remembering);
    const ids = partIds(from);
    const early = receipt(sender, ids[0]!, 'DELIVRD');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const { providerMessageId } = await submitted;
    expect(await early).toBe(0);

    await receipt(other, ids[1]!, 'DELIVRD');
    await receipt(other, ids[2]!, 'DELIVRD');
    await eventually(() => other.receipts.length === 1);
    expect(other.receipts).toEqual([expect.objectContaining({ providerMessageId, status: 'delivered' })]);
    expect(sender.receipts).toEqual([]);
  });
});

describe('SMPP long messages when a receipt cannot be recorded', () => {
  it('refuses the completing receipt when its part cannot be stored, and reports the message on the resend', async () => {
    smsc = await FakeSmsc.start();
    const store = new FaultyPartStore();
    const sender = await startProcess(store);
    const { providerMessageId, ids } = await sendLong(sender);

    expect(await receipt(sender, ids[0]!, 'DELIVRD')).toBe(0);
    expect(await receipt(sender, ids[1]!, 'DELIVRD')).toBe(0);
    store.failNextRecord = true;
    expect(await receipt(sender, ids[2]!, 'DELIVRD')).toBe(smpp.errors.ESME_RX_T_APPN);
    expect(sender.receipts).toEqual([]);
    // The SMSC sends a refused receipt again.
    expect(await receipt(sender, ids[2]!, 'DELIVRD')).toBe(0);
    await eventually(() => sender.receipts.length === 1);
    await settle();
    expect(sender.receipts).toEqual([expect.objectContaining({ providerMessageId, status: 'delivered' })]);
  });

  it('refuses the completing receipt when its report cannot be recorded, and reports the message on the resend', async () => {
    smsc = await FakeSmsc.start();
    const sender = await startProcess();
    const { providerMessageId, ids } = await sendLong(sender);
    let attempts = 0;
    const recorded: DeliveryReceipt[] = [];
    sender.provider.onReceipt(async (r) => {
      if (++attempts === 1) throw new ProviderError('database unavailable', false);
      recorded.push(r);
    });

    expect(await receipt(sender, ids[0]!, 'DELIVRD')).toBe(0);
    expect(await receipt(sender, ids[1]!, 'UNDELIV')).toBe(smpp.errors.ESME_RX_T_APPN);
    expect(recorded).toEqual([]);
    // The SMSC sends a refused receipt again: it decides the message again.
    expect(await receipt(sender, ids[1]!, 'UNDELIV')).toBe(0);
    expect(recorded).toEqual([expect.objectContaining({ providerMessageId, status: 'failed' })]);
  });
});
