// shard.ts's ownership test in PostgreSQL's SQL: snowflakes fit its signed 64-bit bigint.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { shardLiterals, type Shard } from '../shard.js';

export function ownedByPg(shard: Shard | undefined, guildId: PgColumn): SQL {
  const s = shardLiterals(shard);
  if (!s) return sql`true`;
  return sql`((${guildId}::bigint >> 22) % ${sql.raw(String(s.count))}) = ${sql.raw(String(s.id))}`;
}
