// What a send or a cancellation changes, by kind of data (lib/query-keys): the balance (the
// session), the messages (history, scheduled list, dashboard figures) and the ledger.
import type { QueryClient } from '@tanstack/react-query';
import { queryRoots } from '../../../lib/query-keys';

export function refreshAfterMessagesChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryRoots.session }),
    queryClient.invalidateQueries({ queryKey: queryRoots.messages }),
    queryClient.invalidateQueries({ queryKey: queryRoots.ledger }),
  ]);
}
