// Scale-out, shown: the same one-recipient sends (`ab -k`, CONC connections in all) through one
// process (`npm run serve`, jobs in it) and then through 2 web processes (RUN_JOBS=false, half the
// load each) + 2 workers (`npm run worker`), on one fresh PostgreSQL database, dispatched over
// SMPP to a local SMSC that answers every submit_sm and sends a DELIVRD receipt (the project's
// FakeSmsc, in this process). For each: accepted msg/s (all 200s back), delivered msg/s (receipt
// settled), and the checks that matter more than speed: every accepted message submitted to the
// SMSC exactly once (no duplicate) and delivered (no loss).
//
// SMSC_LATENCY_MS holds each submit_sm_resp back that long, as a carrier's SMSC across a network
// does (tens of milliseconds): a bind's window of 10 then bounds it at 10 / latency submits a
// second, and a worker's own bind is what adds rate. At 0 (the default) the SMSC answers at once
// and the machine's cores are the bound.
//   node --import tsx bench/scale-out.ts              (N=20000 CONC=20 PORT=24400 SMSC_LATENCY_MS=0)
// Needs ApacheBench (apt-get install -y apache2-utils), createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FakeSmsc } from '../apps/server/src/providers/sms/smpp/fake-smsc';
import { ab, createDatabase, customerWithCredit, machineLine, non2xx, sleep, smppEnv, startKurir, stop, waitUp, workDir, type BenchDatabase } from './processes';

const N = Number(process.env.N ?? 20_000);
const CONC = Number(process.env.CONC ?? 20);
const PORT = Number(process.env.PORT ?? 24400);
const WARM_UP = 1000;
const SMSC_LATENCY_MS = Number(process.env.SMSC_LATENCY_MS ?? 0);
const RECIPIENT = '+38640123456';

type Result = { label: string; accepted: number; delivered: number; non2xx: number; submits: number; rows: number; deliveredRows: number };

/** Sends n requests spread over the web ports, the concurrency split between them. */
async function load(ports: number[], n: number, bodyFile: string, cookie: string): Promise<number> {
  const reports = await Promise.all(
    ports.map((port, i) =>
      ab(`http://127.0.0.1:${port}/api/message/send`, {
        n: Math.floor(n / ports.length) + (i < n % ports.length ? 1 : 0),
        concurrency: Math.max(1, Math.round(CONC / ports.length)),
        bodyFile,
        cookie,
      }),
    ),
  );
  return reports.reduce((sum, report) => sum + non2xx(report), 0);
}

async function measure(label: string, database: BenchDatabase, work: string, cookie: string, webs: number, workers: number): Promise<Result> {
  const smsc = await FakeSmsc.start({
    systemId: 'bench', password: 'bench', autoReceipt: 'DELIVRD',
    ...(SMSC_LATENCY_MS > 0 ? { onSubmit: () => ({ delayMs: SMSC_LATENCY_MS }) } : {}),
  });
  const processes: ChildProcess[] = [];
  const ports = Array.from({ length: webs }, (_, i) => PORT + 1 + i);
  try {
    // One process runs its own jobs; in the scaled set-up only the workers do.
    for (const port of ports) processes.push(startKurir(database, work, { port, env: smppEnv(smsc.port, workers === 0) }));
    for (let i = 0; i < workers; i++) processes.push(startKurir(database, work, { worker: true, env: smppEnv(smsc.port) }));
    for (const port of ports) await waitUp(`http://127.0.0.1:${port}`);
    const bodyFile = path.join(work, 'body.json');
    fs.writeFileSync(bodyFile, JSON.stringify({ recipient: RECIPIENT, message: 'Hello from the scale-out bench', channel: 'sms' }));

    const count = (where: string) => Number(database.psql(`select count(*) from messages where ${where}`));
    await load(ports, WARM_UP, bodyFile, cookie);
    while (count(`status <> 'delivered'`) > 0) await sleep(200);
    const rowsBefore = count('true');
    const submitsBefore = smsc.submits.length;

    const started = Date.now();
    const failed = await load(ports, N, bodyFile, cookie);
    const acceptedSeconds = (Date.now() - started) / 1000;
    if (failed > 0) {
      // Say what the refusals were, so the figures are not read without them.
      const sample = await fetch(`http://127.0.0.1:${ports.at(-1)}/api/message/send`, {
        method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: fs.readFileSync(bodyFile),
      });
      console.log(`${label}: ${failed} requests refused; one more now answers ${sample.status} ${(await sample.text()).slice(0, 160)}`);
    }
    let deliveredRows = 0;
    for (let i = 0; i < 1200; i++) {
      deliveredRows = count(`status = 'delivered'`) - rowsBefore;
      if (deliveredRows >= N - failed) break;
      await sleep(100);
    }
    const deliveredSeconds = (Date.now() - started) / 1000;
    // Late duplicates would come after the last receipt: wait a little before counting submits.
    await sleep(2000);
    return {
      label,
      accepted: (N - failed) / acceptedSeconds,
      delivered: deliveredRows / deliveredSeconds,
      non2xx: failed,
      submits: smsc.submits.length - submitsBefore,
      rows: count('true') - rowsBefore,
      deliveredRows: count(`status = 'delivered'`) - rowsBefore,
    };
  } finally {
    for (const child of processes) await stop(child);
    await smsc.stop();
  }
}

async function main() {
  console.log(machineLine());
  const database = createDatabase('kurir_scale_bench');
  const work = workDir('kurir-scale');
  try {
    const cookie = await customerWithCredit(database, work, PORT, 2 * (N + 2 * WARM_UP) + 100);
    const single = await measure('1 process (web + jobs)', database, work, cookie, 1, 0);
    const scaled = await measure('2 web + 2 workers', database, work, cookie, 2, 2);
    const latency = SMSC_LATENCY_MS > 0 ? `, the SMSC answering each submit after ${SMSC_LATENCY_MS} ms` : '';
    console.log(`\n${N} one-recipient sends, ab -k, ${CONC} connections in all, SMPP window 10 per bind${latency}\n`);
    console.log('set-up                      accepted msg/s  delivered msg/s  non-2xx  rows  submits  delivered  duplicates  lost');
    for (const r of [single, scaled]) {
      const duplicates = r.submits - r.rows;
      const lost = r.rows - r.deliveredRows;
      console.log(
        `${r.label.padEnd(27)} ${Math.round(r.accepted).toString().padStart(14)} ${Math.round(r.delivered).toString().padStart(16)} ${String(r.non2xx).padStart(8)} ${String(r.rows).padStart(5)} ${String(r.submits).padStart(8)} ${String(r.deliveredRows).padStart(10)} ${String(duplicates).padStart(11)} ${String(lost).padStart(5)}`,
      );
    }
    console.log(`\nscaled / single: accepted ${(scaled.accepted / single.accepted).toFixed(2)} ×, delivered ${(scaled.delivered / single.delivered).toFixed(2)} ×`);
  } finally {
    database.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
