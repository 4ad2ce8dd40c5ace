// GET /api/payments/config: which card form to show ('test' built-in form, or Stripe with its key).
import { queryOptions } from '@tanstack/react-query';
import type { PaymentsConfig } from '@kurir/core/schemas/payments';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export const getPaymentsConfigKey = () => [...queryRoots.payments, 'config'] as const;

export const getPaymentsConfig = () => api.get<PaymentsConfig>('/api/payments/config');

export const getPaymentsConfigQuery = () => queryOptions({ queryKey: getPaymentsConfigKey(), queryFn: getPaymentsConfig });
