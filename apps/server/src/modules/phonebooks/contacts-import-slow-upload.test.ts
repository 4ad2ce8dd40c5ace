// POST /api/phonebooks/:id/entries/import from a client that sends slowly, stops, or goes away.
// The upload is received whole, into a temporary file, before the import's transaction opens (and
// then reads the file): while a client takes its time, no database connection and no lock is held
// (on PGlite, one connection, that was every other request's wait; on PostgreSQL, ten such uploads
// were the pool). Silence between chunks and the whole upload each have a deadline: a 400 with a
// message (not 408, which browsers repeat unasked). What is cheap to check as the bytes come (the
// size, the encoding, NUL) refuses the upload before its end.
import http from 'node:http';
import type { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONEBOOK_MESSAGES } from '@kurir/core';
import { createTestApp, type TestApp } from '../../test/helper';
import { uploadDeadlines } from './csv-upload';
import { importSlots } from './import-slots';
import {
  NAME_PHONE_QUERY,
  mobile,
  phonebookClient,
  restoreImportLimitsAfterEach,
  signInWithPhonebook,
  spools,
  spoolsLeftAfter,
  startCsvUpload,
} from './phonebooks.test-support';

let t: TestApp;
let api: ReturnType<typeof phonebookClient>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInWithPhonebook(t, '+38641300601');
  api = phonebookClient(t, cookie);
});
afterAll(() => t.close());

restoreImportLimitsAfterEach();

const EXISTS = 'A contact with this phone number already exists in this phonebook';

const startUpload = (id: string, as = cookie) => startCsvUpload(t, as, id);

/** Until the server has taken everything written so far (or 2 s have passed: a server that waits to read is the failure looked for). */
async function taken(body: PassThrough) {
  const end = performance.now() + 2000;
  while (body.readableLength > 0 && performance.now() < end) await sleep(10);
  await sleep(50);
}

