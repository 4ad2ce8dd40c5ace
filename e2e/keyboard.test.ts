// Keyboard only (issue 14): register and sign in, send a message and top up with Tab, typing and
// Enter — no clicks. Each step Tabs forward until focus lands on the control it needs, so the
// journey fails if a control cannot be reached by keyboard or does not answer Enter.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
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

/** The accessible-ish name of the focused element: aria-label, its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    // Runs in the page; the journeys are compiled without the DOM's types.
    type El = { getAttribute(name: string): string | null; textContent: string | null; labels?: ArrayLike<{ textContent: string | null }> | null };
    const doc = (globalThis as unknown as { document: { activeElement: El | null; body: unknown; getElementById(id: string): El | null } }).document;
    const el = doc.activeElement;
    if (!el || el === doc.body) return '';
    const labelledBy = el.getAttribute('aria-labelledby');
    const byId = labelledBy ? doc.getElementById(labelledBy.split(' ')[0]!)?.textContent : null;
    return (el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent ?? byId ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  });

/**
 * Waits for the page at `url`. On a timeout it says what the page showed instead (an alert, a
 * field's error), so a refused step is told apart from a slow one.
 */
async function waitForPage(page: Page, url: string) {
  try {
    await page.waitForURL(url);
  } catch (error) {
    const shown = await page.locator('[role="alert"], .mantine-InputWrapper-error').allTextContents().catch(() => []);
    throw new Error(`${(error as Error).message}\nstill at ${page.url()}, showing ${JSON.stringify(shown)}`);
  }
}

/** Presses Tab until the focused element's name matches, or fails after `limit` presses. */
async function tabTo(page: Page, name: RegExp, limit = 60) {
  // A field the page focused on arrival (autofocus) counts: no Tab needed.
  if (name.test(await focusedName(page))) return;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${name} (last: '${await focusedName(page)}')`);
}

it('registers, sends a message and tops up with the keyboard alone', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const phone = '+38641777001';

  // Register: phone, Enter; then the code, which submits itself when complete (or on Enter).
  // Once the page has settled: the form's rule loads after its first paint, as a person would wait.
  await page.goto(`${server.url}/register`, { waitUntil: 'networkidle' });
  await tabTo(page, /^Phone number/);
  await page.keyboard.type(phone);
  expect(await page.inputValue('input[type="tel"]')).toBe(phone);
  await page.keyboard.press('Enter');
  await waitForPage(page, '**/verify');
  await tabTo(page, /^Verification code/);
  await page.keyboard.type(await readCode(server.url, phone));
  if (!page.url().endsWith('/dashboard')) await page.keyboard.press('Enter').catch(() => {});
  await waitForPage(page, '**/dashboard');

  // After a navigation focus is on the new page's heading; on a fresh load the skip link is the first stop.
  await expect.poll(() => focusedName(page)).toBe('Welcome to Kurir');
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Skip to main content');

  // Send: sidebar entry, recipient, message, Send Now.
  await tabTo(page, /^Send message$/);
  await page.keyboard.press('Enter');
  await waitForPage(page, '**/dashboard/send-sms');
  await tabTo(page, /^Recipient 1$/);
  await page.keyboard.type('+38640111222');
  await tabTo(page, /^Message/);
  await page.keyboard.type('Sent with the keyboard only.');
  await tabTo(page, /^Send Now$/);
  await page.keyboard.press('Enter');
  // The review opens with its Confirm focused: Escape goes back to Send Now, Enter sends.
  await expect.poll(() => page.getByTestId('send-review').isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => focusedName(page)).toBe('Send Now');
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe('Send 1 message');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText('Message sent successfully.').isVisible(), { timeout: 30_000 }).toBe(true);
  // Send Now is disabled once the form is reset: the focus goes to the page's heading, not the body.
  await expect.poll(() => focusedName(page)).toBe('Send Message');

  // Top up: back to the dashboard, Top Up, the default €20, the test card, Pay.
  await tabTo(page, /^Dashboard$/);
  await page.keyboard.press('Enter');
  await waitForPage(page, '**/dashboard');
  await tabTo(page, /^Top Up$/);
  await page.keyboard.press('Enter');
  // The dialog's code loads when it is first opened: wait for it, as a person would, before
  // tabbing in it (on a busy machine sixty Tabs can pass before it arrives).
  await page.getByRole('dialog').waitFor();
  await tabTo(page, /^Continue$/);
  await page.keyboard.press('Enter');
  await tabTo(page, /^Card number/);
  await page.keyboard.type('4242424242424242');
  await tabTo(page, /^Expiry/);
  await page.keyboard.type('12/34');
  await tabTo(page, /^CVC/);
  await page.keyboard.type('123');
  await tabTo(page, /^Pay €20\.00$/);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText('Top-up Successful').first().isVisible(), { timeout: 30_000 }).toBe(true);
  // Done closes the dialog and the focus goes back to Top Up, not to the page's body.
  await tabTo(page, /^Done$/);
  await page.keyboard.press('Enter');
  await expect.poll(() => focusedName(page)).toBe('Top Up');
  await context.close();
});
