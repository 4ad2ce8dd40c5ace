// /api/webhook-endpoints and /api/webhook-deliveries: the delivery webhook, its log and replays.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint } from '@kurir/core';
import { api } from '../../../lib/api';
import { deliveriesKey, webhookEndpointsKey } from './keys';

export const webhookEndpointsQuery = queryOptions({
  queryKey: webhookEndpointsKey,
  queryFn: () => api.get<{ endpoints: WebhookEndpoint[] }>(webhookEndpointsKey[0]),
  select: (data) => data.endpoints,
});

/** The log refreshes while it is on screen: deliveries and retries happen in the background. */
export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => api.get<{ deliveries: WebhookDelivery[] }>(deliveriesKey(endpointId)[0]),
    select: (data) => data.deliveries,
    refetchInterval: 5000,
  });

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api.post<{ id: string; url: string; secret: string }>(webhookEndpointsKey[0], { url }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${webhookEndpointsKey[0]}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}

export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<{ message: string }>(`/api/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
        queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
      ]),
  });
}
