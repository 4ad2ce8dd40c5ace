// What the payments module needs from a card payment provider: start a payment for an amount and
// hand the browser an opaque client secret. Crediting never happens here: it happens only when the
// provider reports success (Stripe's verified webhook, or the test card form), through one function
// in modules/payments that credits each payment exactly once.
import type { PaymentProviderName } from '@kurir/core';

export interface CreatePaymentInput {
  /** Euro cents; the top-up rules keep amounts in whole cents. */
  amountCents: number;
  userId: string;
}

export interface CreatedPayment {
  /** The provider's id for the payment (Stripe: the PaymentIntent id). */
  providerPaymentId: string;
  /** Given to the card form in the browser; proves the holder may confirm the payment. */
  clientSecret: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the provider's card form; none for the built-in test form. */
  readonly publishableKey?: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
}
