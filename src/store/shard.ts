// Which games a process drives when the bot runs as several shards on one database (README, Shards;
// docs/operations.md). A game belongs to the shard of its guild, as Discord routes the guild's events:
// shard = (guild_id >> 22) % shard_count. A process drives a set of shards (one, as a shard of
// SHARDS=N, or SHARD_IDS, or those it took from the leases: leases.ts); only it recovers their games,
// fires their timeouts and sends their messages; reads that cross games (stats, history) see every
// game. The same test in each dialect's SQL: sqlite/shard.ts, pg/shard.ts.

/** The shards a process drives: `id` (one) or `ids` (several) of `count`. */
export type Shard = { count: number } & ({ id: number; ids?: undefined } | { ids: readonly number[]; id?: undefined });

/** The shard of a guild, as Discord computes it. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** The ids a Shard names, sorted. */
export function shardIds(shard: Shard): number[] {
  return shard.ids ? [...shard.ids].sort((a, b) => a - b) : [shard.id];
}

/**
 * The shards to test for when written into SQL text, checked to be whole numbers in range; null when
 * every game is the process's (one shard, or every shard of the count).
 */
export function shardLiterals(shard: Shard | undefined): { count: number; ids: number[] } | null {
  if (!shard || shard.count <= 1) return null;
  const ids = shardIds(shard);
  if (!Number.isInteger(shard.count) || ids.some((id) => !Number.isInteger(id) || id < 0 || id >= shard.count)) throw new Error('shard ids and count must be whole numbers, each id below the count');
  if (new Set(ids).size === shard.count) return null;
  return { count: shard.count, ids };
}

/** The ownership test over a guild id expression already cast to a 64-bit integer, as SQL text. */
export function ownedSqlText(shard: Shard | undefined, guildInt: string, all: string): string {
  const s = shardLiterals(shard);
  if (!s) return all;
  return s.ids.length === 1 ? `((${guildInt} >> 22) % ${s.count}) = ${s.ids[0]}` : `((${guildInt} >> 22) % ${s.count}) IN (${s.ids.join(', ')})`;
}
