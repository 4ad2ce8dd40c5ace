// GET /api/phonebooks/:id: one phonebook, for the contacts page header.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phonebookResponseSchema } from '@kurir/core/schemas/phonebooks';
import { api, segment } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

export type PhonebookReply = z.infer<typeof phonebookResponseSchema>;

/** Also the prefix of the phonebook's entries (get-entries.ts): removing it drops both. */
export const getPhonebookKey = (id: string) => [...queryRoots.phonebooks, 'detail', id] as const;

export const getPhonebook = (id: string) => api.get<PhonebookReply>(`/api/phonebooks/${segment(id)}`);

export const getPhonebookQuery = (id: string) =>
  queryOptions({
    queryKey: getPhonebookKey(id),
    queryFn: () => getPhonebook(id),
    select: (reply) => reply.phonebook,
  });
