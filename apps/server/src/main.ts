// Start-up: config → database → migrations → app → listen. Ctrl-C closes the server first
// (in-flight requests finish), then the database, so no write is lost.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { buildApp } from './app';
import { DEFAULT_ADMIN_LEFT_OVER_WARNING, defaultAdminLeftOver, ensureAdminUsers } from './modules/auth/auth.service';
import { ensureCatalogue } from './modules/products/catalogue';
import { every, startJobs } from './jobs';
import { EMBEDDED_MAINTENANCE_MS, maintainEmbeddedDatabase } from './db/embedded-maintenance';
import { receiptHandler } from './modules/messages/lifecycle/receipts';
import pino from 'pino';
import { createSmsProvider } from './providers/sms/registry';
import { resolveSecretKey } from './secret-key';

async function main() {
  const config = loadConfig();
  const dbLog = pino({ name: 'database', level: config.logLevel });
  const database = await openDatabase(config.database, (error) => dbLog.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects on demand'));
  await runMigrations(database);
  await ensureAdminUsers(database.db, config.adminPhones);
  await ensureCatalogue(database.db);
  const sms = createSmsProvider(config.sms, database.db, pino({ name: 'sms', level: config.logLevel }));
  const app = await buildApp({ config, db: database.db, sms, codeKey: resolveSecretKey(config) });
  for (const warning of config.warnings) app.log.warn(warning);
  if (await defaultAdminLeftOver(database.db, config.adminPhones)) app.log.warn(DEFAULT_ADMIN_LEFT_OVER_WARNING);
  // Receipts reach whichever process the provider answers (an SMPP bind, an HTTP webhook), so every
  // process records them; the dispatcher and its jobs run here unless RUN_JOBS=false (see worker.ts).
  const jobs = config.jobs.run ? startJobs({ db: database.db, sms, config, log: app.log }) : null;
  if (!jobs) sms.onReceipt(receiptHandler(database.db, sms.name));
  // PGlite has no autovacuum: this process does its work (db/embedded-maintenance.ts).
  const maintenance =
    database.kind === 'pglite'
      ? every(EMBEDDED_MAINTENANCE_MS, async () => {
          const done = await maintainEmbeddedDatabase(database.db);
          if (done.vacuumed.length + done.analysed.length > 0) app.log.info(done, 'embedded database vacuumed and analysed');
        }, app.log)
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await jobs?.stop();
    await maintenance?.stop();
    await sms.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Kurir is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `PGlite in ${config.database.kind === 'pglite' ? config.database.dir : ''}` : 'PostgreSQL'}`,
  ];
  lines.push(`  Background jobs (sending, receipts, schedules): ${jobs ? 'in this process' : 'off here (RUN_JOBS=false); run worker.ts'}`);
  if (sms.name === 'simulator') {
    lines.push(`  SMS provider: simulator. Sign-in codes and every sent message: ${url}/dev/outbox`);
  }
  if (config.adminPhones.length > 0) {
    lines.push(`  Admin phone number${config.adminPhones.length > 1 ? 's' : ''}: ${config.adminPhones.join(', ')} (sign in at ${url}/login)`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
