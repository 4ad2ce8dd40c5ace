// GET /api/payments/{id}/status: one of the user's payments, by the provider's id (Stripe's pi_…).
import type { PaymentStatusResponse } from '@kurir/core/schemas/payments';
import { api, segment } from '../../../lib/api';

export const getPaymentStatus = async (providerPaymentId: string) =>
  (await api.get<PaymentStatusResponse>(`/api/payments/${segment(providerPaymentId)}/status`)).status;
