// SmppProvider against a real SMPP server on 127.0.0.1: bind, submit, window, throughput, error
// classification, timeouts, reconnects, enquire_link and a graceful close.
import smpp from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { createSmsProvider } from '../registry';
import { ProviderError } from '../types';
import { FakeSmsc } from './fake-smsc';
import { SmppProvider } from './smpp-provider';
import { decoded, eventually, silentLog, sms, smppSettings, startRig, type Rig } from './smpp-test-kit';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('SMPP bind and submit', () => {
  it('binds as transceiver with the configured credentials and returns the SMSC message id', async () => {
    rig = await startRig();
    const result = await rig.provider.submit(sms({ to: '+38640111222', from: 'Kurir', text: 'Your table is ready' }));

    expect(result.providerMessageId).toBe(rig.smsc.submits[0]!.messageId);
    expect(rig.smsc.binds).toEqual([{ systemId: 'kurir', password: 'secret', systemType: 'kurir', accepted: true }]);
    const pdu = rig.smsc.submits[0]!.pdu;
    expect(pdu).toMatchObject({
      source_addr_ton: 5,
      source_addr_npi: 0,
      source_addr: 'Kurir',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: '38640111222',
      registered_delivery: 1,
      data_coding: 0,
      esm_class: 0,
    });
    expect(decoded(pdu).text).toBe('Your table is ready');
  });

  it('sends a numeric sender as an international number without the plus', async () => {
    rig = await startRig();
    await rig.provider.submit(sms({ from: '+38641000111' }));
    expect(rig.smsc.submits[0]!.pdu).toMatchObject({ source_addr_ton: 1, source_addr_npi: 1, source_addr: '38641000111' });
  });

  it('refuses a wrong password: the bind fails and submits fail as temporary, naming the reason', async () => {
    const smsc = await FakeSmsc.start();
    const provider = new SmppProvider(smppSettings(smsc.port, { password: 'wrong', bindWaitSeconds: 0.5 }), silentLog);
    try {
      await eventually(() => smsc.binds.length > 0);
      const error = await rejection(provider.submit(sms()));
      expect(error.permanent).toBe(false);
      expect(error.code).toBe('not_bound');
      expect(error.message).toContain('ESME_RINVPASWD');
      expect(smsc.binds[0]).toMatchObject({ password: 'wrong', accepted: false });
      expect(smsc.submits).toHaveLength(0);
    } finally {
      await provider.close();
      await smsc.stop();
    }
  });
});

describe('SMPP flow control', () => {
  it('never has more submit_sm outstanding than the window, and sends them all', async () => {
    rig = await startRig({ onSubmit: () => ({ delayMs: 30 }) }, { window: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, () => rig!.provider.submit(sms())));

    expect(rig.smsc.maxOutstanding).toBe(3);
    expect(new Set(results.map((r) => r.providerMessageId)).size).toBe(10);
  });

  it('keeps to the throughput limit', async () => {
    rig = await startRig({}, { throughput: 10 });
    await rig.provider.submit(sms({ text: 'bound' }));
    await Promise.all(Array.from({ length: 12 }, () => rig!.provider.submit(sms())));

    const times = rig.smsc.submits.slice(1).map((s) => s.at);
    // 12 submits at 10 per second cannot span less than 11 intervals of 100 ms.
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(1050);
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(11);
  });
});

describe('SMPP error classification', () => {
  it.each([
    ['ESME_RTHROTTLED', false],
    ['ESME_RMSGQFUL', false],
    ['ESME_RSYSERR', false],
    ['ESME_RINVDSTADR', true],
    ['ESME_RINVSRCADR', true],
  ])('%s is permanent: %s', async (name, permanent) => {
    rig = await startRig({ onSubmit: () => ({ status: smpp.errors[name] }) });
    const error = await rejection(rig.provider.submit(sms()));
    expect(error.permanent).toBe(permanent);
    expect(error.code).toBe(name);
  });

  it('fails an unanswered submit as temporary after the response timeout', async () => {
    rig = await startRig({ onSubmit: () => ({ silent: true }) }, { responseTimeoutSeconds: 0.3 });
    const error = await rejection(rig.provider.submit(sms()));
    expect(error).toMatchObject({ permanent: false, code: 'response_timeout' });
  });

  it('refuses an invalid recipient before sending anything', async () => {
    rig = await startRig();
    const error = await rejection(rig.provider.submit(sms({ to: '+12' })));
    expect(error).toMatchObject({ permanent: true, code: 'invalid_recipient' });
    expect(rig.smsc.submits).toHaveLength(0);
  });

  it('refuses Viber: SMPP carries SMS only', async () => {
    rig = await startRig();
    const error = await rejection(rig.provider.submit(sms({ channel: 'viber' })));
    expect(error).toMatchObject({ permanent: true, code: 'channel_not_supported' });
  });
});

