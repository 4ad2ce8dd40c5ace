// A customer only ever sees and changes their own phonebooks: B using A's ids gets 404 on every
// route, whatever the body, and A's data stays exactly as it was. Admins get no exception.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, TEST_ADMIN_PHONE, type TestApp } from '../../test/helper';
import { findPhonebookRecipients } from './recipients';
import { phonebookClient, signInWithPhonebook } from './phonebooks.test-support';

let t: TestApp;
let a: ReturnType<typeof phonebookClient>;
let aPhonebook: string;
let aEntry: string;

beforeAll(async () => {
  t = await createTestApp();
  a = phonebookClient(t, await signInWithPhonebook(t, '+38641200001'));
  aPhonebook = await a.createPhonebook('A private', 'mine');
  aEntry = await a.addContact(aPhonebook, 'Ana', '+38640111222');
});
afterAll(() => t.close());

/** Every route with A's ids, each with a body that would succeed for A. */
const routesWithAsIds = (): [string, string, unknown?][] => [
  ['GET', `/api/phonebooks/${aPhonebook}`],
  ['PUT', `/api/phonebooks/${aPhonebook}`, { name: 'taken over' }],
  ['DELETE', `/api/phonebooks/${aPhonebook}`],
  ['GET', `/api/phonebooks/${aPhonebook}/entries`],
  ['POST', `/api/phonebooks/${aPhonebook}/entries`, { name: 'Intruder', phone_number: '+38640999999' }],
  ['PUT', `/api/phonebooks/${aPhonebook}/entries/${aEntry}`, { name: 'Changed', phone_number: '+38640999998' }],
  ['DELETE', `/api/phonebooks/${aPhonebook}/entries/${aEntry}`],
  ['POST', `/api/phonebooks/${aPhonebook}/entries/bulk`, { entries: [{ name: 'Intruder', phone_number: '+38640999997' }] }],
  ['POST', `/api/phonebooks/${aPhonebook}/entries/bulk`, { entries: [] }],
  // The streamed CSV import is refused before its body is read (its own test sends a real file).
  ['POST', `/api/phonebooks/${aPhonebook}/entries/import?name=0&phone_number=1`, { entries: [] }],
  ['POST', `/api/phonebooks/${aPhonebook}/entries`, { name: '' }],
  ['GET', `/api/phonebooks/${aPhonebook}/export.csv`],
];

async function snapshotOfA() {
  return {
    phonebook: (await a.call('GET', `/api/phonebooks/${aPhonebook}`)).body,
    entries: await a.entries(aPhonebook),
  };
}

describe("another user's ids", () => {
  it.each([
    ['a customer', '+38641200002'],
    ['an admin', TEST_ADMIN_PHONE],
  ])('%s gets 404 on every route and changes nothing', async (_who, phone) => {
    const before = await snapshotOfA();
    expect(before.entries).toHaveLength(1);
    const b = phonebookClient(t, await signInWithPhonebook(t, phone));
    for (const [method, url, payload] of routesWithAsIds()) {
      const res = await b.call(method as 'GET', url, payload);
      expect([method, url, res.status, res.body?.message]).toEqual([method, url, 404, 'Phonebook not found']);
      expect(res.text).not.toContain('Ana');
    }
    expect((await b.call('GET', '/api/phonebooks')).body.phonebooks).toEqual([]);
    expect(await snapshotOfA()).toEqual(before);
  });

  it("A's entry id under B's own phonebook is 404 'Contact not found', and changes nothing", async () => {
    const before = await snapshotOfA();
    const b = phonebookClient(t, await signInWithPhonebook(t, '+38641200003'));
    const bPhonebook = await b.createPhonebook('B');
    const url = `/api/phonebooks/${bPhonebook}/entries/${aEntry}`;
    expect(await b.call('PUT', url, { name: 'Changed', phone_number: '+38640999998' })).toMatchObject({ status: 404, body: { message: 'Contact not found' } });
    expect(await b.call('DELETE', url)).toMatchObject({ status: 404, body: { message: 'Contact not found' } });
    // The same entry id under A's phonebook still belongs to A alone.
    expect((await b.call('PUT', `/api/phonebooks/${aPhonebook}/entries/${aEntry}`, { name: 'X', phone_number: '+38640999998' })).status).toBe(404);
    expect(await snapshotOfA()).toEqual(before);
    expect(await b.entries(bPhonebook)).toEqual([]);
  });

  it("the recipients lookup for sending refuses A's phonebook to B", async () => {
    const b = phonebookClient(t, await signInWithPhonebook(t, '+38641200004'));
    const bPhonebook = await b.createPhonebook('B');
    await b.addContact(bPhonebook, 'Bor', '+38641222333');
    const bId = await userId('+38641200004');
    expect(await findPhonebookRecipients(t.db, bId, [bPhonebook])).toEqual(['+38641222333']);
    await expect(findPhonebookRecipients(t.db, bId, [bPhonebook, aPhonebook])).rejects.toMatchObject({ status: 404, message: 'Phonebook not found' });
    await expect(findPhonebookRecipients(t.db, bId, ['not-a-uuid'])).rejects.toMatchObject({ status: 404 });
  });
});

async function userId(phone: string): Promise<string> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return row!.id;
}
