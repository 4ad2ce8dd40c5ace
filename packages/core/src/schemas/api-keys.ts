// The customer's API keys and delivery webhook endpoints (session routes, used by Settings).
import { z } from './zod';

export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** Active (not revoked) keys a user may hold: one per environment and service, with room to rotate. */
export const MAX_ACTIVE_API_KEYS = 10;
/** Webhook endpoints a user may have: every event is POSTed to each of them. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name is required',
  tooMany: `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use to create another.`,
  tooManyRecentlyUsed: (seconds: number) =>
    `You can have at most ${MAX_ACTIVE_API_KEYS} active API keys, and a key revoked while in use counts until its rate-limit window ends. Try again in ${seconds} s.`,
  liveNeedsProduct: 'Live API keys require an active API access service. Please purchase it on the Products page. Test keys are free.',
  notFound: 'API key not found',
  invalidKey: 'Invalid or revoked API key',
} as const;

export const createApiKeyBodySchema = z.strictObject({
  name: z.string({ error: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(100),
  mode: z.enum(API_KEY_MODES).default('test'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  requests_30d: z.number().int(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(API_KEY_MODES),
  prefix: z.string(),
  /** The whole key: shown once, never stored. */
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Enter a valid URL starting with https://',
  httpsRequired: 'The webhook URL must use https:// (http:// only for localhost in development).',
  privateAddress: 'The webhook URL must point to a public address.',
  unresolvable: 'The webhook host could not be resolved.',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  deliveryInFlight: 'This delivery is being sent right now. Replay it once this attempt has finished.',
  tooMany: `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Delete one to add another.`,
  duplicate: 'This URL is already one of your webhook endpoints.',
} as const;

export const createWebhookEndpointBodySchema = z.strictObject({
  url: z.string({ error: WEBHOOK_MESSAGES.urlInvalid }).trim().max(2000).pipe(z.url({ error: WEBHOOK_MESSAGES.urlInvalid })),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** The signing secret: shown to its owner, who needs it to verify signatures. */
  secret: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const createdWebhookEndpointSchema = z.object({ id: z.string(), url: z.string(), secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event: z.string(),
  message_id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_code: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
