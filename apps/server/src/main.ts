// Start-up: config → database → migrations → app → listen. Ctrl-C closes the server first
// (in-flight requests finish), then the database, so no write is lost.
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { buildApp } from './app';
import { ensureAdminUsers } from './modules/auth/auth.service';
import { createSmsProvider } from './providers/sms/registry';
import { resolveSecretKey } from './secret-key';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  await runMigrations(database);
  await ensureAdminUsers(database.db, config.adminPhones);
  const sms = createSmsProvider(config.sms, database.db);
  const app = await buildApp({ config, db: database.db, sms, codeKey: resolveSecretKey(config) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
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
