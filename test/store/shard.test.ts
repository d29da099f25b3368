// A shard drives only its guilds' games (src/store/shard.ts): recovery, the active list and timeouts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GameStore, shardOf } from '../../src/store/index.js';
import { manualClock, PLAYERS5, tempDir } from './helpers.js';

/** Guild ids (snowflakes) in shard 0 and shard 1 of 2, and in every shard of 3. */
const guild = (ms: number) => ((BigInt(ms) << 22n) | 7n).toString();

describe('shards on one database', () => {
  it('each shard recovers, lists and times out only the games of its guilds; other reads see all', async () => {
    expect([0, 1, 2, 3].map((ms) => shardOf(guild(ms), 2))).toEqual([0, 1, 0, 1]);
    const file = path.join(tempDir(), 'game.db');
    const clock = manualClock();
    const all = await GameStore.open({ path: file, clock, checkpointWorker: false });
    const ids: number[] = [];
    for (const [i, ms] of [0, 1, 2, 3].entries()) ids.push((await all.createGame({ guildId: guild(ms), channelId: `c${i}`, seats: PLAYERS5, seed: i + 1, decisionMs: 10_000 })).gameId);
    await all.close();
    const open = (id: number) => GameStore.open({ path: file, clock, checkpointWorker: false, shard: { id, count: 2 } });
    const [s0, s1] = [await open(0), await open(1)];
    try {
      expect(s0.recovery.recovered.map((g) => g.gameId)).toEqual([ids[0], ids[2]]);
      expect(s1.recovery.recovered.map((g) => g.gameId)).toEqual([ids[1], ids[3]]);
      expect(await s0.activeGameIds()).toEqual([ids[0], ids[2]]);
      expect(await s1.activeGameIds()).toEqual([ids[1], ids[3]]);
      // Reads across games (a game's info, a channel's game) are not sliced.
      expect((await s0.game(ids[1]))?.guildId).toBe(guild(1));
      expect(await s0.activeGameIn(guild(3), 'c3')).toBe(ids[3]);
      // Deadlines: each shard fires only its own.
      clock.advance(120_000);
      await s0.fireDueTimeouts();
      expect((await Promise.all(ids.map((id) => s0.game(id)))).map((g) => g!.version)).toEqual([1, 0, 1, 0]);
      await s1.fireDueTimeouts();
      expect((await Promise.all(ids.map((id) => s1.game(id)))).map((g) => g!.version)).toEqual([1, 1, 1, 1]);
    } finally {
      s0.close();
      s1.close();
    }
    // Three shards after a restart: the games are handed over by the new count.
    const thirds = await Promise.all([0, 1, 2].map((id) => GameStore.open({ path: file, clock, checkpointWorker: false, shard: { id, count: 3 } })));
    try {
      const owned = await Promise.all(thirds.map((s) => s.activeGameIds()));
      expect(owned.flat().sort()).toEqual([...ids].sort());
      owned.forEach((list, k) => list.forEach((id) => expect(shardOf(guild(ids.indexOf(id)), 3)).toBe(k)));
    } finally {
      for (const s of thirds) s.close();
    }
    // Several shards in one process (SHARD_IDS, or the leases it took): the games of each, and only theirs.
    const two = await GameStore.open({ path: file, clock, checkpointWorker: false, shard: { ids: [2, 0], count: 3 } });
    try {
      const mine = ids.filter((_, k) => shardOf(guild(k), 3) !== 1);
      expect(two.recovery.recovered.map((g) => g.gameId)).toEqual(mine);
      expect(await two.activeGameIds()).toEqual(mine);
      const versions = async () => (await Promise.all(ids.map((id) => two.game(id)))).map((g) => g!.version);
      const before = await versions();
      clock.advance(120_000);
      await two.fireDueTimeouts();
      expect(await versions()).toEqual(before.map((v, k) => (mine.includes(ids[k]) ? v + 1 : v)));
    } finally {
      two.close();
    }
  });
});
