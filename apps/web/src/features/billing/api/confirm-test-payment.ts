// POST /api/payments/test/confirm: the built-in test card form's "Pay" (embedded default only).
import type { TestConfirmBody } from '@kurir/core';
import { api } from '../../../lib/api';

export type TestConfirmReply = { status: 'succeeded'; newCredit: number; message: string };

export const confirmTestPayment = (body: TestConfirmBody) => api.post<TestConfirmReply>('/api/payments/test/confirm', body);
