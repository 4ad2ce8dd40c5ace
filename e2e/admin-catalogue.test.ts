// Journey (issue 10): the admin (+38640000001) creates a product (a decimal comma in its price)
// and a User-type template, and sets the admin defaults → a customer tops up with the 4242 test
// card, buys the new product and Schedule Send, sees the template on their Templates page, picks
// it on Send Message and sends it, and schedules two messages → the admin finds the customer's
// message in All Messages by a comma search, deletes one of their scheduled messages, and runs
// the ledger test → the customer's Scheduled page shows one left and the balance refunded → the
// admin deletes the bought product, which is retired, then edits it back to Active, which puts it
// on sale again. Screenshots of every page at 1280 and 390 px.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, SCREENSHOT_DIR, launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { buyProduct, signInThroughPages, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let admin: BrowserContext;
let customer: BrowserContext;

const ADMIN_PHONE = '+38640000001';
const CUSTOMER_PHONE = '+38641555902';
const PRODUCT = 'Priority Support';
const TEMPLATE = 'Spring offer';
const TEMPLATE_TEXT = 'Spring sale: 20% off everything until Sunday. Reply STOP to opt out.';
const RECIPIENT = '+38640111901';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await browser.newContext({ viewport: DESKTOP });
  customer = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const eventually = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });
const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').getByText(text);

