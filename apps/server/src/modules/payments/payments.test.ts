// Top-ups with the built-in test provider: amount rules, the test card form, and crediting once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { checkLedgerIntegrity } from '../billing/integrity';
import { balanceOf, ledgerOf, signInCustomer, type Customer } from '../products/products.test-support';
import { paymentIdOfClientSecret } from '../../providers/payments/test/test-provider';
import { startTopUp } from './payments.service';

let t: TestApp;
let payer: Customer;

beforeAll(async () => {
  t = await createTestApp();
  payer = await signInCustomer(t, '+38641700001');
});
afterAll(() => t.close());

const GOOD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123' };
const topUp = (c: Customer, amount: unknown) => c.call('POST', '/api/payments/top-up', { amount });
const confirm = (c: Customer, clientSecret: string, card = GOOD) => c.call('POST', '/api/payments/test/confirm', { clientSecret, ...card });
const topups = async (userId: string) => (await ledgerOf(t.db, userId)).filter((e) => e.type === 'topup');

describe('payments config', () => {
  it('names the embedded test provider and keeps Stripe out of the CSP', async () => {
    expect(await payer.call('GET', '/api/payments/config')).toEqual({ status: 200, body: { provider: 'test' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).not.toContain('stripe.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: {} })).statusCode).toBe(404);
  });
});

describe('top-up amount', () => {
  it('refuses what is not a top-up, with the spec message first', async () => {
    const invalid = 'Invalid Amount: Please enter a valid amount greater than 0.';
    for (const amount of [0, -5, 'abc', '20', null]) {
      expect(await topUp(payer, amount)).toMatchObject({ status: 400, body: { message: invalid } });
    }
    expect((await payer.call('POST', '/api/payments/top-up', {})).body.message).toBe(invalid);
    expect((await topUp(payer, 0.5)).body.message).toBe('The minimum top-up is €1.');
    expect((await topUp(payer, 10_000.01)).body.message).toBe('The maximum top-up is €10,000.');
    expect((await topUp(payer, 10.001)).body.message).toBe('Amount can have at most 2 decimals.');
    expect((await payer.call('POST', '/api/payments/top-up', { amount: 10, userId: 'someone' })).status).toBe(400);
    expect(await t.db.select().from(payments)).toHaveLength(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/top-up', payload: { amount: 10 } })).statusCode).toBe(401);
  });

  it('answers the spec message when the provider cannot create a payment', async () => {
    const failing = { name: 'test' as const, createPayment: () => Promise.reject(new Error('provider down')) };
    await expect(startTopUp({ db: t.db, provider: failing }, payer.id, 10, t.app.log)).rejects.toMatchObject({
      status: 502,
      message: 'Failed to create payment intent',
    });
  });
});

describe('test card form', () => {
  it('4242… succeeds and credits the amount once, however often it is confirmed', async () => {
    const started = await topUp(payer, 20);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ clientSecret: expect.stringMatching(/^testpi_[0-9a-f]{24}_secret_[0-9a-f]+$/), amount: 20 });
    const [pending] = await t.db.select().from(payments).where(eq(payments.userId, payer.id));
    expect(pending).toMatchObject({ status: 'pending', amount: 20_000_000, provider: 'test' });

    expect(await confirm(payer, started.body.clientSecret)).toEqual({ status: 200, body: { status: 'succeeded', newCredit: 22, message: 'Top-up Successful' } });
    expect(await confirm(payer, started.body.clientSecret)).toEqual({ status: 200, body: { status: 'succeeded', newCredit: 22, message: 'Top-up Successful' } });
    expect(await balanceOf(t.db, payer.id)).toBe(22_000_000);
    const credited = await topups(payer.id);
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ amount: 20_000_000, reference: pending!.providerPaymentId, description: 'Card top-up (test payment) €20.00' });
  });

  it('confirms sent at the same moment credit once', async () => {
    const started = await topUp(payer, 7.5);
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(payer, started.body.clientSecret)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await balanceOf(t.db, payer.id)).toBe(29_500_000);
    expect(await topups(payer.id)).toHaveLength(2);
  });

  it('4000 0000 0000 0002 is declined and credits nothing; a retry with a good card then succeeds', async () => {
    const before = await balanceOf(t.db, payer.id);
    const started = await topUp(payer, 10);
    expect(await confirm(payer, started.body.clientSecret, { ...GOOD, cardNumber: '4000000000000002' })).toMatchObject({
      status: 402,
      body: { message: 'Your card was declined.' },
    });
    expect(await balanceOf(t.db, payer.id)).toBe(before);
    const [failed] = await t.db.select().from(payments).where(and(eq(payments.userId, payer.id), eq(payments.status, 'failed')));
    expect(failed).toMatchObject({ failureMessage: 'Your card was declined.' });

    expect((await confirm(payer, started.body.clientSecret)).status).toBe(200);
    expect(await balanceOf(t.db, payer.id)).toBe(before + 10_000_000);
  });

  it('refuses other and malformed card details without touching the payment', async () => {
    const started = await topUp(payer, 5);
    const tryCard = (card: Partial<typeof GOOD>) => confirm(payer, started.body.clientSecret, { ...GOOD, ...card });
    expect(await tryCard({ cardNumber: '4242 4242 4242 4241' })).toMatchObject({ status: 400, body: { message: 'Your card number is incorrect.' } });
    expect((await tryCard({ cardNumber: '1234' })).body.message).toBe('Your card number is incorrect.');
    expect((await tryCard({ cardNumber: '5555 5555 5555 4444' })).body.message).toBe(
      'Use a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
    );
    expect((await tryCard({ expiry: '01/20' })).body.message).toBe("Your card's expiration date is in the past.");
    expect((await tryCard({ expiry: '13/40' })).body.message).toBe("Your card's expiration date is incomplete.");
    expect((await tryCard({ cvc: '1' })).body.message).toBe("Your card's security code is incomplete.");
    const [row] = await t.db.select().from(payments).where(and(eq(payments.userId, payer.id), eq(payments.amount, 5_000_000)));
    expect(row!.status).toBe('pending');
  });

  it("only the payment's owner holding its secret may confirm it", async () => {
    const started = await topUp(payer, 3);
    const stranger = await signInCustomer(t, '+38641700002');
    expect(await confirm(stranger, started.body.clientSecret)).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
    const forged = started.body.clientSecret.replace(/.$/, (c: string) => (c === '0' ? '1' : '0'));
    expect((await confirm(payer, forged)).status).toBe(404);
    expect((await confirm(payer, 'pi_123_secret_abc')).status).toBe(404);
    expect(await balanceOf(t.db, stranger.id)).toBe(2_000_000);
    expect(await checkLedgerIntegrity(t.db)).toMatchObject({ ok: true });
  });

  it("tells its owner a payment's own status, so the card form waits for this credit and no other", async () => {
    const started = await topUp(payer, 4);
    const id = paymentIdOfClientSecret(started.body.clientSecret)!;
    const status = (c: Customer, paymentId = id) => c.call('GET', `/api/payments/${encodeURIComponent(paymentId)}/status`);
    expect(await status(payer)).toEqual({ status: 200, body: { status: 'pending' } });
    expect((await confirm(payer, started.body.clientSecret)).status).toBe(200);
    expect(await status(payer)).toEqual({ status: 200, body: { status: 'succeeded' } });
    const stranger = await signInCustomer(t, '+38641700003');
    expect(await status(stranger)).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
    expect((await status(payer, 'pi_unknown')).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${id}/status` })).statusCode).toBe(401);
  });
});
