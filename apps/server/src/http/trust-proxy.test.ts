// TRUST_PROXY: the client address is the first X-Forwarded-For entry from the right that our own
// proxies did not append, so a client that writes its own entries cannot pick a fresh address for
// each request past the per-address limits.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCodes } from '../db/schema';
import { createTestApp, type TestApp } from '../test/helper';
import { MAX_PROXY_HOPS, proxyTrust, trustProxyEnv } from './trust-proxy';

describe('the TRUST_PROXY setting', () => {
  it('is a number of proxies, or addresses, CIDR ranges and named ranges', () => {
    expect(trustProxyEnv.parse(undefined)).toEqual({ hops: 0 });
    expect(trustProxyEnv.parse('0')).toEqual({ hops: 0 });
    expect(trustProxyEnv.parse('True')).toEqual({ hops: 1 });
    expect(trustProxyEnv.parse(String(MAX_PROXY_HOPS))).toEqual({ hops: MAX_PROXY_HOPS });
    expect(trustProxyEnv.parse('loopback,192.0.2.10, 2001:DB8::/32')).toEqual({ ranges: ['127.0.0.0/8', '::1/128', '192.0.2.10', '2001:db8::/32'] });
    for (const wrong of [String(MAX_PROXY_HOPS + 1), '10.0.0.0/33', '10.0.0.0/8/1', 'lb.internal', '1.2.3', ',', '-1']) {
      expect(trustProxyEnv.safeParse(wrong).success, wrong).toBe(false);
    }
  });

  it('trusts the last hops by count, or each hop by its address (IPv4 peers on a dual-stack socket too)', () => {
    expect(proxyTrust({ hops: 0 })).toBe(false);
    const two = proxyTrust({ hops: 2 }) as (a: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => two('203.0.113.9', hop))).toEqual([true, true, false]);
    const ranges = proxyTrust({ ranges: ['10.0.0.0/8', 'fd00::/8'] }) as (a: string, hop: number) => boolean;
    expect(['10.1.2.3', '::ffff:10.1.2.3', 'fd00::5', '203.0.113.9', '::ffff:203.0.113.9', 'garbage'].map((a) => ranges(a, 0))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

/** Asks for a registration code as if through a proxy: the peer is `from`, the header is `forwarded`. */
function requestCodeVia(t: TestApp, phone: string, from: string, forwarded?: string, requestId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: from,
    headers: { ...(forwarded ? { 'x-forwarded-for': forwarded } : {}), ...(requestId ? { 'x-request-id': requestId } : {}) },
    payload: { phone },
  });
}

/** The address the sign-in limits counted the phone's last code against. */
async function countedAs(t: TestApp, phone: string) {
  const [row] = await t.db.select({ ip: signInCodes.ip }).from(signInCodes).where(eq(signInCodes.phone, phone)).orderBy(desc(signInCodes.createdAt)).limit(1);
  return row?.ip;
}

describe('behind one load balancer (TRUST_PROXY=1, and `true`)', () => {
  for (const setting of ['1', 'true']) {
    it(`TRUST_PROXY=${setting}: a client that writes its own X-Forwarded-For entries is still one address to the limit`, async () => {
      const t = await createTestApp({ TRUST_PROXY: setting, CODE_REQUESTS_PER_IP_HOUR: '2' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          // The client wrote 203.0.113.i; the load balancer (10.0.0.5) appended the address it saw.
          statuses.push((await requestCodeVia(t, `+3864111110${i}`, '10.0.0.5', `203.0.113.${i}, 198.51.100.7`)).statusCode);
        }
        expect(statuses).toEqual([200, 200, 429, 429]);
        expect(await countedAs(t, '+38641111101')).toBe('198.51.100.7');
        // Another client behind the same load balancer has its own allowance.
        expect((await requestCodeVia(t, '+38641111120', '10.0.0.5', '198.51.100.8')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('walks back past every trusted proxy, and no further', async () => {
    await requestCodeVia(t, '+38641111201', '10.0.0.5', '203.0.113.1, 198.51.100.7, 10.0.0.9');
    expect(await countedAs(t, '+38641111201')).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For and X-Request-Id from a client that connects directly', async () => {
    const direct = await requestCodeVia(t, '+38641111202', '198.51.100.20', '203.0.113.2', 'chosen-by-client');
    expect(await countedAs(t, '+38641111202')).toBe('198.51.100.20');
    expect(direct.headers['x-request-id']).not.toBe('chosen-by-client');
    const proxied = await requestCodeVia(t, '+38641111203', '10.0.0.5', '198.51.100.21', 'from-the-proxy');
    expect(proxied.headers['x-request-id']).toBe('from-the-proxy');
  });
});
