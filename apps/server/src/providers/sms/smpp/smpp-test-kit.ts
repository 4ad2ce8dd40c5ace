// Shared set-up of the SMPP tests: a provider bound to a FakeSmsc, with timings short enough
// that reconnects and timeouts happen within a test.
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type smpp from 'smpp';
import type { DeliveryReceipt, OutboundMessage } from '../types';
import { FakeSmsc, type FakeSmscOptions } from './fake-smsc';
import { SmppProvider, type SmppSettings } from './smpp-provider';

export const silentLog = pino({ level: 'silent' });

export function smppSettings(port: number, overrides: Partial<SmppSettings> = {}): SmppSettings {
  return {
    host: '127.0.0.1',
    port,
    systemId: 'kurir',
    password: 'secret',
    systemType: 'kurir',
    window: 10,
    throughput: 0,
    enquireLinkSeconds: 30,
    responseTimeoutSeconds: 5,
    bindWaitSeconds: 5,
    dataCoding: 0,
    reconnectMinMs: 50,
    reconnectMaxMs: 400,
    ...overrides,
  };
}

export function sms(overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  return { id: randomUUID(), to: '+38640111222', from: 'Kurir', text: 'Hello from Kurir', channel: 'sms', ...overrides };
}

export interface Rig {
  smsc: FakeSmsc;
  provider: SmppProvider;
  receipts: DeliveryReceipt[];
  close(): Promise<void>;
}

/** A FakeSmsc and a provider bound to it, with every receipt collected in `receipts`. */
export async function startRig(smscOptions: FakeSmscOptions = {}, overrides: Partial<SmppSettings> = {}): Promise<Rig> {
  const smsc = await FakeSmsc.start(smscOptions);
  const provider = new SmppProvider(smppSettings(smsc.port, overrides), silentLog);
  const receipts: DeliveryReceipt[] = [];
  provider.onReceipt(async (receipt) => {
    receipts.push(receipt);
  });
  return {
    smsc,
    provider,
    receipts,
    async close() {
      await provider.close();
      await smsc.stop();
    },
  };
}

/** Polls until `check` holds (or fails the test after `timeoutMs`). */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The text and concatenation header the SMSC decoded from one submit_sm. */
export function decoded(pdu: smpp.PDU): { text: string; udh?: Buffer } {
  const short = pdu.short_message as smpp.DecodedMessage;
  return { text: String(short.message), udh: short.udh?.[0] };
}
