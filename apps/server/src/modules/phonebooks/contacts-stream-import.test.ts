// POST /api/phonebooks/:id/entries/import: a CSV file as the raw body, received whole into a
// temporary file, then read back, checked and written with the same rules and the same
// all-or-nothing transaction as the JSON bulk import. A slow or stalled upload:
// contacts-import-slow-upload.test.ts.
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamImportQuerySchema, type StreamImportQuery } from '@kurir/core';
import { createTestApp, type TestApp } from '../../test/helper';
import { csvContactPieces } from './csv-upload';
import { ImportSpool } from './import-spool';
import type * as Repo from './phonebooks.repo';
import { mobile, phonebookClient, signInWithPhonebook, spoolsLeftAfter } from './phonebooks.test-support';

// An import can be held just before it writes its first batch, its transaction open and the
// phonebook locked ("beside other writes"); every other call goes straight through. The batches
// written are counted.
const hold = vi.hoisted(() => ({ next: null as null | { reached: () => void; released: Promise<void> }, writes: 0 }));
vi.mock('./phonebooks.repo', async (importOriginal) => {
  const repo = await importOriginal<typeof Repo>();
  return {
    ...repo,
    importEntries: async (...args: Parameters<typeof repo.importEntries>) => {
      hold.writes++;
      const held = hold.next;
      hold.next = null;
      if (held) {
        held.reached();
        await held.released;
      }
      return repo.importEntries(...args);
    },
  };
});

let t: TestApp;
let api: ReturnType<typeof phonebookClient>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInWithPhonebook(t, '+38641300101');
  api = phonebookClient(t, cookie);
});
afterAll(() => t.close());

const EXISTS = 'A contact with this phone number already exists in this phonebook';

