// GET /api/payments/config: which card form to show ('test' built-in form, or Stripe with its key).
import { queryOptions } from '@tanstack/react-query';
import type { PaymentsConfig } from '@kurir/core';

export const paymentsConfigQuery = queryOptions<PaymentsConfig>({ queryKey: ['/api/payments/config'] });
