// Migrations 0017, 0020 and 0025 on a database that already has messages: 0017 moved the two text
// indexes off messages into a row per message (message_texts), 0020 into a row per send
// (send_texts), and 0025 gave each send's row its time and its number of messages. The
// messages already there are copied, and from then on the insert trigger copies every new send.
// Runs on a new PGlite, or on a new PostgreSQL database when the project is api-postgres.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { queryRows } from './query-rows';
import { databaseBeforeMigration } from '../test/migration-kit';

const rig = databaseBeforeMigration(16);
const { oldFolder, migrate } = rig;

const USER = '00000000-0000-4000-8000-00000000c0de';

/** Messages of their own sends (a batch each), or of one send when `batch` is given. */
async function insertMessages(texts: string[], batch?: string) {
  await rig.handle.db.execute(sql`
    insert into messages (user_id, batch_id, recipient, message, sender_name, requested_channel, channel, status,
                          parts, reserved_price, sms_price, price)
    select ${USER}::uuid, coalesce(${batch ?? null}::uuid, gen_random_uuid()), '+38640' || lpad(n::text, 6, '0'), t,
           case when ${batch ?? null}::uuid is null then 'SHOP' || n else 'SHOP' end, 'sms', 'sms', 'pending', 1, 1, 1, 1
      from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as x(t, n)`);
}

type SendRow = { batch_id: string; sender_name: string; message: string; recipients: string; created_at: string; message_count: number };

const indexesOf = async (table: string) =>
  (await queryRows<{ indexname: string; indexdef: string }>(rig.handle.db, sql`select indexname, indexdef from pg_indexes where tablename = ${table} order by indexname`));

describe('migrations 0017, 0020 and 0025 (the searchable texts)', () => {
  it('copy the messages already there a row per send, move the text indexes, and the trigger copies new sends', async () => {
    await migrate(oldFolder);
    await rig.handle.db.execute(sql`insert into users (id, phone) values (${USER}::uuid, '+38641999001')`);
    await insertMessages(['Old one', 'Old two', 'Old three']);
    await insertMessages(['Old campaign', 'Old campaign', 'Old campaign'], '00000000-0000-4000-8000-0000000ba7c1');
    expect((await indexesOf('messages')).some((i) => i.indexdef.includes('USING gin'))).toBe(true);

    await migrate(MIGRATIONS_FOLDER);
    await insertMessages(['New four', 'New five']);
    await insertMessages(['New campaign', 'New campaign'], '00000000-0000-4000-8000-0000000ba7c2');

    const copied = await queryRows<SendRow>(
      rig.handle.db,
      sql`select batch_id, sender_name, message, recipients, created_at::text, message_count from send_texts order by message, batch_id`,
    );
    const sends = await queryRows<SendRow>(
      rig.handle.db,
      sql`select batch_id, sender_name, message, string_agg(recipient, ' ' order by recipient) as recipients,
                 created_at::text, count(*)::int as message_count
            from messages group by user_id, batch_id, sender_name, message, created_at order by message, batch_id`,
    );
    expect(sends).toHaveLength(7);
    expect(copied.map((r) => ({ ...r, recipients: r.recipients.split(' ').sort().join(' ') }))).toEqual(sends);
    expect(copied.find((r) => r.message === 'Old campaign')!.recipients.split(' ')).toHaveLength(3);
    expect(copied.find((r) => r.message === 'Old campaign')!.message_count).toBe(3);

    // The GIN indexes are on send_texts now, none on messages; message_texts is gone.
    expect((await indexesOf('messages')).filter((i) => i.indexdef.includes('USING gin'))).toEqual([]);
    expect((await indexesOf('send_texts')).map((i) => i.indexname)).toEqual([
      'send_texts_admin_search_trgm_idx',
      'send_texts_pkey',
      'send_texts_text_search_idx',
    ]);
    expect((await indexesOf('messages')).map((i) => i.indexname)).toContain('messages_batch_idx');
    expect(await indexesOf('message_texts')).toEqual([]);
    const [found] = await queryRows<{ n: number }>(
      rig.handle.db,
      sql`select count(*)::int as n from send_texts where to_tsvector('simple', message) @@ to_tsquery('simple', 'old') and (sender_name || ' ' || message || ' ' || recipients) ilike '%shop2%'`,
    );
    expect(found!.n).toBe(1);
  });
});