describe('SMPP connection upkeep', () => {
  it('reconnects after the SMSC drops the connection; what was outstanding fails as temporary', async () => {
    rig = await startRig({ onSubmit: (_pdu, index) => (index === 1 ? { silent: true } : undefined) });
    await rig.provider.submit(sms());
    const outstanding = rig.provider.submit(sms());
    await eventually(() => rig!.smsc.submits.length === 2);
    rig.smsc.dropConnections();

    expect(await rejection(outstanding)).toMatchObject({ permanent: false, code: 'connection_lost' });
    const next = await rig.provider.submit(sms({ text: 'after the outage' }));
    expect(next.providerMessageId).toBe(rig.smsc.submits.at(-1)!.messageId);
    expect(rig.smsc.binds.filter((b) => b.accepted)).toHaveLength(2);
  });

  it('answers enquire_link from the SMSC and sends its own every N seconds', async () => {
    rig = await startRig({}, { enquireLinkSeconds: 0.1 });
    await rig.provider.submit(sms());
    const response = await rig.smsc.enquire();
    expect(response.command).toBe('enquire_link_resp');
    await eventually(() => rig!.smsc.enquireLinks >= 2);
  });

  it('rebinds when its enquire_link goes unanswered', async () => {
    rig = await startRig({ answerEnquireLink: false }, { enquireLinkSeconds: 0.1, responseTimeoutSeconds: 0.2 });
    await rig.provider.submit(sms());
    await eventually(() => rig!.smsc.binds.length >= 2);
    await rig.provider.submit(sms({ text: 'still sending' }));
  });

  it('unbinds on close and then refuses new submits as temporary', async () => {
    rig = await startRig();
    await rig.provider.submit(sms());
    await rig.provider.close();
    expect(rig.smsc.unbinds).toHaveLength(1);
    expect(await rejection(rig.provider.submit(sms()))).toMatchObject({ permanent: false, code: 'closing' });
  });
});

describe('SMPP configuration', () => {
  it('needs the SMSC address and credentials; the registry then builds a provider that binds', async () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'smpp', SMPP_HOST: '127.0.0.1' })).toThrow(
      'SMS_PROVIDER=smpp needs SMPP_HOST, SMPP_SYSTEM_ID and SMPP_PASSWORD',
    );
    const smsc = await FakeSmsc.start();
    const config = loadConfig({
      SMS_PROVIDER: 'smpp',
      SMPP_HOST: '127.0.0.1',
      SMPP_PORT: String(smsc.port),
      SMPP_SYSTEM_ID: 'kurir',
      SMPP_PASSWORD: 'secret',
      SMPP_WINDOW: '5',
      SMPP_DATA_CODING: '1',
    });
    expect(config.sms).toMatchObject({ provider: 'smpp' });
    expect(config.sms.provider === 'smpp' && config.sms.smpp).toMatchObject({ window: 5, throughput: 100, enquireLinkSeconds: 30, dataCoding: 1, systemType: '' });
    // The SMPP provider keeps no rows of its own, so it needs no database.
    const provider = createSmsProvider(config.sms, undefined as unknown as Database, silentLog);
    try {
      const { providerMessageId } = await provider.submit(sms());
      expect(providerMessageId).toBe(smsc.submits[0]!.messageId);
      expect(smsc.submits[0]!.pdu.data_coding).toBe(1);
    } finally {
      await provider.close();
      await smsc.stop();
    }
  });
});
