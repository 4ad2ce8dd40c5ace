// GET /api/openapi.json: the public API document. It describes what a customer's client may call
// (public and customer routes); admin routes are left out, so the document does not map the
// administrator surface for anyone who asks (admins have the code and routeTable(app)).
import type { FastifyInstance } from 'fastify';
import { routeTable } from './route-table';

/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function registerApiDocument(app: FastifyInstance) {
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => {
    const document = app.swagger() as { paths?: Record<string, unknown> };
    const adminPaths = new Set(routeTable(app).filter((r) => r.access === 'admin').map((r) => openApiPath(r.url)));
    const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([p]) => !adminPaths.has(p)));
    return { ...document, paths };
  });
}
