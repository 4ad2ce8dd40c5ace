// A campaign over HTTP: REQUESTS sends of 1 000 recipients each (`ab -k -c CONC`) to the running
// product on a fresh PostgreSQL database, dispatched over SMPP to a local SMSC that answers every
// submit_sm and sends a DELIVRD receipt (the project's FakeSmsc). Accepted means billed, stored and
// durable (the 200 comes after the commit). Issue 12 compares recipients accepted per second with
// Kannel's accepted msg/s from the peer benchmark (../shared/bench), and asks for 5 ×.
//   node --import tsx bench/campaign.ts                  (REQUESTS=100 CONC=10 RECIPIENTS=1000 PORT=24300)
// Needs ApacheBench (apt-get install -y apache2-utils), createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeSmsc } from '../apps/server/src/providers/sms/smpp/fake-smsc';

const REQUESTS = Number(process.env.REQUESTS ?? 100);
const CONC = Number(process.env.CONC ?? 10);
const RECIPIENTS = Number(process.env.RECIPIENTS ?? 1000);
const PORT = Number(process.env.PORT ?? 24300);
const base = `http://127.0.0.1:${PORT}`;
const database = `kurir_campaign_${Date.now()}`;
const databaseUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kurir-campaign-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const psql = (query: string) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', database, '-tAc', query]).toString().trim();

function startKurir(env: Record<string, string>): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: databaseUrl, SECRET_KEY: 'campaign-bench-secret-key-0123456789', ADMIN_PHONES: '+38640000001', ...env,
    },
    stdio: 'ignore',
  });
}

async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not yet */
    }
    await sleep(250);
  }
  throw new Error('Kurir did not start');
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  for (let i = 0; i < 100 && child.exitCode === null && child.signalCode === null; i++) await sleep(100);
}

let cookie = '';
async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  for (const c of res.headers.getSetCookie()) if (c.split(';')[0]!.split('=')[1]) cookie = c.split(';')[0]!;
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/** Phase 1, with the simulator: a customer signed in through the pages' API, with enough credit. */
async function customerWithCredit(): Promise<void> {
  const kurir = startKurir({ SMS_PROVIDER: 'simulator' });
  try {
    await waitUp();
    const phone = `+38641${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await call('POST', '/api/auth/register', { phone });
    let code: string | undefined;
    for (let i = 0; i < 40 && !code; i++) {
      const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(phone)}`)).json() as { messages: { text: string }[] };
      code = outbox.messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
      if (!code) await sleep(250);
    }
    await call('POST', '/api/auth/verify', { phone, code });
    const price = Number((await call('GET', '/api/sms/pricing')).sellPriceWithTax);
    for (let left = Math.ceil((REQUESTS + 10) * RECIPIENTS * price) + 10; left > 0; left -= 10_000) {
      const topUp = await call('POST', '/api/payments/top-up', { amount: Math.min(10_000, left) });
      await call('POST', '/api/payments/test/confirm', { clientSecret: topUp.clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    }
  } finally {
    await stop(kurir);
  }
}

async function main() {
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  execFileSync('createdb', ['-h', '127.0.0.1', '-U', 'postgres', database]);
  const smsc = await FakeSmsc.start({ autoReceipt: 'DELIVRD' });
  let kurir: ChildProcess | undefined;
  try {
    await customerWithCredit();
    kurir = startKurir({
      SMS_PROVIDER: 'smpp', SMPP_HOST: '127.0.0.1', SMPP_PORT: String(smsc.port), SMPP_SYSTEM_ID: 'bench', SMPP_PASSWORD: 'bench',
      SMPP_THROUGHPUT: '0', SMPP_WINDOW: '10', DISPATCH_CONCURRENCY: '20', DISPATCH_POLL_MS: '200',
    });
    await waitUp();
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => `+38640${String(100_000 + i).padStart(6, '0')}`);
    const body = path.join(work, 'body.json');
    fs.writeFileSync(body, JSON.stringify({ recipients, message: 'Our spring sale starts today: 20% off everything.', channel: 'sms' }));
    const ab = (n: number) =>
      execFileSync('ab', ['-q', '-k', '-c', String(CONC), '-n', String(n), '-p', body, '-T', 'application/json', '-C', cookie, `${base}/api/message/send`]).toString();
    ab(CONC); // warm-up
    const before = Number(psql('select count(*) from messages'));
    const started = Date.now();
    const report = ab(REQUESTS);
    const acceptedSeconds = (Date.now() - started) / 1000;
    const non2xx = Number(/Non-2xx responses:\s+(\d+)/.exec(report)?.[1] ?? 0);
    const stored = Number(psql('select count(*) from messages')) - before;
    const accepted = REQUESTS * RECIPIENTS;
    console.log(`accepted ${accepted} recipients in ${REQUESTS} requests (c=${CONC}) in ${acceptedSeconds.toFixed(2)} s: ${Math.round(accepted / acceptedSeconds)} recipients/s; non-2xx ${non2xx}; rows stored ${stored}`);
    // Delivery through the SMSC window takes longer than acceptance: watched for WAIT_SECONDS at most.
    const waitSeconds = Number(process.env.WAIT_SECONDS ?? 60);
    let delivered = 0;
    while ((Date.now() - started) / 1000 < acceptedSeconds + waitSeconds) {
      delivered = Number(psql(`select count(*) from messages where status = 'delivered'`)) - before;
      if (delivered >= accepted) break;
      await sleep(1000);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`delivered (receipts settled) ${delivered} of ${accepted} after ${seconds.toFixed(1)} s: ${Math.round(delivered / seconds)} msg/s`);
  } finally {
    if (kurir) await stop(kurir);
    await smsc.stop();
    execFileSync('dropdb', ['-h', '127.0.0.1', '-U', 'postgres', '--force', database]);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
