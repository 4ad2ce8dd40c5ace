// docs/routes.md, generated from the app itself: every /api route with its method, access and the
// fields of its body (summarised from the route's zod schema). The app is built once per
// configuration that changes the routes (the SMS vendor and the payment provider bring their own),
// so a route that exists only in one of them says so. http/route-doc.test.ts fails when the file
// is stale; `npm run docs:routes` rewrites it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createSmsProvider } from '../providers/sms/registry';
import { routeTable, type RouteEntry } from './route-table';

export const ROUTE_DOC_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/routes.md');
export const ROUTE_DOC_COMMAND = 'npm run docs:routes';

/** The settings that change the set of routes; the app is built for every combination. */
const SMS_SETTINGS: Record<string, Record<string, string>> = {
  simulator: {},
  smpp: { SMPP_HOST: '127.0.0.1', SMPP_PORT: '9', SMPP_SYSTEM_ID: 'documentation', SMPP_PASSWORD: 'documentation' },
  infobip: {
    INFOBIP_BASE_URL: 'https://example.api.infobip.com',
    INFOBIP_API_KEY: 'documentation',
    INFOBIP_WEBHOOK_SECRET: 'documentation-secret',
  },
};
const PAYMENT_SETTINGS: Record<string, Record<string, string>> = {
  test: {},
  stripe: { STRIPE_SECRET_KEY: 'sk_test_documentation', STRIPE_WEBHOOK_SECRET: 'whsec_documentation', STRIPE_PUBLISHABLE_KEY: 'pk_test_documentation' },
};

/**
 * Building the app registers routes and touches no table, so no database is opened: a query
 * would fail loudly here rather than document a half-built app.
 */
const NO_DATABASE = new Proxy({}, {
  get(_target, property) {
    throw new Error(`The route table is built without a database (db.${String(property)} was used)`);
  },
}) as Database;

async function routesOf(env: Record<string, string>): Promise<RouteEntry[]> {
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-build', DATA_DIR: '/nonexistent-data', ...env });
  const sms = createSmsProvider(config.sms, NO_DATABASE, pino({ level: 'silent' }));
  const app = await buildApp({ config, db: NO_DATABASE, sms, codeKey: 'route-documentation-key-0123456789abcdef' }, { logger: false });
  try {
    await app.ready();
    return routeTable(app).filter((r) => r.url.startsWith('/api'));
  } finally {
    await app.close();
    await sms.close();
  }
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  format?: string;
};

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(' \\| ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'unknown'}[]`;
  if (schema.type === 'object') return 'object';
  if (Array.isArray(schema.type)) return schema.type.join(' \\| ');
  return schema.format ? `${schema.type ?? 'any'} (${schema.format})` : (schema.type ?? 'any');
}

/** `name: type` per field, `?` for an optional one (a default makes a field optional to send). */
export function summariseBody(body: unknown): string {
  if (!(body instanceof z.ZodType)) return body === undefined ? '' : 'yes (not a zod schema)';
  const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (!json.properties) return typeOf(json);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties)
    .map(([name, field]) => `\`${name}${required.has(name) ? '' : '?'}: ${typeOf(field)}\``)
    .join(', ');
}

/** A body that is not JSON (a streamed file) is named by its type, with the query that describes it. */
export function summariseRouteBody(route: RouteEntry): string {
  if (route.body !== undefined || !route.consumes?.length) return summariseBody(route.body);
  const query = route.querystring === undefined ? '' : `; query ${summariseBody(route.querystring)}`;
  return `the file as \`${route.consumes.join(' | ')}\`${query}`;
}

interface Row {
  route: RouteEntry;
  sms: Set<string>;
  payments: Set<string>;
}

/** Empty when the route exists in every configuration, else the settings it needs. */
function onlyWith(row: Row): string {
  const needs: string[] = [];
  if (row.sms.size < Object.keys(SMS_SETTINGS).length) needs.push(`SMS_PROVIDER=${[...row.sms].join(' or ')}`);
  if (row.payments.size < Object.keys(PAYMENT_SETTINGS).length) needs.push(`PAYMENTS_PROVIDER=${[...row.payments].join(' or ')}`);
  return needs.join(', ');
}

async function collectRows(): Promise<Row[]> {
  const rows = new Map<string, Row>();
  for (const [smsName, smsEnv] of Object.entries(SMS_SETTINGS)) {
    for (const [paymentName, paymentEnv] of Object.entries(PAYMENT_SETTINGS)) {
      const routes = await routesOf({ SMS_PROVIDER: smsName, PAYMENTS_PROVIDER: paymentName, ...smsEnv, ...paymentEnv });
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const row = rows.get(key) ?? { route, sms: new Set<string>(), payments: new Set<string>() };
        row.sms.add(smsName);
        row.payments.add(paymentName);
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].sort((a, b) => a.route.url.localeCompare(b.route.url) || a.route.method.localeCompare(b.route.method));
}

export async function renderRouteDoc(): Promise<string> {
  const rows = await collectRows();
  const lines = [
    '# Routes',
    '',
    `<!-- Generated from the app by \`${ROUTE_DOC_COMMAND}\` (apps/server/src/http/route-doc.ts). Do not edit by hand: a test fails when this file is stale. -->`,
    '',
    `Every \`/api\` route the server serves: ${rows.length} routes. Access is what \`http/access.ts\` enforces:`,
    '`public` (anyone), `customer` (a signed-in user), `admin` (a signed-in administrator). Body lists the fields of the',
    'JSON body as the zod schema in `@kurir/core` accepts them (`?` = optional). "Only with" names the setting that',
    'adds the route: the SMS vendor or the payment provider brings it.',
    '',
    '| Method | Path | Access | Body | Only with |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => {
      const { route } = row;
      return `| ${route.method} | \`${route.url}\` | ${route.access ?? '—'} | ${summariseRouteBody(route)} | ${onlyWith(row)} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
