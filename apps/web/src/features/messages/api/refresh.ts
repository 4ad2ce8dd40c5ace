// What a send or a cancellation changes: the balance (so the user), the lists of messages, the
// dashboard figures and the ledger card on the dashboard.
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../../auth/api';
import { HISTORY_KEY } from './get-history';
import { SCHEDULED_KEY } from './get-scheduled';

export function refreshAfterMessagesChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
    queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/recent-transactions'] }),
  ]);
}
