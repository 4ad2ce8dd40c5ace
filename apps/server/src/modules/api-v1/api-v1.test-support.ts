// Shared set-up of the public API tests: a customer with products, a balance and an API key, and a
// client that calls /api/v1 with the key through the real app.
import type { TestApp } from '../../test/helper';
import { customer, type newPhone } from '../messages/messages.test-support';

export const API_PRODUCT = 'API access';

export interface ApiResponse {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export function keyClient(t: TestApp, key: string) {
  return async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null, headers: res.headers, raw: res.body };
  };
}

/** A signed-in customer with an API key of `mode` (live keys get the API access product). */
export async function apiCustomer(
  t: TestApp,
  options: { mode?: 'live' | 'test'; credit?: number; products?: string[]; phone?: ReturnType<typeof newPhone> } = {},
) {
  const mode = options.mode ?? 'live';
  const products = [...(options.products ?? []), ...(mode === 'live' ? [API_PRODUCT] : [])];
  const c = await customer(t, { credit: options.credit, products, ...(options.phone ? { phone: options.phone } : {}) });
  const created = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: c.cookie }, payload: { name: `${mode} key`, mode } });
  if (created.statusCode !== 201) throw new Error(`Creating a key failed: ${created.statusCode} ${created.body}`);
  const key = created.json().key as string;
  return { ...c, key, keyId: created.json().id as string, call: keyClient(t, key) };
}
