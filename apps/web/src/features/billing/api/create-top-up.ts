// POST /api/payments/top-up: starts a card payment for an amount; the card form confirms it.
// Nothing changes until the payment is confirmed, so nothing is invalidated here. With an
// Idempotency-Key (one per top-up started) a retry gets the same payment, not a second one.
import { useMutation } from '@tanstack/react-query';
import type { TopUpBody, TopUpResponse } from '@kurir/core/schemas/payments';
import type { Keyed } from '../../../lib/action-key';
import { api } from '../../../lib/api';

export const createTopUp = ({ body, idempotencyKey }: Keyed<TopUpBody>) => api.post<TopUpResponse>('/api/payments/top-up', body, { idempotencyKey });

export function useCreateTopUp() {
  return useMutation({ mutationFn: createTopUp });
}
