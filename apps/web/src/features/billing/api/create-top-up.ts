// POST /api/payments/top-up: starts a card payment for an amount; the card form confirms it.
import type { TopUpBody, TopUpResponse } from '@kurir/core';
import { api } from '../../../lib/api';

export const createTopUp = (body: TopUpBody) => api.post<TopUpResponse>('/api/payments/top-up', body);
