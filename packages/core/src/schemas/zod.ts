// The zod every schema is built with. In a browser zod must not compile parsers with
// `new Function`: the CSP (no 'unsafe-eval') refuses it, and zod's probe for it (made when the
// first object schema is built) logs a violation on every page. So it runs jitless there, set
// here, before any schema module builds its schemas (package.json names this file as the one with a
// side effect, so bundlers keep it). The server keeps the faster compiled parsers.
import { z } from 'zod';
import { config } from 'zod/v4/core';

if ('document' in globalThis) config({ jitless: true });

export { z };
