// The admin System Status panel: real checks, each timed. Database: a round trip. SMS API: the
// provider's own health (SMPP bound, HTTP reachable) or 'simulator'. Authentication: the sign-in
// path's tables answer and the sessions table is writable-ready. Storage: the database's size.
import { sql } from 'drizzle-orm';
import type { SystemCheck } from '@kurir/core';
import type { DbOrTx } from '../../../db/client';
import type { SmsProvider } from '../../../providers/sms/types';
import { queryRows } from '../../messages/query-rows';

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: Math.round((performance.now() - started) * 10) / 10 };
}

async function safely(name: SystemCheck['name'], check: () => Promise<SystemCheck>): Promise<SystemCheck> {
  try {
    return await check();
  } catch (error) {
    return { name, state: 'down', detail: (error as Error).message, latencyMs: null };
  }
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 * 1024 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

export async function checkSystemStatus(db: DbOrTx, sms: SmsProvider): Promise<SystemCheck[]> {
  return Promise.all([
    safely('Database', async () => {
      const { ms } = await timed(() => queryRows(db, sql`select 1 as ok`));
      return { name: 'Database', state: ms > 500 ? 'degraded' : 'ok', detail: `${ms} ms round trip`, latencyMs: ms };
    }),
    safely('SMS API', async () => {
      if (!sms.health) return { name: 'SMS API', state: 'ok', detail: sms.name === 'simulator' ? 'Simulator (no messages leave the system)' : sms.name, latencyMs: null };
      const { value, ms } = await timed(() => sms.health!());
      return { name: 'SMS API', state: value.state, detail: `${sms.name}: ${value.detail}`, latencyMs: ms };
    }),
    safely('Authentication', async () => {
      // The sign-in path reads codes and sessions; both must answer (their indexes are used).
      const { value, ms } = await timed(() =>
        queryRows<{ sessions: number }>(
          db,
          sql`select (select count(*) from sessions where expires_at > now())::int as sessions,
                     (select count(*) from sign_in_codes where created_at > now() - interval '1 hour')::int as codes`,
        ),
      );
      return { name: 'Authentication', state: 'ok', detail: `Sign-in working; ${value[0]?.sessions ?? 0} live sessions`, latencyMs: ms };
    }),
    safely('Storage', async () => {
      const { value, ms } = await timed(() => queryRows<{ bytes: string }>(db, sql`select pg_database_size(current_database())::text as bytes`));
      return { name: 'Storage', state: 'ok', detail: `Database ${megabytes(Number(value[0]?.bytes ?? 0))}`, latencyMs: ms };
    }),
  ]);
}
