// POST /api/auth/request-verification: texts a sign-in code to a registered phone. Refusals the
// page tells apart by code: user_not_found, resend_cooldown (with codeSent / retryAfter).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema, PhoneBody } from '@kurir/core/schemas/auth';
import { api } from '../../../lib/api';

export type RequestVerificationReply = z.infer<typeof messageResponseSchema>;

export const requestVerification = (body: PhoneBody) =>
  api.post<RequestVerificationReply>('/api/auth/request-verification', body);

export function useRequestVerification() {
  return useMutation({ mutationFn: requestVerification });
}
