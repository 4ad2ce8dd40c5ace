// Hot statements by name (query-rows.ts): on PGlite, a statement that keeps its plan runs as
// EXECUTE of a statement prepared once per session, its values as SQL literals. Those literals
// must carry any text exactly, and the kept plan must survive being deallocated.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { queryPreparedRows, queryRows, sqlLiteral } from './query-rows';
import { openTestDatabase } from '../test/database';

describe('sqlLiteral', () => {
  it('quotes every value, doubling its quotes and nothing else', () => {
    expect(sqlLiteral(null)).toBe('null');
    expect(sqlLiteral(undefined)).toBe('null');
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral('a\\b')).toBe("'a\\b'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(-1.5)).toBe("'-1.5'");
    expect(sqlLiteral(10n)).toBe("'10'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(new Date('2026-11-26T12:00:00Z'))).toBe("'2026-11-26T12:00:00.000Z'");
  });

  it('refuses what it cannot write exactly', () => {
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
  });
});

describe('a statement that keeps its plan', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  // Quotes, backslashes, a comment, a parameter marker, a statement separator, other scripts and
  // an emoji, as text and inside a JSON document.
  const tricky = "O'Brien \\ '' \\' -- $1; select 1; Čć 😀\n\"x\"";
  const echo = (text: string, n: number) =>
    sql`select ${text}::text as text, ${JSON.stringify({ text })}::jsonb ->> 'text' as from_json, ${n}::integer as n, ${null}::uuid as none`;

  it('returns every value exactly as it was given, call after call', async () => {
    for (let call = 0; call < 8; call++) {
      const rows = await queryPreparedRows<{ text: string; from_json: string; n: number; none: null }>(handle.db, echo(tricky, call), { onPglite: 'kept' });
      expect(rows).toEqual([{ text: tricky, from_json: tricky, n: call, none: null }]);
    }
  });

  it.runIf(process.env.KURIR_TEST_DB !== 'postgres')('on PGlite, is prepared once and runs on a generic plan', async () => {
    const statements = () =>
      queryRows<{ name: string; generic_plans: string | number; custom_plans: string | number }>(
        handle.db,
        sql`select name, generic_plans, custom_plans from pg_prepared_statements where statement like '%from_json%'`,
      );
    const [kept] = await statements(); // after the eight calls of the test above
    expect(kept).toBeDefined();
    // Five custom plans, then the generic one for every later call.
    expect(Number(kept!.custom_plans)).toBe(5);
    expect(Number(kept!.generic_plans)).toBe(3);
  });

  it.runIf(process.env.KURIR_TEST_DB !== 'postgres')('on PGlite, prepares it again when it was deallocated', async () => {
    await handle.db.execute(sql`deallocate all`);
    const rows = await queryPreparedRows<{ n: number }>(handle.db, echo('again', 9), { onPglite: 'kept' });
    expect(rows[0]!.n).toBe(9);
    const [{ count }] = (await queryRows<{ count: string | number }>(handle.db, sql`select count(*) from pg_prepared_statements`)) as [{ count: string | number }];
    expect(Number(count)).toBe(1);
  });

  it('prepares it once when the first calls come together', async () => {
    const first = (n: number) => queryPreparedRows<{ n: number }>(handle.db, sql`select ${n}::integer as n, 'together' as first_calls`, { onPglite: 'kept' });
    const rows = await Promise.all([1, 2, 3, 4, 5].map(first));
    expect(rows.map((r) => r[0]!.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('in a transaction, runs unnamed on PGlite and still returns the values', async () => {
    const rows = await handle.db.transaction((tx) => queryPreparedRows<{ text: string }>(tx, echo(tricky, 1), { onPglite: 'kept' }));
    expect(rows[0]!.text).toBe(tricky);
  });
});
