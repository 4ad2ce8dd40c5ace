// What a catalogue change moves: every product list (the customers' catalogue and services too)
// and the per-message prices, which the 'SMS Message' and 'Viber Message' products set.
import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../../lib/query-keys';

export function refreshAfterCatalogueChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryRoots.products }),
    queryClient.invalidateQueries({ queryKey: queryRoots.pricing }),
  ]);
}
