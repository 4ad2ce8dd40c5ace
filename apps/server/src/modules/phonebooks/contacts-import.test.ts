import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContactText, toImportEntries } from '@kurir/core';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/helper';
import { findPhonebookRecipients } from './recipients';
import { mobile, phonebookClient, signInWithPhonebook } from './phonebooks.test-support';

const PHONE = '+38641300001';
let t: TestApp;
let api: ReturnType<typeof phonebookClient>;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  api = phonebookClient(t, await signInWithPhonebook(t, PHONE));
  [{ id: userId }] = (await t.db.select({ id: users.id }).from(users).where(eq(users.phone, PHONE))) as [{ id: string }];
});
afterAll(() => t.close());

const EXISTS = 'A contact with this phone number already exists in this phonebook';

describe('bulk import', () => {
  it('imports the text area line by line: quotes, 00, whitespace, blanks, bad lines and duplicates', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Already here', '+38640999999');
    const text = [
      '"Doe, John", +38640111222', //            1 quoted comma
      '   Ana Novak  ,  00386 41 222 333 , ana@example.com ,  likes Viber  ', // 2 00-prefix, whitespace
      '', //                                      3 blank
      '   ', //                                   4 blank
      'Only a name', //                           5 too few fields
      ', +38640111444', //                        6 no name
      'No phone,', //                             7 no phone
      'Bad, +386 12', //                          8 impossible number
      'Local, 040 111 555', //                    9 no country code
      'Mail, +38640111666, not-mail', //          10 bad email
      'Twin, +386 40 111 222', //                 11 duplicate of line 1
      'Old friend, 0038640999999', //             12 already in the phonebook
      'Bor, 38640111777', //                      13 plus added (spec's bulk rule)
    ].join('\n');
    const res = await api.bulk(id, toImportEntries(parseContactText(text)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      imported: 3,
      skipped_duplicates: 2,
      errors: [
        { row: 5, phone_number: '', message: 'Phone number is required' },
        { row: 6, phone_number: '+38640111444', message: 'Contact name is required' },
        { row: 7, phone_number: '', message: 'Phone number is required' },
        { row: 8, phone_number: '+386 12', message: 'Invalid phone number: +386 12' },
        { row: 9, phone_number: '040 111 555', message: 'Phone number must include country code (e.g., +386 or 00386)' },
        { row: 10, phone_number: '+38640111666', message: 'Invalid email address' },
        { row: 11, phone_number: '+38640111222', message: 'Phone number already appears on line 1' },
        { row: 12, phone_number: '+38640999999', message: EXISTS },
      ],
    });
    const entries = await api.entries(id);
    expect(entries.map((e) => [e.name, e.phone_number, e.email, e.notes]).sort()).toEqual([
      ['Already here', '+38640999999', null, null],
      ['Ana Novak', '+38641222333', 'ana@example.com', 'likes Viber'],
      ['Bor', '+38640111777', null, null],
      ['Doe, John', '+38640111222', null, null],
    ]);
    expect(await api.contactCount(id)).toBe(4);
  });

  it('numbers rows by position when the client sends no line numbers, and skips blank entries', async () => {
    const id = await api.createPhonebook();
    const res = await api.bulk(id, [
      { name: 'Ana', phone_number: '+38640111222' },
      { name: '', phone_number: '', email: null, notes: null },
      { name: 'Bad', phone_number: '+1' },
    ]);
    expect(res.body).toEqual({ imported: 1, skipped_duplicates: 0, errors: [{ row: 3, phone_number: '+1', message: 'Invalid phone number: +1' }] });
  });

  it('an import of only known numbers imports nothing and says why', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Ana', '+38640111222');
    const res = await api.bulk(id, [{ name: 'Ana', phone_number: '+38640111222' }]);
    expect(res.body).toEqual({ imported: 0, skipped_duplicates: 1, errors: [{ row: 1, phone_number: '+38640111222', message: EXISTS }] });
  });

  it.each([
    ['no entries', [], 'Please enter contact data to import.'],
    ['only blank entries', [{ name: ' ', phone_number: '' }, {}], 'Please enter contact data to import.'],
    ['no valid entry', [{ name: 'x', phone_number: 'abc' }, { phone_number: '+38640111222' }], 'No valid contact data found. Please check the format.'],
  ])('%s → 400 with the spec message, nothing saved', async (_case, entries, message) => {
    const id = await api.createPhonebook();
    const res = await api.bulk(id, entries);
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('says which rows were wrong when none was valid', async () => {
    const id = await api.createPhonebook();
    const res = await api.bulk(id, [{ name: 'x', phone_number: '040 1' }]);
    expect(res.body.errors).toEqual([{ row: 1, phone_number: '040 1', message: 'Phone number must include country code (e.g., +386 or 00386)' }]);
  });

  it('refuses unknown fields, more than 50 000 entries, and bodies over the route limit', async () => {
    const id = await api.createPhonebook();
    expect((await api.bulk(id, [{ name: 'Ana', phone_number: '+38640111222', owner: 'x' }])).status).toBe(400);
    const tooMany = Array.from({ length: 50_001 }, (_, i) => ({ name: 'n', phone_number: mobile(i) }));
    expect(await api.bulk(id, tooMany)).toMatchObject({ status: 400, body: { message: 'You can import at most 50,000 contacts at a time.' } });
    const huge = [{ name: 'n', phone_number: '+38640111222', notes: 'x'.repeat(21 * 1024 * 1024) }];
    expect((await api.bulk(id, huge)).status).toBe(413);
    // Only the import route has the larger limit.
    expect((await api.call('POST', `/api/phonebooks/${id}/entries`, { name: 'n', phone_number: '+38640111222', notes: 'x'.repeat(2 * 1024 * 1024) })).status).toBe(413);
    expect(await api.contactCount(id)).toBe(0);
  });

  it('keeps contact_count right after imports and deletes', async () => {
    const id = await api.createPhonebook();
    await api.bulk(id, Array.from({ length: 2500 }, (_, i) => ({ name: `C${i}`, phone_number: mobile(i) })));
    expect(await api.contactCount(id)).toBe(2500);
    const [first] = (await api.call('GET', `/api/phonebooks/${id}/entries`)).body.entries;
    await api.call('DELETE', `/api/phonebooks/${id}/entries/${first.id}`);
    expect(await api.contactCount(id)).toBe(2499);
    expect((await api.call('GET', '/api/phonebooks')).body.phonebooks.find((p: { id: string }) => p.id === id).contact_count).toBe(2499);
  });

  it('two imports at once with overlapping numbers store each number once and count right', async () => {
    const id = await api.createPhonebook();
    const batch = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ name: `C${from + i}`, phone_number: mobile(from + i) }));
    const [one, two] = await Promise.all([api.bulk(id, batch(0, 3000)), api.bulk(id, batch(2000, 5000))]);
    expect(one.body.imported + two.body.imported).toBe(5000);
    expect(one.body.skipped_duplicates + two.body.skipped_duplicates).toBe(1000);
    expect(await api.contactCount(id)).toBe(5000);
  });
});

