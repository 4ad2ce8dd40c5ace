// Security headers with a strict Content-Security-Policy: the web app loads nothing from
// elsewhere, so scripts, connections and frames are limited to this origin.
//
// The headers are helmet's, worked out once at startup: they are the same on every response (no
// per-request nonces), and @fastify/helmet rebuilt helmet and re-parsed the policy on every
// request, which was 8 % of the server's CPU per one-recipient send.
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** Stripe.js and its card frames, allowed only when Stripe is the payment provider. */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

export async function registerSecurityHeaders(app: FastifyInstance, opts: { secure: boolean; stripe?: boolean }) {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with our policy, as a plain object. */
export function securityHeaders(opts: { secure: boolean; stripe?: boolean }): Record<string, string> {
  const stripe = opts.stripe === true;
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
        // Mantine sets style attributes and injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripe ? STRIPE.connect : [])],
        frameSrc: stripe ? STRIPE.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: opts.secure,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
