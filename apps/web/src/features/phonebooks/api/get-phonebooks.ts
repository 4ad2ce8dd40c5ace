// GET /api/phonebooks: the customer's phonebooks with their contact counts.
import { queryOptions } from '@tanstack/react-query';
import type { Phonebook } from '@kurir/core';
import { api } from '../../../lib/api';
import { phonebooksKey } from './keys';

export const phonebooksQuery = queryOptions({
  queryKey: phonebooksKey,
  queryFn: () => api.get<{ phonebooks: Phonebook[] }>(phonebooksKey[0]),
  select: (data) => data.phonebooks,
});
