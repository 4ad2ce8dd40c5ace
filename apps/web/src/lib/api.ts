// The one way the web app talks to the server: cookies always sent, JSON in and out, and every
// non-OK reply turned into an ApiError whose text follows spec §8 ("{status}: {message}").

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;
  /** The human part of the message, without the status prefix: what a toast shows. */
  readonly detail: string;

  constructor(status: number, detail: string, body: unknown) {
    super(`${status}: ${detail}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** fetch rejects with a TypeError when the server cannot be reached at all. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

function stripHtml(text: string): string {
  return text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's HTML error page, plain text): keep the text.
  }
  const jsonMessage =
    body !== null && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : '';
  const detail = jsonMessage || (typeof body === 'string' ? stripHtml(body) : '') || response.statusText;
  return new ApiError(response.status, detail, body);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string) => apiRequest<T>('GET', url),
  post: <T>(url: string, body: unknown = {}) => apiRequest<T>('POST', url, body),
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

/** The human message of any error: the server's words for ApiError, else the error's text. */
export function errorDetail(error: unknown): string {
  if (isApiError(error)) return error.detail;
  if (error instanceof Error) return error.message;
  return '';
}
