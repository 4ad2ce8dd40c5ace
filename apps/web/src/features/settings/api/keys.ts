// Query keys of Settings. Each key starts with the URL it GETs.
export const API_KEYS_URL = '/api/api-keys';
export const WEBHOOK_ENDPOINTS_URL = '/api/webhook-endpoints';

export const apiKeysKey = [API_KEYS_URL] as const;
export const webhookEndpointsKey = [WEBHOOK_ENDPOINTS_URL] as const;
export const deliveriesKey = (endpointId: string) => [`${WEBHOOK_ENDPOINTS_URL}/${encodeURIComponent(endpointId)}/deliveries`] as const;
