// What every request meets before and after a module's handler: body parsing and its limits,
// the error and 404 bodies, security headers, access control, the web app, the dev outbox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { signInCodes } from '../db/schema';
import { SimulatorProvider } from '../providers/sms/simulator/simulator';
import type { SmsProvider } from '../providers/sms/types';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const KEY = 'another-test-key-that-is-long-enough-0123456789';

/** A second app on the same database, for building with other parts or adding routes. */
const buildAnother = (sms: SmsProvider = new SimulatorProvider(t.db)) =>
  buildApp({ config: t.config, db: t.db, sms, codeKey: KEY }, { logger: false });

const postJson = (url: string, body: string) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });

describe('request bodies', () => {
  it('refuses an unknown field, naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { phone: '+38641000111', isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('isAdmin');
  });

  it('refuses malformed JSON with a message', async () => {
    const res = await postJson('/api/auth/register', '{"phone": "+38641000111"');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.stringMatching(/\S/) });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await postJson('/api/auth/register', JSON.stringify({ phone: '+38641000111', pad: 'x'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });

  it('refuses a NUL character in a body or a query string with 400, before any query', async () => {
    const cookie = await t.signIn('+38641000199');
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/message/send',
      headers: { cookie },
      payload: { recipient: '+38640111222', message: 'Hello\u0000there', channel: 'sms' },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({ message: 'Text must not contain NUL characters.' });
    const inQuery = await t.app.inject({ method: 'GET', url: '/api/sms/history?text=a%00b', headers: { cookie } });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ message: 'Text must not contain NUL characters.' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'phone=+38641000111',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('responses', () => {
  it('answers an unknown /api route with 404 and a message', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: `Route ${method} /api/no-such-thing not found` });
    }
  });

  it('sends the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const framing = res.headers['x-frame-options'] !== undefined || /frame-ancestors 'none'/.test(csp);
    expect(framing).toBe(true);
    // Also on errors.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    expect(String(missing.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('asks browsers to stay on HTTPS when cookies are Secure', async () => {
    const app = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await app.close();
    }
  });
});

