// zod compiles object parsers with `new Function` unless told not to, which the CSP (no
// 'unsafe-eval') refuses and reports on every page. Every module of the web app that parses with
// a schema imports this first; it lives here, not in main.tsx, so pages without a form do not
// download zod's core.
import { config } from 'zod/v4/core';

config({ jitless: true });
