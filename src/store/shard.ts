// Which games a process drives when the bot runs as several shards on one database (README, Shards).
// A game belongs to the shard of its guild, as Discord routes the guild's events:
// shard = (guild_id >> 22) % shard_count. Only that shard recovers the game, fires its timeouts and
// sends its messages; reads that cross games (stats, history) see every game. The same test in each
// dialect's SQL: sqlite/shard.ts, pg/shard.ts.

export interface Shard {
  id: number;
  count: number;
}

/** The shard of a guild, as Discord computes it. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The shard to test for when it is written into SQL text, checked to be whole numbers; null when there is one shard. */
export function shardLiterals(shard: Shard | undefined): Shard | null {
  if (!shard || shard.count <= 1) return null;
  if (!Number.isInteger(shard.id) || !Number.isInteger(shard.count)) throw new Error('shard id and count must be integers');
  return shard;
}
