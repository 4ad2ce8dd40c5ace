// Shared set-up of the phonebook API tests: a signed-in customer with the Phonebook product and
// a small client for the routes.
import fs from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach } from 'vitest';
import type { TestApp } from '../../test/helper';
import { grantProduct } from '../../test/products';
import { uploadDeadlines } from './csv-upload';
import { importSlots } from './import-slots';
import { SPOOL_PREFIX } from './import-spool';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function signInWithPhonebook(t: TestApp, phone: string): Promise<string> {
  const cookie = await t.signIn(phone);
  await grantProduct(t.db, phone, 'Phonebook');
  return cookie;
}

export function phonebookClient(t: TestApp, cookie: string) {
  const call = async (method: Method, url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : undefined;
    return { status: res.statusCode, body: json, text: res.body, headers: res.headers };
  };
  return {
    call,
    async createPhonebook(name = 'Clients', description: string | null = null): Promise<string> {
      const res = await call('POST', '/api/phonebooks', { name, description });
      if (res.status !== 201) throw new Error(`create phonebook: ${res.status} ${res.text}`);
      return res.body.phonebook.id;
    },
    async addContact(phonebookId: string, name: string, phone_number: string): Promise<string> {
      const res = await call('POST', `/api/phonebooks/${phonebookId}/entries`, { name, phone_number });
      if (res.status !== 201) throw new Error(`add contact: ${res.status} ${res.text}`);
      return res.body.entry.id;
    },
    async entries(phonebookId: string): Promise<{ name: string; phone_number: string; email: string | null; notes: string | null }[]> {
      const res = await call('GET', `/api/phonebooks/${phonebookId}/entries`);
      if (res.status !== 200) throw new Error(`entries: ${res.status} ${res.text}`);
      return res.body.entries;
    },
    async contactCount(phonebookId: string): Promise<number> {
      const res = await call('GET', `/api/phonebooks/${phonebookId}`);
      return res.body.phonebook.contact_count;
    },
    bulk: (phonebookId: string, entries: unknown[]) => call('POST', `/api/phonebooks/${phonebookId}/entries/bulk`, { entries }),
  };
}

/** Valid Slovenian mobile numbers, distinct for distinct i. */
export const mobile = (i: number) => `+38640${String(i).padStart(6, '0')}`;

/**
 * The import spool files this process has open or left: by name in the temporary folder, and
 * (Linux) by handle, since a spool's name is removed as soon as it is open.
 */
export function spools(): string[] {
  const named = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith(`${SPOOL_PREFIX}${process.pid}-`));
  if (process.platform !== 'linux') return named;
  const open = fs.readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = fs.readlinkSync(`/proc/self/fd/${fd}`);
      return target.includes(`${SPOOL_PREFIX}${process.pid}-`) ? [target] : [];
    } catch {
      return []; // closed meanwhile
    }
  });
  return [...named, ...open];
}

/** The spool files still there after waiting up to `ms` for them to go. */
export async function spoolsLeftAfter(ms: number): Promise<string[]> {
  const end = performance.now() + ms;
  while (spools().length > 0 && performance.now() < end) await sleep(20);
  return spools();
}

/** The CSV import's query for a file of name, phone lines. */
export const NAME_PHONE_QUERY = 'name=0&phone_number=1';

/** A CSV upload to the import route whose body the test writes, and ends, when it likes. */
export function startCsvUpload(t: TestApp, cookie: string, phonebookId: string) {
  const body = new PassThrough();
  const reply = t.app
    .inject({
      method: 'POST',
      url: `/api/phonebooks/${phonebookId}/entries/import?${NAME_PHONE_QUERY}`,
      headers: { cookie, 'content-type': 'text/csv' },
      payload: body,
    })
    .then((res) => ({ status: res.statusCode, body: res.json(), headers: res.headers }));
  return { body, reply };
}

/** After each test, the upload deadlines and the import slots' limit as they were: tests lower them. */
export function restoreImportLimitsAfterEach() {
  const deadlines = { ...uploadDeadlines };
  const slotLimit = importSlots.limit;
  afterEach(() => {
    Object.assign(uploadDeadlines, deadlines);
    importSlots.limit = slotLimit;
  });
}
