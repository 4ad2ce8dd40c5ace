// GET /api/phonebooks and GET /api/phonebooks/:id/entries, for sending to saved contacts.
import { queryOptions } from '@tanstack/react-query';
import type { Phonebook, PhonebookEntry } from '@kurir/core';

export const phonebooksQuery = queryOptions<{ phonebooks: Phonebook[] }>({ queryKey: ['/api/phonebooks'] });

export const phonebookEntriesQuery = (id: string) =>
  queryOptions<{ entries: PhonebookEntry[] }>({ queryKey: [`/api/phonebooks/${encodeURIComponent(id)}/entries`] });
