// Query defaults from spec §7: a query's key starts with the URL it GETs, data never goes
// stale on its own (the mutations that change it invalidate it), and failures are not retried;
// the session lookup opts back into a retry and a refresh interval itself.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api';

const getFirstKey: QueryFunction = ({ queryKey }) => {
  const [url] = queryKey;
  if (typeof url !== 'string') throw new Error('The first element of a query key must be its URL');
  return api.get(url);
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getFirstKey,
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
