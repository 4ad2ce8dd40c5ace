// GET /api/phonebooks/:id/entries: every contact of one phonebook (searched in the browser).
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phonebookEntriesResponseSchema } from '@kurir/core/schemas/phonebooks';
import { api, segment } from '../../../lib/api';
import { getPhonebookKey } from './get-phonebook';

export type EntriesReply = z.infer<typeof phonebookEntriesResponseSchema>;

export const getEntriesKey = (phonebookId: string) => [...getPhonebookKey(phonebookId), 'entries'] as const;

export const getEntries = (phonebookId: string) =>
  api.get<EntriesReply>(`/api/phonebooks/${segment(phonebookId)}/entries`);

export const getEntriesQuery = (phonebookId: string) =>
  queryOptions({
    queryKey: getEntriesKey(phonebookId),
    queryFn: () => getEntries(phonebookId),
    select: (reply) => reply.entries,
  });
