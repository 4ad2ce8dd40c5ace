// Input that would fail deep inside the app is refused at the door, as a 400 a person can act on:
// - JSON nested deeper than MAX_JSON_DEPTH, checked on the raw text before JSON.parse (a parser
//   or any later walk of 8 000 levels can overflow the stack: a 500 for everyone);
// - NUL characters, which PostgreSQL text cannot hold;
// - ill-formed UTF-16 (a lone surrogate from a "\udc00" escape), which PostgreSQL refuses too.
// The checks walk the parsed value with an explicit stack, so no input can make them recurse.
// Binary bodies (a Buffer, kept raw for the Stripe webhook's signature) are bytes, not text: they
// are not walked, since walking a megabyte index by index costs about a second of CPU.
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** Kurir's deepest body (a bulk import: object → array → object → value) is 3 levels. */
export const MAX_JSON_DEPTH = 64;
export const NUL_REFUSED = 'Text must not contain NUL characters.';
export const UNICODE_REFUSED = 'Text must be valid Unicode (it contains a lone surrogate).';
export const TOO_DEEP_REFUSED = `The JSON body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The deepest bracket nesting of JSON text, brackets inside strings not counted; stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function checkText(text: string) {
  if (text.includes('\u0000')) throw badRequest(NUL_REFUSED, 'nul_character');
  if (LONE_SURROGATE.test(text)) throw badRequest(UNICODE_REFUSED, 'invalid_unicode');
}

/** Walks a parsed body or query iteratively: strings and keys checked, depth bounded. */
export function checkValue(root: unknown) {
  const stack: { value: unknown; depth: number }[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') checkText(value);
    else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer)) {
      if (depth >= MAX_JSON_DEPTH) throw badRequest(TOO_DEEP_REFUSED, 'json_too_deep');
      const entries = Array.isArray(value) ? value.map((v) => ['', v] as const) : Object.entries(value);
      for (const [key, child] of entries) {
        checkText(key);
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
}

const isStream = (body: unknown) => typeof body === 'object' && body !== null && typeof (body as { pipe?: unknown }).pipe === 'function';

export function registerInputGuard(app: FastifyInstance) {
  // Fastify's own JSON parser (with its __proto__ protection), behind a depth check of the text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // An empty body with a JSON content type reads as no body (the admin spec's "Test System" posts
  // one); a route that needs a body then refuses it through its schema.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) return done(badRequest(TOO_DEEP_REFUSED, 'json_too_deep'), undefined);
    return parseJson(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    checkValue(request.query);
    // A body handed through as a stream (the CSV import) is checked by its reader as it arrives.
    if (!isStream(request.body)) checkValue(request.body);
  });
}
