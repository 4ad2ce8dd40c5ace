// How fast a CSV file streams into a phonebook over real HTTP (POST /api/phonebooks/:id/entries/import),
// and whether memory stays flat: 100 000 and 500 000 rows (SIZES=…), each into a new phonebook,
// with the process's peak RSS and V8 heap sampled during each import. The file is generated to a
// temporary file first and sent from disk, so the client holds none of it either.
// Before the HTTP runs it times the server's per-row work alone (CSV reading, the core checks),
// so the database's share can be told apart.
//   node --import tsx bench/import-stream.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/import-stream.ts
//   SKIP_PGLITE=1 SIZES=500000 DATABASE_URL=… node --import tsx bench/import-stream.ts
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CsvReader, createImportChecker, recordToContactInput, DEFAULT_MAPPING } from '@kurir/core';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { grantProduct } from '../apps/server/src/test/products';
import { runBench, withSignedInApp } from './support';

const SIZES = (process.env.SIZES ?? '100000,500000').split(',').map(Number);
const PHONE = '+38641999002';

const row = (i: number) =>
  `Contact ${i},+3864${String(i).padStart(7, '0')},${i % 2 ? `c${i}@example.com` : ''},${i % 3 ? '' : '"imported, by the benchmark"'}\n`;

/** Writes the CSV of `rows` contacts (a header, then data) to a temporary file; returns its path and size. */
function writeCsv(rows: number): { file: string; bytes: number } {
  const file = path.join(os.tmpdir(), `kurir-import-${process.pid}-${rows}.csv`);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, 'name,phone,email,notes\n');
  for (let start = 0; start < rows; start += 10_000) {
    let chunk = '';
    for (let i = start; i < Math.min(rows, start + 10_000); i++) chunk += row(i);
    fs.writeSync(fd, chunk);
  }
  fs.closeSync(fd);
  return { file, bytes: fs.statSync(file).size };
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** The server's per-row work without HTTP or a database: read the file, map and check every row. */
async function timeRowWork(file: string, rows: number) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const reader = new CsvReader(',');
  const check = createImportChecker();
  let readMs = 0;
  let checkMs = 0;
  let header = true;
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    let t = performance.now();
    const records = reader.push(chunk as string);
    if (header) {
      records.shift();
      header = false;
    }
    const inputs = records.map((r) => recordToContactInput(r, DEFAULT_MAPPING));
    readMs += performance.now() - t;
    t = performance.now();
    for (const input of inputs) check(input);
    checkMs += performance.now() - t;
  }
  global.gc?.();
  const heldMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
  console.log(
    `per-row work alone, ${rows} rows: CSV reading and mapping ${(readMs / 1000).toFixed(2)} s, core checks (libphonenumber) ` +
      `${(checkMs / 1000).toFixed(2)} s; the duplicate map then holds ${heldMb.toFixed(1)} MB of heap` +
      (global.gc ? '' : ' (run with --expose-gc for a clean figure)'),
  );
  return check; // kept alive until the heap was measured
}

/** Samples the process's RSS and V8 heap every 20 ms until stopped; returns the peaks. */
function sampleMemory() {
  let rss = 0;
  let heap = 0;
  const take = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  take();
  const timer = setInterval(take, 20);
  return () => {
    clearInterval(timer);
    take();
    return { rss, heap };
  };
}

function upload(port: number, url: string, cookie: string, file: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: url, headers: { cookie, 'content-type': 'text/csv', 'content-length': bytes } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    fs.createReadStream(file).pipe(req);
  });
}

async function bench(label: string, handle: DatabaseHandle) {
  await withSignedInApp(handle, { phone: PHONE }, async (app, cookie) => {
    await grantProduct(handle.db, PHONE, 'Phonebook');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    for (const rows of SIZES) {
      const { file, bytes } = writeCsv(rows);
      try {
        const created = await app.inject({ method: 'POST', url: '/api/phonebooks', headers: { cookie }, payload: { name: `Stream ${rows}` } });
        const id = created.json().phonebook.id as string;
        global.gc?.();
        const before = process.memoryUsage();
        const stop = sampleMemory();
        const cpu = process.cpuUsage();
        const started = performance.now();
        const res = await upload(port, `/api/phonebooks/${id}/entries/import?name=0&phone_number=1&email=2&notes=3&header=true`, cookie, file, bytes);
        const ms = performance.now() - started;
        const { user, system } = process.cpuUsage(cpu);
        const peak = stop();
        const body = JSON.parse(res.body);
        if (res.status !== 200 || body.imported !== rows) throw new Error(`import failed: ${res.status} ${res.body.slice(0, 300)}`);
        const count = (await app.inject({ method: 'GET', url: `/api/phonebooks/${id}`, headers: { cookie } })).json().phonebook.contact_count;
        if (count !== rows) throw new Error(`contact_count is ${count}, expected ${rows}`);
        console.log(
          `${label}: ${rows} rows (${mb(bytes)} CSV) over HTTP in ${(ms / 1000).toFixed(2)} s = ${Math.round(rows / (ms / 1000))} rows/s; ` +
            `CPU of this process ${((user + system) / 1e6).toFixed(2)} s; RSS ${mb(before.rss)} before, peak ${mb(peak.rss)}; ` +
            `V8 heap ${mb(before.heapUsed)} before, peak ${mb(peak.heap)}; contact_count verified`,
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
    }
  });
}

const largest = Math.max(...SIZES);
const sample = writeCsv(largest);
await timeRowWork(sample.file, largest);
fs.rmSync(sample.file, { force: true });
runBench({ database: 'import_stream', poolSize: 10 }, bench);
