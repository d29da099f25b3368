// Servers for tests of several shards: one in each shard of `count`, in shard order. A server's shard
// is (id >> 22) % count and a snowflake's upper bits are its millisecond, so the clock moves between them.
import { shardOf } from '../../src/store/index.js';
import type { GuildRecord, ManualClock, StandIn, UserRecord } from '../support/discord/index.js';

export function guildPerShard(discord: StandIn, clock: ManualClock, users: UserRecord[], count: number): GuildRecord[] {
  const guilds: GuildRecord[] = [];
  for (let k = 0; guilds.length < count && k < 10 * count; k++) {
    const g = discord.createGuild({ name: `风声${k}`, members: users, locale: 'zh-CN' });
    if (!guilds.some((x) => shardOf(x.id, count) === shardOf(g.id, count))) guilds.push(g);
    clock.advance(1);
  }
  if (guilds.length < count) throw new Error(`no server found in each of ${count} shards`);
  return guilds.sort((a, b) => shardOf(a.id, count) - shardOf(b.id, count));
}
