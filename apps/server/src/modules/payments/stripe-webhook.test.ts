// Stripe: only a verified payment_intent.succeeded credits, and each PaymentIntent credits once,
// whether the event arrives once, twenty times, at the same moment, or at two instances at once.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { payments } from '../../db/schema';
import { SimulatorProvider } from '../../providers/sms/simulator/simulator';
import { createTestApp, type TestApp } from '../../test/helper';
import { checkLedgerIntegrity } from '../billing/integrity';
import { STRIPE_WEBHOOK_BODY_LIMIT } from './stripe-webhook.routes';
import { balanceOf, ledgerOf, signInCustomer, type Customer } from '../products/products.test-support';

const WEBHOOK_SECRET = 'whsec_kurir_test_secret';
const stripe = new Stripe('sk_test_x');

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let payer: Customer;

beforeAll(async () => {
  t = await createTestApp({
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_kurir',
  });
  // A second instance on the same database, as behind a load balancer.
  second = await buildApp({ config: t.config, db: t.db, sms: new SimulatorProvider(t.db), codeKey: 'test-secret-key-that-is-long-enough-0123456789' }, { logger: false });
  await second.ready();
  payer = await signInCustomer(t, '+38641800001');
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** A pending top-up as POST /api/payments/top-up leaves it after Stripe created the intent. */
async function pendingIntent(id: string, euros: number) {
  await t.db.insert(payments).values({ userId: payer.id, provider: 'stripe', providerPaymentId: id, amount: euros * 1_000_000, clientSecretHash: 'x' });
}

function intentEvent(type: string, intent: string, cents: number, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object: { id: intent, object: 'payment_intent', amount: cents, amount_received: cents, currency: 'eur', metadata: { userId: payer.id }, ...extra } },
  });
}

function deliver(payload: string, options: { app?: typeof second; secret?: string; signature?: string | null } = {}) {
  const signature = options.signature === undefined ? stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET }) : options.signature;
  return (options.app ?? t.app).inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

const topupsOf = async () => (await ledgerOf(t.db, payer.id)).filter((e) => e.type === 'topup');
const statusOf = async (id: string) => (await t.db.select().from(payments).where(eq(payments.providerPaymentId, id)))[0]!.status;

