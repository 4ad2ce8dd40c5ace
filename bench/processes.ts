// What the HTTP benches share (campaign, scale-out, send-at-scale): the real product started as
// processes on a fresh PostgreSQL database, as `npm run serve` and `npm run worker` run it, a
// customer signed in through the pages' API with credit enough for the run, ApacheBench to load
// it, and PostgreSQL's CPU read from /proc (peer-pairs reads it too).
// Needs ApacheBench (apt-get install -y apache2-utils), createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type BenchDatabase = { name: string; url: string; psql: (query: string) => string; drop: () => void };

export function createDatabase(prefix: string): BenchDatabase {
  const name = `${prefix}_${Date.now()}`;
  execFileSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', name]);
  return {
    name,
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    psql: (query) => execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', name, '-tAc', query]).toString().trim(),
    drop: () => execFileSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--force', name]),
  };
}

export type KurirOptions = { port?: number; env: Record<string, string> };

/** `npm run serve` (a web process) or, with `worker`, `npm run worker`, on the bench's database. */
export function startKurir(database: BenchDatabase, work: string, options: KurirOptions & { worker?: boolean }): ChildProcess {
  const entry = options.worker ? 'apps/server/src/worker.ts' : 'apps/server/src/main.ts';
  return spawn('node', ['--import', 'tsx', entry], {
    env: {
      ...process.env, PORT: String(options.port ?? 0), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: database.url, SECRET_KEY: 'http-bench-secret-key-0123456789-0123', ADMIN_PHONES: '+38640000001', ...options.env,
    },
    stdio: 'ignore',
  });
}

/**
 * A Kurir process's environment for dispatching over SMPP to a local SMSC at `smscPort` (the
 * project's FakeSmsc), as the HTTP benches all set it: no throughput cap, a window of 10, 20
 * submits in flight; `runJobs` false for a web process whose sends workers dispatch.
 */
export function smppEnv(smscPort: number, runJobs = true): Record<string, string> {
  return {
    SMS_PROVIDER: 'smpp', SMPP_HOST: '127.0.0.1', SMPP_PORT: String(smscPort), SMPP_SYSTEM_ID: 'bench', SMPP_PASSWORD: 'bench',
    SMPP_THROUGHPUT: '0', SMPP_WINDOW: '10', DISPATCH_CONCURRENCY: '20', DISPATCH_POLL_MS: '200', RUN_JOBS: String(runJobs),
  };
}

export async function waitUp(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error(`Kurir did not start at ${base}`);
}

export async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
}

/** A signed-in customer's calls to the product's API (the cookie kept from the answers). */
export class Customer {
  cookie = '';
  constructor(readonly base: string) {}

  async call(method: string, url: string, body?: unknown) {
    const res = await fetch(this.base + url, {
      method,
      headers: { cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const c of res.headers.getSetCookie()) if (c.split(';')[0]!.split('=')[1]) this.cookie = c.split(';')[0]!;
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  }
}

/**
 * Phase 1, with the simulator (its dev outbox gives the sign-in code): a customer signed in
 * through the pages' API, with credit for `messages` SMS. Returns the session; the process stops.
 */
export async function customerWithCredit(database: BenchDatabase, work: string, port: number, messages: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const kurir = startKurir(database, work, { port, env: { SMS_PROVIDER: 'simulator' } });
  try {
    await waitUp(base);
    const customer = new Customer(base);
    const phone = `+38641${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await customer.call('POST', '/api/auth/register', { phone });
    let code: string | undefined;
    for (let i = 0; i < 40 && !code; i++) {
      const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json()) as { messages: { text: string }[] };
      code = outbox.messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      if (!code) await sleep(250);
    }
    await customer.call('POST', '/api/auth/verify', { phone, code });
    const price = Number((await customer.call('GET', '/api/sms/pricing')).sellPriceWithTax);
    for (let left = Math.ceil(messages * price) + 10; left > 0; left -= 10_000) {
      const topUp = await customer.call('POST', '/api/payments/top-up', { amount: Math.min(10_000, left) });
      await customer.call('POST', '/api/payments/test/confirm', { clientSecret: topUp.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    }
    return customer.cookie;
  } finally {
    await stop(kurir);
  }
}

const execFileAsync = promisify(execFile);

/** `ab -k`: n POSTs of a JSON body with the session; resolves with ab's report. */
export async function ab(url: string, options: { n: number; concurrency: number; bodyFile: string; cookie: string }): Promise<string> {
  const { stdout } = await execFileAsync('ab', [
    '-q', '-k', '-c', String(options.concurrency), '-n', String(options.n), '-p', options.bodyFile, '-T', 'application/json', '-C', options.cookie, url,
  ], { maxBuffer: 10 * 1024 * 1024 });
  return stdout;
}

/** Requests that did not get a 2xx: non-2xx answers and failed connections (ab also counts a
 * body whose length differs from the first one's as failed, which a JSON answer with ids is not). */
export function non2xx(report: string): number {
  const failed = /Failed requests:\s+\d+\s+\(Connect: (\d+), Receive: (\d+), Length: \d+, Exceptions: (\d+)\)/.exec(report);
  const broken = failed ? Number(failed[1]) + Number(failed[2]) + Number(failed[3]) : 0;
  return Number(/Non-2xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0) + broken;
}

export function machineLine(): string {
  return `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;
}

export function workDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/**
 * CPU seconds (user + system) of every process named `postgres`, with those of the backends that
 * have ended: the postmaster reaps them, so their time is in its children's fields.
 */
export function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}
