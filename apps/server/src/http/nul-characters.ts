// PostgreSQL text cannot hold a NUL character, so a string with one would fail deep inside a
// query as a 500. Refused here, for every body and query string, as a 400 a person can act on.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

export const NUL_REFUSED = 'Text must not contain NUL characters.';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsNul);
  return false;
}

export function registerNulCharacterGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.body)) throw badRequest(NUL_REFUSED, 'nul_character');
  });
}
