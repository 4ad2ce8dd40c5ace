// GET /api/phonebooks/:id: one phonebook, for the contacts page header.
import { queryOptions } from '@tanstack/react-query';
import type { Phonebook } from '@kurir/core';
import { api } from '../../../lib/api';
import { phonebookKey } from './keys';

export const phonebookQuery = (id: string) =>
  queryOptions({
    queryKey: phonebookKey(id),
    queryFn: () => api.get<{ phonebook: Phonebook }>(phonebookKey(id)[0]),
    select: (data) => data.phonebook,
  });
