// POST /api/admin/add-user-credit: one credit_addition ledger entry carrying the admin's id.
import { z } from '../zod';
import { CREDIT_ADDITION_MAX_EUROS } from '../../constants';
import { adminUserSchema } from './users';

export const CREDIT_MESSAGES = {
  amountNumber: 'Amount must be a number',
  amountPositive: 'Amount must be greater than 0',
  amountTooLarge: `Amount must be at most ${CREDIT_ADDITION_MAX_EUROS}`,
  amountCents: 'Amount must be in whole cents',
  userRequired: 'User is required',
  added: 'Credit added successfully',
  failed: 'Failed to add credit',
  invalidResponse: 'Server returned invalid response format',
} as const;

export const addCreditBodySchema = z.strictObject({
  userId: z.uuid({ error: CREDIT_MESSAGES.userRequired }),
  /** Euros; the dialog's step is 0.01, so whole cents. */
  amount: z
    .number({ error: CREDIT_MESSAGES.amountNumber })
    .refine(Number.isFinite, CREDIT_MESSAGES.amountNumber)
    .refine((v) => v > 0, CREDIT_MESSAGES.amountPositive)
    .refine((v) => v <= CREDIT_ADDITION_MAX_EUROS, CREDIT_MESSAGES.amountTooLarge)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, CREDIT_MESSAGES.amountCents),
  /** Optional note kept in the ledger entry's description. */
  note: z.string().trim().max(200).optional(),
  /**
   * A key the dialog makes once per addition (a UUID): a retried request with the same key adds
   * the credit once and answers like the first.
   */
  requestId: z.uuid().optional(),
});
export type AddCreditBody = z.infer<typeof addCreditBodySchema>;

export const addCreditResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: adminUserSchema,
  transactionId: z.string(),
});
export type AddCreditResponse = z.infer<typeof addCreditResponseSchema>;
