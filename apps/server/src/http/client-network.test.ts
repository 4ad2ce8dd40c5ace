// Per-client limits count an IPv6 client by its /64, which one customer of any provider holds
// whole, and an IPv4 client by its address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('is an IPv4 address itself, an IPv6 address its /64 however written, a mapped IPv4 address its IPv4', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:c633:6407')).toBe('198.51.100.7');
  });
});

describe('the sign-in limits per client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CODE_REQUESTS_PER_IP_HOUR: '2', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  const post = (url: string, phone: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, remoteAddress, payload: { phone } }).then((r) => r.statusCode);

  it('codes per hour: every address of one IPv6 /64 counts as one client, another /64 apart', async () => {
    const register = (phone: string, from: string) => post('/api/auth/register', phone, from);
    expect([
      await register('+38641222201', '2001:db8:1:2::1'),
      await register('+38641222202', '2001:db8:1:2::2'),
      await register('+38641222203', '2001:db8:1:2:ffff::3'),
    ]).toEqual([200, 200, 429]);
    expect(await register('+38641222204', '2001:db8:1:3::1')).toBe(200);
  });

  it('requests per minute to a sign-in route: the same', async () => {
    const login = (n: number) => post('/api/auth/request-verification', `+3864133330${n}`, `2001:db8:9:9::${n}`);
    expect([await login(1), await login(2), await login(3), await login(4)]).toEqual([404, 404, 404, 429]);
    expect(await post('/api/auth/request-verification', '+38641333305', '2001:db8:9:a::1')).toBe(404);
  });
});
