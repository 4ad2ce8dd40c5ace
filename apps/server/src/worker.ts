// A worker: the same background jobs as `npm start` runs in-process (dispatcher, scheduled sends,
// receipts, Viber fallback), without HTTP. For production scale-out on PostgreSQL: run web
// instances with RUN_JOBS=false (or not) and any number of these; they share the queue in the
// database and never claim a message twice. SIGINT/SIGTERM: stop claiming, finish the submits in
// hand, close the provider, then the database.
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { startJobs } from './jobs';
import { createSmsProvider } from './providers/sms/registry';

async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel, name: 'worker' });
  if (config.database.kind !== 'postgres') {
    throw new Error(
      'worker.ts needs DATABASE_URL (PostgreSQL). The embedded database belongs to one process, and `npm start` already runs the jobs in it.',
    );
  }
  const database = await openDatabase(config.database, (error) => log.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects on demand'));
  await runMigrations(database);
  const sms = createSmsProvider(config.sms, database.db, pino({ name: 'sms', level: config.logLevel }));
  const jobs = startJobs({ db: database.db, sms, config, log });
  log.info({ provider: sms.name, batchSize: config.jobs.batchSize, concurrency: config.jobs.concurrency }, 'worker started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, finishing the messages in hand`);
    await jobs.stop();
    await sms.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
