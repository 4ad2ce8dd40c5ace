import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, getOrNullOn401, hasErrorCode, serverMessageOr, UNKNOWN_ERROR_CODE, withSearch } from './api';

function reply(status: number, body: string, statusText = '', contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, statusText, headers: { 'Content-Type': contentType } })),
  );
}

afterEach(() => vi.unstubAllGlobals());

async function failure(request: Promise<unknown>): Promise<ApiError> {
  try {
    await request;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the request was expected to fail');
}

describe('api errors read like spec §8: "{status}: {message}"', () => {
  it('uses the JSON message field', async () => {
    reply(404, JSON.stringify({ message: 'No user found with this phone number' }));
    const error = await failure(api.post('/api/auth/request-verification', { phone: '+38641555001' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('404: No user found with this phone number');
    expect(error.detail).toBe('No user found with this phone number');
    expect(error.status).toBe(404);
  });

  it('keeps the parsed body for callers that need more than the message', async () => {
    reply(429, JSON.stringify({ message: 'Too many requests', retryAfter: 42 }));
    const error = await failure(api.post('/x'));
    expect(error.body).toEqual({ message: 'Too many requests', retryAfter: 42 });
  });

  it('falls back to the body text without its HTML', async () => {
    reply(502, '<html><head><style>p{}</style></head><body><h1>Bad   gateway</h1></body></html>', 'Bad Gateway', 'text/html');
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('502: Bad gateway');
  });

  it('falls back to the status text when the body is empty', async () => {
    reply(500, '', 'Internal Server Error');
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('500: Internal Server Error');
  });
});

describe("the administrator's toasts: the server's message, or a default (admin spec §8)", () => {
  it("takes the JSON reply's message", async () => {
    reply(409, JSON.stringify({ message: 'This product name is already taken.' }));
    expect(serverMessageOr(await failure(api.post('/x')), 'Failed to create product')).toBe('This product name is already taken.');
  });

  it("gives the default for a proxy's page, an empty reply and a network failure", async () => {
    reply(502, '<html><body>Bad gateway</body></html>', 'Bad Gateway', 'text/html');
    expect(serverMessageOr(await failure(api.post('/x')), 'Failed to add credit')).toBe('Failed to add credit');
    reply(500, '', 'Internal Server Error');
    expect(serverMessageOr(await failure(api.post('/x')), 'Failed to add credit')).toBe('Failed to add credit');
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed to send message')).toBe('Failed to send message');
  });
});

describe('api errors carry the server\'s stable code', () => {
  it('reads code from the body, and the extra fields beside it', async () => {
    reply(429, JSON.stringify({ message: 'Please wait 30 seconds', code: 'resend_cooldown', retryAfter: 30 }));
    const error = await failure(api.post('/api/auth/request-verification'));
    expect(error.code).toBe('resend_cooldown');
    expect(error.field('retryAfter')).toBe(30);
    expect(error.field('missing')).toBeUndefined();
    expect(hasErrorCode(error, 'resend_cooldown')).toBe(true);
    expect(hasErrorCode(error, 'user_not_found', 'resend_cooldown')).toBe(true);
    expect(hasErrorCode(error, 'user_not_found')).toBe(false);
  });

  it('calls a reply without a code unknown, and other errors never match', async () => {
    reply(502, '<html><body>Bad gateway</body></html>', 'Bad Gateway', 'text/html');
    const error = await failure(api.get('/x'));
    expect(error.code).toBe(UNKNOWN_ERROR_CODE);
    expect(hasErrorCode(new Error('user_not_found'), 'user_not_found')).toBe(false);
    expect(hasErrorCode(new TypeError('Failed to fetch'), UNKNOWN_ERROR_CODE)).toBe(false);
  });
});

describe('requests', () => {
  it('put query parameters on the URL, leaving out empty ones', async () => {
    reply(200, '{}');
    await api.get('/api/sms/history', { limit: 10, offset: 0, text: '', recipient: undefined, q: 'a b' });
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/sms/history?limit=10&offset=0&q=a+b');
    expect(withSearch('/api/x')).toBe('/api/x');
  });


  it('send cookies and JSON', async () => {
    reply(200, '{"message":"ok"}');
    await api.post('/api/auth/logout', {});
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{}' });
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turn a 401 into null where the caller asks for it', async () => {
    reply(401, '{"message":"Not authenticated"}');
    await expect(getOrNullOn401('/api/auth/me')).resolves.toBeNull();
  });
});

describe('Idempotency-Key', () => {
  it('is sent when the call names one, and only then', async () => {
    reply(200, '{}');
    await api.post('/api/user/products/purchase', { productId: 'p' }, { idempotencyKey: 'key-1' });
    await api.post('/api/user/products/purchase', { productId: 'p' });
    const calls = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(calls).toEqual(['key-1', null]);
  });
});
