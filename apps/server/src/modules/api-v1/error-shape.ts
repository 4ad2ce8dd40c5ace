// The public API's one error shape, `{ error: { code, message, details } }`, for every answer under
// /api/v1 (the web's routes keep `{ message, code, ...extra }`, which its client reads).
import type { FastifyRequest } from 'fastify';

export const API_V1_PREFIX = '/api/v1';

export function isApiV1Request(request: FastifyRequest): boolean {
  return request.url === API_V1_PREFIX || request.url.startsWith(`${API_V1_PREFIX}/`) || request.url.startsWith(`${API_V1_PREFIX}?`);
}

/**
 * The error body for this request: the web's `{ message, code, ...extra, requestId }`, or the API's
 * shape under /api/v1. Both carry the request id, which every log line of the request has too.
 */
export function shapeErrorBody(request: FastifyRequest, body: { message: string; code: string } & Record<string, unknown>) {
  if (!isApiV1Request(request)) return { ...body, requestId: request.id };
  const { message, code, ...extra } = body;
  return { error: { code, message, details: Object.keys(extra).length > 0 ? extra : null, request_id: request.id } };
}
