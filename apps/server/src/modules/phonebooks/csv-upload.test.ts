// A CSV upload whose record never ends (nothing but delimiters, or a quote never closed) is refused
// as soon as the record passes core's limits, with a 400 the customer can act on, instead of the
// server holding the whole file as one record.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { phonebookClient, signInWithPhonebook } from './phonebooks.test-support';

let t: TestApp;
let api: ReturnType<typeof phonebookClient>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInWithPhonebook(t, '+38641300501');
  api = phonebookClient(t, cookie);
});
afterAll(() => t.close());

/** The upload as the browser sends it, in 64 KB pieces. */
async function upload(id: string, text: string, query = 'name=0&phone_number=1') {
  const pieces = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, i) => Buffer.from(text.slice(i * 65_536, (i + 1) * 65_536)));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/phonebooks/${id}/entries/import?${query}`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: Readable.from(pieces),
  });
  return { status: res.statusCode, body: res.json() };
}

describe('CSV records past the reader limits', () => {
  it('refuses 4 MB of commas after the header as too many columns, naming the line, importing nothing', async () => {
    const id = await api.createPhonebook();
    const res = await upload(id, 'Ana,+38640111222\n' + ','.repeat(4 * 1024 * 1024) + '\n', 'name=0&phone_number=1');
    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({ code: 'csv_too_many_columns', message: "Line 2 has more than 1,000 columns. Check the file's delimiter." }),
    });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('refuses a quote that is never closed once it has swallowed 64 KB of the file', async () => {
    const id = await api.createPhonebook();
    const rows = Array.from({ length: 5000 }, (_, i) => `Name ${i},+38640${String(200000 + i)}`).join('\n');
    const res = await upload(id, `Ana,+38640111222\n"Bor,+38640111333\n${rows}\n`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'csv_record_too_long', message: expect.stringMatching(/^Line 2 is longer than 65,536 characters\. A quote that is never closed/) });
    expect(await api.contactCount(id)).toBe(0);
  });

  it('still imports a file whose records are wide and long but within the limits', async () => {
    const id = await api.createPhonebook();
    const notes = 'n'.repeat(400);
    const wide = (name: string, phone: string) => [name, phone, '', notes, ...Array.from({ length: 990 }, () => 'x')].join(',');
    const res = await upload(id, [wide('Ana', '+38640111222'), wide('Bor', '+38640111333')].join('\n'), 'name=0&phone_number=1&notes=3');
    expect(res).toMatchObject({ status: 200, body: { imported: 2, errors: [] } });
  });
});
