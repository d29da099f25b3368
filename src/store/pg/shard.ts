// shard.ts's ownership test in PostgreSQL's SQL: snowflakes fit its signed 64-bit bigint.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ownedSqlText, type Shard } from '../shard.js';

export function ownedByPg(shard: Shard | undefined, guildId: PgColumn): SQL {
  const text = ownedSqlText(shard, '__GUILD__', 'true');
  if (text === 'true') return sql`true`;
  const [before, after] = text.split('__GUILD__');
  return sql`${sql.raw(before)}${guildId}::bigint${sql.raw(after)}`;
}

/** The same test as raw SQL text over a column name, for the recovery query. */
export function ownedByPgRaw(shard: Shard | undefined, column: string): string {
  return ownedSqlText(shard, `${column}::bigint`, 'true');
}
