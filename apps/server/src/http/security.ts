// Security headers with a strict Content-Security-Policy: the web app loads nothing from
// elsewhere, so scripts, connections and frames are limited to this origin.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Stripe.js and its card frames, allowed only when Stripe is the payment provider. */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

export async function registerSecurityHeaders(app: FastifyInstance, opts: { secure: boolean; stripe?: boolean }) {
  const stripe = opts.stripe === true;
  await app.register(helmet, {
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
}
