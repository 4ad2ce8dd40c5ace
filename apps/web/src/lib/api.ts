// The one way the web app talks to the server: cookies always sent, JSON in and out, and every
// non-OK reply turned into an ApiError. The server answers every error with `{ message, code }`:
// code is what the app decides on (hasErrorCode), message is what a person reads (spec §8:
// the error's text is "{status}: {message}").

/** What an error without the server's code is called (a proxy's HTML page, an empty 502). */
export const UNKNOWN_ERROR_CODE = 'unknown';

export class ApiError extends Error {
  readonly status: number;
  /** The server's stable code (`user_not_found`, `feature_required`, …), or UNKNOWN_ERROR_CODE. */
  readonly code: string;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;
  /** The human part of the message, without the status prefix: what a toast shows. */
  readonly detail: string;

  constructor(status: number, detail: string, body: unknown, code = codeOf(body)) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
  }

  /** A field the server sent next to message and code (`retryAfter`, `codeSent`), if present. */
  field(name: string): unknown {
    const body = this.body;
    return body !== null && typeof body === 'object' && name in body ? (body as Record<string, unknown>)[name] : undefined;
  }
}

function codeOf(body: unknown): string {
  if (body !== null && typeof body === 'object' && 'code' in body && typeof body.code === 'string' && body.code) {
    return body.code;
  }
  return UNKNOWN_ERROR_CODE;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server refused with one of these codes: the way every page tells errors apart. */
export function hasErrorCode(error: unknown, ...codes: readonly string[]): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}

/** fetch rejects with a TypeError when the server cannot be reached at all. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** A body's text without its markup: what a proxy's HTML error page says in words. */
export function stripHtml(text: string): string {
  return text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The body as JSON when it is JSON, else its text (null when empty). */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text; // Not JSON (a proxy's HTML error page, plain text): keep the text.
  }
}

/** The readable part of an error body: the JSON message when there is one, else the text without HTML. */
export function bodyMessage(body: unknown): string {
  if (body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return typeof body === 'string' ? stripHtml(body) : '';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = parseBody(await response.text().catch(() => ''));
  return new ApiError(response.status, bodyMessage(body) || response.statusText, body);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query-string values; undefined and '' are left out. */
export type SearchParams = Record<string, string | number | undefined>;

export function withSearch(url: string, params: SearchParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** One path segment, escaped: ids never change the shape of a URL. */
export const segment = (value: string) => encodeURIComponent(value);

export type RequestOptions = {
  /** Sent as Idempotency-Key: the server applies the request once however often it arrives (lib/action-key.ts). */
  idempotencyKey?: string;
};

export async function apiRequest<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Typed calls. The type parameter is the reply's type, inferred from the `@kurir/core` response
 * schema (`z.infer<typeof xResponseSchema>`) in the endpoint's file, never written by hand.
 */
export const api = {
  get: <T>(url: string, params?: SearchParams) => apiRequest<T>('GET', withSearch(url, params)),
  post: <T>(url: string, body: unknown = {}, options?: RequestOptions) => apiRequest<T>('POST', url, body, options),
  put: <T>(url: string, body: unknown = {}) => apiRequest<T>('PUT', url, body),
  patch: <T>(url: string, body: unknown = {}) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

/** GET that answers null instead of throwing on 401: for "who am I" style lookups. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  try {
    return await api.get<T>(url);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The server's own words (the `message` of its JSON reply), else `fallback`: what the
 * administrator's toasts show (admin spec §8), never a browser's "Failed to fetch" or a proxy's page.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  const body = isApiError(error) ? error.body : null;
  return body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message ? body.message : fallback;
}

/** The human message of any error: the server's words for ApiError, else the error's text. */
export function errorDetail(error: unknown): string {
  if (isApiError(error)) return error.detail;
  if (error instanceof Error) return error.message;
  return '';
}
