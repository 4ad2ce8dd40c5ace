// The access matrix of the public API, over every route the app registers (routeTable): /api/v1
// is exactly the api_key routes; none answers without a valid key (a session cookie is not a key);
// and with another customer's key every route that names a resource answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../../http/route-table';
import { createTestApp, type TestApp } from '../../test/helper';
import { newPhone } from '../messages/messages.test-support';
import { apiCustomer, keyClient } from './api-v1.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const v1Routes = () => routeTable(t.app).filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/openapi.json');
type Method = 'GET' | 'POST' | 'DELETE';

describe('access matrix of /api/v1', () => {
  it('every /api/v1 route needs an API key, and only they do', () => {
    const routes = routeTable(t.app);
    expect(v1Routes().length).toBeGreaterThanOrEqual(13);
    for (const r of v1Routes()) expect(r.access, `${r.method} ${r.url}`).toBe('api_key');
    for (const r of routes.filter((x) => x.access === 'api_key')) expect(r.url.startsWith('/api/v1/'), r.url).toBe(true);
    expect(routes.find((r) => r.url === '/api/v1/openapi.json')?.access).toBe('public');
  });

  it('no route answers without a valid key, with a revoked key, or with a session cookie alone', async () => {
    const c = await apiCustomer(t, { credit: 1_000_000, products: ['Phonebook'] });
    const revoked = await apiCustomer(t, { mode: 'test' });
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${revoked.keyId}`, headers: { cookie: revoked.cookie } });
    const id = '00000000-0000-4000-8000-000000000000';
    for (const r of v1Routes()) {
      const url = r.url.replace(':id', id).replace(':contact_id', id);
      const attempts = [
        await t.app.inject({ method: r.method as Method, url, payload: r.method === 'POST' ? {} : undefined }),
        await t.app.inject({ method: r.method as Method, url, headers: { cookie: c.cookie }, payload: r.method === 'POST' ? {} : undefined }),
        await keyClient(t, revoked.key)(r.method as Method, url, r.method === 'POST' ? {} : undefined),
      ];
      for (const res of attempts) {
        const status = 'statusCode' in res ? res.statusCode : res.status;
        const body = 'statusCode' in res ? res.json() : res.body;
        expect(status, `${r.method} ${r.url}`).toBe(401);
        expect(body.error.code).toBe('unauthorized');
      }
    }
  });

  it("with another customer's key, every route naming a resource answers 404", async () => {
    const alice = await apiCustomer(t, { credit: 1_000_000, products: ['Phonebook', 'Schedule Send'] });
    const bob = await apiCustomer(t, { credit: 1_000_000, products: ['Phonebook', 'Schedule Send'] });
    const sent = await alice.call('POST', '/api/v1/messages', { to: newPhone(), text: 'Later', scheduled_for: new Date(Date.now() + 3_600_000).toISOString() });
    const book = await alice.call('POST', '/api/v1/phonebooks', { name: 'Private', description: null });
    const contact = await alice.call('POST', `/api/v1/phonebooks/${book.body.id}/contacts`, { name: 'A', phone_number: newPhone(), email: null, notes: null });
    const withIds = v1Routes().filter((r) => r.url.includes(':id'));
    expect(withIds.length).toBeGreaterThanOrEqual(6);
    for (const r of withIds) {
      const resourceId = r.url.startsWith('/api/v1/messages') ? sent.body.messages[0].id : book.body.id;
      const url = r.url.replace(':id', resourceId).replace(':contact_id', contact.body.id);
      const body = r.method === 'POST' ? (r.url.endsWith('/import') ? { contacts: [{ phone_number: newPhone() }] } : { name: 'B', phone_number: newPhone(), email: null, notes: null }) : undefined;
      const res = await bob.call(r.method as Method, url, body);
      expect(res.status, `${r.method} ${r.url}`).toBe(404);
      expect(res.body.error.code).toMatch(/not_found/);
    }
    // Alice still has everything.
    expect((await alice.call('GET', `/api/v1/messages/${sent.body.messages[0].id}`)).body.status).toBe('scheduled');
    expect((await alice.call('GET', `/api/v1/phonebooks/${book.body.id}/contacts`)).body.contacts).toHaveLength(1);
  });
});
