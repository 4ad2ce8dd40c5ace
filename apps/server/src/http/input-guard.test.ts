// Bodies and query strings that would crash a walk or a query further in are refused at the door:
// JSON nested deeper than a person's data ever is, NUL characters, and ill-formed UTF-16.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkValue } from './input-guard';
import { phonebookClient, signInWithPhonebook } from '../modules/phonebooks/phonebooks.test-support';
import { createTestApp, type TestApp } from '../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const postJson = (url: string, body: string, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } });

describe('deeply nested JSON', () => {
  it('refuses 8 000 levels on logout (no sign-in) with 400, not a crash', async () => {
    const res = await postJson('/api/auth/logout', '['.repeat(8000) + ']'.repeat(8000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'json_too_deep', message: expect.stringMatching(/nested/) });
  });

  it('refuses 65 levels of objects on a validated route, accepts 64', async () => {
    const nest = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const over = await postJson('/api/auth/register', nest(65));
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('json_too_deep');
    // 64 levels parse; the schema then refuses the shape, as for any wrong body.
    const atLimit = await postJson('/api/auth/register', nest(63));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().code).not.toBe('json_too_deep');
  });

  it('counts brackets inside strings as text, not nesting', async () => {
    const res = await postJson('/api/auth/register', JSON.stringify({ phone: '['.repeat(5000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('keeps health answering quickly while 150 deep bodies of 800 KB arrive', async () => {
    const body = '['.repeat(400_000) + ']'.repeat(400_000);
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 150 }, () => postJson('/api/auth/logout', body)));
    expect(results.every((r) => r.statusCode === 400)).toBe(true);
    const health = Date.now();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(Date.now() - health).toBeLessThan(100);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

describe('binary bodies', () => {
  it('are not walked byte by byte: 8 MB of bytes (NULs among them) pass at once', () => {
    const bytes = Buffer.alloc(8 * 1024 * 1024, 0x41);
    bytes[10] = 0;
    const started = performance.now();
    expect(() => checkValue(bytes)).not.toThrow();
    expect(() => checkValue({ file: new Uint8Array(bytes.buffer) })).not.toThrow();
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('ill-formed UTF-16 (lone surrogates)', () => {
  const LONE = '"Ana \\udc00 Novak"';

  it('refuses a lone surrogate in a contact name on single add and bulk import, nothing written', async () => {
    const cookie = await signInWithPhonebook(t, '+38641000301');
    const pb = phonebookClient(t, cookie);
    const id = await pb.createPhonebook();
    const single = await postJson(`/api/phonebooks/${id}/entries`, `{"name":${LONE},"phone_number":"+38640111222"}`, cookie);
    expect(single.statusCode).toBe(400);
    expect(single.json()).toMatchObject({ code: 'invalid_unicode', message: 'Text must be valid Unicode (it contains a lone surrogate).' });
    const bulk = await postJson(
      `/api/phonebooks/${id}/entries/bulk`,
      `{"entries":[{"name":${LONE},"phone_number":"+38640111223"}]}`,
      cookie,
    );
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().code).toBe('invalid_unicode');
    expect(await pb.contactCount(id)).toBe(0);
  });

  it('refuses one in an object key, in a query string, and a high surrogate at the end', async () => {
    const cookie = await t.signIn('+38641000302');
    const key = await postJson('/api/message/send', '{"recipient":"+38640111222","message":"hi","channel":"sms","\\ud800":1}', cookie);
    expect(key.json().code).toBe('invalid_unicode');
    const tail = await postJson('/api/message/send', '{"recipient":"+38640111222","message":"hi\\ud800","channel":"sms"}', cookie);
    expect(tail.json().code).toBe('invalid_unicode');
    const query = await t.app.inject({ method: 'GET', url: '/api/sms/history?text=a%ED%B0%80b', headers: { cookie } });
    expect(query.statusCode).toBeLessThan(500);
  });

  it('accepts a well-formed pair (an emoji) written as escapes', async () => {
    const cookie = await signInWithPhonebook(t, '+38641000303');
    const id = await phonebookClient(t, cookie).createPhonebook();
    const res = await postJson(`/api/phonebooks/${id}/entries`, '{"name":"Ana \\ud83d\\ude00","phone_number":"+38640111224"}', cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().entry.name).toBe('Ana 😀');
  });
});
