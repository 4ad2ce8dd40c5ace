// Settings that must never reach production by accident.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
