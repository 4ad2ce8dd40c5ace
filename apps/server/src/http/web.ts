// Serves the built web app: files from apps/web/dist, and index.html for every other GET that
// is not an API call, so client-side routes survive a reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { setPageFallback } from './errors';

export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    app.log.warn(`No web build at ${distDir}; run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  setPageFallback(app, (_request, reply) =>
    reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html'),
  );
}
