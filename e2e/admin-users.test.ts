// Journey: a customer buys a Custom sender name → the admin (+38640000001, embedded mode's admin)
// signs in through /login, opens the admin area from the ADMIN badge, finds the customer on the
// Users page, approves the pending name in two steps (send to provider, approve), adds €5 credit,
// looks at their analytics and transactions (with the CSV export) and sends them an SMS → the
// customer sees the approved sender in Products, the €5 (balance and recent transactions) and the
// admin's SMS in history, marked as such. Also the gate (anonymous, customer, unknown admin path)
// and screenshots of every admin screen at 1280 and 390 px.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_REDIRECT_DELAY_MS } from '@kurir/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOT_DIR, launchBrowser, screenshot } from './support/browser';
import { readCode, startServer, type RunningServer } from './support/server';
import { signInThroughPages, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let customer: BrowserContext;

const ADMIN_PHONE = '+38640000001';
const CUSTOMER_PHONE = '+38641555901';
const SENDER_NAME = 'ACMESHOP';
/** The customer's balance as the admin's list shows it after the €5 credit. */
let customerBalance = '';
const ADMIN_SMS = 'Hello from Kurir support: your sender name ACMESHOP is live.';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  customer = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `Nov 2026`: how the analytics table names a month (UTC, as the server counts). */
const monthLabel = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

const eventually = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });

/** With a dialog open: what is on screen. */
async function screenshotView(page: Page, name: string) {
  await page.waitForTimeout(400); // the dialog's opening transition
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Both widths of the page on screen, from the top. */
async function screenshotBoth(page: Page, name: string, settled: () => Promise<boolean>) {
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await eventually(settled).toBe(true);
    await page.waitForTimeout(300); // charts animate in
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(DESKTOP);
}

const toast = (page: Page, text: string) => page.locator('.mantine-Notification-root').getByText(text, { exact: true });
const userRow = (page: Page) => page.getByRole('row').filter({ hasText: CUSTOMER_PHONE });
const pendingPanel = (page: Page) => page.locator('.mantine-Card-root').filter({ hasText: 'Custom sender name requests' });

it('a customer buys a Custom sender name (set up through the API)', async () => {
  const api = customer.request;
  await api.post(`${server.url}/api/auth/register`, { data: { phone: CUSTOMER_PHONE } });
  const verified = await api.post(`${server.url}/api/auth/verify`, { data: { phone: CUSTOMER_PHONE, code: await readCode(server.url, CUSTOMER_PHONE) } });
  expect(verified.ok(), await verified.text()).toBe(true);
  await topUp(server, api, 20);
  const { products } = (await (await api.get(`${server.url}/api/products/available`)).json()) as { products: { id: string; name: string }[] };
  const product = products.find((p) => p.name === 'Custom sender name');
  expect(product, products.map((p) => p.name).join(', ')).toBeDefined();
  const bought = await api.post(`${server.url}/api/user/products/purchase`, { data: { productId: product!.id, senderName: SENDER_NAME } });
  expect(bought.ok(), await bought.text()).toBe(true);
});

/** Stretches the gate's 100 ms redirect timer (only timers of exactly that delay) to 3 s, so a screenshot can catch the notice. */
const STRETCH_REDIRECT = `{
  const original = window.setTimeout.bind(window);
  window.setTimeout = (handler, delay, ...rest) => original(handler, delay === ${ADMIN_REDIRECT_DELAY_MS} ? 3000 : delay, ...rest);
}`;

/**
 * Opens `pathName`: with real timers the gate's notice shows (waited for in the page, every
 * frame, from before the navigation) and the redirect follows; then at both widths, with the
 * redirect held back, a screenshot of the notice.
 */
async function checkGate(context: BrowserContext, pathName: string, heading: string, shot: string, redirect: string) {
  const page = await context.newPage();
  // The notice shows for ADMIN_REDIRECT_DELAY_MS (100 ms) once the lazily loaded gate renders:
  // watched every animation frame, since a locator's back-off polling can step over it.
  await page.goto(`${server.url}${pathName}`, { waitUntil: 'commit' });
  // (A function, not a string: the page's CSP forbids eval. The e2e project has no DOM types.)
  type Doc = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
  const shown = (text: string) => Array.from((globalThis as unknown as { document: Doc }).document.querySelectorAll('h1')).some((h) => h.textContent === text);
  await page.waitForFunction(shown, heading, { polling: 'raf', timeout: 15_000 });
  await page.waitForURL(`**${redirect}`);
  await page.close();
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    const held = await context.newPage();
    await held.addInitScript(STRETCH_REDIRECT);
    await held.setViewportSize(viewport);
    await held.goto(`${server.url}${pathName}`);
    await held.getByRole('heading', { name: heading }).waitFor();
    await screenshot(held, `${shot}-${suffix}`);
    await held.close();
  }
}

