// Every route of the app, read from the route table (so a route added tomorrow is in this test
// too), called by the anonymous, two customers, a 'slave' and an admin. Admin routes: 401, 403,
// 403, 403, and never 401/403 for the admin. Customer routes: 401 for the anonymous, and customer
// B, given customer A's ids in every path parameter, never receives A's data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../test/helper';
import { grantProduct } from '../test/products';
import { anonymous, signedIn, type Caller, type Method } from '../modules/admin/admin.test-support';
import { routeTable, type RouteEntry } from './route-table';

let t: TestApp;
let admin: Caller;
let a: Caller;
let b: Caller;
let slave: Caller;
/** Ids of things customer A owns, tried in every path parameter by B. */
const idsOfA: string[] = [];
const MARKER = 'MARKERA7Q';

beforeAll(async () => {
  t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await signedIn(t, TEST_ADMIN_PHONE);
  a = await signedIn(t, '+38641990001');
  b = await signedIn(t, '+38641990002');
  slave = await signedIn(t, '+38641990003', 'slave');
  for (const name of ['Schedule Send', 'Phonebook']) await grantProduct(t.db, a.phone, name);
  idsOfA.push(a.id);
  const book = await a.call('POST', '/api/phonebooks', { name: `${MARKER} book` });
  idsOfA.push(book.body.phonebook?.id ?? book.body.id);
  const template = await a.call('POST', '/api/templates', { name: `${MARKER} tpl`, content: `${MARKER} content`, category: 'general' });
  idsOfA.push(template.body.template.id);
  const scheduled = await a.call('POST', '/api/messages/schedule', {
    recipient: '+38640123456',
    message: `${MARKER} later`,
    scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
  });
  idsOfA.push(scheduled.body.results[0].id);
  expect(idsOfA.every(Boolean)).toBe(true);
});
afterAll(() => t?.close());

const apiRoutes = () => routeTable(t.app).filter((r) => r.url.startsWith('/api') && !r.hidden);
/** Sign-out would end the caller's own session mid-test; sign-in routes are public anyway. */
const skipped = (r: RouteEntry) => r.url.startsWith('/api/auth/');
const fill = (url: string, id: string) => url.replace(/:[A-Za-z]+/g, id);

describe('the access matrix', () => {
  it("declares every route of the admin issues, with the spec's paths and the right access", () => {
    const table = new Map(apiRoutes().map((r) => [`${r.method} ${r.url}`, r.access]));
    const customer = ['GET /api/products', 'GET /api/sms/templates'];
    const admin = [
      'GET /api/users', 'GET /api/users/:id', 'PATCH /api/admin/users/:id', 'PATCH /api/admin/users/:id/settings',
      'POST /api/admin/add-user-credit', 'POST /api/admin/send-sms', 'GET /api/users/:id/products',
      'POST /api/admin/users/:id/products', 'DELETE /api/admin/users/:id/products/:assignmentId',
      'GET /api/admin/users/:id/transactions', 'GET /api/admin/transactions/export', 'GET /api/admin/users/:id/analytics',
      'GET /api/admin/pending-custom-sender-names', 'POST /api/admin/custom-sender/send-to-provider/:id',
      'POST /api/admin/custom-sender/approve/:id', 'POST /api/admin/custom-sender/deny/:id',
      'POST /api/products', 'PUT /api/products/:id', 'DELETE /api/products/:id', 'GET /api/admin/settings',
      'POST /api/admin/settings', 'POST /api/sms/templates', 'PUT /api/sms/templates/:id', 'DELETE /api/sms/templates/:id',
      'GET /api/sms/all', 'GET /api/admin/scheduled', 'DELETE /api/admin/scheduled/:id', 'GET /api/admin/transactions',
      'POST /api/test-transactions', 'GET /api/admin/dashboard', 'GET /api/admin/activity', 'GET /api/admin/system-status',
      'GET /api/admin/statistics',
    ];
    expect(Object.fromEntries(admin.map((r) => [r, table.get(r)]))).toEqual(Object.fromEntries(admin.map((r) => [r, 'admin'])));
    expect(Object.fromEntries(customer.map((r) => [r, table.get(r)]))).toEqual(Object.fromEntries(customer.map((r) => [r, 'customer'])));
  });

  it('keeps every admin route out of the public OpenAPI document (docs/routes.md lists them)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/message/send');
    const adminPaths = apiRoutes()
      .filter((r) => r.access === 'admin')
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    expect(adminPaths.length).toBeGreaterThan(30);
    expect(paths.filter((p) => adminPaths.includes(p) && !['/api/products', '/api/products/{id}', '/api/sms/templates', '/api/sms/templates/{id}'].includes(p))).toEqual([]);
  });

  it('admin routes: 401 anonymous, 403 for customers and slaves, never 401/403 for an admin', async () => {
    const leaks: string[] = [];
    for (const route of apiRoutes().filter((r) => r.access === 'admin')) {
      const url = fill(route.url, a.id);
      const method = route.method as Method;
      const expectations: [Caller, number][] = [
        [anonymous(t), 401],
        [a, 403],
        [b, 403],
        [slave, 403],
      ];
      for (const [who, status] of expectations) {
        const res = await who.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        if (res.status !== status || res.text.includes(MARKER)) leaks.push(`${route.method} ${route.url} as ${who.phone || 'anonymous'}: ${res.status}`);
      }
    }
    // The admin last (some of these change things).
    for (const route of apiRoutes().filter((r) => r.access === 'admin')) {
      const method = route.method as Method;
      const res = await admin.call(method, fill(route.url, a.id), method === 'GET' || method === 'DELETE' ? undefined : {});
      if (res.status === 401 || res.status === 403 || res.status >= 500) leaks.push(`${route.method} ${route.url} as admin: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  });

  it("customer routes: 401 anonymous; customer B never receives customer A's data", async () => {
    const leaks: string[] = [];
    for (const route of apiRoutes().filter((r) => r.access === 'customer' && !skipped(r))) {
      const method = route.method as Method;
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const anon = await anonymous(t).call(method, fill(route.url, a.id), payload);
      if (anon.status !== 401) leaks.push(`${route.method} ${route.url} anonymous: ${anon.status}`);
      const urls = route.url.includes(':') ? idsOfA.map((id) => fill(route.url, id)) : [route.url];
      for (const caller of [b, slave]) {
        for (const url of urls) {
          const res = await caller.call(method, url, payload);
          const mutatedOrRead = route.url.includes(':') && res.status >= 200 && res.status < 300;
          if (res.text.includes(MARKER) || res.text.includes(a.phone) || mutatedOrRead) leaks.push(`${route.method} ${url} as ${caller.phone}: ${res.status}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // A's things are all still there.
    const mine = await a.call('GET', '/api/templates');
    expect(mine.body.templates.map((x: { name: string }) => x.name)).toContain(`${MARKER} tpl`);
    const scheduled = await a.call('GET', '/api/messages/scheduled');
    expect(scheduled.body.messages).toHaveLength(1);
  });
});
