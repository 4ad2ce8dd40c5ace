// Serves the built web app from apps/web/dist: the landing page's own HTML for "/", for every
// other page of the app the HTML the build wrote for its route (index.html with that route's
// chunks preloaded, listed in route-pages.json; index.html when there is none), so client-side
// routes survive a reload and a page's code is fetched in parallel with the app's, and HTTP 404
// with the app's not-found page for any path the app does not have (@kurir/core/app-routes).
// Files are sent precompressed (the build writes .br and .gz copies) with Vary: Accept-Encoding;
// hashed assets are cached for a year, the HTML is revalidated on every visit.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAppRoute, matchesRoutePattern } from '@kurir/core/app-routes';
import { setPageFallback } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'no-cache';
/** favicon.svg, robots.txt: not hashed, so cached briefly. */
const UNHASHED = 'public, max-age=3600';

export function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('.html')) return HTML;
  if (filePath.split(path.sep).includes('assets')) return IMMUTABLE;
  return UNHASHED;
}

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    app.log.warn(`No web build at ${distDir}; run "npm run build". Serving the API only.`);
    return;
  }
  const landingHtml = fs.existsSync(path.join(distDir, 'landing.html')) ? 'landing.html' : 'index.html';
  const routePages = readRoutePages(distDir);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(filePath)),
  });
  const sendPage = (reply: FastifyReply, file: string, status = 200) =>
    reply.code(status).type('text/html').sendFile(file);
  setPageFallback(app, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/') return sendPage(reply, landingHtml);
    // The app renders its not-found page (inside the customer shell when signed in); the status
    // tells crawlers and monitors the truth.
    if (!isAppRoute(pathname)) return sendPage(reply, 'index.html', 404);
    return sendPage(reply, routePages.find(([pattern]) => matchesRoutePattern(pattern, pathname))?.[1] ?? 'index.html');
  });
}

/** The build's route → HTML list (apps/web/build/route-pages.ts); none for an older build. */
function readRoutePages(distDir: string): [pattern: string, file: string][] {
  const file = path.join(distDir, 'route-pages.json');
  if (!fs.existsSync(file)) return [];
  return Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>);
}
