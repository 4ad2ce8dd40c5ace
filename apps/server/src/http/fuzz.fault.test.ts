// 10 000+ malformed requests across every route of the app, signed in as a customer (with every
// product and a balance) and as an admin so authenticated routes get past their door: wrong
// types, deep nesting, huge strings, bad Unicode, NUL, extreme numbers, unknown fields, broken
// JSON, wrong content types, junk query strings and ids. Nothing may answer 5xx, nothing may be
// written (row counts of every table and the balances stay as they were), and /api/health, probed
// while the fuzzing runs (after a warm-up of 400 of them), must answer within 100 ms every time.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../modules/messages/messages.test-support';
import { phonebookClient } from '../modules/phonebooks/phonebooks.test-support';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../test/helper';
import { routeTable, type RouteEntry } from './route-table';

const TOTAL = 10_400;
const IN_FLIGHT = 8;
const WARM_UP = 400;

let t: TestApp;
let cookies: { customer: string; admin: string };
let realIds: { phonebook: string; entry: string };

beforeAll(async () => {
  const lots = '1000000';
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: lots, CODE_REQUESTS_PER_IP_HOUR: lots, CODE_REQUESTS_PER_PHONE_HOUR: lots });
  const products = ['Phonebook', 'Viber', 'Schedule Send', 'API access'];
  const c = await customer(t, { credit: 50_000_000, products });
  const pb = phonebookClient(t, c.cookie);
  const phonebook = await pb.createPhonebook('Fuzzed');
  realIds = { phonebook, entry: await pb.addContact(phonebook, 'Ana', '+38640111222') };
  cookies = { customer: c.cookie, admin: await t.signIn(TEST_ADMIN_PHONE) };
});
afterAll(() => t?.close());

/** A small seeded generator, so a failure can be replayed with the same seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

type Kind = 'wrong_type' | 'deep' | 'huge' | 'bad_unicode' | 'nul' | 'extreme_number' | 'unknown_field' | 'broken_json' | 'content_type' | 'query';

function fieldNames(schema: unknown): string[] {
  const s = schema as { shape?: Record<string, unknown>; options?: { shape?: Record<string, unknown> }[]; def?: { in?: { shape?: Record<string, unknown> } } } | undefined;
  const shape = s?.shape ?? s?.options?.find((o) => o.shape)?.shape ?? s?.def?.in?.shape;
  return shape ? Object.keys(shape) : ['name', 'phone', 'amount', 'message'];
}

function generator(seed: number) {
  const random = rng(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  // Built once: the strings are the same each time, and building them would stall the probes.
  const hugeStrings = [JSON.stringify('x'.repeat(200_000)), JSON.stringify('é'.repeat(150_000)), JSON.stringify('x'.repeat(1_100_000))];
  const hugeBodies = new Map<string, string>();
  const wrongValues = (): unknown[] => [null, true, [], {}, [[1]], { a: { b: 1 } }, -1, 0, '', ' ', '1', 3.5, 'true', ['x']];
  const extreme = () => pick(['1e309', '-1e309', '1e-400', '123456789012345678901234567890', '-0', '9007199254740993', '0.1e99999', '-9223372036854775809']);

  /** One poisoned value a valid request never contains, so the request cannot succeed. */
  const poisonText = (kind: Kind): string => {
    if (kind === 'nul') return JSON.stringify(pick(['a\u0000b', '\u0000', 'Ana\u0000Novak']));
    if (kind === 'bad_unicode') return pick(['"x\\udc00y"', '"\\ud800"', '"a\\udbff\\u0041"', '"\\udfff\\ud800"']);
    return JSON.stringify(pick(wrongValues()));
  };

  function body(kind: Kind, fields: string[]): { payload: string; contentType: string } {
    const json = (text: string) => ({ payload: text, contentType: 'application/json' });
    const members = (value: () => string) => fields.map((f) => `${JSON.stringify(f)}:${value()}`).join(',');
    switch (kind) {
      case 'deep':
        return json(pick([`{"${fields[0]}":${deep(pick([65, 200, 5000, 100_000]))}}`, deep(pick([65, 8000, 400_000])), '{"a":'.repeat(70) + '1' + '}'.repeat(70)]));
      case 'huge': {
        const size = Math.floor(random() * hugeStrings.length);
        const key = `${fields.join()}:${size}`;
        if (!hugeBodies.has(key)) hugeBodies.set(key, `{${fields.slice(0, 2).map((f) => `${JSON.stringify(f)}:${hugeStrings[size]}`).join(',')},"z":"\\u0000"}`);
        return json(hugeBodies.get(key)!);
      }
      case 'bad_unicode':
      case 'nul':
        return json(`{${members(() => (random() < 0.5 ? poisonText(kind) : JSON.stringify('ok')))},${JSON.stringify(fields[0] ?? 'a')}:${poisonText(kind)}}`);
      case 'extreme_number':
        return json(`{${members(() => (random() < 0.7 ? extreme() : poisonText('nul')))}, "poison":"\\u0000"}`);
      case 'unknown_field':
        return json(`{${members(() => JSON.stringify(pick(wrongValues())))},"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"isAdmin":true,"extra\\u0000":1}`);
      case 'broken_json':
        return json(pick(['{', '{"a":', '{"a":1,}', "{'a':1}", '\ufeff{"a":1', 'nul', 'NaN', '{"a":1}{"b":2}', '[1,2', '"', '{"a":"\\x41"}', '{"a":"\\u12"}', '']));
      case 'content_type':
        return { payload: pick(['a=1&b=2', 'x', '{"a":1}', '\u0000']), contentType: pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'text/html']) };
      default:
        // wrong_type (and 'query', whose body is also wrong): each field a wrong type, plus one that no schema accepts.
        return json(`{${members(() => JSON.stringify(pick(wrongValues())))},"x":${JSON.stringify(pick(wrongValues()))},"p":"\\u0000"}`);
    }
  }

  function query(): string {
    const names = ['text', 'status', 'from', 'to', 'page', 'limit', 'channel', 'q', 'search', 'recipient', 'phone'];
    const values = ['%00', '%ED%B0%80', '%FF%FE', '-1', '1e309', 'NaN', '99999999999999999999', 'x'.repeat(5000), '%5B%5D', '__proto__', '%C0%AF', ''];
    return Array.from({ length: 1 + Math.floor(random() * 4) }, () => `${pick(names)}=${pick(values)}`).join('&');
  }

  function url(route: RouteEntry): string {
    return route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
      const real = name === 'id' ? realIds.phonebook : name === 'entryId' ? realIds.entry : randomUUID();
      // Already URL-encoded: a lone surrogate has no encoding, so its UTF-8 bytes stand in for it.
      return pick([real, real, randomUUID(), 'not-a-uuid', '%00', '1e309', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3000), '%ED%A0%80', '%FF']);
    });
  }

  return { random, pick, body, query, url };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await t.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const counts: Record<string, number> = {};
  for (const { table_name } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const result = await t.db.execute(sql.raw(`select count(*)::int as n from "${table_name}"`));
    counts[table_name] = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }
  const balances = await t.db.execute(sql`select coalesce(sum(credit), 0)::bigint as total, count(*)::int as users from users`);
  counts['(sum of balances)'] = Number((balances as unknown as { rows: { total: string }[] }).rows[0]!.total);
  return counts;
}

