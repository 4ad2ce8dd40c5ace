// Journey: landing → Register → code from the dev outbox → dashboard with €2.00 → Logout → /login.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { readCode, startServer, type RunningServer } from './support/server';

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

it('registers with an SMS code, sees the starter credit, and logs out', async () => {
  const page = await browser.newPage({ viewport: DESKTOP });
  const phone = '+38641555001';

  await page.goto(server.url);
  expect(await page.title()).toBe('Kurir Authentication & Messaging');
  await screenshot(page, 'landing-desktop');

  await page.getByRole('link', { name: 'Start for free' }).click();
  await page.waitForURL('**/register');
  await page.getByLabel(/phone/i).fill('+386 41 555 001');
  await page.getByRole('button', { name: /code|continue|register|create/i }).click();

  await page.waitForURL('**/verify');
  await screenshot(page, 'verify-desktop');
  const code = await readCode(server.url, phone);
  await page.getByLabel(/code/i).first().fill(code);
  const verifyButton = page.getByRole('button', { name: /verify/i });
  if (await verifyButton.isEnabled().catch(() => false)) await verifyButton.click().catch(() => {});

  await page.waitForURL('**/dashboard');
  await expect.poll(() => page.getByText('€2.00').first().isVisible()).toBe(true);
  await screenshot(page, 'dashboard-desktop');

  await page.getByRole('button', { name: /logout/i }).first().click();
  await page.waitForURL('**/login');

  // Signed out for real: the dashboard sends us back to /login.
  await page.goto(`${server.url}/dashboard`);
  await page.waitForURL('**/login');
  await page.close();
});

it('shows the landing and sign-in pages at phone width, and the 404 page', async () => {
  const page = await browser.newPage({ viewport: PHONE });
  await page.goto(server.url);
  await screenshot(page, 'landing-phone');
  await page.goto(`${server.url}/login`);
  await expect.poll(() => page.getByLabel(/phone/i).isVisible()).toBe(true);
  await screenshot(page, 'login-phone');
  await page.goto(`${server.url}/no-such-page`);
  await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
  await page.close();
});
