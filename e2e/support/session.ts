// The steps journeys take to get where their story starts: a signed-in customer (through the real
// pages, or through the API for a context that only calls it), credit from the built-in test card,
// and services bought through the API. Each asserts that its step worked, so a journey that fails
// on setup says so at the step rather than on a page that is not what it expected.
import { expect } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { readCode, type RunningServer } from './server';

/**
 * Signs `phone` in through the real pages and the dev outbox, ending on the dashboard: 'register'
 * for a new number, 'login' for one that exists.
 */
export async function signInThroughPages(server: RunningServer, page: Page, phone: string, via: 'register' | 'login' = 'register') {
  await page.goto(`${server.url}/${via}`);
  await page.getByLabel(/phone/i).fill(phone);
  await page.getByRole('button', { name: /code|continue|register|create/i }).click();
  await page.waitForURL('**/verify');
  await page.getByLabel(/code/i).first().fill(await readCode(server.url, phone));
  const verify = page.getByRole('button', { name: /verify/i });
  if (await verify.isEnabled().catch(() => false)) await verify.click().catch(() => {});
  await page.waitForURL('**/dashboard');
}

/** Signs an existing account in on an API request context, which then carries its session cookie. */
export async function signInViaApi(server: RunningServer, api: APIRequestContext, phone: string) {
  await api.post(`${server.url}/api/auth/request-verification`, { data: { phone } });
  const signedIn = await api.post(`${server.url}/api/auth/verify`, { data: { phone, code: await readCode(server.url, phone) } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

/** Adds `euros` to the signed-in user's balance with the 4242 test card, the calls the card form makes. */
export async function topUp(server: RunningServer, api: APIRequestContext, euros: number) {
  const { clientSecret } = await (await api.post(`${server.url}/api/payments/top-up`, { data: { amount: euros } })).json();
  const paid = await api.post(`${server.url}/api/payments/test/confirm`, {
    data: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** Buys the catalogue product called `name` for the signed-in user, paid from the balance. */
export async function buyProduct(server: RunningServer, api: APIRequestContext, name: string) {
  const { products } = (await (await api.get(`${server.url}/api/products/available`)).json()) as {
    products: { id: string; name: string }[];
  };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`No product '${name}' among ${products.map((p) => p.name).join(', ')}`);
  const bought = await api.post(`${server.url}/api/user/products/purchase`, { data: { productId: product.id } });
  expect(bought.ok(), await bought.text()).toBe(true);
}
