// POST /api/auth/register: texts a sign-up code to a new phone (user_exists when it is known).
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { messageResponseSchema, PhoneBody } from '@kurir/core/schemas/auth';
import { api } from '../../../lib/api';

export type RegisterPhoneReply = z.infer<typeof messageResponseSchema>;

export const registerPhone = (body: PhoneBody) => api.post<RegisterPhoneReply>('/api/auth/register', body);

export function useRegisterPhone() {
  return useMutation({ mutationFn: registerPhone });
}