describe('all or nothing', () => {
  it('a database failure in a later chunk leaves nothing of the import behind', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Before', '+38640999999');
    // 2500 rows = three statements of 1 000; a trigger refuses row 1700's number, in the second
    // statement, after the first is already written in the transaction.
    await t.db.execute(sql.raw(`
      create function refuse_bulk_row() returns trigger language plpgsql as $$
      begin
        if new.phone_number = '${mobile(1700)}' then raise exception 'forced failure'; end if;
        return new;
      end $$`));
    await t.db.execute(sql.raw('create trigger refuse_bulk_row before insert on phonebook_entries for each row execute function refuse_bulk_row()'));
    const rows = Array.from({ length: 2500 }, (_, i) => ({ name: `C${i}`, phone_number: mobile(i) }));
    try {
      expect((await api.bulk(id, rows)).status).toBe(500);
      expect(await api.contactCount(id)).toBe(1);
      expect((await api.entries(id)).map((e) => e.name)).toEqual(['Before']);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_bulk_row on phonebook_entries'));
      await t.db.execute(sql.raw('drop function refuse_bulk_row()'));
    }
    // The same rows, the database willing, go in whole.
    expect((await api.bulk(id, rows)).body.imported).toBe(2500);
    expect(await api.contactCount(id)).toBe(2501);
  });
});

describe('recipients for sending', () => {
  it('are the distinct numbers of the chosen phonebooks', async () => {
    const one = await api.createPhonebook('One');
    const two = await api.createPhonebook('Two');
    await api.bulk(one, [{ name: 'A', phone_number: '+38640111222' }, { name: 'B', phone_number: '+38640111333' }]);
    await api.bulk(two, [{ name: 'A again', phone_number: '0038640111222' }, { name: 'C', phone_number: '+38640111444' }]);
    expect(await findPhonebookRecipients(t.db, userId, [one, two, one])).toEqual(['+38640111222', '+38640111333', '+38640111444']);
    expect(await findPhonebookRecipients(t.db, userId, [])).toEqual([]);
  });
});
