// /api/health: the process is alive (no database): a load balancer's liveness probe, cheap enough
// to call every second. /api/ready: this instance can serve — the database answers, every
// migration is applied, the SMS provider is bound or reachable, and (where the jobs run) the
// queue moves. 200 when all hold, 503 with the failing checks otherwise.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import type { SmsProvider } from '../providers/sms/types';
import { queueState } from './database-gauges';

const CHECK_TIMEOUT_MS = 2000;

interface Check {
  ok: boolean;
  detail: string;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** The newest migration this build ships (its folderMillis, as drizzle records it). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

export interface ReadinessDeps {
  db: Database;
  sms: SmsProvider;
  /** The queue counts against readiness only where this process runs the dispatcher. */
  runsJobs: boolean;
  queueStallSeconds: number;
}

async function migrationsCheck(db: Database, newest: number): Promise<Check> {
  const result = await db.execute(sql`select coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations`);
  const applied = Number((result as unknown as { rows: { newest: string | number }[] }).rows[0]!.newest);
  return applied >= newest ? { ok: true, detail: 'all applied' } : { ok: false, detail: 'a migration of this version is not applied yet' };
}

async function queueCheck(deps: ReadinessDeps): Promise<Check> {
  const { due, oldestDueSeconds } = await queueState(deps.db);
  const detail = `${due} due, oldest waiting ${Math.round(oldestDueSeconds)} s`;
  const stalled = oldestDueSeconds > deps.queueStallSeconds;
  return { ok: !stalled || !deps.runsJobs, detail: stalled ? `stalled: ${detail}` : detail };
}

export async function readiness(deps: ReadinessDeps, newest = newestMigrationMillis()): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const run = async (name: string, check: () => Promise<Check>): Promise<[string, Check]> => {
    try {
      return [name, await withTimeout(check(), name)];
    } catch (error) {
      return [name, { ok: false, detail: error instanceof Error ? error.message : String(error) }];
    }
  };
  const checks = Object.fromEntries(
    await Promise.all([
      run('database', async () => (await deps.db.execute(sql`select 1`), { ok: true, detail: 'answers' })),
      run('migrations', () => migrationsCheck(deps.db, newest)),
      run('provider', async () => deps.sms.status?.() ?? { ok: true, detail: `${deps.sms.name}: no connection to watch` }),
      run('queue', () => queueCheck(deps)),
    ]),
  );
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

export function healthRoutes(deps: ReadinessDeps) {
  const newest = newestMigrationMillis();
  return async function (app: FastifyInstance) {
    app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/api/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      const { ready, checks } = await readiness(deps, newest);
      return reply.status(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'not_ready', checks });
    });
  };
}