describe('fuzzing every route', () => {
  it(`answers ${TOTAL} malformed requests without a 5xx, writes nothing, and health stays fast`, async () => {
    const routes = routeTable(t.app).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(30);
    const before = await tableCounts();
    const g = generator(13);
    const kinds: Kind[] = ['wrong_type', 'deep', 'huge', 'bad_unicode', 'nul', 'extreme_number', 'unknown_field', 'broken_json', 'content_type', 'query'];
    const byStatus = new Map<number, number>();
    const byKind = new Map<Kind, number>();
    const failures: string[] = [];
    const healthTimes: number[] = [];
    /** How many fuzzed requests had been started when each probe was answered. */
    const healthSent: number[] = [];
    const started = Date.now();

    let sent = 0;
    const one = async () => {
      const route = g.pick(routes);
      const kind = g.pick(kinds);
      const who = g.pick(['customer', 'customer', 'admin', 'none'] as const);
      // Logout is valid with any body: fuzzed without a session, so the session survives.
      const cookie = who === 'none' || route.url === '/api/auth/logout' ? undefined : cookies[who];
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const { payload, contentType } = g.body(kind, fieldNames(route.body));
      // A route without a body schema ignores its body: its query carries the poison instead.
      const poisonQuery = kind === 'query' || !hasBody || route.body === undefined ? `?${g.query()}&poison=%00` : '';
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: g.url(route) + poisonQuery,
        headers: { ...(cookie ? { cookie } : {}), ...(hasBody ? { 'content-type': contentType } : {}) },
        ...(hasBody ? { payload } : {}),
      });
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${route.method} ${route.url} (${kind}): ${res.body.slice(0, 200)}`);
    };
    const lane = async () => {
      while (sent < TOTAL) {
        sent++;
        await one();
      }
    };
    const probe = async () => {
      while (sent < TOTAL) {
        const at = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        healthTimes.push(performance.now() - at);
        healthSent.push(sent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    // Warm-up, counted with the rest: the first requests of each kind compile routes, schemas and
    // parsers (a cold start a running server has behind it); the health probes time what follows.
    while (sent < WARM_UP) {
      sent++;
      await one();
    }
    await Promise.all([...Array.from({ length: IN_FLIGHT }, lane), probe()]);
    const seconds = (Date.now() - started) / 1000;

    const after = await tableCounts();
    const slowest = Math.max(...healthTimes);
    console.log(
      [
        `fuzz: ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s`,
        `  by kind: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}`,
        `  by status: ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(', ')}`,
        `  5xx: ${failures.length}; health probes: ${healthTimes.length}, median ${median(healthTimes).toFixed(1)} ms, slowest ${[...healthTimes.keys()].sort((a, b) => healthTimes[b]! - healthTimes[a]!).slice(0, 5).map((i) => `${healthTimes[i]!.toFixed(1)} (after ${healthSent[i]})`).join(', ')} ms`,
      ].join('\n'),
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(after).toEqual(before);
    expect(healthTimes.length).toBeGreaterThan(20);
    expect(slowest).toBeLessThan(100);
  }, 240_000);
});
