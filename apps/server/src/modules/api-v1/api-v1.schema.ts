// The schema of a /api/v1 route as the OpenAPI document shows it: a summary, the key it needs,
// Idempotency-Key on POSTs, and the one error shape for every 4xx and 5xx.
import { apiErrorSchema } from '@kurir/core';
import { idempotencyKeyHeaders } from '../../http/idempotency';

export const API_KEY_SECURITY = 'ApiKey';

interface Parts<B, P, Q, O, S extends 200 | 201> {
  body?: B;
  params?: P;
  querystring?: Q;
  ok: O;
  status?: S;
  /** A POST: documents the Idempotency-Key header. */
  post?: boolean;
  tag?: string;
}

export function v1Schema<B = undefined, P = undefined, Q = undefined, O = unknown, S extends 200 | 201 = 200>(summary: string, parts: Parts<B, P, Q, O, S>) {
  const status = (parts.status ?? 200) as S;
  const schema = {
    summary,
    tags: [parts.tag ?? 'Messages'],
    security: [{ [API_KEY_SECURITY]: [] }],
    body: parts.body as B,
    params: parts.params as P,
    querystring: parts.querystring as Q,
    ...(parts.post ? { headers: idempotencyKeyHeaders } : {}),
    response: { [status]: parts.ok, '4xx': apiErrorSchema, '5xx': apiErrorSchema } as { [K in S]: O } & {
      '4xx': typeof apiErrorSchema;
      '5xx': typeof apiErrorSchema;
    },
  };
  // Fastify warns about a schema key that is present but undefined.
  for (const key of ['body', 'params', 'querystring'] as const) if (schema[key] === undefined) delete schema[key];
  return schema;
}
