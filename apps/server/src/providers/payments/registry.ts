// The payment provider the configuration names. Adding a vendor: its folder, the config union, here.
import type { Config } from '../../config';
import { StripePaymentProvider } from './stripe/stripe-provider';
import { TestPaymentProvider } from './test/test-provider';

export type AnyPaymentProvider = TestPaymentProvider | StripePaymentProvider;

export function createPaymentProvider(config: Config['payments']): AnyPaymentProvider {
  if (config.provider === 'stripe') return new StripePaymentProvider(config);
  return new TestPaymentProvider();
}