describe('stripe configuration', () => {
  it('gives the web the publishable key and lets Stripe.js through the CSP', async () => {
    expect(await payer.call('GET', '/api/payments/config')).toEqual({ status: 200, body: { provider: 'stripe', publishableKey: 'pk_test_kurir' } });
    const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('has no test card form', async () => {
    expect((await payer.call('POST', '/api/payments/test/confirm', { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' })).status).toBe(404);
  });
});

describe('stripe webhook', () => {
  it('credits a PaymentIntent once though the event arrives 20 times, 20 more at once, on two instances', async () => {
    await pendingIntent('pi_many', 25);
    const payload = intentEvent('payment_intent.succeeded', 'pi_many', 2500);
    for (let i = 0; i < 20; i++) {
      const res = await deliver(payload);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(payload, { app: i % 2 ? second : t.app })));
    expect(together.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceOf(t.db, payer.id)).toBe(27_000_000);
    const credited = await topupsOf();
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ amount: 25_000_000, reference: 'pi_many', description: 'Card top-up €25.00' });
    expect(await statusOf('pi_many')).toBe('succeeded');
  });

  it('a fresh intent delivered at once to two instances credits once', async () => {
    await pendingIntent('pi_race', 10);
    const payload = intentEvent('payment_intent.succeeded', 'pi_race', 1000);
    await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(payload, { app: i % 2 ? second : t.app })));
    expect(await balanceOf(t.db, payer.id)).toBe(37_000_000);
    expect(await topupsOf()).toHaveLength(2);
  });

  it('refuses a bad or missing signature and credits nothing', async () => {
    await pendingIntent('pi_forged', 50);
    const payload = intentEvent('payment_intent.succeeded', 'pi_forged', 5000);
    expect((await deliver(payload, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    expect((await deliver(payload, { signature: null })).json()).toMatchObject({ message: 'Missing Stripe signature' });
    const signedOther = stripe.webhooks.generateTestHeaderString({ payload: intentEvent('payment_intent.succeeded', 'pi_forged', 1), secret: WEBHOOK_SECRET });
    expect((await deliver(payload, { signature: signedOther })).json()).toMatchObject({ message: 'Invalid Stripe signature' });
    expect(await statusOf('pi_forged')).toBe('pending');
    expect(await balanceOf(t.db, payer.id)).toBe(37_000_000);
  });

  it('refuses a body larger than any Stripe event (413) before its signature, and answers a large unsigned one at once', async () => {
    const big = await deliver('A'.repeat(STRIPE_WEBHOOK_BODY_LIMIT + 1), { signature: null });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
    // Just under the limit, unsigned: refused for its signature without walking the bytes first.
    const started = performance.now();
    const unsigned = await deliver('A'.repeat(STRIPE_WEBHOOK_BODY_LIMIT - 1), { signature: null });
    expect(unsigned.json()).toMatchObject({ message: 'Missing Stripe signature' });
    expect(performance.now() - started).toBeLessThan(100);
    // A signed event of 200 KB (an intent we never created: acknowledged, nothing credited) still passes.
    const large = intentEvent('payment_intent.succeeded', 'pi_large_unknown', 100, { description: 'd'.repeat(200_000) });
    expect((await deliver(large)).statusCode).toBe(200);
  });

  it('acknowledges an intent it never created, without credit', async () => {
    const res = await deliver(intentEvent('payment_intent.succeeded', 'pi_unknown', 100_000));
    expect(res.statusCode).toBe(200);
    expect(await topupsOf()).toHaveLength(2);
  });

  it('refuses a signed event whose intent lacks its amount or currency with a 400, crediting nothing', async () => {
    await pendingIntent('pi_malformed', 5);
    for (const extra of [{ amount_received: undefined }, { amount_received: 'five' }, { currency: null }]) {
      const res = await deliver(intentEvent('payment_intent.succeeded', 'pi_malformed', 500, extra));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_event' });
    }
    expect(await statusOf('pi_malformed')).toBe('pending');
  });

  it('does not credit when Stripe reports another amount or currency', async () => {
    await pendingIntent('pi_amount', 5);
    expect((await deliver(intentEvent('payment_intent.succeeded', 'pi_amount', 50_000))).statusCode).toBe(200);
    expect((await deliver(intentEvent('payment_intent.succeeded', 'pi_amount', 500, { currency: 'usd' }))).statusCode).toBe(200);
    expect(await statusOf('pi_amount')).toBe('pending');
    expect(await balanceOf(t.db, payer.id)).toBe(37_000_000);
  });

  it('handles events out of order: a failure after success changes nothing, a success after failure credits', async () => {
    await deliver(intentEvent('payment_intent.payment_failed', 'pi_many', 2500, { last_payment_error: { message: 'Your card was declined.' } }));
    expect(await statusOf('pi_many')).toBe('succeeded');

    await pendingIntent('pi_retry', 4);
    await deliver(intentEvent('payment_intent.payment_failed', 'pi_retry', 400, { last_payment_error: { message: 'Your card was declined.' } }));
    expect(await statusOf('pi_retry')).toBe('failed');
    await deliver(intentEvent('payment_intent.succeeded', 'pi_retry', 400));
    expect(await statusOf('pi_retry')).toBe('succeeded');
    expect(await balanceOf(t.db, payer.id)).toBe(41_000_000);

    await pendingIntent('pi_cancel', 6);
    await deliver(intentEvent('payment_intent.canceled', 'pi_cancel', 600));
    expect(await statusOf('pi_cancel')).toBe('canceled');
    expect(await checkLedgerIntegrity(t.db)).toMatchObject({ ok: true, problems: [] });
  });
});
