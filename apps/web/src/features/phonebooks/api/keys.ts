// Query keys of /api/phonebooks. Each key starts with the URL it GETs (the default query fn), so
// one prefix test finds every phonebook query — also the Send page's, which reads the same URLs.
import type { QueryClient } from '@tanstack/react-query';

export const PHONEBOOKS_URL = '/api/phonebooks';

export const phonebooksKey = [PHONEBOOKS_URL] as const;
export const phonebookKey = (id: string) => [`${PHONEBOOKS_URL}/${encodeURIComponent(id)}`] as const;
export const entriesKey = (id: string) => [`${PHONEBOOKS_URL}/${encodeURIComponent(id)}/entries`] as const;
export const exportCsvUrl = (id: string) => `${PHONEBOOKS_URL}/${encodeURIComponent(id)}/export.csv`;

/**
 * After any phonebook or contact change (spec §7): the list (contact counts), the phonebook and
 * its entries all reload. Cheap, and it keeps every screen that shows a count truthful.
 */
export function invalidatePhonebookQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith(PHONEBOOKS_URL),
  });
}
