// Journey: sign up → send one SMS to three numbers (Individual tab) → all three delivered in the
// history → a bad number in the Bulk tab keeps Send disabled → with Viber and Schedule Send
// bought, schedule messages and cancel one → send to two overlapping phonebooks → an admin's AI
// suggestions → the dashboard counts what was sent; screenshots at desktop and phone width.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { buyProduct, signInThroughPages, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let desktop: BrowserContext;

const PHONE_NUMBER = '+38641555201';
const RECIPIENTS = ['+38640111201', '+38640111202', '+38640111203'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  desktop = await browser.newContext({ viewport: DESKTOP });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits for what a person would wait for (vitest's default of 1 s is too short for a page load). */
const eventually = <T>(read: () => Promise<T>, timeout = 10_000) => expect.poll(read, { timeout });

const sendButton = (page: Page) => page.getByRole('button', { name: /^(Send Now|Schedule Send)$/ });
/** Opens the review of the send and confirms it. */
async function sendAndConfirm(page: Page) {
  await sendButton(page).click();
  await page.getByTestId('send-review').getByRole('button', { name: /^(Send|Schedule) \d+ messages?$/ }).click();
}

it('sends one SMS to three numbers and sees all three delivered', async () => {
  const page = await desktop.newPage();
  await signInThroughPages(server, page, PHONE_NUMBER, 'register');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send message' }).click();
  await page.waitForURL('**/dashboard/send-sms');
  // Without the Viber service the Viber choice is there but cannot be picked.
  await eventually(() => page.getByRole('radio', { name: 'Viber' }).isDisabled()).toBe(true);
  expect(await page.getByRole('radio', { name: 'SMS' }).isChecked()).toBe(true);

  for (const [i, number] of RECIPIENTS.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByLabel(`Recipient ${i + 1}`, { exact: true }).fill(number);
  }
  await eventually(() => page.getByTestId('recipient-count').textContent()).toBe('3 recipients');

  // A Unicode character is named, and shrinks a part to 70 characters.
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Zdravo, vaš termin je jutri ob 10h 😀');
  await eventually(() => page.getByText('Unicode because of: š, 😀').isVisible()).toBe(true);
  await screenshot(page, 'send-unicode-desktop');

  await message.fill('Your appointment is tomorrow at 10:00. Reply STOP to opt out.');
  await eventually(() => page.getByText(/Unicode because of/).count()).toBe(0);
  // 3 recipients × 1 part × 0.07991 € (the catalogue price).
  await eventually(() => page.getByText('€0.239730').isVisible()).toBe(true);
  await screenshot(page, 'send-sms-desktop');

  // The review names the numbers, the parts and what is debited, before anything is sent.
  await sendButton(page).click();
  const review = page.getByTestId('send-review');
  await eventually(() => review.isVisible()).toBe(true);
  expect(await review.textContent()).toContain('+386 40 111 201, +386 40 111 202, +386 40 111 203');
  // The send's cost in the Cost line's precision (6 decimals, spec §9); balances in 2.
  expect(await review.textContent()).toContain('€0.239730');
  await screenshot(page, 'send-review-desktop');
  await review.getByRole('button', { name: 'Send 3 messages' }).click();
  await eventually(() => page.getByText('3 messages sent successfully.').isVisible()).toBe(true);
  // After it, the page says what went out and links to where it can be followed.
  const notice = page.getByTestId('sent-notice');
  await eventually(() => notice.isVisible()).toBe(true);
  expect(await notice.getByRole('link', { name: 'See their delivery status' }).isVisible()).toBe(true);
  await screenshot(page, 'send-sent-desktop');
  // The form is reset and the balance went down by the cost: 2.00 − 0.24.
  expect(await page.getByLabel('Recipient 1', { exact: true }).inputValue()).toBe('');
  await eventually(() => page.getByText('€1.76').first().isVisible()).toBe(true);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Message history' }).click();
  await page.waitForURL('**/dashboard/messages');
  const delivered = page.locator('[data-testid="history-row"] [data-status="delivered"]');
  await eventually(() => delivered.count(), 20_000).toBe(3);
  for (const number of RECIPIENTS) expect(await page.getByRole('cell', { name: formatPhoneForReading(number) }).isVisible()).toBe(true);
  await screenshot(page, 'history-desktop');

  // The filter narrows the list to one recipient, after the debounce.
  await page.getByLabel('Recipient', { exact: true }).fill(RECIPIENTS[1]!);
  await eventually(() => page.getByTestId('history-row').count()).toBe(1);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await eventually(() => page.getByTestId('history-row').count()).toBe(3);
  await page.close();
});

it('keeps Send disabled and says why when a bulk list has a number without country code', async () => {
  const page = await desktop.newPage();
  await page.goto(`${server.url}/dashboard/send-sms`);
  await page.getByRole('tab', { name: 'Bulk' }).click();
  await page.getByLabel('Phone numbers').fill('+38640111201\n040 111 202');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await eventually(() => page.getByTestId('recipients-error').textContent()).toBe(
    'Invalid phone number format: +040111202. Phone number must include country code (e.g., +386123456789)',
  );
  expect(await sendButton(page).isDisabled()).toBe(true);

  await page.getByLabel('Phone numbers').fill('+38640111201, +38640111202');
  await eventually(() => page.getByTestId('recipient-count').textContent()).toBe('2 recipients');
  expect(await page.getByTestId('recipients-error').count()).toBe(0);
  expect(await sendButton(page).isEnabled()).toBe(true);
  await page.close();
});

/** Tops the balance up €20 with the built-in test card and buys services, through the real API. */
async function buyServices(page: Page, names: string[]) {
  await topUp(server, page.request, 20);
  for (const name of names) await buyProduct(server, page.request, name);
}

it('schedules messages, shows them, and cancels one with a refund', async () => {
  const page = await desktop.newPage();
  await page.goto(`${server.url}/dashboard`);
  await buyServices(page, ['Viber', 'Schedule Send']);
  await page.goto(`${server.url}/dashboard/send-sms`);

  // Viber can now be chosen, and the summary explains the SMS fallback.
  // (Mantine draws its own control over the radio input: click what a person clicks.)
  await page.getByText('Viber', { exact: true }).click();
  expect(await page.getByRole('radio', { name: 'Viber' }).isChecked()).toBe(true);
  await page.getByLabel('Recipient 1', { exact: true }).fill(RECIPIENTS[0]!);
  await page.getByRole('textbox', { name: 'Message' }).fill('See you tomorrow!');
  await eventually(() => page.getByText(/Messages Viber cannot deliver go out as SMS/).isVisible()).toBe(true);
  await page.getByRole('switch', { name: 'Schedule for later' }).click();
  await eventually(() => sendButton(page).textContent()).toBe('Schedule Send');
  expect(await sendButton(page).isDisabled()).toBe(true); // no time chosen yet
  await screenshot(page, 'send-viber-schedule-desktop');

  // Pick the 15th of next month at 14:30 (the browser's time zone is the user's).
  await page.getByRole('button', { name: /Send at/ }).click();
  const picker = page.locator('.mantine-Popover-dropdown');
  await picker.locator('button[data-direction="next"]').click();
  await picker.getByRole('button', { name: /^15 / }).click();
  const [hours, minutes] = await picker.getByRole('spinbutton').all();
  await hours!.fill('14');
  await minutes!.fill('30');
  await page.getByRole('button', { name: 'Confirm date and time' }).click();
  const chosen = new Date();
  chosen.setMonth(chosen.getMonth() + 1, 15);
  const when = `15.${String(chosen.getMonth() + 1).padStart(2, '0')}.${chosen.getFullYear()} 14:30`;
  await eventually(() => page.getByRole('button', { name: /Send at/ }).textContent()).toContain(when);
  await sendAndConfirm(page);
  await eventually(() =>
    page.getByText('Your message is added to queue and will be sent at the scheduled time.').isVisible(),
  ).toBe(true);

  // Many recipients are one request with one answer (the same call the page makes).
  const later = new Date(Date.now() + 3 * 3600_000).toISOString();
  const reply = await page.request.post(`${server.url}/api/messages/schedule`, {
    data: { recipients: [RECIPIENTS[1], RECIPIENTS[2]], message: 'Your order ships tomorrow.', channel: 'sms', scheduledFor: later },
  });
  expect((await reply.json()).message).toBe('2 messages are added to queue and will be sent at the scheduled time.');

  // The two-recipient send is one card (a batch) with each recipient inside it.
  await page.goto(`${server.url}/dashboard/scheduled-messages`);
  const cards = page.getByTestId('scheduled-card');
  await eventually(() => cards.count()).toBe(2);
  expect(await page.getByText(when).isVisible()).toBe(true);
  const batch = cards.filter({ hasText: 'Your order ships tomorrow.' });
  expect(await batch.getByText('2 recipients').isVisible()).toBe(true);
  for (const number of [RECIPIENTS[1]!, RECIPIENTS[2]!]) expect(await batch.getByText(formatPhoneForReading(number)).isVisible()).toBe(true);
  await screenshot(page, 'scheduled-desktop');

  // Cancelling one recipient of the batch refunds that message; the other stays scheduled.
  await batch.getByRole('button', { name: `Cancel the message to ${formatPhoneForReading(RECIPIENTS[1]!)}` }).click();
  await eventually(() => page.getByText('Are you sure you want to cancel this scheduled message?').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Cancel message' }).click();
  await eventually(() => page.getByText('Scheduled message cancelled successfully').isVisible()).toBe(true);
  await eventually(() => batch.getByText(formatPhoneForReading(RECIPIENTS[2]!)).isVisible()).toBe(true);
  await eventually(() => batch.getByText(formatPhoneForReading(RECIPIENTS[1]!)).count()).toBe(0);
  expect(await cards.count()).toBe(2);

  // The single one cancels from its card.
  await cards.first().getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel message' }).click();
  await eventually(() => cards.count()).toBe(1);
  await page.close();
});

it('sends to two phonebooks, counting a contact in both once', async () => {
  const page = await desktop.newPage();
  await page.goto(`${server.url}/dashboard`);
  await buyServices(page, ['Phonebook']);
  const api = page.request;
  const contacts = [
    ['Team', [RECIPIENTS[0]!, RECIPIENTS[1]!]],
    ['Clients', [RECIPIENTS[1]!, RECIPIENTS[2]!]],
  ] as const;
  for (const [name, numbers] of contacts) {
    const { phonebook } = await (await api.post(`${server.url}/api/phonebooks`, { data: { name } })).json();
    for (const [i, phone_number] of numbers.entries()) {
      const added = await api.post(`${server.url}/api/phonebooks/${phonebook.id}/entries`, {
        data: { name: `${name} ${i + 1}`, phone_number },
      });
      expect(added.ok()).toBe(true);
    }
  }

  await page.goto(`${server.url}/dashboard/send-sms`);
  await page.getByRole('tab', { name: 'Phonebook' }).click();
  await page.getByRole('combobox', { name: 'Phonebooks' }).click();
  await page.getByRole('option', { name: /Team/ }).click();
  await page.getByRole('option', { name: /Clients/ }).click();
  await page.keyboard.press('Escape');
  await eventually(() => page.getByText(/^3 distinct numbers/).isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Message' }).fill('Team meeting moved to 11:00.');
  await screenshot(page, 'send-phonebook-desktop');
  await sendAndConfirm(page);
  await eventually(() => page.getByText('3 messages sent successfully.').isVisible()).toBe(true);
  await page.close();
});

it('gives an admin AI suggestions that fill the message box', async () => {
  const admin = await browser.newContext({ viewport: DESKTOP });
  const page = await admin.newPage();
  await signInThroughPages(server, page, '+38640000001', 'login'); // the built-in admin
  await page.goto(`${server.url}/dashboard/send-sms`);
  await page.getByLabel('Business type').fill('dental clinic');
  await page.getByRole('button', { name: 'AI Suggestions' }).click();
  const first = page.getByRole('listitem').first();
  await eventually(() => first.isVisible()).toBe(true);
  const suggestion = (await first.textContent())!;
  await first.click();
  expect(await page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(suggestion);
  await page.evaluate('window.scrollTo(0, 0)'); // a full-page shot of a scrolled page repeats the header
  await screenshot(page, 'send-admin-ai-desktop');
  await admin.close();
});

it('shows the statistics on the dashboard, and every page at phone width', async () => {
  const page = await desktop.newPage();
  await page.goto(`${server.url}/dashboard`);
  const stats = page.getByRole('region', { name: 'Message statistics' });
  await eventually(() => stats.getByText('Delivered', { exact: true }).first().isVisible()).toBe(true);
  expect(await stats.getByText('100%').first().isVisible()).toBe(true); // delivery rate: 3 of 3
  await screenshot(page, 'dashboard-stats-desktop');
  await page.close();

  const phone = await browser.newContext({ viewport: PHONE, storageState: await desktop.storageState() });
  const small = await phone.newPage();
  await small.goto(`${server.url}/dashboard/send-sms`);
  await small.getByLabel('Recipient 1', { exact: true }).fill(RECIPIENTS[0]!);
  await small.getByRole('textbox', { name: 'Message' }).fill('Čestitamo! 😀');
  await eventually(() => small.getByText(/Unicode because of: Č, 😀/).isVisible()).toBe(true);
  await screenshot(small, 'send-phone');
  for (const [path, name] of [
    ['messages', 'history-phone'],
    ['scheduled-messages', 'scheduled-phone'],
    ['', 'dashboard-stats-phone'],
  ] as const) {
    await small.goto(`${server.url}/dashboard/${path}`);
    await small.waitForLoadState('networkidle');
    await screenshot(small, name);
  }
  await phone.close();
});
