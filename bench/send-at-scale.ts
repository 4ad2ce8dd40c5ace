// One-recipient sends through one process (web + jobs) when the tables already hold another
// customer's history: HISTORY_ROWS messages (default 1 000 000), each its own send with a ledger
// row, as an operator's database holds months of traffic. The peer benchmark and scale-out start from empty
// tables, where every index fits in memory; here the primary keys and the other indexes are large,
// and where a new row lands in them decides how many pages a send touches.
//
// The history's ids come from the tables' own defaults and its send ids from the database's
// time_ordered_uuid() where the migrations made it (gen_random_uuid() before migration 0022), so the
// bench measures the code at hand; run it in a worktree of an older commit to compare.
//
// Each run starts right after a checkpoint, when the first change of every page writes the whole
// page to the WAL; a server passes that point every checkpoint_timeout (5 minutes by default).
// Reports accepted msg/s (all 200s back), delivered msg/s (receipt settled), and per message the
// PostgreSQL CPU, the WAL and its full-page images.
//   node --import tsx bench/send-at-scale.ts      (HISTORY_ROWS=1000000 N=20000 CONC=20 RUNS=3 PORT=24500)
// Needs ApacheBench (apt-get install -y apache2-utils), createdb/dropdb/psql and PostgreSQL at 127.0.0.1:5432.
import fs from 'node:fs';
import path from 'node:path';
import { FakeSmsc } from '../apps/server/src/providers/sms/smpp/fake-smsc';
import { ab, createDatabase, customerWithCredit, machineLine, non2xx, postgresCpuSeconds, sleep, smppEnv, startKurir, stop, waitUp, workDir, type BenchDatabase } from './processes';

const HISTORY_ROWS = Number(process.env.HISTORY_ROWS ?? 1_000_000);
const N = Number(process.env.N ?? 20_000);
const CONC = Number(process.env.CONC ?? 20);
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 24500);
const WARM_UP = 1000;
const HISTORY_OWNER = 'aaaaaaaa-0000-4000-8000-000000000001';
const CHUNK = 200_000;

/** The history: HISTORY_ROWS delivered messages of another customer, one a second back in time. */
function loadHistory(database: BenchDatabase): string {
  const sendId = database.psql(`select to_regproc('time_ordered_uuid') is not null`) === 't' ? 'time_ordered_uuid()' : 'gen_random_uuid()';
  database.psql(`insert into users (id, phone) values ('${HISTORY_OWNER}', '+38641999999')`);
  for (let from = 1; from <= HISTORY_ROWS; from += CHUNK) {
    const to = Math.min(HISTORY_ROWS, from + CHUNK - 1);
    database.psql(`
      with sends as (
        select g, ${sendId} as batch_id, now() - (${HISTORY_ROWS} - g) * interval '1 second' as at
          from generate_series(${from}, ${to}) g),
      ledger as (
        insert into transactions (user_id, type, amount, balance_before, balance_after, description, reference, created_at)
        select '${HISTORY_OWNER}'::uuid, 'sms_cost', -79910, 100000000000, 100000000000 - 79910, 'SMS', batch_id::text, at from sends)
      insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                            parts, reserved_price, sms_price, price, provider, provider_message_id, processed_at, settled_at, created_at)
      select '${HISTORY_OWNER}'::uuid, batch_id, '+3864' || lpad((g::bigint * 7919 % 9999999)::text, 7, '0'),
             'Hello, your order ' || g || ' is ready for pickup. Thank you!', 'Kurir', 'sms', 'sms', 'delivered',
             1, 79910, 79910, 79910, 'smpp', 'h' || g, at, at, at
        from sends`);
  }
  database.psql('vacuum analyze');
  return sendId;
}

type Run = { accepted: number; delivered: number; refused: number; postgresCpu: number; walBytes: number; fullPages: number };

function walTotals(database: BenchDatabase): { bytes: number; fullPages: number } {
  const [bytes, fullPages] = database.psql('select wal_bytes, wal_fpi from pg_stat_wal').split('|').map(Number);
  return { bytes: bytes!, fullPages: fullPages! };
}

