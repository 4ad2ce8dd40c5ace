// GET /api/phonebooks, for the Send page's phonebook picker (names and contact counts). Its own
// key under queryRoots.phonebooks: any phonebook change elsewhere reloads it, and the phonebooks
// feature's list keeps its own key.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phonebooksResponseSchema } from '@kurir/core/schemas/phonebooks';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type PhonebookChoicesReply = z.infer<typeof phonebooksResponseSchema>;

export const getPhonebookChoicesKey = () => [...queryRoots.phonebooks, 'send-choices'] as const;

export const getPhonebookChoices = () => api.get<PhonebookChoicesReply>('/api/phonebooks');

export const getPhonebookChoicesQuery = () =>
  queryOptions({
    queryKey: getPhonebookChoicesKey(),
    queryFn: getPhonebookChoices,
    select: (reply) => reply.phonebooks,
  });
