// Journey: a new customer gets the Phonebook service, creates a phonebook, imports three contacts
// through the Bulk Import text area, sends to the phonebook from Send Message and finds the three
// messages in Message history; then a CSV and an Excel upload show their bad rows in the preview.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatPhoneForReading } from '@kurir/core/phone-format';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, screenshot } from './support/browser';
import { minimalXlsx } from './support/minimal-xlsx';
import { startServer, type RunningServer } from './support/server';
import { buyProduct, signInThroughPages, topUp } from './support/session';

let server: RunningServer;
let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

const CONTACTS = [
  ['Ana Novak', '+38640111222', 'ana@example.com', 'VIP'],
  ['Boris Kranjc', '0038641333444', '', ''],
  ['Cene Zupan', '+386 51 555 666', 'cene@example.com', 'Prefers Viber'],
];
const NUMBERS = ['+38640111222', '+38641333444', '+38651555666'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Tops up €10 with the test card and buys 'Phonebook', with the browser's own session cookie. */
async function buyPhonebook(page: Page) {
  await topUp(server, page.request, 10);
  await buyProduct(server, page.request, 'Phonebook');
}

const rowsOf = (page: Page) => page.locator('table tbody tr');

it('creates a phonebook, imports three contacts, sends to them and finds them in history', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signInThroughPages(server, page, '+38641555201');

  // Without the service the server refuses, and the page says what to buy.
  await page.goto(`${server.url}/dashboard/phonebook`);
  await expect.poll(() => page.getByText('Phonebook service required').isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'View Products' }).getAttribute('href')).toBe('/dashboard/products');

  await buyPhonebook(page);
  await page.reload();
  await expect.poll(() => page.getByText('No phonebooks found').isVisible()).toBe(true);
  await screenshot(page, 'phonebooks-empty-desktop');

  await page.getByRole('button', { name: 'New Phonebook' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create New Phonebook' });
  await create.getByRole('button', { name: 'Create Phonebook' }).click();
  await expect.poll(() => create.getByText('Phonebook name is required').isVisible()).toBe(true);
  await create.getByLabel('Name').fill('Customers');
  await create.getByLabel('Description').fill('Regulars of the Ljubljana shop');
  await create.getByRole('button', { name: 'Create Phonebook' }).click();
  await expect.poll(() => toast(page, 'Phonebook created').isVisible()).toBe(true);
  const card = page.getByRole('article').filter({ hasText: 'Customers' });
  await expect.poll(() => card.getByText('0 contacts').isVisible()).toBe(true);

  await card.getByRole('link', { name: 'View Contacts' }).click();
  await page.waitForURL('**/dashboard/phonebook/*/entries');
  await expect.poll(() => page.getByText('No contacts found').isVisible()).toBe(true);
  await screenshot(page, 'contacts-empty-desktop');

  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => dialog.getByText('Please enter contact data to import.').isVisible()).toBe(true);
  await dialog.getByLabel('Contact data').fill('only a name\nand another');
  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => dialog.getByText('No valid contact data found. Please check the format.').isVisible()).toBe(true);
  await dialog.getByLabel('Contact data').fill(CONTACTS.map((c) => c.join(', ')).join('\n'));
  await expect.poll(() => dialog.getByText('3 ready to import').isVisible()).toBe(true);
  await screenshot(page, 'contacts-import-text-desktop');
  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => toast(page, '3 contacts imported successfully!').isVisible()).toBe(true);

  await expect.poll(() => rowsOf(page).count()).toBe(3);
  for (const n of NUMBERS) expect(await page.getByRole('cell', { name: formatPhoneForReading(n) }).isVisible()).toBe(true);
  expect(await page.getByLabel('3 contacts shown').isVisible()).toBe(true);
  await screenshot(page, 'contacts-table-desktop');

  await page.getByPlaceholder('Search contacts by name, phone or email').fill('041 333');
  await expect.poll(() => rowsOf(page).count()).toBe(1);
  await page.getByPlaceholder('Search contacts by name, phone or email').fill('nobody');
  await expect.poll(() => page.getByText('No contacts match your search').isVisible()).toBe(true);
  await page.getByPlaceholder('Search contacts by name, phone or email').fill('');

  // Add Contact: the country code is required, and the server's duplicate answer is shown.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add Contact' });
  await add.getByLabel('Name').fill('Ana Twin');
  await add.getByLabel('Phone Number').fill('040 111 222');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await expect.poll(() => add.getByText('Phone number must include country code (e.g., +386 or 00386)').isVisible()).toBe(true);
  await add.getByLabel('Phone Number').fill('00386 40 111 222');
  await add.getByRole('button', { name: 'Add Contact' }).click();
  await expect.poll(() => toast(page, 'Failed to add contact').isVisible()).toBe(true);
  expect(await toast(page, 'already exists').isVisible()).toBe(true);
  await add.getByRole('button', { name: 'Cancel' }).click();

  // The phonebook list shows the new count.
  await page.getByRole('link', { name: 'Back to phonebooks' }).click();
  await expect.poll(() => page.getByRole('article').filter({ hasText: 'Customers' }).getByText('3 contacts').isVisible()).toBe(true);
  await screenshot(page, 'phonebooks-cards-desktop');

  // Send Message → Phonebook tab → the phonebook → Send Now.
  await page.getByRole('link', { name: 'Send message' }).click();
  await page.waitForURL('**/dashboard/send-sms');
  await page.getByRole('tab', { name: 'Phonebook' }).click();
  await page.getByRole('combobox', { name: 'Phonebooks' }).click();
  await page.getByRole('option', { name: /Customers/ }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByText('3 distinct numbers').isVisible()).toBe(true);
  await page.getByLabel('Message').fill('Our shop is open on Saturday from 8 to 12.');
  await page.getByRole('button', { name: 'Send Now' }).click();
  await page.getByTestId('send-review').getByRole('button', { name: /^Send \d+ messages?$/ }).click();
  await expect.poll(() => toast(page, 'Success!').isVisible(), { timeout: 20_000 }).toBe(true);

  await page.getByRole('link', { name: 'Message history' }).click();
  await page.waitForURL('**/dashboard/messages');
  for (const n of NUMBERS) await expect.poll(() => page.getByRole('cell', { name: formatPhoneForReading(n) }).isVisible()).toBe(true);
  await expect.poll(() => rowsOf(page).count()).toBe(3);

  signedIn = await context.storageState();
  await context.close();
});

