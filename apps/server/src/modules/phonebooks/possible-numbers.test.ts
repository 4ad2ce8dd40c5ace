// The worker that checks an import's numbers on its own thread (possible-numbers.ts) must change
// how fast an import goes, never what it decides: its answers are core's, and an import whose
// worker stops half-way decides the same as one checked on the request's thread.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContactImport, isPossibleNumber, phoneToCheck, type ContactInput } from '@kurir/core';
import { createTestApp, type TestApp } from '../../test/helper';
import { phonebookClient, signInWithPhonebook } from './phonebooks.test-support';
import { PossibleNumbers, possibleNumbers } from './possible-numbers';

let t: TestApp;
let api: ReturnType<typeof phonebookClient>;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signInWithPhonebook(t, '+38641300202');
  api = phonebookClient(t, cookie);
});
afterAll(() => t.close());

/** Numbers as customers' files hold them: possible ones of three countries, and impossible ones. */
function numberFor(i: number): string {
  const n = String(i).padStart(6, '0');
  switch (i % 9) {
    case 0: return `+386 40 ${n}`;
    case 1: return `00386 41 ${n}`;
    case 2: return `+1 415 55${n.slice(2)}`; // North America: the country is found by the area code
    case 3: return `+44 7911 ${n}`;
    case 4: return `386 1 ${n.slice(3)}`; // no plus (added), too short
    case 5: return `+999 ${n}`; // no such country code
    case 6: return `+1 415 ${n.slice(4)}`; // too short
    case 7: return i % 2 ? '' : 'call me'; // missing, not a number
    default: return `+38640${String(i - 8).padStart(6, '0')}`; // the number of the line eight before: a repeat
  }
}

const lines = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Contact ${i + 1}`, phone: numberFor(i) }));
const csvOf = (rows: { name: string; phone: string }[]) => rows.map((r) => `${r.name},${r.phone}`).join('\n');

/** What an import of these lines into an empty phonebook answers, checked on this thread by core. */
function expectedReply(rows: { name: string; phone: string }[]) {
  const inputs: ContactInput[] = rows.map((r, i) => ({ row: i + 1, name: r.name, phone_number: r.phone, email: '', notes: '' }));
  const checks = checkContactImport(inputs);
  const errors = checks.filter((c) => c.error).map((c) => ({ row: c.row, phone_number: c.phone_number, message: c.error }));
  return {
    imported: checks.length - errors.length,
    skipped_duplicates: checks.filter((c) => c.duplicate).length,
    error_count: errors.length,
    errors_capped: errors.length > 1000,
    errors: errors.slice(0, 1000),
  };
}

async function upload(phonebookId: string, body: Readable) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/phonebooks/${phonebookId}/entries/import?name=0&phone_number=1`,
    headers: { cookie, 'content-type': 'text/csv' },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the numbers worker', () => {
  it("answers as core's isPossibleNumber does, number by number", async () => {
    const worker = new PossibleNumbers();
    try {
      expect(await worker.start()).toBe(true);
      const inputs = lines(2000).map((r, i) => ({ row: i + 1, name: r.name, phone_number: r.phone, email: '', notes: '' }));
      const answers = await worker.ask(inputs);
      expect(answers).not.toBeNull();
      for (const input of inputs) {
        const phone = phoneToCheck(input.phone_number);
        expect([phone, answers!.get(phone)]).toEqual([phone, isPossibleNumber(phone)]);
      }
      expect(new Set(answers!.values())).toEqual(new Set([true, false]));
    } finally {
      await worker.stop();
    }
  });

  it('answers nothing before it has started, and after it stopped (the caller checks those numbers itself)', async () => {
    const worker = new PossibleNumbers();
    const input = { row: 1, name: 'A', phone_number: '+38640111222', email: '', notes: '' };
    expect(await worker.ask([input])).toBeNull();
    expect(await worker.start()).toBe(true);
    const asked = worker.ask(Array.from({ length: 5000 }, () => input));
    await worker.stop();
    expect(await asked).toBeNull();
  });

  it('an import whose numbers the worker checked decides as one checked on the request thread', async () => {
    await possibleNumbers.start();
    const before = possibleNumbers.answered;
    const rows = lines(4500);
    const id = await api.createPhonebook('Checked by the worker');
    const res = await upload(id, Readable.from([Buffer.from(csvOf(rows))]));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expectedReply(rows));
    expect(res.body.error_count).toBeGreaterThan(1000); // the list is capped, the count is not
    expect(res.body.skipped_duplicates).toBe(500);
    expect(possibleNumbers.answered - before).toBeGreaterThanOrEqual(4000);
    expect(await api.contactCount(id)).toBe(res.body.imported);
  });

  it('an import whose worker stops half-way decides the same', async () => {
    await possibleNumbers.start();
    const rows = lines(6000);
    const csv = Buffer.from(csvOf(rows));
    const half = csv.length >> 1;
    async function* stopsHalfWay() {
      yield csv.subarray(0, half);
      await possibleNumbers.stop();
      yield csv.subarray(half);
    }
    const id = await api.createPhonebook('Worker stopped');
    const res = await upload(id, Readable.from(stopsHalfWay()));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expectedReply(rows));
    expect(await api.contactCount(id)).toBe(res.body.imported);
  });
});
