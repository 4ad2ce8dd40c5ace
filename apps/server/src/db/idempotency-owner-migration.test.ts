// Migration 0027 on a database that already has Idempotency-Key rows of API keys: they stay as they
// were, and from then on a row's owner is an API key or a user, exactly one, each key unique per
// owner. Runs on a new PGlite, or on a new PostgreSQL database when the project is api-postgres.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { queryRows } from './query-rows';
import { databaseBeforeMigration } from '../test/migration-kit';

const rig = databaseBeforeMigration(26);
const { oldFolder, migrate } = rig;

const USER = '00000000-0000-4000-8000-00000000c0de';
const KEY = '00000000-0000-4000-8000-0000000000a1';

/** Inserts a row of `owner`; false when a unique index already holds (owner, key). */
async function claim(owner: { keyId?: string; userId?: string }, key: string): Promise<boolean> {
  const rows = await queryRows(
    rig.handle.db,
    sql`insert into idempotency_keys (key_id, user_id, idempotency_key, request_hash)
        values (${owner.keyId ?? null}::uuid, ${owner.userId ?? null}::uuid, ${key}, 'hash')
        on conflict do nothing returning idempotency_key`,
  );
  return rows.length === 1;
}

it('keeps the API keys\' rows, and takes rows of a user or a key, exactly one owner, each key once per owner', async () => {
  await migrate(oldFolder);
  await rig.handle.db.execute(sql`insert into users (id, phone) values (${USER}::uuid, '+38641999002')`);
  await rig.handle.db.execute(sql`insert into api_keys (id, user_id, name, mode, prefix, key_hash) values (${KEY}::uuid, ${USER}::uuid, 'CI', 'live', 'kur_live_AbC1', 'sha')`);
  await rig.handle.db.execute(sql`
    insert into idempotency_keys (key_id, idempotency_key, request_hash, status_code, response_body, batch_id)
    values (${KEY}::uuid, 'order-42', 'hash', 201, '{"ok":true}', '00000000-0000-4000-8000-0000000ba7c1')`);

  await migrate(MIGRATIONS_FOLDER);

  const kept = await queryRows(rig.handle.db, sql`select key_id, user_id, idempotency_key, status_code, response_body, batch_id from idempotency_keys`);
  expect(kept).toEqual([
    { key_id: KEY, user_id: null, idempotency_key: 'order-42', status_code: 201, response_body: '{"ok":true}', batch_id: '00000000-0000-4000-8000-0000000ba7c1' },
  ]);
  expect(await claim({ keyId: KEY }, 'order-42')).toBe(false);
  // The same key of the user (the web app) is another row, once.
  expect(await claim({ userId: USER }, 'order-42')).toBe(true);
  expect(await claim({ userId: USER }, 'order-42')).toBe(false);
  expect(await claim({ keyId: KEY }, 'order-43')).toBe(true);
  for (const owner of [{}, { keyId: KEY, userId: USER }]) {
    const refused = await claim(owner, 'no-owner').then(() => null, (error: Error) => error);
    expect(String((refused?.cause as Error | undefined)?.message ?? refused)).toMatch(/idempotency_keys_one_owner/);
  }
});
