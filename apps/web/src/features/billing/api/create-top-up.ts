// POST /api/payments/top-up: starts a card payment for an amount; the card form confirms it.
// Nothing changes until the payment is confirmed, so nothing is invalidated here.
import { useMutation } from '@tanstack/react-query';
import type { TopUpBody, TopUpResponse } from '@kurir/core/schemas/payments';
import { api } from '../../../lib/api';

export const createTopUp = (body: TopUpBody) => api.post<TopUpResponse>('/api/payments/top-up', body);

export function useCreateTopUp() {
  return useMutation({ mutationFn: createTopUp });
}
