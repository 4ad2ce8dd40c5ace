// Journey: a customer buys API access, creates a live key in Settings and copies it, adds a
// webhook endpoint (a receiver started here), sends a message with a plain fetch as their own
// software would, finds it in Message history, and sees its webhook deliveries in the delivery log;
// every delivery the receiver got carries a valid signature. Screenshots at 1280 and 390 px.
import { createHmac } from 'node:crypto';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { buyProduct, signInThroughPages, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
const received: { signature: string; body: string }[] = [];

beforeAll(async () => {
  server = await startServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '200' });
  browser = await launchBrowser();
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ signature: String(req.headers['kurir-signature']), body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

function signatureValid(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  return parts.v1 === createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
}

it('creates and copies a key, sends with it, and sees the message in history and the webhook in the log', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await signInThroughPages(server, page, '+38641555301');
  await topUp(server, page.request, 20);
  await buyProduct(server, page.request, 'API access');

  await page.goto(`${server.url}/dashboard`);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.waitForURL('**/dashboard/settings');
  await page.getByLabel('Key name').fill('Shop backend');
  await page.getByText('Live', { exact: true }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const key = (await dialog.getByTestId('api-key').textContent())!.trim();
  expect(key).toMatch(/^kur_live_/);
  await dialog.getByRole('button', { name: 'Copy api key' }).click();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
  await screenshot(page, 'settings-new-key-desktop');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => page.getByRole('table', { name: 'API keys' }).getByText('Shop backend').isVisible()).toBe(true);

  const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/kurir`;
  await page.getByLabel('Endpoint URL').fill(hookUrl);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect.poll(() => page.getByTestId('signing-secret').isVisible()).toBe(true);
  const secret = (await page.getByTestId('signing-secret').textContent())!.trim();

  // The customer's own software: a plain HTTP call with the key.
  const to = '+38640123001';
  const sent = await fetch(`${server.url}/api/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'journey-1' },
    body: JSON.stringify({ to, text: 'Your order has shipped.' }),
  });
  expect(sent.status).toBe(201);
  const { messages } = (await sent.json()) as { messages: { id: string }[] };

  await page.getByRole('link', { name: 'Message history' }).first().click();
  await expect.poll(() => page.getByText(formatPhoneForReading(to)).first().isVisible(), { timeout: 15_000 }).toBe(true);

  await page.getByRole('link', { name: 'Settings' }).first().click();
  const log = page.getByRole('table', { name: 'Delivery log' });
  await expect.poll(() => log.getByText('message.delivered').isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => log.getByText('succeeded').count(), { timeout: 20_000 }).toBe(2);
  await screenshot(page, 'settings-webhooks-desktop');

  expect(received.map((r) => JSON.parse(r.body).type)).toEqual(['message.sent', 'message.delivered']);
  expect(received.every((r) => JSON.parse(r.body).data.id === messages[0]!.id)).toBe(true);
  for (const r of received) expect(signatureValid(secret, r.signature, r.body)).toBe(true);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect.poll(() => page.getByRole('table', { name: 'Delivery log' }).isVisible()).toBe(true);
  await screenshot(page, 'settings-phone');

  await page.goto(`${server.url}/docs/api`);
  await expect.poll(() => page.getByText('/api/v1/messages/{id}').first().isVisible()).toBe(true);
  await screenshot(page, 'api-docs-phone');
  await page.setViewportSize(DESKTOP);
  await screenshot(page, 'api-docs-desktop');
  await context.close();
});
