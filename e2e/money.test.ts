// Journey: sign up (€2.00) → Scheduled messages is gated → top up €20: a declined card shows
// 'Payment Failed' and changes nothing, the 4242 test card brings the balance to €22.00 → buy
// Schedule Send on the Products page → Scheduled messages opens its page → fill in the profile →
// buy a custom sender name, have it denied, re-register it free. Screenshots of every money screen
// at desktop and phone widths. (Stripe's card form: money-stripe.test.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { request as apiRequest, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import path from 'node:path';
import { DESKTOP, PHONE, SCREENSHOT_DIR, launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signInThroughPages, signInViaApi, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;

const PHONE_NUMBER = '+38641555301';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** With a dialog open: what is on screen (a full-page shot would scroll the fixed shell under it). */
async function screenshotView(page: Page, name: string) {
  await page.waitForTimeout(400); // let the dialog's or popover's opening transition finish
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A whole page, from its top. */
async function screenshotPage(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

/** Whether the element has the keyboard focus (runs in the page; the journeys have no DOM types). */
const isFocused = (locator: Locator) =>
  locator.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);
const balance = (page: Page) => page.getByTestId('balance').textContent();
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay €20.00' }).click();
}

it('tops up with the test card, buys Schedule Send, and opens Scheduled messages', async () => {
  const page = await context.newPage();
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('stripe.com')) stripeRequests.push(request.url());
  });
  await signInThroughPages(server, page, PHONE_NUMBER);
  await expect.poll(() => balance(page)).toBe('€2.00');
  await expect.poll(() => page.getByText('Profile information incomplete').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('list', { name: 'Recent transactions' }).getByText('Free starter credit').isVisible()).toBe(true);
  await screenshotPage(page, 'money-dashboard-desktop');

  // Without Schedule Send the sidebar entry explains instead of navigating.
  await sidebar(page).getByRole('button', { name: 'Scheduled messages' }).click();
  await expect.poll(() => dialog(page, 'Schedule Send required').isVisible()).toBe(true);
  await screenshotView(page, 'money-gate-desktop');
  // The footer's Close (the corner's X is named Close too).
  await dialog(page, 'Schedule Send required').getByRole('button', { name: 'Close' }).last().click();
  await expect.poll(() => dialog(page, 'Schedule Send required').count()).toBe(0);
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  // Opened by its address, the page shows the same lock and the way to Products, not an empty list.
  await page.goto(`${server.url}/dashboard/scheduled-messages`);
  await expect.poll(() => page.getByText('Schedule Send service required').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'View Products' }).isVisible()).toBe(true);
  expect(await page.getByText('No scheduled messages').count()).toBe(0);
  await page.goto(`${server.url}/dashboard`);

  // Top-up: €20 is chosen to begin with; Custom without an amount cannot continue.
  await page.getByRole('button', { name: 'Top Up' }).click();
  const topUp = dialog(page, 'Top Up Balance');
  await expect.poll(() => topUp.getByRole('radio', { name: '€20' }).isChecked()).toBe(true);
  // Its corner's X has a name a screen reader can say.
  expect(await topUp.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
  await topUp.getByText('Custom').click();
  await expect.poll(() => topUp.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await topUp.getByLabel('Custom amount').fill('0');
  await topUp.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => topUp.getByText('Invalid Amount: Please enter a valid amount greater than 0.').isVisible()).toBe(true);
  await screenshotView(page, 'money-topup-amount-desktop');
  await topUp.getByText('€20').click();
  await topUp.getByRole('button', { name: 'Continue' }).click();

  // The declined test card: 'Payment Failed', and the balance stays.
  const card = dialog(page, 'Pay by card');
  await expect.poll(() => card.getByLabel('Card number').isVisible()).toBe(true);
  await payWith(page, '4000000000000002');
  await expect.poll(() => page.getByText('Payment Failed').isVisible()).toBe(true);
  expect(await card.getByRole('alert').textContent()).toContain('Your card was declined.');
  await screenshotView(page, 'money-topup-card-declined-desktop');
  expect(await balance(page)).toBe('€2.00');

  // The card number is formatted as typed; the succeeding card credits €20.
  await card.getByLabel('Card number').fill('');
  await card.getByLabel('Card number').pressSequentially('4242424242424242');
  expect(await card.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay €20.00' }).click();
  await expect.poll(() => dialog(page, 'Top Up Balance').getByText('New balance: €22.00').isVisible()).toBe(true);
  await screenshotView(page, 'money-topup-success-desktop');
  await dialog(page, 'Top Up Balance').getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => balance(page)).toBe('€22.00');
  await expect.poll(() => page.getByRole('list', { name: 'Recent transactions' }).getByText('+€20.00').isVisible()).toBe(true);

  // Products: buy Schedule Send (€2.99 a month).
  await sidebar(page).getByRole('link', { name: 'Products' }).click();
  await page.waitForURL('**/dashboard/products');
  await expect.poll(() => page.getByRole('heading', { name: 'Products', exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Purchase Schedule Send' }).isVisible()).toBe(true);
  // 'SMS Message' is included and has no purchase button.
  const sms = page.getByRole('article', { name: 'SMS Message' });
  expect(await sms.getByText('Included', { exact: true }).isVisible()).toBe(true);
  expect(await sms.getByRole('button').count()).toBe(0);
  await screenshotPage(page, 'money-products-desktop');

  await page.getByRole('button', { name: 'Purchase Schedule Send' }).click();
  const confirm = dialog(page, 'Confirm Purchase');
  await expect.poll(() => confirm.getByText('€19.01').isVisible()).toBe(true);
  await screenshotView(page, 'money-purchase-confirm-desktop');
  // A double click buys once (the balance below is €22.00 less one €2.99 period): two clicks
  // before the page can redraw, as a quick double click on a busy phone gives.
  await confirm.getByRole('button', { name: 'Confirm Purchase' }).evaluate((button) => {
    const clickable = button as unknown as { click(): void };
    clickable.click();
    clickable.click();
  });
  const success = dialog(page, 'Purchase Successful');
  await expect.poll(() => success.getByText('Schedule Send purchased successfully.').isVisible()).toBe(true);
  await screenshotView(page, 'money-purchase-success-desktop');
  // It closes itself after 5 s.
  await expect.poll(() => success.count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => page.getByRole('region', { name: 'My Services' }).getByText('Active', { exact: true }).isVisible()).toBe(true);

  // The custom sender name dialog: upper case, letters and digits, at most 11.
  await page.getByRole('button', { name: 'Purchase Custom sender name' }).click();
  const sender = dialog(page, 'Custom Sender Name');
  await sender.getByLabel('Sender name').pressSequentially('acme shop-2024 extra');
  expect(await sender.getByLabel('Sender name').inputValue()).toBe('ACMESHOP202');
  await screenshotView(page, 'money-custom-sender-desktop');
  await sender.getByRole('button', { name: 'Cancel' }).click();

  // With Schedule Send the entry is a plain link to its page.
  await sidebar(page).getByRole('link', { name: 'Scheduled messages' }).click();
  await page.waitForURL('**/dashboard/scheduled-messages');
  expect(await dialog(page, 'Schedule Send required').count()).toBe(0);
  await page.goto(`${server.url}/dashboard`);
  await expect.poll(() => balance(page)).toBe('€19.01');
  await expect.poll(() => page.getByRole('region', { name: 'Services' }).getByText(/\d+ days left/).isVisible()).toBe(true);
  // With the built-in test payments nothing was fetched from Stripe.
  expect(stripeRequests).toEqual([]);
  await page.close();
});

it('edits the profile, validating with the shared rules', async () => {
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard/profile`);
  await expect.poll(() => page.getByRole('heading', { name: 'My Profile' }).isVisible()).toBe(true);
  expect(await page.getByText('Never').or(page.getByText(/\d\d\.\d\d\.\d{4}/)).first().isVisible()).toBe(true);
  await screenshotPage(page, 'money-profile-view-desktop');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  // Edit Profile gives way to the form: the focus goes to its first field, not the page's body.
  await expect.poll(() => isFocused(page.getByLabel('First name'))).toBe(true);
  expect(await page.getByLabel('Phone number').isEditable()).toBe(false);
  expect(await page.getByLabel('Sender name').isEditable()).toBe(false);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('Email').fill('ana@');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => page.getByText('Invalid email address').isVisible()).toBe(true);
  await screenshotPage(page, 'money-profile-edit-desktop');

  // Cancel resets the form.
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  expect(await page.getByLabel('First name').inputValue()).toBe('');
  await expect.poll(() => isFocused(page.getByRole('button', { name: 'Edit Profile' }))).toBe(true);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Novak');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Company name').fill('Novak d.o.o.');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => page.getByText('Your profile has been successfully updated.').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Edit Profile' }).isVisible()).toBe(true);
  expect(await page.getByLabel('Company name').inputValue()).toBe('Novak d.o.o.');

  // A complete profile: the dashboard banner is gone and the greeting uses the name.
  await page.goto(`${server.url}/dashboard`);
  await expect.poll(() => page.getByText('Welcome back, Ana').isVisible()).toBe(true);
  expect(await page.getByText('Profile information incomplete').count()).toBe(0);
  await page.close();
});

it('shows the money screens at phone width', async () => {
  const phone = await browser.newContext({ viewport: PHONE });
  await phone.addCookies(await context.cookies());
  const page = await phone.newPage();

  await page.goto(`${server.url}/dashboard`);
  await expect.poll(() => balance(page)).toBe('€19.01');
  await screenshotPage(page, 'money-dashboard-phone');

  await page.getByRole('button', { name: 'Top Up' }).click();
  const topUp = dialog(page, 'Top Up Balance');
  await expect.poll(() => topUp.isVisible()).toBe(true);
  await screenshotView(page, 'money-topup-amount-phone');
  await topUp.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByLabel('Card number').isVisible()).toBe(true);
  await screenshotView(page, 'money-topup-card-phone');
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/dashboard/products`);
  await expect.poll(() => page.getByRole('button', { name: 'Purchase Viber' }).isVisible()).toBe(true);
  await screenshotPage(page, 'money-products-phone');
  await page.getByRole('button', { name: 'Purchase Viber' }).click();
  await expect.poll(() => dialog(page, 'Confirm Purchase').isVisible()).toBe(true);
  await dialog(page, 'Confirm Purchase').getByText('Start on a date').click();
  await dialog(page, 'Confirm Purchase').getByRole('button', { name: 'Start date' }).click();
  await screenshotView(page, 'money-purchase-confirm-phone');
  await page.keyboard.press('Escape');

  await page.goto(`${server.url}/dashboard/profile`);
  await expect.poll(() => page.getByRole('button', { name: 'Edit Profile' }).isVisible()).toBe(true);
  await screenshotPage(page, 'money-profile-view-phone');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await screenshotPage(page, 'money-profile-edit-phone');

  // Phonebook is still gated for this user: the drawer entry opens the dialog.
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await sidebar(page).getByRole('button', { name: 'Phonebook' }).click();
  await expect.poll(() => dialog(page, 'Phonebook required').isVisible()).toBe(true);
  await screenshotView(page, 'money-gate-phone');
  await dialog(page, 'Phonebook required').getByRole('link', { name: 'View Products' }).click();
  await page.waitForURL('**/dashboard/products');
  await phone.close();
});

it('buys a custom sender name, and re-registers a denied one free of charge', async () => {
  const page = await context.newPage();
  // Another €20 through the API, the way the card form does it: €19.01 + €20 = €39.01.
  await topUp(server, context.request, 20);
  await page.goto(`${server.url}/dashboard/products`);
  await page.getByRole('button', { name: 'Purchase Custom sender name' }).click();
  const sender = dialog(page, 'Custom Sender Name');
  expect(await sender.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await sender.getByLabel('Sender name').fill('novak');
  await sender.getByRole('button', { name: 'Continue' }).click();
  const confirm = dialog(page, 'Confirm Purchase');
  await expect.poll(() => confirm.getByText('NOVAK').isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Confirm Purchase' }).click();
  await expect.poll(() => dialog(page, 'Purchase Successful').getByText('Your Custom Sender Name has been submitted for approval.').isVisible()).toBe(true);
  await dialog(page, 'Purchase Successful').getByRole('button', { name: 'Done' }).click();
  const myServices = page.getByRole('region', { name: 'My Services' });
  await expect.poll(() => myServices.getByText('Processing').isVisible()).toBe(true);
  // €39.01 − €19.99.
  await expect.poll(() => page.getByText('Balance: €19.02').isVisible()).toBe(true);

  // An administrator denies the name.
  const admin = await apiRequest.newContext({ baseURL: server.url });
  await signInViaApi(server, admin, '+38640000001');
  const { pendingRequests } = await (await admin.get('/api/admin/pending-custom-sender-names')).json();
  const request = pendingRequests.find((r: { custom_sender_name: string }) => r.custom_sender_name === 'NOVAK');
  expect((await admin.post(`/api/admin/custom-sender/deny/${request.id}`)).ok()).toBe(true);
  await admin.dispose();

  await page.reload();
  await expect.poll(() => myServices.getByText('Denied', { exact: true }).isVisible()).toBe(true);
  await myServices.getByRole('button', { name: 'Register new name' }).click();
  const again = dialog(page, 'Custom Sender Name');
  await again.getByLabel('Sender name').fill('novakshop');
  await screenshotView(page, 'money-custom-sender-reregister-desktop');
  await again.getByRole('button', { name: 'Submit for approval' }).click();
  await expect.poll(() => page.getByText('Your new Custom Sender Name has been submitted for approval.').isVisible()).toBe(true);
  await expect.poll(() => myServices.getByText('NOVAKSHOP').isVisible()).toBe(true);
  await expect.poll(() => myServices.getByText('Processing').isVisible()).toBe(true);
  await screenshotPage(page, 'money-products-sender-desktop');
  // Free of charge.
  expect(await page.getByText('Balance: €19.02').isVisible()).toBe(true);
  await page.close();
});
