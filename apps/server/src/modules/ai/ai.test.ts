// POST /api/ai/sms-suggestions: admins only; the offline generator's drafts fit one SMS and suit the
// business; an OpenAI-compatible endpoint (a tiny local server here) is called as configured, and
// the offline drafts answer when it fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE_VALUES, analyzeMessage } from '@kurir/core';
import { TEST_ADMIN_PHONE, createTestApp, type TestApp } from '../../test/helper';
import { parseSuggestions } from '../../providers/ai/openai-compatible';

const LIMITS = { CODE_REQUESTS_PER_IP_HOUR: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' };

async function suggest(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/ai/sms-suggestions', headers: { cookie }, payload });
  return { status: res.statusCode, body: res.json() };
}

describe('offline suggestions', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(LIMITS);
    admin = await t.signIn(TEST_ADMIN_PHONE);
  });
  afterAll(() => t?.close());

  it('are for admins only', async () => {
    const customer = await t.signIn('+38651234567');
    expect((await suggest(t, customer, { messageType: 'general', businessType: 'shop' })).status).toBe(403);
  });

  it('give five different drafts for every message type, each one GSM SMS', async () => {
    for (const messageType of MESSAGE_TYPE_VALUES) {
      const res = await suggest(t, admin, { messageType, businessType: 'restaurant' });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const suggestions: string[] = res.body.suggestions;
      expect(suggestions).toHaveLength(5);
      expect(new Set(suggestions).size).toBe(5);
      for (const s of suggestions) expect(analyzeMessage(s), s).toMatchObject({ encoding: 'gsm', parts: 1 });
    }
  });

  it("speak the business's language and greet a named recipient", async () => {
    const res = await suggest(t, admin, { messageType: 'reminder', businessType: 'Dental clinic', recipient: 'Ana Novak' });
    expect(res.body.suggestions.every((s: string) => s.startsWith('Hi Ana, '))).toBe(true);
    expect(res.body.suggestions.some((s: string) => /clinic|check-up/.test(s))).toBe(true);
    // A pharmacy stays a pharmacy, and no phrasing puts an appointment "at our team".
    const pharmacy = await suggest(t, admin, { messageType: 'reminder', businessType: 'pharmacy' });
    expect(pharmacy.body.suggestions.join(' ')).toMatch(/our pharmacy/);
    expect(pharmacy.body.suggestions.join(' ')).not.toMatch(/clinic|appointment|check-up/);
    for (const businessType of ['', 'courier']) {
      const res2 = await suggest(t, admin, { messageType: 'reminder', businessType });
      expect(res2.body.suggestions.join(' ')).not.toMatch(/our team/);
    }
    const numbered = await suggest(t, admin, { messageType: 'marketing', businessType: 'plumbing', recipient: '+38640111222' });
    expect(numbered.body.suggestions.some((s: string) => s.includes('our plumbing'))).toBe(true);
    expect(numbered.body.suggestions.some((s: string) => s.includes('+386'))).toBe(false);
  });

  it('refuse an unknown message type', async () => {
    expect((await suggest(t, admin, { messageType: 'poem', businessType: 'shop' })).status).toBe(400);
  });
});

describe('an OpenAI-compatible endpoint', () => {
  let t: TestApp;
  let admin: string;
  let server: http.Server;
  const seen: { url?: string; auth?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let answer: { status: number; content: string } = { status: 200, content: '' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer.content } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ ...LIMITS, AI_BASE_URL: `http://127.0.0.1:${port}/v1/`, AI_API_KEY: 'test-key', AI_MODEL: 'tiny-model' });
    admin = await t.signIn(TEST_ADMIN_PHONE);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('is asked with the model, the key and the request, and its drafts are returned', async () => {
    answer = { status: 200, content: '```json\n["Your table is ready!", "See you tonight at 8."]\n```' };
    const res = await suggest(t, admin, { messageType: 'confirmation', businessType: 'bistro' });
    expect(res.body).toEqual({ success: true, suggestions: ['Your table is ready!', 'See you tonight at 8.'] });
    const call = seen.at(-1)!;
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer test-key');
    expect(call.body.model).toBe('tiny-model');
    expect(call.body.messages.at(-1)!.content).toContain('confirmation SMS messages for bistro');
  });

  it('answers with offline drafts when the endpoint fails', async () => {
    answer = { status: 500, content: '' };
    const res = await suggest(t, admin, { messageType: 'general', businessType: 'gym' });
    expect(res.body.success).toBe(true);
    expect(res.body.suggestions).toHaveLength(5);
  });

  it('accepts a numbered list as well as JSON', () => {
    expect(parseSuggestions('1. First one\n2) "Second one"\n- Third')).toEqual(['First one', 'Second one', 'Third']);
    expect(parseSuggestions('{"not": "a list"}')).toEqual([]);
  });
});
