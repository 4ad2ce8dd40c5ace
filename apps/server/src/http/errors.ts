// Turns every error into the `{ message, code }` body the web client reads (it matches the
// stable `code`, never the English text). 4xx messages are written
// for people; a 5xx is logged with its details and answered with a generic sentence.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { isApiV1Request, shapeErrorBody } from '../modules/api-v1/error-shape';
import { UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './unavailable';

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (typeof error.extra.retryAfter === 'number') reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.status).send(shapeErrorBody(request, { message: error.message, code: error.code, ...error.extra }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const message = issue?.message ?? 'Invalid request';
      const issues = error.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.status(400).send(shapeErrorBody(request, { message, code: 'validation_failed', ...(isApiV1Request(request) ? { issues } : {}) }));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(shapeErrorBody(request, { message: error.message, code: error.code ?? 'bad_request' }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(shapeErrorBody(request, { message: UNAVAILABLE_MESSAGE, code: 'service_unavailable' }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(shapeErrorBody(request, { message: 'Something went wrong on our side. Please try again.', code: 'internal_error' }));
  });

  // Fastify takes one not-found handler per prefix, so the web app's fallback to index.html is
  // plugged in here (setPageFallback) rather than set as a second handler.
  app.setNotFoundHandler((request, reply) => {
    const page = pageFallbacks.get(app);
    if (page && (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/')) return page(request, reply);
    return reply
      .status(404)
      .send(shapeErrorBody(request, { message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'route_not_found' }));
  });
}

type PageFallback = (request: FastifyRequest, reply: FastifyReply) => unknown;
const pageFallbacks = new WeakMap<FastifyInstance, PageFallback>();

/** What a GET (or HEAD) outside /api that matches no route gets instead of a 404 (the web app's index.html). */
export function setPageFallback(app: FastifyInstance, fallback: PageFallback) {
  pageFallbacks.set(app, fallback);
}
