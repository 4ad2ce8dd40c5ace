// Settings that must never reach production by accident.
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ADMIN_PHONE, NO_ADMIN_WARNING, TRUST_PROXY_TRUE_WARNING, loadConfig } from './config';

const production = { NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' };

describe('production safeguards', () => {
  it('refuses the SMS simulator, whose public outbox shows every sign-in code', () => {
    expect(() => loadConfig(production)).toThrow(/SMS_PROVIDER=simulator is refused in production/);
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'simulator' })).toThrow(/refused in production/);
  });

  it('takes the simulator when a demo allows it, and a real provider always', () => {
    expect(loadConfig({ ...production, ALLOW_SMS_SIMULATOR: 'true' }).sms.provider).toBe('simulator');
    const infobip = {
      SMS_PROVIDER: 'infobip',
      INFOBIP_BASE_URL: 'https://example.api.infobip.com',
      INFOBIP_API_KEY: 'key',
      INFOBIP_WEBHOOK_SECRET: 'a-webhook-secret-long-enough',
    };
    expect(loadConfig({ ...production, ...infobip }).sms.provider).toBe('infobip');
    expect(loadConfig({}).sms.provider).toBe('simulator');
  });

  it('refuses test payments unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SMS_SIMULATOR: 'true' })).toThrow(/PAYMENTS_PROVIDER=test is refused/);
  });
});

describe('the admin number of the embedded default', () => {
  const demo = { ...production, ALLOW_SMS_SIMULATOR: 'true' };

  it('is made an admin by `npm start` with nothing set, and never with NODE_ENV=production, where a warning says there is none', () => {
    expect(loadConfig({})).toMatchObject({ adminPhones: [EMBEDDED_ADMIN_PHONE], warnings: [] });
    // The image: NODE_ENV=production on the embedded database.
    const image = loadConfig(demo);
    expect(image.database.kind).toBe('pglite');
    expect(image.adminPhones).toEqual([]);
    expect(image.warnings).toEqual([NO_ADMIN_WARNING]);
    expect(loadConfig({ DATABASE_URL: 'postgres://kurir@db/kurir', SECRET_KEY: 'k'.repeat(32) })).toMatchObject({ adminPhones: [], warnings: [NO_ADMIN_WARNING] });
  });

  it('gives way to ADMIN_PHONES everywhere', () => {
    expect(loadConfig({ ...demo, ADMIN_PHONES: '+386 41 000 001,+38641000002' })).toMatchObject({ adminPhones: ['+38641000001', '+38641000002'], warnings: [] });
    expect(loadConfig({ ADMIN_PHONES: '+38641000001' }).adminPhones).toEqual(['+38641000001']);
  });
});

describe('TRUST_PROXY', () => {
  it('reads false, a number of proxies, or their addresses; `true` as one proxy, with a warning', () => {
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1' }).trustProxy).toEqual({ ranges: ['10.0.0.0/8', '2001:db8::1'] });
    expect(loadConfig({ TRUST_PROXY: 'true' })).toMatchObject({ trustProxy: { hops: 1 }, warnings: [TRUST_PROXY_TRUE_WARNING] });
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY must be false, a number of proxies, or addresses/);
  });
});

describe('the SMS provider settings', () => {
  const infobip = { SMS_PROVIDER: 'infobip', INFOBIP_BASE_URL: 'https://x.api.infobip.com/', INFOBIP_API_KEY: 'key', INFOBIP_WEBHOOK_SECRET: 'a-webhook-secret-long-enough' };

  it("are the chosen vendor's own, with its Viber validity default", () => {
    const sim = loadConfig({}).sms;
    expect(sim).toMatchObject({ provider: 'simulator', viberValiditySeconds: 60, simulator: { delayMs: 1500, failureRate: 0.05 } });
    expect(sim).not.toHaveProperty('infobip');
    const real = loadConfig({ ...infobip, PUBLIC_URL: 'https://kurir.example/' }).sms;
    expect(real).toMatchObject({
      provider: 'infobip',
      viberValiditySeconds: 86_400,
      infobip: { baseUrl: 'https://x.api.infobip.com', notifyUrl: 'https://kurir.example/api/webhooks/infobip/a-webhook-secret-long-enough' },
    });
    expect(loadConfig({ VIBER_VALIDITY_SECONDS: '120' }).sms.viberValiditySeconds).toBe(120);
  });

  it('names what a vendor is missing, and refuses an unknown vendor', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'infobip', INFOBIP_API_KEY: 'key' })).toThrow(
      'SMS_PROVIDER=infobip needs INFOBIP_BASE_URL, INFOBIP_API_KEY and INFOBIP_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ ...infobip, INFOBIP_WEBHOOK_SECRET: 'short' })).toThrow('INFOBIP_WEBHOOK_SECRET must be at least 16 characters');
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('Invalid configuration');
  });
});