/** With a dialog open: what is on screen. */
async function screenshotView(page: Page, name: string) {
  await page.waitForTimeout(400); // the dialog's opening transition
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** The page on screen at both widths, from the top, once `settled` says it has loaded. */
async function screenshotBoth(page: Page, name: string, settled: () => Promise<boolean>) {
  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(viewport);
    await eventually(settled).toBe(true);
    await page.waitForTimeout(500); // the shell's navbar slides away when the width drops to a phone's
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The first of these test ids on screen: tables on wide screens, cards on phones. */
const shown = (page: Page, ...testIds: string[]) => page.locator(testIds.map((id) => `[data-testid="${id}"]:visible`).join(', ')).first();

/** The signed-in customer's balance in euros, as the server has it. */
async function creditOf(page: Page): Promise<number> {
  return ((await (await page.request.get(`${server.url}/api/auth/me`)).json()) as { credit: number }).credit;
}

it('lets the admin create a product with a decimal comma, a template, and the defaults', async () => {
  const page = await admin.newPage();
  await signInThroughPages(server, page, ADMIN_PHONE, 'login');
  await page.goto(`${server.url}/admin/products`);
  await eventually(() => page.getByRole('heading', { name: 'Products Management' }).isVisible()).toBe(true);
  await eventually(() => page.getByTestId('product-row').filter({ hasText: 'SMS Message' }).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  // Required fields say so; tax rates start at 22 and Valid To is off while 'Never expires' is ticked.
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await eventually(() => dialog.getByText('Name is required').isVisible()).toBe(true);
  expect(await dialog.getByText('Net sell price is required').isVisible()).toBe(true);
  expect(await dialog.getByLabel(/^Sell tax rate/).inputValue()).toBe('22');
  expect(await dialog.getByLabel(/^Valid to/).isDisabled()).toBe(true);

  await dialog.getByLabel(/^Name/).fill(PRODUCT);
  await dialog.getByLabel(/^Description/).fill('A person answers within the hour.');
  await dialog.getByLabel(/^Net buy price/).fill('1,5');
  await dialog.getByLabel(/^Net sell price/).fill('4,1');
  expect(await dialog.getByLabel(/^Net sell price/).inputValue()).toBe('4.1'); // the comma became a dot
  await screenshotView(page, 'admin-products-dialog-desktop');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await eventually(() => toast(page, 'The product was created successfully').isVisible()).toBe(true);
  const row = page.getByTestId('product-row').filter({ hasText: PRODUCT });
  await eventually(() => row.isVisible()).toBe(true);
  expect(await row.getByText('€4.100000').isVisible()).toBe(true); // 6 decimals
  expect(await row.getByText('€5.002000').isVisible()).toBe(true); // with 22 % tax

  // The search narrows the table.
  await page.getByLabel('Search products').fill('priority');
  await eventually(() => page.getByTestId('product-row').count()).toBe(1);
  await page.getByLabel('Search products').fill('');

  await page.goto(`${server.url}/admin/templates`);
  await page.getByRole('button', { name: 'New Template' }).click();
  const templateDialog = page.getByRole('dialog', { name: 'Create Template' });
  await templateDialog.getByRole('button', { name: 'Create Template' }).click();
  await eventually(() => templateDialog.getByText('Category is required').isVisible()).toBe(true);
  expect(await templateDialog.getByText('Name is required').isVisible()).toBe(true);
  expect(await templateDialog.getByText('Content is required').isVisible()).toBe(true);
  await templateDialog.getByLabel(/^Name/).fill(TEMPLATE);
  await templateDialog.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Marketing' }).click();
  await templateDialog.getByLabel(/^Content/).fill(TEMPLATE_TEXT);
  await templateDialog.getByRole('button', { name: 'Create Template' }).click();
  await eventually(() => toast(page, 'Template created successfully!').isVisible()).toBe(true);
  await eventually(() => page.getByTestId('template-row').filter({ hasText: TEMPLATE }).isVisible()).toBe(true);
  await screenshotBoth(page, 'admin-templates', () => shown(page, 'template-row', 'template-card').isVisible());

  await page.goto(`${server.url}/admin/settings`);
  const sender = page.getByLabel(/^Admin sender name/);
  await eventually(() => sender.isVisible()).toBe(true);
  await sender.fill('K');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await eventually(() => page.getByText('Sender name must be at least 2 characters').isVisible()).toBe(true);
  await sender.fill('KurirSupportX');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await eventually(() => page.getByText('Sender name cannot exceed 11 characters').isVisible()).toBe(true);
  await sender.fill('KurirOps');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await eventually(() => toast(page, 'Settings Updated').isVisible()).toBe(true);
  await page.reload();
  await eventually(() => page.getByLabel(/^Admin sender name/).inputValue()).toBe('KurirOps');
  await screenshotBoth(page, 'admin-settings', () => page.getByLabel(/^Admin sender name/).isVisible());
  await page.close();
});

it('lets the customer buy it, use the template, send and schedule', async () => {
  const page = await customer.newPage();
  await signInThroughPages(server, page, CUSTOMER_PHONE, 'register');
  await topUp(server, page.request, 20);
  await buyProduct(server, page.request, PRODUCT);
  await buyProduct(server, page.request, 'Schedule Send');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
  await page.waitForURL('**/dashboard/templates');
  const shared = page.getByTestId('template-card').filter({ hasText: TEMPLATE });
  await eventually(() => shared.isVisible()).toBe(true);
  await screenshotBoth(page, 'customer-templates', () => shared.isVisible());

  await shared.getByRole('link', { name: 'Use in message' }).click();
  await page.waitForURL('**/dashboard/send-sms?template=*');
  const message = page.getByRole('textbox', { name: 'Message' });
  await eventually(() => message.inputValue()).toBe(TEMPLATE_TEXT);
  await message.fill('');
  // The picker copies a template into the box.
  await page.getByRole('combobox', { name: 'Use a template' }).selectOption({ label: TEMPLATE });
  await eventually(() => message.inputValue()).toBe(TEMPLATE_TEXT);
  await page.getByLabel('Recipient 1', { exact: true }).fill(RECIPIENT);
  await screenshotBoth(page, 'customer-send-template', () => message.isVisible());
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page.getByTestId('send-review').getByRole('button', { name: /^Send \d+ messages?$/ }).click();
  await eventually(() => page.getByText('Message sent successfully').or(page.getByText(/sent successfully/)).first().isVisible()).toBe(true);

  const later = new Date(Date.now() + 6 * 3600_000).toISOString();
  for (const text of ['Reminder: your table is booked for 19:00.', 'Your parcel arrives tomorrow.']) {
    const reply = await page.request.post(`${server.url}/api/messages/schedule`, {
      data: { recipients: [RECIPIENT], message: text, channel: 'sms', scheduledFor: later },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
  }
  await page.goto(`${server.url}/dashboard/scheduled-messages`);
  await eventually(() => page.getByTestId('scheduled-card').count()).toBe(2);
  await page.close();
});

it('lets the admin find the message by a comma search and delete a scheduled one with a refund', async () => {
  const page = await admin.newPage();
  await page.goto(`${server.url}/admin/messages`);
  await eventually(() => page.getByText('SMS History').isVisible()).toBe(true);
  await eventually(() => page.getByTestId('messages-total').textContent()).toMatch(/^\d+ total messages$/);
  await screenshotBoth(page, 'admin-messages', () => shown(page, 'all-messages-row', 'all-messages-card').isVisible());

  const search = page.getByLabel('Search messages');
  await search.fill('zzz-nothing-like-this');
  await eventually(() => page.getByText('No matches found for "zzz-nothing-like-this"').isVisible()).toBe(true);
  // One term matches nothing, the other the customer's phone: the terms are OR-ed.
  await search.fill(`nomatch, ${CUSTOMER_PHONE.slice(4)}`);
  await eventually(() => page.getByText('Found 3 total matches').isVisible()).toBe(true);
  expect(await page.getByText('Showing 3 results on page 1').isVisible()).toBe(true);
  expect(await page.getByTestId('messages-total').textContent()).toBe('3 of 3 results');
  const sent = page.getByTestId('all-messages-row').filter({ hasText: TEMPLATE_TEXT.slice(0, 20) });
  await eventually(() => sent.isVisible()).toBe(true);
  expect(await sent.getByText(RECIPIENT).isVisible()).toBe(true);
  expect(await sent.getByText(CUSTOMER_PHONE).isVisible()).toBe(true);
  await screenshotBoth(page, 'admin-messages-search', () => page.getByTestId('search-banner').isVisible());
  await page.getByRole('button', { name: 'Clear search' }).click();
  await eventually(() => page.getByTestId('search-banner').count()).toBe(0);

  const customerPage = await customer.newPage();
  const before = await creditOf(customerPage);

  await page.goto(`${server.url}/admin/scheduled`);
  await page.getByLabel('Search scheduled messages').fill(`nomatch, ${CUSTOMER_PHONE.slice(4)}`);
  const rows = page.getByTestId('admin-scheduled-row');
  await eventually(() => rows.count()).toBe(2);
  expect(await page.getByTestId('scheduled-footer').textContent()).toBe('Showing 2 scheduled message(s)');
  await screenshotBoth(page, 'admin-scheduled', () => shown(page, 'admin-scheduled-row', 'admin-scheduled-card').isVisible());
  await rows.first().getByRole('button', { name: /^Delete scheduled message/ }).click();
  await eventually(() => page.getByText('Are you sure you want to delete this scheduled message?').isVisible()).toBe(true);
  await screenshotView(page, 'admin-scheduled-confirm-desktop');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await eventually(() => toast(page, /Scheduled message deleted successfully/).isVisible()).toBe(true);
  // It stays on the list as cancelled, without a delete button.
  await eventually(() => rows.locator('[data-status="cancelled"]').count()).toBe(1);
  expect(await rows.getByRole('button', { name: /^Delete scheduled message/ }).count()).toBe(1);

  await customerPage.goto(`${server.url}/dashboard/scheduled-messages`);
  await eventually(() => customerPage.getByTestId('scheduled-card').count()).toBe(1);
  // One SMS part at the catalogue price (€0.07991) came back, once.
  await eventually(async () => Math.round(((await creditOf(customerPage)) - before) * 1e6)).toBe(79_910);
  await customerPage.goto(`${server.url}/dashboard`);
  const expected = `€${(before + 0.07991).toFixed(2)}`;
  await eventually(() => customerPage.getByTestId('balance').textContent()).toBe(expected);
  await customerPage.close();
  await page.close();
});

it('shows every transaction with the summaries, and the ledger test passes', async () => {
  const page = await admin.newPage();
  await page.goto(`${server.url}/admin/transactions`);
  await eventually(() => page.getByText('Monitor all financial activities').isVisible()).toBe(true);
  const rows = page.getByTestId('admin-transaction-row');
  await eventually(() => rows.filter({ hasText: CUSTOMER_PHONE }).first().isVisible()).toBe(true);
  expect(await page.getByTestId('summary-top_up').getByText('1 transaction', { exact: false }).isVisible()).toBe(true);
  expect(await rows.filter({ hasText: 'top_up' }).getByText('+€20.00').isVisible()).toBe(true);

  await page.getByLabel('Search transactions').fill('refund');
  await eventually(() => rows.count()).toBe(1);
  await page.getByLabel('Search transactions').fill('no such thing anywhere');
  await eventually(() => page.getByText('No transactions match your search criteria').isVisible()).toBe(true);
  await page.getByLabel('Search transactions').fill('');

  await page.getByRole('button', { name: 'Test System' }).click();
  await eventually(() => page.getByTestId('test-result').textContent()).toContain('Transaction system test completed successfully!');
  await screenshotBoth(page, 'admin-transactions', () => page.getByTestId('test-result').isVisible());
  await page.close();
});

it('retires a product that was bought instead of erasing it', async () => {
  const page = await admin.newPage();
  await page.goto(`${server.url}/admin/products`);
  const row = page.getByTestId('product-row').filter({ hasText: PRODUCT });
  await eventually(() => row.isVisible()).toBe(true);
  await row.getByRole('button', { name: `Delete ${PRODUCT}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Product' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await eventually(() => toast(page, /The product was retired/).isVisible()).toBe(true);
  await eventually(() => row.getByText('Retired').isVisible()).toBe(true);
  await screenshotBoth(page, 'admin-products', () => shown(page, 'product-row', 'product-card').isVisible());

  const customerPage = await customer.newPage();
  const available = (await (await customerPage.request.get(`${server.url}/api/products/available`)).json()) as { products: { name: string }[] };
  expect(available.products.map((p) => p.name)).not.toContain(PRODUCT);

  // Editing it back to Active really brings it back: the table and the customer's list agree.
  await row.getByRole('button', { name: `Edit ${PRODUCT}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await eventually(() => edit.getByText('Retired: Active puts it back on sale').isVisible()).toBe(true);
  await edit.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await eventually(() => toast(page, 'The product was updated successfully').isVisible()).toBe(true);
  await eventually(() => row.getByText('Active', { exact: true }).isVisible()).toBe(true);
  expect(await row.getByText('Retired').count()).toBe(0);
  const again = (await (await customerPage.request.get(`${server.url}/api/products/available`)).json()) as { products: { name: string }[] };
  expect(again.products.map((p) => p.name)).toContain(PRODUCT);
  await customerPage.close();
  await page.close();
});
