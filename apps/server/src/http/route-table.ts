// Every route the app serves, with its method, access and body schema, collected as routes are
// added. The access matrix test and docs/routes.md read this one table, so no route escapes them.
import type { FastifyInstance } from 'fastify';
import type { Access } from './access';

export interface RouteEntry {
  method: string;
  url: string;
  /** Undefined only outside /api (static files, the web app's pages). */
  access: Access | undefined;
  /** The zod body schema, when the route declares one. */
  body: unknown;
  /** The body types a route takes other than JSON (the CSV import's `text/csv`), when it declares them. */
  consumes?: readonly string[];
  /** The zod query schema, when the route declares one. */
  querystring?: unknown;
  hidden: boolean;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Call before any route is registered. */
export function collectRouteTable(app: FastifyInstance) {
  const entries: RouteEntry[] = [];
  tables.set(app, entries);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      entries.push({
        method,
        url: route.url,
        access: (route.config as { access?: Access } | undefined)?.access,
        body: route.schema?.body,
        consumes: (route.schema as { consumes?: readonly string[] } | undefined)?.consumes,
        querystring: route.schema?.querystring,
        hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide),
      });
    }
  });
}

/** The routes of an app built with collectRouteTable, in registration order. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  const entries = tables.get(app);
  if (!entries) throw new Error('collectRouteTable was not called for this app');
  return entries;
}
