// The exact request the Stripe provider makes, against a local stand-in for api.stripe.com.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe-provider';

let server: http.Server;
const received: { method?: string; url?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (new URLSearchParams(body).get('amount') === '666') {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Amount refused' } }));
        return;
      }
      res.end(JSON.stringify({ id: 'pi_fake_1', object: 'payment_intent', client_secret: 'pi_fake_1_secret_abc', amount: 2050, currency: 'eur' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = () =>
  new StripePaymentProvider({
    secretKey: 'sk_test_kurir',
    webhookSecret: 'whsec_kurir',
    publishableKey: 'pk_test_kurir',
    api: { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' },
  });

describe('StripePaymentProvider', () => {
  it('creates a card PaymentIntent in euro cents with the user id in its metadata', async () => {
    const created = await provider().createPayment({ amountCents: 2050, userId: 'user-1' });
    expect(created).toEqual({ providerPaymentId: 'pi_fake_1', clientSecret: 'pi_fake_1_secret_abc' });
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/payment_intents');
    expect(request.auth).toBe('Bearer sk_test_kurir');
    const form = new URLSearchParams(request.body);
    expect(form.get('amount')).toBe('2050');
    expect(form.get('currency')).toBe('eur');
    expect(form.get('metadata[userId]')).toBe('user-1');
    expect(form.get('allowed_payment_method_types[0]')).toBe('card');
  });

  it('passes Stripe refusals on as errors', async () => {
    await expect(provider().createPayment({ amountCents: 666, userId: 'user-1' })).rejects.toThrow('Amount refused');
  });

  it('verifies webhook signatures against the endpoint secret', () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const signer = new Stripe('sk_test_x');
    const good = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_kurir' });
    expect(provider().verifyWebhook(Buffer.from(payload), good).type).toBe('payment_intent.succeeded');
    const bad = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider().verifyWebhook(Buffer.from(payload), bad)).toThrow();
    expect(() => provider().verifyWebhook(Buffer.from(payload.replace('pi_1', 'pi_2')), good)).toThrow();
  });
});