it('marks a bad CSV row and a repeated number in the file preview, then imports the good rows', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: signedIn });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard/phonebook`);
  await page.getByRole('article').filter({ hasText: 'Customers' }).getByRole('link', { name: 'View Contacts' }).click();
  await expect.poll(() => rowsOf(page).count()).toBe(3);

  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog.getByRole('tab', { name: 'Upload file' }).click();
  const csv = 'Phone;Full name;E-mail\n+386 40 555 777;Dora Kos;dora@example.com\n12345;Bad Row;\n+38640111222;Ana again;\n';
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // Columns guessed from the header, although phone comes first here.
  await expect.poll(() => dialog.getByLabel('Phone column').inputValue()).toBe('A: Phone');
  expect(await dialog.getByLabel('Name column').inputValue()).toBe('B: Full name');
  const bad = dialog.locator('tr[data-status="invalid"]');
  await expect.poll(() => bad.count()).toBe(1);
  expect(await bad.textContent()).toContain('Bad Row');
  expect(await bad.textContent()).toContain('Phone number must include country code');
  const duplicate = dialog.locator('tr[data-status="duplicate"]');
  expect(await duplicate.textContent()).toContain('already exists in this phonebook');
  expect(await dialog.getByText('1 ready to import').isVisible()).toBe(true);
  await screenshot(page, 'contacts-import-file-desktop');

  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => toast(page, 'Partial Import Success').isVisible()).toBe(true);
  expect(await toast(page, '1 contact imported successfully. 2 errors occurred.').isVisible()).toBe(true);
  await expect.poll(() => rowsOf(page).count()).toBe(4);

  // An Excel workbook: the number typed without a plus is accepted (spreadsheets drop it).
  await page.getByRole('button', { name: 'Bulk Import' }).click();
  await dialog.getByRole('tab', { name: 'Upload file' }).click();
  const xlsx = minimalXlsx([
    ['Name', 'Mobile', 'Email', 'Notes'],
    ['Eva Horvat', 38640777888, 'eva@example.com', 'From the fair'],
    ['Nameless number', '', '', ''],
  ]);
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'contacts.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await expect.poll(() => dialog.getByText('1 ready to import').isVisible()).toBe(true);
  expect(await dialog.locator('tr[data-status="valid"]').textContent()).toContain('+38640777888');
  expect(await dialog.locator('tr[data-status="invalid"]').textContent()).toContain('Phone number is required');
  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => toast(page, /1 contact imported successfully/).isVisible()).toBe(true);
  await expect.poll(() => rowsOf(page).count()).toBe(5);
  await context.close();
});

it('uploads a large CSV file with a progress bar: previewed from its first rows, every row imported', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: signedIn });
  const page = await context.newPage();
  const created = await page.request.post(`${server.url}/api/phonebooks`, { data: { name: 'Fair leads' } });
  const id = (await created.json()).phonebook.id as string;
  await page.goto(`${server.url}/dashboard/phonebook/${id}/entries`);
  await expect.poll(() => page.getByText('No contacts found').isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog.getByRole('tab', { name: 'Upload file' }).click();
  // 60 000 leads (2 MB), every 10 000th with a number that cannot exist.
  const lines = Array.from({ length: 60_006 }, (_, i) =>
    i % 10_001 === 5_000 ? `Bad lead ${i},+386 12` : `Lead ${i},+3864${String(i).padStart(7, '0')},lead${i}@example.com`,
  );
  const csv = `Name,Phone,Email\n${lines.join('\n')}\n`;
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => dialog.getByText(/The preview checks the first [\d,]+ rows of the file/).isVisible()).toBe(true);
  expect(await dialog.getByLabel('Email column').inputValue()).toBe('C: Email');

  await dialog.getByRole('button', { name: 'Import Contacts' }).click();
  await expect.poll(() => dialog.getByRole('progressbar').isVisible()).toBe(true);
  await expect.poll(() => dialog.getByText(/^(Uploading… \d+ %|Importing…)$/).isVisible()).toBe(true);
  await screenshot(page, 'contacts-import-progress-desktop');
  await expect.poll(() => toast(page, 'Partial Import Success').isVisible(), { timeout: 60_000 }).toBe(true);
  expect(await toast(page, '60000 contacts imported successfully. 6 errors occurred.').isVisible()).toBe(true);
  const phonebook = await (await page.request.get(`${server.url}/api/phonebooks/${id}`)).json();
  expect(phonebook.phonebook.contact_count).toBe(60_000);
  // The journeys below count the Customers phonebook's cards and rows.
  expect((await page.request.delete(`${server.url}/api/phonebooks/${id}`)).status()).toBe(200);
  await context.close();
});

it('lays out the phonebook pages and the import dialog at phone width', async () => {
  const context = await browser.newContext({ viewport: PHONE, storageState: signedIn });
  const page = await context.newPage();
  await page.goto(`${server.url}/dashboard/phonebook`);
  await expect.poll(() => page.getByText('5 contacts').isVisible()).toBe(true);
  await screenshot(page, 'phonebooks-cards-phone');

  await page.getByRole('link', { name: 'View Contacts' }).click();
  await expect.poll(() => rowsOf(page).count()).toBe(5);
  // Email and Notes give way to Name and Phone on a phone.
  expect(await page.getByRole('columnheader', { name: 'Email' }).isVisible()).toBe(false);
  expect(await page.getByRole('columnheader', { name: 'Phone Number' }).isVisible()).toBe(true);
  await screenshot(page, 'contacts-table-phone');

  await page.getByRole('button', { name: 'Bulk Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
  await dialog.getByLabel('Contact data').fill('Gal, +38640999000\nBad line\nAna, +38640111222');
  await expect.poll(() => dialog.getByText('1 ready to import').isVisible()).toBe(true);
  await screenshot(page, 'contacts-import-text-phone');
  await dialog.getByRole('tab', { name: 'Upload file' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('name,phone,email,notes\nHana,+38640123123,hana@example.com,\nIvo,555,,\n'),
  });
  await expect.poll(() => dialog.locator('tr[data-status="invalid"]').count()).toBe(1);
  await screenshot(page, 'contacts-import-file-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit a contact, then delete one (asked first).
  await page.getByRole('button', { name: 'Edit contact Eva Horvat' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('Notes (Optional)').fill('Met at the spring fair');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => toast(page, 'Contact updated').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Edit contact Dora Kos' }).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => edit.getByText('Delete this contact?').isVisible()).toBe(true);
  await screenshot(page, 'contacts-edit-delete-phone');
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => toast(page, 'Contact deleted').isVisible()).toBe(true);
  await expect.poll(() => rowsOf(page).count()).toBe(4);
  await context.close();
});

it('creates, renames and deletes a phonebook at phone width', async () => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInThroughPages(server, page, '+38641555202');
  await buyPhonebook(page);
  await page.goto(`${server.url}/dashboard/phonebook`);
  await expect.poll(() => page.getByText('No phonebooks found').isVisible()).toBe(true);
  await screenshot(page, 'phonebooks-empty-phone');

  // Create, rename and delete a phonebook.
  await page.getByRole('button', { name: 'New Phonebook' }).first().click();
  await page.getByRole('dialog', { name: 'Create New Phonebook' }).getByLabel('Name').fill('Temporary');
  await page.getByRole('button', { name: 'Create Phonebook' }).click();
  await expect.poll(() => page.getByText('No description').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Edit phonebook Temporary' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Phonebook' });
  await edit.getByLabel('Name').fill('Fair visitors');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect.poll(() => toast(page, 'Phonebook updated').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('heading', { name: 'Fair visitors' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Edit phonebook Fair visitors' }).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => edit.getByText('Delete this phonebook?').isVisible()).toBe(true);
  await edit.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => toast(page, 'Phonebook deleted').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('No phonebooks found').isVisible()).toBe(true);
  // The card whose button opened the dialog is gone: the focus goes to the page's heading, not the body.
  const focused = () =>
    page.evaluate(() => {
      // Runs in the page; the journeys are compiled without the DOM's types.
      const el = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string | null } | null } }).document.activeElement;
      return `${el?.tagName} ${el?.textContent}`;
    });
  await expect.poll(focused).toBe('H1 Phonebooks');
  await context.close();
});
