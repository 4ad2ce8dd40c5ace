// How many CSV imports run at once (import-slots.ts): one per customer (a second is a 409), a few
// per process (past that, a 503 with Retry-After), each refused before its upload is read or a
// temporary file opened; and the slot is given back however an import ends.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONEBOOK_MESSAGES } from '@kurir/core';
import { createTestApp, type TestApp } from '../../test/helper';
import { uploadDeadlines } from './csv-upload';
import { IMPORT_SLOT_MESSAGES, IMPORTS_BUSY_RETRY_SECONDS, ImportSlots, importSlots } from './import-slots';
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
let ana: Customer;
let bor: Customer;

interface Customer {
  cookie: string;
  api: ReturnType<typeof phonebookClient>;
}

async function customer(phone: string): Promise<Customer> {
  const cookie = await signInWithPhonebook(t, phone);
  return { cookie, api: phonebookClient(t, cookie) };
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await customer('+38641300801');
  bor = await customer('+38641300802');
});
afterAll(() => t.close());

restoreImportLimitsAfterEach();

const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `C${from + i},${mobile(from + i)}\n`).join('');

const startUpload = (who: Customer, id: string) => startCsvUpload(t, who.cookie, id);

/** A whole upload, sent at once. */
async function upload(who: Customer, id: string, csv: string | Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/phonebooks/${id}/entries/import?${NAME_PHONE_QUERY}`,
    headers: { cookie: who.cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** Until the server holds `count` spool files (so the uploads so far are running), at most 5 s. */
async function untilSpools(count: number) {
  // Exactly: a spool just opened shows twice until its name is removed (by name and by handle).
  const end = performance.now() + 5000;
  while (spools().length !== count && performance.now() < end) await sleep(10);
  expect(spools()).toHaveLength(count);
}

describe('one import at a time per customer', () => {
  it('a second while the first uploads: 409 with a message, unread and with no file, in any phonebook; the first goes on', async () => {
    const first = await ana.api.createPhonebook('First');
    const second = await ana.api.createPhonebook('Second');
    const running = startUpload(ana, first);
    running.body.write(lines(0, 10));
    await untilSpools(1);

    const refused = await upload(ana, second, lines(10, 20));
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'import_already_running', message: IMPORT_SLOT_MESSAGES.alreadyRunning },
      headers: { connection: 'close' },
    });
    expect(spools()).toHaveLength(1);

    running.body.end(lines(20, 30));
    expect(await running.reply).toMatchObject({ status: 200, body: { imported: 20 } });
    expect(await ana.api.contactCount(second)).toBe(0);
    // Given back after a success: the next one runs.
    expect(await upload(ana, second, lines(10, 20))).toMatchObject({ status: 200, body: { imported: 10 } });
  });

  it('does not stop another customer’s import', async () => {
    const anas = await ana.api.createPhonebook();
    const bors = await bor.api.createPhonebook();
    const running = startUpload(ana, anas);
    running.body.write(lines(0, 10));
    await untilSpools(1);
    expect(await upload(bor, bors, lines(0, 10))).toMatchObject({ status: 200, body: { imported: 10 } });
    running.body.end();
    expect(await running.reply).toMatchObject({ status: 200, body: { imported: 10 } });
  });
});

describe('a few imports at a time per process', () => {
  it('past the cap: 503 with Retry-After and a message, no file; once one ends, the next runs', async () => {
    importSlots.limit = 1;
    const anas = await ana.api.createPhonebook();
    const bors = await bor.api.createPhonebook();
    const running = startUpload(ana, anas);
    running.body.write(lines(0, 10));
    await untilSpools(1);

    const refused = await upload(bor, bors, lines(0, 10));
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 'imports_busy', message: IMPORT_SLOT_MESSAGES.busy },
      headers: { 'retry-after': String(IMPORTS_BUSY_RETRY_SECONDS), connection: 'close' },
    });
    expect(spools()).toHaveLength(1);

    running.body.end();
    expect(await running.reply).toMatchObject({ status: 200 });
    expect(await upload(bor, bors, lines(0, 10))).toMatchObject({ status: 200, body: { imported: 10 } });
  });
});

describe('the slot is given back however the import ends', () => {
  it.each([
    ['a file that is not text', Buffer.from([0x8e, 0x69, 0x0a]), 'import_file_not_text'],
    ['an empty file', '', 'import_empty'],
    ['a file with no valid contact', 'Ana,not a number\n', 'no_valid_contacts'],
  ])('a refusal: %s', async (_case, csv, code) => {
    const id = await ana.api.createPhonebook();
    expect(await upload(ana, id, csv)).toMatchObject({ status: 400, body: { code } });
    expect(await upload(ana, id, lines(0, 5))).toMatchObject({ status: 200, body: { imported: 5 } });
  });

  it('the upload’s deadline', async () => {
    uploadDeadlines.idleMs = 300;
    const id = await ana.api.createPhonebook();
    const stalled = startUpload(ana, id);
    stalled.body.write(lines(0, 10)); // and nothing more
    try {
      expect(await stalled.reply).toMatchObject({ status: 400, body: { code: 'import_upload_stalled', message: PHONEBOOK_MESSAGES.importUploadStalled } });
    } finally {
      stalled.body.end();
    }
    expect(await upload(ana, id, lines(0, 5))).toMatchObject({ status: 200, body: { imported: 5 } });
  });

  it('the client going away half-way', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const id = await ana.api.createPhonebook();
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/phonebooks/${id}/entries/import?${NAME_PHONE_QUERY}`,
      headers: { cookie: ana.cookie, 'content-type': 'text/csv' },
    });
    req.on('error', () => undefined); // the test cuts it
    req.write(lines(0, 8000));
    await untilSpools(1);
    await sleep(100);
    req.destroy();
    expect(await spoolsLeftAfter(2000)).toEqual([]);
    expect(await upload(ana, id, lines(0, 5))).toMatchObject({ status: 200, body: { imported: 5 } });
  });

  it('an error of the work itself (the database failing, say)', async () => {
    const slots = new ImportSlots(1);
    await expect(slots.hold('ana', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    await expect(slots.hold('ana', async () => 'imported')).resolves.toBe('imported');
  });
});
