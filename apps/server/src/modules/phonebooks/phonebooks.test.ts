import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContactText, parseCsv, toImportEntries } from '@kurir/core';
import { phonebookEntries, users } from '../../db/schema';
import { deletePhonebook, insertEntry } from './phonebooks.repo';
import { createTestApp, type TestApp } from '../../test/helper';
import { grantProduct } from '../../test/products';
import { phonebookClient, signInWithPhonebook } from './phonebooks.test-support';

let t: TestApp;
let api: ReturnType<typeof phonebookClient>;

beforeAll(async () => {
  t = await createTestApp();
  api = phonebookClient(t, await signInWithPhonebook(t, '+38641100001'));
});
afterAll(() => t.close());

describe('phonebooks', () => {
  it('creates, lists, reads, renames and deletes a phonebook with the spec messages', async () => {
    const created = await api.call('POST', '/api/phonebooks', { name: '  Clients ', description: 'Best ones' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Phonebook created', phonebook: { name: 'Clients', description: 'Best ones', contact_count: 0 } });
    const id = created.body.phonebook.id;

    const list = await api.call('GET', '/api/phonebooks');
    expect(list.body.phonebooks).toContainEqual(created.body.phonebook);
    expect(Object.keys(list.body.phonebooks[0]).sort()).toEqual(['contact_count', 'created_at', 'description', 'id', 'name']);

    const updated = await api.call('PUT', `/api/phonebooks/${id}`, { name: 'VIP', description: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Phonebook updated', phonebook: { id, name: 'VIP', description: null } });
    expect((await api.call('GET', `/api/phonebooks/${id}`)).body.phonebook).toMatchObject({ name: 'VIP', description: null });

    expect(await api.call('DELETE', `/api/phonebooks/${id}`)).toMatchObject({ status: 200, body: { message: 'Phonebook deleted' } });
    expect(await api.call('GET', `/api/phonebooks/${id}`)).toMatchObject({ status: 404, body: { message: 'Phonebook not found' } });
  });

  it('requires a name and bounds the lengths', async () => {
    expect(await api.call('POST', '/api/phonebooks', { name: '   ' })).toMatchObject({ status: 400, body: { message: 'Phonebook name is required' } });
    expect(await api.call('POST', '/api/phonebooks', {})).toMatchObject({ status: 400, body: { message: 'Phonebook name is required' } });
    expect((await api.call('POST', '/api/phonebooks', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await api.call('POST', '/api/phonebooks', { name: 'ok', description: 'd'.repeat(501) })).status).toBe(400);
    expect((await api.call('POST', '/api/phonebooks', { name: 'ok', owner: 'x' })).status).toBe(400);
  });

  it('answers 404 for an id that is not a UUID', async () => {
    expect((await api.call('GET', '/api/phonebooks/not-a-uuid')).status).toBe(404);
    expect((await api.call('GET', '/api/phonebooks/not-a-uuid/entries')).status).toBe(404);
  });

  it('deleting a phonebook deletes its contacts', async () => {
    const id = await api.createPhonebook('Temp');
    await api.addContact(id, 'Ana', '+38640111222');
    await api.call('DELETE', `/api/phonebooks/${id}`);
    // The entries are gone from the table, not only hidden.
    const [row] = await t.db.select({ n: count() }).from(phonebookEntries).where(eq(phonebookEntries.phonebookId, id));
    expect(row!.n).toBe(0);
  });

  it('a contact added while its phonebook is being deleted goes with it, in either order (no key, migration 0023)', async () => {
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, '+38641100001'));
    const entriesOf = async (id: string) =>
      (await t.db.select({ n: count() }).from(phonebookEntries).where(eq(phonebookEntries.phonebookId, id)))[0]!.n;
    const entry = { name: 'Bor', phoneNumber: '+38640111444', email: null, notes: null };
    const wait = () => new Promise((resolve) => setTimeout(resolve, 200));

    // The add first: its lock on the phonebook holds the delete until the add commits, and the
    // delete's trigger then removes the new contact too.
    const first = await api.createPhonebook('Added first');
    let deleting: Promise<boolean> | null = null;
    await t.db.transaction(async (tx) => {
      expect(await insertEntry(tx, me!.id, first, entry)).not.toBeNull();
      deleting = deletePhonebook(t.db, me!.id, first);
      await wait();
    });
    expect(await deleting).toBe(true);
    expect(await entriesOf(first)).toBe(0);

    // The delete first: the add waits for it, then finds no phonebook and writes nothing.
    const second = await api.createPhonebook('Deleted first');
    let adding: Promise<unknown> | null = null;
    await t.db.transaction(async (tx) => {
      expect(await deletePhonebook(tx, me!.id, second)).toBe(true);
      adding = insertEntry(t.db, me!.id, second, entry);
      await wait();
    });
    expect(await adding).toBeNull();
    expect(await entriesOf(second)).toBe(0);
  });
});

describe('contacts', () => {
  it('adds, lists, edits and deletes a contact; contact_count follows', async () => {
    const id = await api.createPhonebook();
    const added = await api.call('POST', `/api/phonebooks/${id}/entries`, {
      name: 'Ana Novak',
      phone_number: '00386 40 111 222',
      email: 'ana@example.com',
      notes: 'VIP',
    });
    expect(added.status).toBe(201);
    expect(added.body.entry).toMatchObject({ name: 'Ana Novak', phone_number: '+38640111222', email: 'ana@example.com', notes: 'VIP' });
    expect(added.body.message).toBe('Contact added');
    const entryId = added.body.entry.id;
    expect(await api.contactCount(id)).toBe(1);

    const edited = await api.call('PUT', `/api/phonebooks/${id}/entries/${entryId}`, { name: 'Ana N.', phone_number: '+386 40 111 333' });
    expect(edited).toMatchObject({ status: 200, body: { message: 'Contact updated', entry: { phone_number: '+38640111333', email: null, notes: null } } });
    expect(await api.entries(id)).toEqual([expect.objectContaining({ name: 'Ana N.', phone_number: '+38640111333' })]);

    expect(await api.call('DELETE', `/api/phonebooks/${id}/entries/${entryId}`)).toMatchObject({ status: 200, body: { message: 'Contact deleted' } });
    expect(await api.entries(id)).toEqual([]);
    expect(await api.contactCount(id)).toBe(0);
    expect((await api.call('DELETE', `/api/phonebooks/${id}/entries/${entryId}`)).status).toBe(404);
  });

  it.each([
    [{ name: '', phone_number: '+38640111222' }, 'Contact name is required'],
    [{ name: 'Ana', phone_number: '' }, 'Phone number is required'],
    [{ name: 'Ana', phone_number: '040 111 222' }, 'Phone number must include country code (e.g., +386 or 00386)'],
    [{ name: 'Ana', phone_number: '+386 12' }, 'Invalid phone number: +386 12'],
    [{ name: 'Ana', phone_number: '+38640111222', email: 'ana@' }, 'Invalid email address'],
  ])('refuses %j with %j', async (body, message) => {
    const id = await api.createPhonebook();
    expect(await api.call('POST', `/api/phonebooks/${id}/entries`, body)).toMatchObject({ status: 400, body: { message } });
    expect(await api.entries(id)).toEqual([]);
  });

  it('refuses the same number twice in a phonebook (however it is written), also on edit', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Ana', '+38640111222');
    const bor = await api.addContact(id, 'Bor', '+38640111333');
    const message = 'A contact with this phone number already exists in this phonebook';
    expect(await api.call('POST', `/api/phonebooks/${id}/entries`, { name: 'Again', phone_number: '0038640111222' })).toMatchObject({ status: 409, body: { message } });
    expect(await api.call('PUT', `/api/phonebooks/${id}/entries/${bor}`, { name: 'Bor', phone_number: '+38640111222' })).toMatchObject({ status: 409, body: { message } });
    expect((await api.entries(id)).map((e) => e.phone_number).sort()).toEqual(['+38640111222', '+38640111333']);
    // Another phonebook may hold the same number.
    expect((await api.call('POST', `/api/phonebooks/${await api.createPhonebook('Other')}/entries`, { name: 'Ana', phone_number: '+38640111222' })).status).toBe(201);
  });
});

describe('CSV export', () => {
  it('downloads name, phone_number, email, notes with formula cells defused and quotes escaped', async () => {
    const id = await api.createPhonebook('Naročniki, 2024');
    await api.call('POST', `/api/phonebooks/${id}/entries`, { name: '=HYPERLINK("http://x","y")', phone_number: '+38640111222', notes: '@SUM(A1)' });
    await api.call('POST', `/api/phonebooks/${id}/entries`, { name: 'Doe, "Johnny"', phone_number: '+38640111333', email: 'j@example.com', notes: '-2+3' });
    const res = await api.call('GET', `/api/phonebooks/${id}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Narocniki-2024.csv"; filename*=UTF-8''${encodeURIComponent('Naročniki, 2024.csv')}`);
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('name,phone_number,email,notes');
    expect(lines.slice(1).sort()).toEqual([
      '',
      `"'=HYPERLINK(""http://x"",""y"")",'+38640111222,,'@SUM(A1)`,
      `"Doe, ""Johnny""",'+38640111333,j@example.com,'-2+3`,
    ]);
    // What a spreadsheet reads back: the text, made inert by the leading apostrophe.
    expect(parseCsv(res.text).map((r) => r.cells[0])).toContain(`'=HYPERLINK("http://x","y")`);
  });

  it('an export imports back into another phonebook unchanged', async () => {
    const from = await api.createPhonebook('From');
    await api.call('POST', `/api/phonebooks/${from}/entries`, { name: '=1+1', phone_number: '+38640111222', email: 'a@example.com', notes: 'line "one", two' });
    await api.addContact(from, 'Bor', '+38641222333');
    const csv = (await api.call('GET', `/api/phonebooks/${from}/export.csv`)).text;
    const to = await api.createPhonebook('To');
    const res = await api.bulk(to, toImportEntries(parseContactText(csv)));
    expect(res.body).toEqual({ imported: 2, errors: [], skipped_duplicates: 0 });
    const strip = (e: { name: string; phone_number: string; email: string | null; notes: string | null }) => [e.name, e.phone_number, e.email, e.notes];
    expect((await api.entries(to)).map(strip)).toEqual((await api.entries(from)).map(strip));
  });
});

it('documents every route in the OpenAPI document', async () => {
  const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths);
  expect(paths).toEqual(expect.arrayContaining(['/api/phonebooks', '/api/phonebooks/{id}', '/api/phonebooks/{id}/entries',
    '/api/phonebooks/{id}/entries/{entryId}', '/api/phonebooks/{id}/entries/bulk', '/api/phonebooks/{id}/export.csv']));
});

describe('without the Phonebook product', () => {
  it('every route answers 403 with the product message, and so does an expired product', async () => {
    const phone = '+38641100009';
    const cookie = await t.signIn(phone);
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string, object?][] = [
      ['GET', '/api/phonebooks'],
      ['POST', '/api/phonebooks', { name: 'x' }],
      ['GET', `/api/phonebooks/${id}`],
      ['PUT', `/api/phonebooks/${id}`, { name: 'x' }],
      ['DELETE', `/api/phonebooks/${id}`],
      ['GET', `/api/phonebooks/${id}/entries`],
      ['POST', `/api/phonebooks/${id}/entries`, { name: 'x', phone_number: '+38640111222' }],
      ['PUT', `/api/phonebooks/${id}/entries/${id}`, { name: 'x', phone_number: '+38640111222' }],
      ['DELETE', `/api/phonebooks/${id}/entries/${id}`],
      ['POST', `/api/phonebooks/${id}/entries/bulk`, { entries: [] }],
      ['GET', `/api/phonebooks/${id}/export.csv`],
    ];
    await grantProduct(t.db, phone, 'Phonebook', { expiresAt: new Date(Date.now() - 1000) });
    for (const [method, url, payload] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect([method, url, res.statusCode, res.json().message]).toEqual([method, url, 403, 'Phonebooks require an active Phonebook service. Please purchase it on the Products page.']);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/phonebooks' })).statusCode).toBe(401);
  });
});

