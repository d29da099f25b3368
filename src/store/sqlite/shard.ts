// shard.ts's ownership test in SQLite's SQL: snowflakes fit its signed 64-bit integers.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { shardLiterals, type Shard } from '../shard.js';

/** The test for a guild id column. */
export function ownedBy(shard: Shard | undefined, guildId: SQLiteColumn): SQL {
  return shard && shard.count > 1 ? sql`((CAST(${guildId} AS INTEGER) >> 22) % ${shard.count}) = ${shard.id}` : sql`1`;
}

/** The same test as raw SQL text over a column name, for the recovery query. */
export function ownedByRaw(shard: Shard | undefined, column: string): string {
  const s = shardLiterals(shard);
  return s ? `((CAST(${column} AS INTEGER) >> 22) % ${s.count}) = ${s.id}` : '1';
}