type Payload = string | Buffer | Readable;
type Query = Record<string, string | number | boolean | undefined>;
const query = (q: Query) =>
  new URLSearchParams(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString();

async function upload(id: string, payload: Payload, q: Query = { name: 0, phone_number: 1 }, who = cookie, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/phonebooks/${id}/entries/import?${query(q)}`,
    headers: { cookie: who, 'content-type': 'text/csv', ...headers },
    payload,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A stream that hands the text over in small pieces, cutting fields, quotes and line breaks. */
const inPieces = (text: string, size: number) =>
  Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))));

describe('streamed CSV import', () => {
  it('reads a file with a header in another order: quotes, line breaks in fields, BOM, CRLF, bad rows and duplicates by line', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Already here', '+38640999999');
    const csv = [
      '\uFEFFPhone;E-mail;Full name;Notes', //              1 header
      '+38640111222;;"Doe; John";"said ""call me"""', //     2 quoted delimiter, doubled quotes
      '00386 41 222 333;ana@example.com;Ana Novak;"two', //  3 a note over two lines
      'lines"', //                                           4
      '', //                                                 5 blank
      '12345;;Bad Number;', //                               6 impossible number
      '+38640111666;not-mail;Mail;', //                      7 bad email
      '+386 40 111 222;;Twin;', //                           8 duplicate of line 2
      '0038640999999;;Old friend;', //                       9 already in the phonebook
      '38640111777;;Bor;', //                                10 plus added
      ';;;', //                                              11 blank
      '+38640111888', //                                     12 too few fields
    ].join('\r\n');
    const res = await upload(id, inPieces(csv, 7), { name: 2, phone_number: 0, email: 1, notes: 3, header: true, delimiter: 'semicolon' });
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      imported: 3,
      skipped_duplicates: 2,
      error_count: 5,
      errors_capped: false,
      errors: [
        { row: 6, phone_number: '12345', message: 'Phone number must include country code (e.g., +386 or 00386)' },
        { row: 7, phone_number: '+38640111666', message: 'Invalid email address' },
        { row: 8, phone_number: '+38640111222', message: 'Phone number already appears on line 2' },
        { row: 9, phone_number: '+38640999999', message: EXISTS },
        { row: 12, phone_number: '+38640111888', message: 'Each line needs at least a name and a phone number' },
      ],
    });
    const entries = await api.entries(id);
    expect(entries.map((e) => [e.name, e.phone_number, e.email, e.notes]).sort()).toEqual([
      ['Already here', '+38640999999', null, null],
      ['Ana Novak', '+38641222333', 'ana@example.com', 'two\r\nlines'],
      ['Bor', '+38640111777', null, null],
      ['Doe; John', '+38640111222', null, 'said "call me"'],
    ]);
  });

  it('imports many batches, lists the first 1 000 problems in line order and counts them all', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Known', mobile(7_000));
    // 12 000 good rows (three 5 000-row batches), every eighth line a bad number: 1 500 errors.
    const lines: string[] = [];
    for (let i = 0; i < 12_000; i++) lines.push(`Contact ${i},${mobile(i)}`, ...(i % 8 === 0 ? [`Bad ${i},+1`] : []));
    const res = await upload(id, Readable.from([Buffer.from(lines.join('\n'))]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 11_999, skipped_duplicates: 1, error_count: 1501, errors_capped: true });
    expect(res.body.errors).toHaveLength(1000);
    const rows = res.body.errors.map((e: { row: number }) => e.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(res.body.errors[0]).toEqual({ row: 2, phone_number: '+1', message: 'Invalid phone number: +1' });
    expect(await api.contactCount(id)).toBe(12_000);
  });

  it('reads a Windows-1250 file when told so, and refuses bytes that are not UTF-8 otherwise', async () => {
    const id = await api.createPhonebook();
    // "Žiga Čuk" in Windows-1250: Ž = 0x8E, Č = 0xC8.
    const bytes = Buffer.concat([Buffer.from([0x8e]), Buffer.from('iga '), Buffer.from([0xc8]), Buffer.from('uk,+38640111222\n')]);
    expect(await upload(id, bytes)).toMatchObject({ status: 400, body: { code: 'import_file_not_text' } });
    const res = await upload(id, bytes, { name: 0, phone_number: 1, encoding: 'windows-1250' });
    expect(res.body).toMatchObject({ imported: 1 });
    expect((await api.entries(id))[0]!.name).toBe('Žiga Čuk');
  });

  it.each([
    ['an empty file', '', 'Please enter contact data to import.'],
    ['only a header', 'name,phone\n', 'Please enter contact data to import.'],
    ['no valid row', 'x,abc\n,+38640111222\n', 'No valid contact data found. Please check the format.'],
  ])('%s → 400 with the spec message, nothing saved', async (_case, csv, message) => {
    const id = await api.createPhonebook();
    const res = await upload(id, csv, { name: 0, phone_number: 1, header: csv.startsWith('name') });
    expect(res).toMatchObject({ status: 400, body: { message } });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('refuses a bad mapping, another body type and NUL characters with a 4xx message', async () => {
    const id = await api.createPhonebook();
    const csv = 'Ana,+38640111222\n';
    for (const q of [{ phone_number: 1 }, { name: 0, phone_number: -1 }, { name: 0, phone_number: 1, owner: 'x' }, { name: 0, phone_number: 1, delimiter: '|' }] as Query[]) {
      const res = await upload(id, csv, q);
      expect([q, res.status, typeof res.body.message]).toEqual([q, 400, 'string']);
    }
    expect((await upload(id, csv, undefined, cookie, { 'content-type': 'application/octet-stream' })).status).toBe(415);
    expect(await upload(id, 'Ana,+38640111222,\u0000\n')).toMatchObject({ status: 400, body: { code: 'nul_character' } });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('refuses a declared body over 100 MB before reading it: 413 with a message', async () => {
    const id = await api.createPhonebook();
    const res = await upload(id, Readable.from([Buffer.from('Ana,+38640111222\n')]), undefined, cookie, { 'content-length': String(101 * 1024 * 1024) });
    expect(res).toMatchObject({ status: 413, body: { message: 'The file is too large (at most 100 MB).', code: 'import_file_too_large' } });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('is 404 for another customer’s phonebook, 403 without the Phonebook product, 401 signed out', async () => {
    const id = await api.createPhonebook();
    const other = await signInWithPhonebook(t, '+38641300102');
    expect(await upload(id, 'Intruder,+38640111222\n', undefined, other)).toMatchObject({ status: 404, body: { message: 'Phonebook not found' } });
    const noProduct = await t.signIn('+38641300103');
    const refused = await upload(id, 'Intruder,+38640111222\n', undefined, noProduct);
    expect(refused).toMatchObject({ status: 403, body: { code: 'feature_required' } });
    expect((await upload(id, 'Intruder,+38640111222\n', undefined, '')).status).toBe(401);
    expect(await api.contactCount(id)).toBe(0);
  });
});

describe('beside other writes', () => {
  it('a contact added while a file is being written waits for the import, then meets its numbers', async () => {
    const id = await api.createPhonebook();
    const csv = Array.from({ length: 10_000 }, (_, i) => `C${i},${mobile(i)}\n`).join('');
    // The file is read whole before the import's transaction opens (while it is still uploading,
    // a contact goes in at once: contacts-import-slow-upload.test.ts); held here before its first
    // batch is written, the transaction has locked the phonebook.
    let release!: () => void;
    const reached = new Promise<void>((resolve) => {
      hold.next = { reached: resolve, released: new Promise<void>((r) => (release = r)) };
    });
    const importing = upload(id, inPieces(csv, 64 * 1024));
    const settled: string[] = [];
    try {
      await Promise.race([reached, importing.then((res) => Promise.reject(new Error(`the import ended before its first write: ${res.status}`)))]);
      const add = (name: string, phone: string) =>
        api.call('POST', `/api/phonebooks/${id}/entries`, { name, phone_number: phone }).finally(() => settled.push(name));
      const adds = Promise.all([add('From the first batch', mobile(100)), add('From a later batch', mobile(9_000)), add('Not in the file', mobile(20_000))]);
      await sleep(300);
      expect(settled).toEqual([]); // they wait for the import
      release();
      expect((await importing).body).toMatchObject({ imported: 10_000, skipped_duplicates: 0, error_count: 0 });
      const [first, later, other] = await adds;
      expect([first.status, later.status, other.status]).toEqual([409, 409, 201]);
      expect(first.body.message).toBe(later.body.message);
      expect(await api.contactCount(id)).toBe(10_001);
    } finally {
      hold.next = null;
      release?.(); // so that a failure above does not leave the import waiting
    }
  });
});

describe('all or nothing', () => {
  it('a database failure in a later batch leaves nothing of the file behind', async () => {
    const id = await api.createPhonebook();
    await api.addContact(id, 'Before', '+38640999999');
    // A trigger refuses one number of the second 5 000-row batch: the first batch is already
    // written in the transaction when it fails.
    await t.db.execute(sql.raw(`
      create function refuse_import_row() returns trigger language plpgsql as $$
      begin
        if new.phone_number = '${mobile(7_000)}' then raise exception 'forced failure'; end if;
        return new;
      end $$`));
    await t.db.execute(sql.raw('create trigger refuse_import_row before insert on phonebook_entries for each row execute function refuse_import_row()'));
    try {
      const csv = Array.from({ length: 12_000 }, (_, i) => `C${i},${mobile(i)}`).join('\n');
      const res = await upload(id, inPieces(csv, 64 * 1024));
      expect(res.status).toBe(500);
      expect(await api.contactCount(id)).toBe(1);
      expect((await api.entries(id)).map((e) => e.name)).toEqual(['Before']);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_import_row on phonebook_entries'));
      await t.db.execute(sql.raw('drop function refuse_import_row()'));
    }
  });

  it('a file found wrong after batches were written (a quote never closed on line 10 001) leaves nothing behind, nor its spool', async () => {
    const id = await api.createPhonebook();
    const rows = Array.from({ length: 16_000 }, (_, i) => `C${i},${mobile(i)}`);
    rows.splice(10_000, 0, '"Never closed,+38640999999');
    const writes = hold.writes;
    const res = await upload(id, inPieces(rows.join('\n') + '\n', 64 * 1024));
    expect(res).toMatchObject({ status: 400, body: { code: 'csv_record_too_long', message: expect.stringMatching(/^Line 10001 is longer than 65,536 characters/) } });
    expect(hold.writes - writes).toBeGreaterThan(0); // the first batch was written, then rolled back
    expect(res.headers.connection).not.toBe('close'); // the upload had arrived whole
    expect(await api.contactCount(id)).toBe(0);
    expect(await spoolsLeftAfter(1000)).toEqual([]);
  });

  it('a spool that cannot be read back half-way rolls back what was written, and is given back', async () => {
    const id = await api.createPhonebook();
    const chunks = ImportSpool.prototype.chunks;
    // The spool's reads fail after the first 192 KiB (about 8 000 rows, past the first batch).
    const failing = vi.spyOn(ImportSpool.prototype, 'chunks').mockImplementation(async function* (this: ImportSpool) {
      let n = 0;
      for await (const chunk of chunks.call(this)) {
        if (++n > 3) throw new Error('EIO: the disk failed');
        yield chunk;
      }
    });
    const writes = hold.writes;
    try {
      const csv = Array.from({ length: 12_000 }, (_, i) => `C${i},${mobile(i)}\n`).join('');
      const res = await upload(id, inPieces(csv, 64 * 1024));
      expect(res.status).toBe(500);
      expect(hold.writes - writes).toBeGreaterThan(0);
    } finally {
      failing.mockRestore();
    }
    expect(await api.contactCount(id)).toBe(0);
    expect(await spoolsLeftAfter(1000)).toEqual([]);
  });

  it('a file cut off by its row limit or size limit, mid-stream, leaves nothing behind either', async () => {
    const options = streamImportQuerySchema.parse({ name: '0', phone_number: '1' } satisfies StreamImportQuery);
    const read = async (csv: string, limits: { maxBytes: number; maxRows: number }) => {
      const inputs = [];
      for await (const piece of csvContactPieces(inPieces(csv, 10), options, limits)) inputs.push(...piece);
      return inputs;
    };
    const csv = 'A,+38640111222\nB,+38640111333\nC,+38640111444\n';
    expect(await read(csv, { maxBytes: 1000, maxRows: 3 })).toHaveLength(3);
    await expect(read(csv, { maxBytes: 1000, maxRows: 2 })).rejects.toMatchObject({ status: 400, code: 'import_too_many' });
    await expect(read(csv, { maxBytes: 40, maxRows: 3 })).rejects.toMatchObject({ status: 413, code: 'import_file_too_large' });
  });
});
