// Which games a process drives when the bot runs as several shards on one database (README, Shards).
// A game belongs to the shard of its guild, as Discord routes the guild's events:
// shard = (guild_id >> 22) % shard_count. Only that shard recovers the game, fires its timeouts and
// sends its messages; reads that cross games (stats, history) see every game.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

export interface Shard {
  id: number;
  count: number;
}

/** The shard of a guild, as Discord computes it. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The same test in SQL, for a guild id column (snowflakes fit SQLite's signed 64-bit integers). */
export function ownedBy(shard: Shard | undefined, guildId: SQLiteColumn): SQL {
  return shard && shard.count > 1 ? sql`((CAST(${guildId} AS INTEGER) >> 22) % ${shard.count}) = ${shard.id}` : sql`1`;
}

/** The same test as raw SQL text over a column name, for the recovery query. */
export function ownedByRaw(shard: Shard | undefined, column: string): string {
  if (!shard || shard.count <= 1) return '1';
  if (!Number.isInteger(shard.id) || !Number.isInteger(shard.count)) throw new Error('shard id and count must be integers');
  return `((CAST(${column} AS INTEGER) >> 22) % ${shard.count}) = ${shard.id}`;
}
