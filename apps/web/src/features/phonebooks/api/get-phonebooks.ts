// GET /api/phonebooks: the customer's phonebooks with their contact counts.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phonebooksResponseSchema } from '@kurir/core/schemas/phonebooks';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type PhonebooksReply = z.infer<typeof phonebooksResponseSchema>;

export const getPhonebooksKey = () => [...queryRoots.phonebooks, 'list'] as const;

export const getPhonebooks = () => api.get<PhonebooksReply>('/api/phonebooks');

export const getPhonebooksQuery = () =>
  queryOptions({
    queryKey: getPhonebooksKey(),
    queryFn: getPhonebooks,
    select: (reply) => reply.phonebooks,
  });
