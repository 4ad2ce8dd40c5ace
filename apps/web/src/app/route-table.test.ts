// The server answers 404 for paths outside @kurir/core/app-routes: this keeps that list and the
// router's table the same, so a new page cannot be forgotten on either side.
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { fileURLToPath } from 'node:url';
import { APP_ROUTE_PATTERNS, isAppRoute } from '@kurir/core/app-routes';
import { readRouteTable } from '../../build/route-pages';
import { appRoutes } from './route-table';

function collectPaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const here = route.path === undefined ? base : `${base.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children) ? [here || '/'] : [];
    return [...own, ...collectPaths(route.children ?? [], here)];
  });
}

describe('the route table', () => {
  const routerPaths = collectPaths(appRoutes).filter((p) => p !== '/*');

  it('has every page the server lists (the admin area as /admin/*)', () => {
    // The admin area joins the router on its own branch; /admin and /admin/* are listed ahead of it.
    const listed = APP_ROUTE_PATTERNS.filter((p) => !p.startsWith('/admin'));
    for (const pattern of listed) expect(routerPaths, pattern).toContain(pattern);
  });

  it('has no page the server would answer with 404', () => {
    for (const path of routerPaths) expect(isAppRoute(path.replace(/:[^/]+/g, 'x')), path).toBe(true);
  });

  it('is read by the build the way the router reads it (each route gets its own page with its chunks)', () => {
    const read = readRouteTable(fileURLToPath(new URL('./route-table.tsx', import.meta.url)));
    expect(read.map((r) => r.pattern).sort()).toEqual(collectPaths(appRoutes).sort());
    const send = read.find((r) => r.pattern === '/dashboard/send-sms');
    expect(send?.modules.map((m) => m.split('/src/')[1])).toEqual(['app/layouts/customer-shell', 'features/messages/send/send-message-page']);
  });
});
