// POST /api/payments/test/confirm: the built-in test card form's "Pay" (embedded default only).
// The new balance it answers with is applied by the top-up dialog (top-up-dialog.tsx `paid`),
// the one place both card forms (test and Stripe) end, so this hook invalidates nothing itself.
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TestConfirmBody, testConfirmResponseSchema } from '@kurir/core/schemas/payments';
import { api } from '../../../lib/api';

export type TestConfirmReply = z.infer<typeof testConfirmResponseSchema>;

export const confirmTestPayment = (body: TestConfirmBody) => api.post<TestConfirmReply>('/api/payments/test/confirm', body);

export function useConfirmTestPayment() {
  return useMutation({ mutationFn: confirmTestPayment });
}
