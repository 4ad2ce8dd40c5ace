// Journey with Stripe as the payment provider: the card step loads Stripe.js only then, a declined
// card shows 'Payment Failed', a confirmed one is credited by the server (Stripe's webhook in real
// life) and the dialog waits for the new balance. A provider error creating the payment shows the
// spec's 'Failed to create payment intent'. The server runs with test payments; the browser is told
// the provider is Stripe, and a stand-in Stripe.js answers in place of js.stripe.com.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInThroughPages } from './support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const balance = (page: Page) => page.getByTestId('balance').textContent();
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

// Stripe.js comes from the internet, which this machine does not reach: a stand-in with the same
// surface plays it. Its confirmCardPayment settles through the built-in test confirm, which credits
// the balance on the server as Stripe's webhook would; the page then asks the payment's status
// until it is credited.
const FAKE_STRIPE_JS = `
window.Stripe = function (publishableKey) {
  const card = {
    mount(node) {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Fake Stripe card');
      node.appendChild(input);
    },
    on() { return card; }, off() { return card; }, update() {}, unmount() {}, destroy() {},
  };
  return {
    publishableKey,
    _registerWrapper() {}, registerAppInfo() {}, createToken() {}, createPaymentMethod() {},
    elements() { return { create: () => card, getElement: () => card, update() {} }; },
    async confirmCardPayment(clientSecret, data) {
      if (!data || data.payment_method.card !== card) return { error: { message: 'No card element' } };
      const cardNumber = window.__declineNext ? '4000000000000002' : '4242424242424242';
      const res = await fetch('/api/payments/test/confirm', {
        method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ clientSecret, cardNumber, expiry: '12/34', cvc: '123' }),
      });
      if (!res.ok) return { error: { message: (await res.json()).message } };
      // As Stripe's: the intent's id is the client secret's part before '_secret_'.
      return { paymentIntent: { id: clientSecret.slice(0, clientSecret.indexOf('_secret_')), status: 'succeeded' } };
    },
  };
};
window.Stripe.version = 'endive';
`;

it('pays with Stripe\'s card form when Stripe is the provider, and waits for the credit', async () => {
  // The stand-in script is served from js.stripe.com, which this server's CSP (test payments)
  // rightly does not allow; with Stripe configured it would.
  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  const page = await context.newPage();
  const scripts: string[] = [];
  await page.route('https://js.stripe.com/**', (route) => {
    scripts.push(route.request().url());
    return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS });
  });
  await page.route('**/api/payments/config', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ provider: 'stripe', publishableKey: 'pk_test_fake' }) }),
  );

  await signInThroughPages(server, page, '+38641555302');
  await expect.poll(() => balance(page)).toBe('€2.00');
  // Stripe.js is not loaded until the card step asks for it.
  expect(scripts).toEqual([]);

  // The provider refusing to create the payment: the spec's toast, and the dialog stays to retry.
  await page.route(
    '**/api/payments/top-up',
    // The server's own reply (payments.service.ts): the web decides on the code.
    (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Failed to create payment intent', code: 'payment_provider_error' }),
      }),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Top Up' }).click();
  await dialog(page, 'Top Up Balance').getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByText('Failed to create payment intent').isVisible()).toBe(true);
  expect(scripts).toEqual([]);
  await dialog(page, 'Top Up Balance').getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByLabel('Fake Stripe card').isVisible()).toBe(true);
  expect(scripts).toHaveLength(1);

  await page.evaluate('window.__declineNext = true');
  await page.getByRole('button', { name: 'Pay €20.00' }).click();
  await expect.poll(() => page.getByText('Payment Failed').isVisible()).toBe(true);
  expect(await balance(page)).toBe('€2.00');

  await page.evaluate('window.__declineNext = false');
  await page.getByRole('button', { name: 'Pay €20.00' }).click();
  await expect.poll(() => dialog(page, 'Top Up Balance').getByText('New balance: €22.00').isVisible()).toBe(true);
  await dialog(page, 'Top Up Balance').getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => balance(page)).toBe('€22.00');
  await context.close();
});