it('keeps strangers and customers out of the admin area', async () => {
  const stranger = await browser.newContext({ viewport: DESKTOP });
  await checkGate(stranger, '/admin/users', 'Authentication Required', 'admin-gate-signed-out', '/login');
  await stranger.close();
  await checkGate(customer, '/admin', 'Access Denied', 'admin-gate-denied', '/dashboard');
});

it('the admin signs in and opens the live dashboard from the ADMIN badge', async () => {
  const page = await admin.newPage();
  await signInThroughPages(server, page, ADMIN_PHONE, 'login');
  await page.getByRole('link', { name: 'ADMIN' }).click();
  await page.waitForURL('**/admin');
  await eventually(() => page.getByRole('heading', { name: 'Admin Dashboard' }).isVisible()).toBe(true);
  // Live figures: two users (the admin and the customer), the customer's top-up and purchase.
  await eventually(() => page.getByText('2 active').isVisible()).toBe(true);
  await eventually(() => page.getByText('Database', { exact: true }).isVisible()).toBe(true);
  await screenshotBoth(page, 'admin-dashboard', () => page.getByText('System Status').isVisible());

  // Any other admin path is the not-found page.
  await page.goto(`${server.url}/admin/no-such-page`);
  await eventually(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
  await page.close();
});

it('finds the customer and approves the pending sender name in two steps', async () => {
  const page = await admin.newPage();
  await page.goto(`${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Users' }).click();
  await page.waitForURL('**/admin/users');
  // The Dashboard link is not lit on /admin/users; Users is.
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await eventually(() => nav.getByRole('link', { name: 'Users' }).getAttribute('data-active')).toBe('true');
  expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('data-active')).toBeNull();

  const panel = pendingPanel(page);
  await eventually(() => panel.getByText(SENDER_NAME).isVisible()).toBe(true);
  await eventually(() => panel.getByText('Pending Review').isVisible()).toBe(true);
  expect(await panel.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  await screenshotBoth(page, 'admin-users', () => page.getByText(/^\d+ users?$/).isVisible());

  await panel.getByRole('button', { name: 'Send to provider' }).click();
  await eventually(() => toast(page, 'Custom Sender Name sent to mobile provider').isVisible()).toBe(true);
  await eventually(() => panel.getByText('Waiting for mobile provider').isVisible()).toBe(true);
  await panel.getByRole('button', { name: 'Approve' }).click();
  await eventually(() => toast(page, 'Custom Sender Name approved successfully').isVisible()).toBe(true);
  await eventually(() => panel.getByText('No sender names are waiting for review.').isVisible()).toBe(true);

  // The search runs on the server: a name that matches nobody reads 'No users found'.
  await page.getByLabel('Search', { exact: true }).fill('nobody-by-this-name');
  await eventually(() => page.getByText('No users found').isVisible()).toBe(true);
  await page.getByLabel('Search', { exact: true }).fill(CUSTOMER_PHONE.slice(1));
  await eventually(() => page.getByText('1 user', { exact: true }).isVisible()).toBe(true);
  expect(await userRow(page).count()).toBe(1);
  await page.close();
});

/** The search has narrowed the list to the customer: one Actions menu, in a row or (phones) a card. */
async function openAction(page: Page, action: string) {
  await page.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function findCustomer(page: Page) {
  await page.goto(`${server.url}/admin/users`);
  await page.getByLabel('Search', { exact: true }).fill(CUSTOMER_PHONE.slice(1));
  await eventually(() => page.getByText('1 user', { exact: true }).isVisible()).toBe(true);
}

it('adds €5 credit, checking the amount first', async () => {
  const page = await admin.newPage();
  await findCustomer(page);
  const creditBefore = await userRow(page).getByRole('cell').nth(4).textContent();

  await openAction(page, 'Add Credit');
  const dialog = page.getByRole('dialog', { name: 'Add Credit' });
  await dialog.getByRole('button', { name: 'Add Credit' }).click();
  await eventually(() => dialog.getByText('Amount must be a number').isVisible()).toBe(true);
  await dialog.getByLabel(/Amount/).fill('0');
  await dialog.getByRole('button', { name: 'Add Credit' }).click();
  await eventually(() => dialog.getByText('Amount must be greater than 0').isVisible()).toBe(true);
  await dialog.getByLabel(/Amount/).fill('5');
  await screenshotView(page, 'admin-add-credit-desktop');
  await dialog.getByRole('button', { name: 'Add Credit' }).click();
  await eventually(() => toast(page, 'Credit added successfully').isVisible()).toBe(true);
  const euros = (text: string | null) => Number(text!.replace(/[^\d.]/g, ''));
  // The list reloads with the new balance.
  await eventually(async () => euros(await userRow(page).getByRole('cell').nth(4).textContent())).toBeCloseTo(euros(creditBefore) + 5, 2);
  customerBalance = (await userRow(page).getByRole('cell').nth(4).textContent())!;
  await page.close();
});

it('sends the customer an SMS, starting from a template, with the live counter', async () => {
  const template = { name: 'Welcome', content: 'Welcome to Kurir! Reply STOP to opt out.', category: 'welcome', is_admin_template: true };
  const created = await admin.request.post(`${server.url}/api/sms/templates`, { data: template });
  expect(created.ok(), await created.text()).toBe(true);

  const page = await admin.newPage();
  await findCustomer(page);
  await openAction(page, 'Send SMS');
  const dialog = page.getByRole('dialog', { name: /^Send SMS to/ });
  expect(await dialog.getByLabel('Recipient').inputValue()).toBe(CUSTOMER_PHONE);
  expect(await dialog.getByLabel('Recipient').getAttribute('readonly')).not.toBeNull();
  // The picker copies the template's content into the message.
  await dialog.getByLabel('Template').click();
  await page.getByRole('option', { name: 'Welcome (Admin)' }).click();
  await eventually(() => dialog.getByLabel('Message').inputValue()).toBe(template.content);
  await eventually(() => dialog.getByText(`${template.content.length} / 160 characters`).isVisible()).toBe(true);
  await dialog.getByLabel('Message').fill('x'.repeat(161));
  await eventually(() => dialog.getByText('161 / 160 characters').isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Send SMS' }).click();
  await eventually(() => dialog.getByText('Message must be at most 160 characters').isVisible()).toBe(true);
  await dialog.getByLabel('Message').fill(ADMIN_SMS);
  await eventually(() => dialog.getByText(`${ADMIN_SMS.length} / 160 characters`).isVisible()).toBe(true);
  await screenshotView(page, 'admin-send-sms-desktop');
  await dialog.getByRole('button', { name: 'Send SMS' }).click();
  await eventually(() => toast(page, 'SMS sent successfully').isVisible()).toBe(true);
  await page.close();
});

it('shows the analytics and transactions of the expanded row, and exports them as CSV', async () => {
  const page = await admin.newPage();
  await findCustomer(page);
  await userRow(page).getByRole('button', { name: 'View' }).click();
  await eventually(() => page.getByRole('heading', { name: 'Monthly analytics' }).isVisible()).toBe(true);
  // The window ends at the current month: Next is disabled, Previous is not.
  expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);
  await eventually(() => page.getByText('credit_addition').isVisible()).toBe(true);
  await eventually(() => page.getByText('+€5.000000').isVisible()).toBe(true);
  // This month's analytics row counts the Custom sender name purchase (the admin's SMS is free).
  const thisMonth = page.getByRole('table', { name: 'Monthly analytics' }).getByRole('row').filter({ hasText: monthLabel(new Date()) });
  await eventually(() => thisMonth.getByRole('cell').nth(6).textContent()).not.toBe('€0.00');
  expect(await thisMonth.getByRole('cell').nth(5).textContent()).toBe('1');
  expect(await thisMonth.getByRole('cell').nth(1).textContent()).toBe('0');
  await page.waitForTimeout(500);
  await screenshot(page, 'admin-users-expanded-desktop');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Date,Type,Amount,Description,Reference ID,Balance Before,Balance After,Admin User ID');
  expect(lines.some((line) => line.includes(',credit_addition,5.000000,'))).toBe(true);

  // Back one month: the window ends in the previous month; forward again stops at this month.
  const label = page.getByText(/^[A-Z][a-z]{2}( \d{4})? – [A-Z][a-z]{2} \d{4}$/);
  const current = await label.textContent();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await eventually(() => label.textContent()).not.toBe(current);
  await page.getByRole('button', { name: 'Next month' }).click();
  await eventually(() => label.textContent()).toBe(current);
  expect(await page.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);

  await page.setViewportSize(PHONE);
  await eventually(() => page.getByRole('heading', { name: 'Monthly analytics' }).isVisible()).toBe(true);
  await page.waitForTimeout(500);
  await screenshot(page, 'admin-users-expanded-phone');
  await page.close();
});

it('shows the details and edit dialogs', async () => {
  const page = await admin.newPage();
  await findCustomer(page);
  await openAction(page, 'View Details');
  const details = page.getByRole('dialog', { name: /^User details/ });
  await eventually(() => details.getByText('Not provided').first().isVisible()).toBe(true);
  await details.getByRole('tab', { name: 'Business' }).click();
  await eventually(() => details.getByText('SMS sender name').isVisible()).toBe(true);
  await screenshotView(page, 'admin-view-details-desktop');
  await page.keyboard.press('Escape');

  await openAction(page, 'Edit User');
  const edit = page.getByRole('dialog', { name: /^Edit User/ });
  await edit.getByLabel('Company name').fill('Acme Shop d.o.o.');
  await screenshotView(page, 'admin-edit-user-desktop');
  await edit.getByRole('button', { name: 'Save profile' }).click();
  await eventually(() => toast(page, 'User updated').isVisible()).toBe(true);
  await eventually(() => userRow(page).getByText('Acme Shop d.o.o.').isVisible()).toBe(true);

  await openAction(page, 'Edit User');
  await edit.getByRole('tab', { name: 'User Products' }).click();
  await eventually(() => edit.getByText(`(${SENDER_NAME})`).isVisible()).toBe(true);
  // Assign a product, then take it away again.
  const assignments = edit.getByRole('table').getByRole('row');
  const before = await assignments.count();
  await edit.getByLabel('Product', { exact: true }).click();
  await page.getByRole('option').first().click();
  await edit.getByRole('button', { name: 'Add product' }).click();
  await eventually(() => toast(page, 'Product added').isVisible()).toBe(true);
  await eventually(() => assignments.count()).toBe(before + 1);
  await screenshotView(page, 'admin-edit-user-products-desktop');
  const removable = edit.getByRole('button', { name: /^Remove (?!Custom sender name)/ });
  await removable.first().click();
  await edit.getByRole('button', { name: 'Remove', exact: true }).click();
  await eventually(() => toast(page, 'Product removed').isVisible()).toBe(true);
  await edit.getByRole('tab', { name: 'User Settings' }).click();
  await screenshotView(page, 'admin-edit-user-settings-desktop');
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await openAction(page, 'Edit User');
  await eventually(() => edit.getByLabel('Company name').isVisible()).toBe(true);
  await screenshotView(page, 'admin-edit-user-phone');
  await page.close();
});

it('shows the statistics page and records the admin actions in Recent Activity', async () => {
  const page = await admin.newPage();
  await page.goto(`${server.url}/admin/statistics`);
  await eventually(() => page.getByRole('heading', { name: 'Messages per day' }).isVisible()).toBe(true);
  await screenshotBoth(page, 'admin-statistics', () => page.getByRole('heading', { name: 'Top customers by spend' }).isVisible());

  await page.goto(`${server.url}/admin`);
  // Every admin action of this journey is in the audit log, newest first.
  await eventually(() => page.getByText('Approved sender name').isVisible()).toBe(true);
  expect(await page.getByText('Added credit').isVisible()).toBe(true);
  expect(await page.getByText('No recent activity to display').count()).toBe(0);
  await page.mouse.move(0, 700);
  await screenshotBoth(page, 'admin-dashboard-activity', () => page.getByText('Recent Activity').isVisible());
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-drawer-phone.png') });
  await page.close();
});

it('shows the dialogs at phone width, then logs out to /login', async () => {
  const page = await admin.newPage();
  await page.setViewportSize(PHONE);
  await findCustomer(page);
  for (const [action, dialogName, shot] of [
    ['View Details', /^User details/, 'admin-view-details-phone'],
    ['Add Credit', 'Add Credit', 'admin-add-credit-phone'],
    ['Send SMS', /^Send SMS to/, 'admin-send-sms-phone'],
  ] as const) {
    await openAction(page, action);
    await eventually(() => page.getByRole('dialog', { name: dialogName }).isVisible()).toBe(true);
    await screenshotView(page, shot);
    await page.keyboard.press('Escape');
    await eventually(() => page.getByRole('dialog').count()).toBe(0);
  }
  // Logout posts to the logout call, then goes to /login; the admin area is closed after it.
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect((await admin.request.get(`${server.url}/api/admin/dashboard`)).status()).toBe(401);
  await page.close();
});

it('the customer sees the approved sender, the €5 credit and the admin SMS', async () => {
  // The customer is still signed in from the set-up: their dashboard.
  const page = await customer.newPage();
  await page.goto(`${server.url}/dashboard`);
  await eventually(() => page.getByRole('list', { name: 'Recent transactions' }).getByText('+€5.00').isVisible()).toBe(true);
  expect(customerBalance).toMatch(/^€\d+\.\d\d$/);
  await eventually(() => page.getByTestId('balance').textContent()).toBe(customerBalance);

  await page.goto(`${server.url}/dashboard/products`);
  const services = page.getByRole('region', { name: 'My Services' });
  await eventually(() => services.getByText(SENDER_NAME).isVisible()).toBe(true);
  await eventually(() => services.getByText('Active', { exact: true }).first().isVisible()).toBe(true);

  await page.goto(`${server.url}/dashboard/messages`);
  const row = page.getByTestId('history-row').filter({ hasText: ADMIN_SMS.slice(0, 30) });
  await eventually(() => row.count()).toBe(1);
  expect(await row.getByTestId('sent-by-admin').isVisible()).toBe(true);
  await screenshot(page, 'admin-sms-in-customer-history-desktop');
  await page.close();
});
