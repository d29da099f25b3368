// shard.ts's ownership test in PostgreSQL's SQL: snowflakes fit its signed 64-bit bigint.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Shard } from '../shard.js';

export function ownedByPg(shard: Shard | undefined, guildId: PgColumn): SQL {
  if (!shard || shard.count <= 1) return sql`true`;
  if (!Number.isInteger(shard.id) || !Number.isInteger(shard.count)) throw new Error('shard id and count must be integers');
  return sql`((${guildId}::bigint >> 22) % ${sql.raw(String(shard.count))}) = ${sql.raw(String(shard.id))}`;
}
