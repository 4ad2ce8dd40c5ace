// GET, POST /api/api-keys and DELETE /api/api-keys/:id: the customer's API keys.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@kurir/core';
import { api } from '../../../lib/api';
import { apiKeysKey } from './keys';

export const apiKeysQuery = queryOptions({
  queryKey: apiKeysKey,
  queryFn: () => api.get<{ keys: ApiKey[] }>(apiKeysKey[0]),
  select: (data) => data.keys,
});

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>(apiKeysKey[0], body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${apiKeysKey[0]}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