async function measure(database: BenchDatabase, port: number, bodyFile: string, cookie: string): Promise<Run> {
  const url = `http://127.0.0.1:${port}/api/message/send`;
  const count = (where: string) => Number(database.psql(`select count(*) from messages where user_id <> '${HISTORY_OWNER}' and ${where}`));
  database.psql('checkpoint');
  // PostgreSQL's backends report their WAL counters when they go idle, at most once a second.
  await sleep(1500);
  const deliveredBefore = count(`status = 'delivered'`);
  const wal = walTotals(database);
  const cpu = postgresCpuSeconds();
  const started = Date.now();
  const report = await ab(url, { n: N, concurrency: CONC, bodyFile, cookie });
  const acceptedSeconds = (Date.now() - started) / 1000;
  const refused = non2xx(report);
  let delivered = 0;
  for (let i = 0; i < 1200 && delivered < N - refused; i++) {
    delivered = count(`status = 'delivered'`) - deliveredBefore;
    if (delivered < N - refused) await sleep(100);
  }
  const deliveredSeconds = (Date.now() - started) / 1000;
  const postgresCpu = postgresCpuSeconds() - cpu;
  await sleep(1500);
  const walAfter = walTotals(database);
  return {
    accepted: (N - refused) / acceptedSeconds,
    delivered: delivered / deliveredSeconds,
    refused,
    postgresCpu,
    walBytes: walAfter.bytes - wal.bytes,
    fullPages: walAfter.fullPages - wal.fullPages,
  };
}

async function main() {
  console.log(machineLine());
  const database = createDatabase('kurir_scale_history');
  const work = workDir('kurir-send-at-scale');
  const smsc = await FakeSmsc.start({ systemId: 'bench', password: 'bench', autoReceipt: 'DELIVRD' });
  let kurir: ReturnType<typeof startKurir> | undefined;
  try {
    const cookie = await customerWithCredit(database, work, PORT, RUNS * N + WARM_UP + 100);
    let started = Date.now();
    const sendId = HISTORY_ROWS > 0 ? loadHistory(database) : '–';
    console.log(`history: ${HISTORY_ROWS} messages and ledger rows (send ids by ${sendId}) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const ids = database.psql(`select substr(id::text, 15, 1) from messages order by created_at desc limit 1`);
    console.log(`message ids: UUID version ${ids || '–'}`);

    kurir = startKurir(database, work, { port: PORT, env: smppEnv(smsc.port) });
    await waitUp(`http://127.0.0.1:${PORT}`);
    const bodyFile = path.join(work, 'body.json');
    fs.writeFileSync(bodyFile, JSON.stringify({ recipient: '+38640123456', message: 'Hello from the send-at-scale bench', channel: 'sms' }));
    await ab(`http://127.0.0.1:${PORT}/api/message/send`, { n: WARM_UP, concurrency: CONC, bodyFile, cookie });
    started = Date.now();
    while (Number(database.psql(`select count(*) from messages where status <> 'delivered'`)) > 0 && Date.now() - started < 60_000) await sleep(200);

    console.log(`\n${N} one-recipient sends a run, ab -k -c ${CONC}, SMPP window 10 to a local SMSC that answers at once\n`);
    console.log('| run | accepted msg/s | delivered msg/s | PostgreSQL CPU/msg | WAL/msg | full-page images/msg |');
    console.log('|---|---|---|---|---|---|');
    for (let run = 1; run <= RUNS; run++) {
      const r = await measure(database, PORT, bodyFile, cookie);
      const refused = r.refused > 0 ? ` (${r.refused} refused)` : '';
      console.log(
        `| ${run} | ${Math.round(r.accepted)}${refused} | ${Math.round(r.delivered)} | ${Math.round((r.postgresCpu / N) * 1e6)} µs | ` +
          `${(r.walBytes / N / 1024).toFixed(2)} kB | ${(r.fullPages / N).toFixed(2)} |`,
      );
    }
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
