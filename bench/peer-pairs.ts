// The peer benchmark's pairs in one command: the team's Kannel script, then its Kurir script, back
// to back, PAIRS times, and a table of the ratios (bench/README.md, "Peer benchmark"). It also reads
// what the Kurir script does not: PostgreSQL's CPU, from /proc over the whole Kurir run (so the
// sign-in, the top-up, the migrations and the 2 000 warm-up messages are counted too, and the
// figure is a little high) and divided by N + 2 000.
//   node --import tsx bench/peer-pairs.ts              (PAIRS=3 N=20000; PEERS=../shared/bench)
// Needs what the two scripts need (ApacheBench, Kannel: the Kannel script installs them if missing)
// and PostgreSQL at 127.0.0.1:5432.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { machineLine, postgresCpuSeconds } from './processes';

const PAIRS = Number(process.env.PAIRS ?? 3);
const N = Number(process.env.N ?? 20_000);
const PEERS = path.resolve(process.env.PEERS ?? '../shared/bench');
const KURIR_WARM_UP = 2000;

type Kannel = { accepted: number; delivered: number; cpuPerMessage: number };
type Kurir = { accepted: number; delivered: number; cpuPerMessage: number; postgresPerMessage: number };

/** One of the team's scripts, run to its end: what it printed on stdout. */
function runScript(command: string, script: string, env: Record<string, string>): string {
  return execFileSync(command, [path.join(PEERS, script)], {
    env: { ...process.env, N: String(N), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 10 * 1024 * 1024,
  }).toString();
}

function runKannel(): Kannel {
  const out = runScript('bash', 'kannel/run.sh', { SCENARIOS: 'smpp-dlr', STORE: 'file', RUNS: '1' });
  const run = /accepted (\d+) msg\/s.*?delivered (\d+) msg\/s.*Kannel ([\d.]+) us CPU\/msg/.exec(out);
  if (!run) throw new Error(`no result from the Kannel script:\n${out.slice(-800)}`);
  return { accepted: Number(run[1]), delivered: Number(run[2]), cpuPerMessage: Number(run[3]) };
}

function runKurir(): Kurir {
  const before = postgresCpuSeconds();
  const out = runScript('node', 'kurir/run.mjs', {});
  const postgres = postgresCpuSeconds() - before;
  const last = /kurir: (\d+) msg\/s accepted, (\d+|NaN) msg\/s delivered \(cpu (\d+) µs\/msg/.exec(out);
  if (!last) throw new Error(`no result from the Kurir script:\n${out.slice(-800)}`);
  const pglite = process.env.DB === 'pglite';
  return {
    accepted: Number(last[1]),
    delivered: Number(last[2]),
    // On PGlite the script cannot count deliveries and waits out its five-minute limit for them
    // before it reads the process's CPU, so its figure is mostly that wait: not reported.
    cpuPerMessage: pglite ? NaN : Number(last[3]),
    // PGlite runs inside the Kurir process.
    postgresPerMessage: pglite ? NaN : (postgres / (N + KURIR_WARM_UP)) * 1e6,
  };
}

const n = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en').replace(/,/g, ' ') : '–');
const ratio = (a: number, b: number) => (Number.isFinite(a) ? (a / b).toFixed(2) : '–');

console.log(machineLine());
console.log(`\n${PAIRS} pairs of ${N} one-recipient sends, Kannel then Kurir on ${process.env.DB ?? 'pg'}\n`);
console.log('| Kannel accepted / delivered (CPU/msg) | Kurir accepted / delivered | Kurir + PostgreSQL CPU/msg | ratio accepted / delivered |');
console.log('|---|---|---|---|');
for (let pair = 0; pair < PAIRS; pair++) {
  const kannel = runKannel();
  const kurir = runKurir();
  console.log(
    `| ${n(kannel.accepted)} / ${n(kannel.delivered)} (${n(kannel.cpuPerMessage)} µs) | ${n(kurir.accepted)} / ${n(kurir.delivered)} | ` +
      `${n(kurir.cpuPerMessage)} + ${n(kurir.postgresPerMessage)} µs | ${ratio(kurir.accepted, kannel.accepted)} / ${ratio(kurir.delivered, kannel.delivered)} |`,
  );
}
