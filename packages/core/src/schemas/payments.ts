// The wire contract of card top-ups: the amount rules, the test card form and the provider config.
import { PAYMENT_STATUSES } from '../constants';
import { z } from './zod';

export const TOP_UP_MIN_EUROS = 1;
export const TOP_UP_MAX_EUROS = 10_000;

export const PAYMENT_MESSAGES = {
  invalidAmount: 'Invalid Amount: Please enter a valid amount greater than 0.',
  belowMinimum: `The minimum top-up is €${TOP_UP_MIN_EUROS}.`,
  aboveMaximum: `The maximum top-up is €${TOP_UP_MAX_EUROS.toLocaleString('en')}.`,
  tooManyDecimals: 'Amount can have at most 2 decimals.',
  createFailed: 'Failed to create payment intent',
  notFound: 'Payment not found',
  declined: 'Your card was declined.',
  succeeded: 'Top-up Successful',
  cardNumberIncorrect: 'Your card number is incorrect.',
  cardNumberNotTest: 'Use a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  testPaymentsOff: 'Test payments are not enabled on this server.',
} as const;

/** Whole cents, judged on the decimal the number prints as (so 0.1 + 0.2 is not 0.30). */
const hasAtMostTwoDecimals = (v: number) => /^\d+(\.\d{1,2})?$/.test(String(v));

/** Euros, as typed in the top-up dialog: more than 0, at least €1, at most €10 000, cents at most. */
export const topUpAmountSchema = z
  .number({ error: PAYMENT_MESSAGES.invalidAmount })
  .refine((v) => Number.isFinite(v) && v > 0, PAYMENT_MESSAGES.invalidAmount)
  .refine((v) => !(v > 0) || v >= TOP_UP_MIN_EUROS, PAYMENT_MESSAGES.belowMinimum)
  .refine((v) => v <= TOP_UP_MAX_EUROS, PAYMENT_MESSAGES.aboveMaximum)
  .refine(hasAtMostTwoDecimals, PAYMENT_MESSAGES.tooManyDecimals);

export const topUpBodySchema = z.strictObject({ amount: topUpAmountSchema });
export type TopUpBody = z.infer<typeof topUpBodySchema>;

export const topUpResponseSchema = z.object({
  /** Opaque; handed to the card form (Stripe.js, or the built-in test form). */
  clientSecret: z.string(),
  /** Euros. */
  amount: z.number(),
});
export type TopUpResponse = z.infer<typeof topUpResponseSchema>;

export const PAYMENT_PROVIDER_NAMES = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** A payment of the caller's, by the provider's id (Stripe's PaymentIntent id, pi_…). */
export const paymentStatusParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const paymentStatusResponseSchema = z.object({
  /** 'succeeded' once the balance is credited (in the same transaction). */
  status: z.enum(PAYMENT_STATUSES),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export const paymentsConfigResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDER_NAMES),
  publishableKey: z.string().optional(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigResponseSchema>;

/** The built-in test card form (the embedded default's stand-in for Stripe's card element). */
export const testConfirmBodySchema = z.strictObject({
  clientSecret: z.string().min(1, PAYMENT_MESSAGES.notFound).max(200, PAYMENT_MESSAGES.notFound),
  cardNumber: z.string({ error: PAYMENT_MESSAGES.cardNumberIncorrect }).max(40, PAYMENT_MESSAGES.cardNumberIncorrect),
  /** MM/YY (also MM / YY, MM/YYYY). */
  expiry: z.string({ error: PAYMENT_MESSAGES.expiryIncomplete }).max(20, PAYMENT_MESSAGES.expiryIncomplete),
  cvc: z.string({ error: PAYMENT_MESSAGES.cvcIncomplete }).max(10, PAYMENT_MESSAGES.cvcIncomplete),
});
export type TestConfirmBody = z.infer<typeof testConfirmBodySchema>;

export const testConfirmResponseSchema = z.object({
  status: z.literal('succeeded'),
  /** Euros, the balance after the top-up. */
  newCredit: z.number(),
  message: z.string(),
});

/** GET /api/dashboard/recent-transactions: the balance card's last ledger entries, newest first. */
export const RECENT_TRANSACTIONS_LIMIT = 10;

export const recentTransactionSchema = z.object({
  id: z.string(),
  /** topup, credit, credit_addition, product_purchase, sms_cost, viber_cost, refund. */
  type: z.string(),
  description: z.string(),
  /** Euros, signed: positive added to the balance. */
  amount: z.number(),
  created_at: z.string(),
  /** Euros. */
  balance_after: z.number(),
});
export type RecentTransaction = z.infer<typeof recentTransactionSchema>;

export const recentTransactionsResponseSchema = z.object({
  success: z.literal(true),
  transactions: z.array(recentTransactionSchema),
});
