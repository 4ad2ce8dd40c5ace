// Stripe Payment Intents in euros. The browser confirms the intent with Stripe.js; Stripe then
// calls our webhook, whose signature this class verifies. Only a verified
// `payment_intent.succeeded` credits a balance (modules/payments/stripe-webhook.routes.ts).
import Stripe from 'stripe';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider } from '../types';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another API host (tests point it at a local fake Stripe). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    // Retries reuse one idempotency key (the library adds it), so a retry never makes two intents.
    this.stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options.api });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.create({
      amount: input.amountCents,
      currency: 'eur',
      allowed_payment_method_types: ['card'],
      metadata: { userId: input.userId },
      description: 'Kurir balance top-up',
    });
    if (!intent.client_secret) throw new Error(`Stripe returned no client secret for ${intent.id}`);
    return { providerPaymentId: intent.id, clientSecret: intent.client_secret };
  }

  /** The event, if the raw body carries a valid signature from our endpoint secret; else throws. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
  }
}
