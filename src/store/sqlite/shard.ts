// shard.ts's ownership test in SQLite's SQL: snowflakes fit its signed 64-bit integers.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ownedSqlText, type Shard } from '../shard.js';

/** The test for a guild id column (whole numbers checked by shardLiterals, so written as text). */
export function ownedBy(shard: Shard | undefined, guildId: SQLiteColumn): SQL {
  const text = ownedSqlText(shard, '__GUILD__', '1');
  if (text === '1') return sql`1`;
  const [before, after] = text.split('__GUILD__');
  return sql`${sql.raw(before)}CAST(${guildId} AS INTEGER)${sql.raw(after)}`;
}

/** The same test as raw SQL text over a column name, for the recovery query. */
export function ownedByRaw(shard: Shard | undefined, column: string): string {
  return ownedSqlText(shard, `CAST(${column} AS INTEGER)`, '1');
}
