// The embedded default: payments that never leave the server. A payment is created here, and the
// web's built-in card form confirms it with a test card number (see cards.ts); a success runs the
// same crediting function as a verified Stripe webhook.
import { randomBytes } from 'node:crypto';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider } from '../types';

const SECRET_SEPARATOR = '_secret_';

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  async createPayment(_input: CreatePaymentInput): Promise<CreatedPayment> {
    const providerPaymentId = `testpi_${randomBytes(12).toString('hex')}`;
    // Shaped like Stripe's (`pi_…_secret_…`), and as opaque to the browser.
    const clientSecret = `${providerPaymentId}${SECRET_SEPARATOR}${randomBytes(24).toString('hex')}`;
    return { providerPaymentId, clientSecret };
  }
}

/** The payment id inside a client secret, or null when it is not one of ours. */
export function paymentIdOfClientSecret(clientSecret: string): string | null {
  const at = clientSecret.indexOf(SECRET_SEPARATOR);
  if (at <= 0) return null;
  const id = clientSecret.slice(0, at);
  return /^testpi_[0-9a-f]{24}$/.test(id) ? id : null;
}
