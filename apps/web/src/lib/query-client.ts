// Query defaults from spec §7: data never goes stale on its own (the mutations that change it
// invalidate it) and failures are not retried; the session lookup opts back into a retry and a
// refresh interval itself. There is no default query function: every query names its typed
// fetcher in its endpoint's queryOptions.
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
