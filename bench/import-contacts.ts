// How fast one request imports 50 000 contacts (or ROWS=n) into a phonebook, through the real app
// (app.inject: JSON parsing, zod, per-row checks with libphonenumber, one transaction).
// Runs on PGlite; with DATABASE_URL (a PostgreSQL server URL) also on a fresh database there.
//   node --import tsx bench/import-contacts.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/import-contacts.ts
import { performance } from 'node:perf_hooks';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { grantProduct } from '../apps/server/src/test/products';
import { runBench, withSignedInApp } from './support';

const ROWS = Number(process.env.ROWS ?? 50_000);
const RUNS = 3;
const PHONE = '+38641999001';

async function bench(label: string, handle: DatabaseHandle) {
  await withSignedInApp(handle, { phone: PHONE }, async (app, cookie) => {
    await grantProduct(handle.db, PHONE, 'Phonebook');
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    const entries = Array.from({ length: ROWS }, (_, i) => ({
      name: `Contact ${i}`,
      phone_number: `+3864${String(i).padStart(7, '0')}`,
      email: i % 2 ? `c${i}@example.com` : '',
      notes: i % 3 ? '' : 'imported by the benchmark',
    }));
    const payload = JSON.stringify({ entries });

    const times: number[] = [];
    const cpuTimes: number[] = [];
    let phonebookId = '';
    for (let run = 0; run < RUNS; run++) {
      phonebookId = (await call('POST', '/api/phonebooks', { name: `Bench ${run}` })).json().phonebook.id;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: `/api/phonebooks/${phonebookId}/entries/bulk`,
        headers: { cookie, 'content-type': 'application/json' },
        payload,
      });
      const ms = performance.now() - started;
      const { user, system } = process.cpuUsage(cpu);
      const body = res.json();
      if (res.statusCode !== 200 || body.imported !== ROWS) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
      const count = (await call('GET', `/api/phonebooks/${phonebookId}`)).json().phonebook.contact_count;
      if (count !== ROWS) throw new Error(`contact_count is ${count}, expected ${ROWS}`);
      times.push(ms);
      cpuTimes.push((user + system) / 1000);
    }
    const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;

    // The same file again: every row is a duplicate of a saved contact.
    let started = performance.now();
    const again = await app.inject({ method: 'POST', url: `/api/phonebooks/${phonebookId}/entries/bulk`, headers: { cookie, 'content-type': 'application/json' }, payload });
    const againMs = performance.now() - started;
    if (again.json().skipped_duplicates !== ROWS) throw new Error('re-import did not skip every row');

    started = performance.now();
    const list = await call('GET', `/api/phonebooks/${phonebookId}/entries`);
    const listMs = performance.now() - started;
    if (list.json().entries.length !== ROWS) throw new Error('entries list is incomplete');

    started = performance.now();
    const csv = await call('GET', `/api/phonebooks/${phonebookId}/export.csv`);
    const csvMs = performance.now() - started;
    if (csv.body.split('\r\n').length !== ROWS + 2) throw new Error('export is incomplete');

    const f = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`${label}: import of ${ROWS} contacts (${(payload.length / 1048576).toFixed(1)} MiB JSON), ${RUNS} runs: ` +
      `${times.map(f).join(', ')}; median ${f(median)} = ${Math.round(ROWS / (median / 1000))} rows/s; contact_count verified`);
    console.log(`${label}: CPU time of this process per import: ${cpuTimes.map(f).join(', ')}` +
      (label.startsWith('PGlite') ? ' (includes the database engine)' : ' (the app only; the PostgreSQL server works apart)'));
    console.log(`${label}: same file again (all duplicates) ${f(againMs)}; GET entries ${f(listMs)}; export.csv ${f(csvMs)}`);
  });
}

runBench({ database: 'import', poolSize: 10 }, bench);