describe('access control', () => {
  it('refuses to build an app with an /api route that declares no access', async () => {
    const app = await buildAnother();
    try {
      const start = async () => {
        await app.register(async (scope) => {
          scope.get('/api/undeclared', async () => ({ secret: true }));
        });
        await app.ready();
      };
      await expect(start()).rejects.toThrow('Route GET /api/undeclared does not declare its access');
    } finally {
      await app.close().catch(() => {});
    }
  });

  it('accepts routes that declare their access, and routes outside /api', async () => {
    const app = await buildAnother();
    try {
      await app.register(async (scope) => {
        scope.get('/api/declared', { config: { access: 'customer' } }, async () => ({ ok: true }));
        scope.get('/outside', async () => ({ ok: true }));
      });
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/declared' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/outside' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers a customer route without a session cookie with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Not authenticated' });
  });
});

describe('the dev outbox', () => {
  it('lists what the simulator received for a number, newest first', async () => {
    const phone = '+38661000222';
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
    const first = await t.lastCode(phone);
    await t.db
      .update(signInCodes)
      .set({ createdAt: sql`${signInCodes.createdAt} - interval '61 seconds'` })
      .where(eq(signInCodes.phone, phone));
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { phone } });
    const second = await t.lastCode(phone);

    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expect(Object.keys(m).sort()).toEqual(['channel', 'created_at', 'from', 'id', 'text', 'to']);
      expect(m).toMatchObject({ to: phone, from: 'Kurir', channel: 'sms' });
      expect(new Date(m.created_at).toISOString()).toBe(m.created_at);
    }
    expect(messages[0].text).toContain(second);
    expect(messages[1].text).toContain(first);
    expect(Date.parse(messages[0].created_at)).toBeGreaterThanOrEqual(Date.parse(messages[1].created_at));

    // An unencoded + arrives as a space; the number is found all the same.
    const raw = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}` });
    expect(raw.json().messages).toHaveLength(2);
    const other = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B38661000999' });
    expect(other.json()).toMatchObject({ messages: [] });
  });

  it('does not exist without the simulator', async () => {
    const provider: SmsProvider = {
      name: 'real-vendor',
      channels: ['sms'],
      submit: async () => ({ providerMessageId: 'x' }),
      onReceipt: () => {},
      close: async () => {},
    };
    const app = await buildAnother(provider);
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the web app', () => {
  let dist: string;
  beforeAll(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kurir</title>');
    fs.writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><title>Kurir landing</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.gz'), zlib.gzipSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('starts with a web build: its files, index.html for pages, JSON 404 for /api', async () => {
    const app = await createTestApp({ WEB_DIST: dist });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/dashboard/phonebook' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('<title>Kurir</title>');

      const asset = await app.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      const api = await app.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ message: 'Route GET /api/no-such-thing not found' });
      expect((await app.app.inject({ method: 'POST', url: '/dashboard' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('sends precompressed files by Accept-Encoding, the landing page for /, no-cache HTML, 404 for unknown pages', async () => {
    const app = await createTestApp({ WEB_DIST: dist });
    try {
      const br = await app.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
      const gz = await app.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

      const landing = await app.app.inject({ method: 'GET', url: '/' });
      expect(landing.body).toContain('Kurir landing');
      expect(landing.headers['cache-control']).toBe('no-cache');
      // The security headers are on the web app's pages and files too.
      for (const res of [landing, br]) {
        expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      const page = await app.app.inject({ method: 'GET', url: '/Dashboard/Phonebook/abc/entries?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');

      const unknown = await app.app.inject({ method: 'GET', url: '/wp-login.php' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/text\/html/);
      expect(unknown.body).toContain('<title>Kurir</title>');

      const robots = await app.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('User-agent');
    } finally {
      await app.close();
    }
  });

  it("sends the page the build wrote for the URL's route, index.html for routes without one and for 404", async () => {
    const routed = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-web-routes-'));
    try {
      fs.mkdirSync(path.join(routed, 'pages'));
      fs.writeFileSync(path.join(routed, 'index.html'), '<!doctype html><title>Kurir</title>');
      fs.writeFileSync(path.join(routed, 'pages', 'dashboard-phonebook-id-entries.html'), '<!doctype html><title>Kurir</title><link rel="modulepreload" href="/assets/contacts.js">');
      fs.writeFileSync(path.join(routed, 'route-pages.json'), JSON.stringify({ '/dashboard/phonebook/:id/entries': 'pages/dashboard-phonebook-id-entries.html' }));
      const app = await createTestApp({ WEB_DIST: routed });
      try {
        const contacts = await app.app.inject({ method: 'GET', url: '/Dashboard/Phonebook/abc/entries?x=1' });
        expect(contacts.statusCode).toBe(200);
        expect(contacts.headers['cache-control']).toBe('no-cache');
        expect(contacts.body).toContain('/assets/contacts.js');
        const phonebooks = await app.app.inject({ method: 'GET', url: '/dashboard/phonebook' });
        expect(phonebooks.statusCode).toBe(200);
        expect(phonebooks.body).not.toContain('modulepreload');
        const unknown = await app.app.inject({ method: 'GET', url: '/dashboard/phonebook/abc/entries/more' });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.body).not.toContain('modulepreload');
      } finally {
        await app.close();
      }
    } finally {
      fs.rmSync(routed, { recursive: true, force: true });
    }
  });
});

describe('HEAD and the API document', () => {
  it('answers HEAD on a page like GET, without a body', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Kurir</title>');
    const app = await createTestApp({ WEB_DIST: dist });
    try {
      const head = await app.app.inject({ method: 'HEAD', url: '/dashboard' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toMatch(/text\/html/);
      expect(head.body).toBe('');
      expect((await app.app.inject({ method: 'HEAD', url: '/api/no-such-thing' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('publishes the public and customer routes in /api/openapi.json, not the admin ones', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/message/send');
    expect(paths).toContain('/api/auth/register');
    expect(paths.filter((p) => p.startsWith('/api/admin'))).toEqual([]);
  });
});
