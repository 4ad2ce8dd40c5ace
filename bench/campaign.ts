// A campaign over HTTP: REQUESTS sends of 1 000 recipients each (`ab -k -c CONC`) to the running
// product on a fresh PostgreSQL database, dispatched over SMPP to a local SMSC that answers every
// submit_sm and sends a DELIVRD receipt (the project's FakeSmsc). Accepted means billed, stored and
// durable (the 200 comes after the commit). Issue 12 compares recipients accepted per second with
// Kannel's accepted msg/s from the peer benchmark (../shared/bench), and asks for 5 ×.
//   node --import tsx bench/campaign.ts                  (REQUESTS=100 CONC=10 RECIPIENTS=1000 PORT=24300)
// Needs ApacheBench (apt-get install -y apache2-utils), createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432 (processes.ts).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { FakeSmsc } from '../apps/server/src/providers/sms/smpp/fake-smsc';
import { ab, createDatabase, customerWithCredit, machineLine, non2xx, sleep, smppEnv, startKurir, stop, waitUp, workDir } from './processes';

const REQUESTS = Number(process.env.REQUESTS ?? 100);
const CONC = Number(process.env.CONC ?? 10);
const RECIPIENTS = Number(process.env.RECIPIENTS ?? 1000);
const PORT = Number(process.env.PORT ?? 24300);
const base = `http://127.0.0.1:${PORT}`;

async function main() {
  console.log(machineLine());
  const database = createDatabase('kurir_campaign');
  const work = workDir('kurir-campaign');
  const smsc = await FakeSmsc.start({ systemId: 'bench', password: 'bench', autoReceipt: 'DELIVRD' });
  let kurir: ChildProcess | undefined;
  try {
    const cookie = await customerWithCredit(database, work, PORT, (REQUESTS + 10) * RECIPIENTS);
    kurir = startKurir(database, work, { port: PORT, env: smppEnv(smsc.port) });
    await waitUp(base);
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => `+38640${String(100_000 + i).padStart(6, '0')}`);
    const bodyFile = path.join(work, 'body.json');
    fs.writeFileSync(bodyFile, JSON.stringify({ recipients, message: 'Our spring sale starts today: 20% off everything.', channel: 'sms' }));
    const url = `${base}/api/message/send`;
    await ab(url, { n: CONC, concurrency: CONC, bodyFile, cookie }); // warm-up
    const count = (where: string) => Number(database.psql(`select count(*) from messages where ${where}`));
    const before = count('true');
    const deliveredBefore = count(`status = 'delivered'`);
    const started = Date.now();
    const report = await ab(url, { n: REQUESTS, concurrency: CONC, bodyFile, cookie });
    const acceptedSeconds = (Date.now() - started) / 1000;
    const stored = count('true') - before;
    const accepted = REQUESTS * RECIPIENTS;
    console.log(`accepted ${accepted} recipients in ${REQUESTS} requests (c=${CONC}) in ${acceptedSeconds.toFixed(2)} s: ${Math.round(accepted / acceptedSeconds)} recipients/s; non-2xx ${non2xx(report)}; rows stored ${stored}`);
    // Delivery through the SMSC window takes longer than acceptance: watched for WAIT_SECONDS at most.
    const waitSeconds = Number(process.env.WAIT_SECONDS ?? 60);
    let delivered = 0;
    while ((Date.now() - started) / 1000 < acceptedSeconds + waitSeconds) {
      // Every row, the warm-up's too, delivered: the warm-up's stragglers count as this run's work.
      const all = count('true');
      delivered = count(`status = 'delivered'`);
      if (process.env.VERBOSE) console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${delivered - deliveredBefore} delivered`);
      if (delivered >= all) break;
      await sleep(1000);
    }
    delivered -= deliveredBefore;
    const seconds = (Date.now() - started) / 1000;
    console.log(`delivered (receipts settled) ${delivered} messages (the run's ${accepted} and the warm-up's stragglers) after ${seconds.toFixed(1)} s: ${Math.round(delivered / seconds)} msg/s${delivered < accepted ? ' (not all: WAIT_SECONDS)' : ''}`);
  } finally {
    if (kurir) await stop(kurir);
    await smsc.stop();
    database.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
