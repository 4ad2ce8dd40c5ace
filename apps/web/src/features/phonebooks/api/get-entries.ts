// GET /api/phonebooks/:id/entries: every contact of one phonebook (searched in the browser).
import { queryOptions } from '@tanstack/react-query';
import type { PhonebookEntry } from '@kurir/core';
import { api } from '../../../lib/api';
import { entriesKey } from './keys';

export const entriesQuery = (id: string) =>
  queryOptions({
    queryKey: entriesKey(id),
    queryFn: () => api.get<{ entries: PhonebookEntry[] }>(entriesKey(id)[0]),
    select: (data) => data.entries,
  });
