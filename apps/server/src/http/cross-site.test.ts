// A browser on another site must not change anything here with the visitor's cookie: a cross-site
// POST/PUT/PATCH/DELETE (a form, a text/plain fetch) is refused before the route runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

describe('cross-site requests', () => {
  it('refuses a cross-site text/plain logout, and the session survives', async () => {
    const cookie = await t.signIn('+38641000401');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: 'x',
      headers: { cookie, 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'cross_site_request', message: 'Cross-site requests are not allowed.' });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a foreign Origin when the browser sends no Sec-Fetch-Site (plain HTTP)', async () => {
    const cookie = await t.signIn('+38641000402');
    for (const origin of ['https://evil.example', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie, origin } });
      expect(res.statusCode).toBe(403);
    }
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/message/send',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { recipient: '+38640111222', message: 'hi', channel: 'sms' },
    });
    expect(send.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site sign-in (login CSRF) too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { phone: '+38641000409' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts same-origin browsers, a matching Origin, and clients without either (curl, webhooks)', async () => {
    const a = await t.signIn('+38641000403');
    const sameOrigin = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' } });
    expect(sameOrigin.statusCode).toBe(200);
    const b = await t.signIn('+38641000404');
    const matching = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: b, host: 'kurir.example', origin: 'https://kurir.example' } });
    expect(matching.statusCode).toBe(200);
    const c = await t.signIn('+38641000405');
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: c } });
    expect(plain.statusCode).toBe(200);
    expect((await me(c)).statusCode).toBe(401);
  });

  it('lets a cross-site GET through (reads change nothing; links from elsewhere work)', async () => {
    const cookie = await t.signIn('+38641000406');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });
});