/** The promise's value, or a failure if it takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function noSpoolsWithin(ms: number) {
  expect(await spoolsLeftAfter(ms)).toEqual([]);
}

describe('an upload that stops half-way', () => {
  it('holds no connection and no lock: another customer, /api/ready and the same phonebook’s writes go on', async () => {
    const id = await api.createPhonebook();
    const other = phonebookClient(t, await signInWithPhonebook(t, '+38641300602'));
    // More uploads than the PostgreSQL test pool has connections (20), each one line in, then
    // silent: from as many customers (one import each), with the process's cap raised to let them.
    importSlots.limit = 24;
    const uploaders = [{ cookie, id }];
    for (let i = 1; i < 24; i++) {
      const as = await signInWithPhonebook(t, `+38641300${700 + i}`);
      uploaders.push({ cookie: as, id: await phonebookClient(t, as).createPhonebook() });
    }
    const uploads = uploaders.map((u) => startUpload(u.id, u.cookie));
    try {
      uploads.forEach((u, i) => u.body.write(`First ${i},${mobile(i)}\n`));
      await Promise.all(uploads.map((u) => taken(u.body)));
      const [list, ready, added] = await within(
        3000,
        Promise.all([
          other.call('GET', '/api/phonebooks'),
          t.app.inject({ method: 'GET', url: '/api/ready' }),
          api.call('POST', `/api/phonebooks/${id}/entries`, { name: 'Added meanwhile', phone_number: mobile(0) }),
        ]),
      );
      expect([list.status, ready.statusCode, added.status]).toEqual([200, 200, 201]);
    } finally {
      uploads.forEach((u, i) => u.body.end(`Second ${i},${mobile(100 + i)}\n`));
    }
    const replies = await Promise.all(uploads.map((u) => u.reply));
    // The contact added meanwhile was there when the import wrote: its number is reported, not written twice.
    expect(replies[0]).toMatchObject({
      status: 200,
      body: { imported: 1, skipped_duplicates: 1, error_count: 1, errors: [{ row: 1, phone_number: mobile(0), message: EXISTS }] },
    });
    for (const reply of replies.slice(1)) expect(reply).toMatchObject({ status: 200, body: { imported: 2, error_count: 0 } });
    const counts = await Promise.all(uploaders.map((u) => phonebookClient(t, u.cookie).contactCount(u.id)));
    expect(counts).toEqual(uploaders.map(() => 2));
    await noSpoolsWithin(1000);
  });

  it('silent past the idle deadline: 400 with a message, the connection closed, nothing saved, no file left', async () => {
    uploadDeadlines.idleMs = 300;
    const id = await api.createPhonebook();
    const upload = startUpload(id);
    upload.body.write('Ana,+38640111222\n');
    try {
      expect(await within(5000, upload.reply)).toMatchObject({
        status: 400,
        body: { code: 'import_upload_stalled', message: PHONEBOOK_MESSAGES.importUploadStalled },
        headers: { connection: 'close' },
      });
    } finally {
      upload.body.end();
    }
    expect(await api.contactCount(id)).toBe(0);
    await noSpoolsWithin(1000);
  });

  it('trickling past the whole upload’s deadline: 400 with a message, nothing saved, no file left', async () => {
    uploadDeadlines.idleMs = 300;
    uploadDeadlines.totalMs = 1000;
    const id = await api.createPhonebook();
    const upload = startUpload(id);
    let i = 0;
    const trickle = setInterval(() => upload.body.write(`C${i},${mobile(i++)}\n`), 50);
    const started = performance.now();
    try {
      const res = await within(5000, upload.reply);
      expect(res).toMatchObject({ status: 400, body: { code: 'import_upload_too_slow', message: PHONEBOOK_MESSAGES.importUploadTooSlow } });
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      clearInterval(trickle);
      upload.body.end();
    }
    expect(await api.contactCount(id)).toBe(0);
    await noSpoolsWithin(1000);
  });

  it.each([
    ['bytes that are not UTF-8', Buffer.from([0x8e, 0x69, 0x67, 0x61, 0x2c, 0x2b, 0x33, 0x38, 0x36, 0x0a]), 'import_file_not_text'],
    ['a NUL character', Buffer.from('Ana,+38640111222,\u0000\n'), 'nul_character'],
  ])('%s: refused as they arrive, before the upload’s end, the connection closed', async (_case, bytes, code) => {
    const id = await api.createPhonebook();
    const upload = startUpload(id);
    upload.body.write(Buffer.from('Ana,+38640111222\n'));
    upload.body.write(bytes); // and nothing more: the deadlines are 30 s and 5 min
    try {
      expect(await within(3000, upload.reply)).toMatchObject({ status: 400, body: { code }, headers: { connection: 'close' } });
    } finally {
      upload.body.end();
    }
    expect(await api.contactCount(id)).toBe(0);
    await noSpoolsWithin(1000);
  });
});

describe('over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });

  const request = (id: string) =>
    http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/phonebooks/${id}/entries/import?${NAME_PHONE_QUERY}`,
      headers: { cookie, 'content-type': 'text/csv' },
    });

  it('a client that stops sending gets its 400 while still uploading, and the connection is closed', async () => {
    uploadDeadlines.idleMs = 300;
    const id = await api.createPhonebook();
    const req = request(id);
    const closed = new Promise<void>((resolve) => req.on('close', resolve));
    const res = await within(
      5000,
      new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
        req.on('error', reject);
        req.on('response', (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => (body += d));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, connection: r.headers.connection, body }));
        });
        req.write('Ana,+38640111222\n'); // and nothing more
      }),
    );
    expect(res.status).toBe(400);
    expect(res.connection).toBe('close');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'import_upload_stalled', message: PHONEBOOK_MESSAGES.importUploadStalled });
    await within(5000, closed);
    expect(await api.contactCount(id)).toBe(0);
    await noSpoolsWithin(1000);
  });

  it('a client that goes away half-way leaves nothing saved and no file', async () => {
    const id = await api.createPhonebook();
    const req = request(id);
    req.on('error', () => undefined); // the test cuts it
    req.write(Array.from({ length: 8000 }, (_, i) => `C${i},${mobile(i)}\n`).join(''));
    // The server has a spool open (with the upload so far in it) before the cut.
    const end = performance.now() + 5000;
    while (spools().length === 0 && performance.now() < end) await sleep(10);
    expect(spools()).toHaveLength(1);
    await sleep(200);
    req.destroy();
    await noSpoolsWithin(2000);
    expect(await api.contactCount(id)).toBe(0);
  });
});
