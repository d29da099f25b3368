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
    const ids = [0, 1, 2, 3].map((ms, i) => all.createGame({ guildId: guild(ms), channelId: `c${i}`, seats: PLAYERS5, seed: i + 1, decisionMs: 10_000 }).gameId);
    all.close();
    const open = (id: number) => GameStore.open({ path: file, clock, checkpointWorker: false, shard: { id, count: 2 } });
    const [s0, s1] = [await open(0), await open(1)];
    try {
      expect(s0.recovery.recovered.map((g) => g.gameId)).toEqual([ids[0], ids[2]]);
      expect(s1.recovery.recovered.map((g) => g.gameId)).toEqual([ids[1], ids[3]]);
      expect(s0.activeGameIds()).toEqual([ids[0], ids[2]]);
      expect(s1.activeGameIds()).toEqual([ids[1], ids[3]]);
      // Reads across games (a game's info, a channel's game) are not sliced.
      expect(s0.game(ids[1])?.guildId).toBe(guild(1));
      expect(s0.activeGameIn(guild(3), 'c3')).toBe(ids[3]);
      // Deadlines: each shard fires only its own.
      clock.advance(120_000);
      await s0.fireDueTimeouts();
      expect(ids.map((id) => s0.game(id)!.version)).toEqual([1, 0, 1, 0]);
      await s1.fireDueTimeouts();
      expect(ids.map((id) => s1.game(id)!.version)).toEqual([1, 1, 1, 1]);
    } finally {
      s0.close();
      s1.close();
    }
    // Three shards after a restart: the games are handed over by the new count.
    const thirds = await Promise.all([0, 1, 2].map((id) => GameStore.open({ path: file, clock, checkpointWorker: false, shard: { id, count: 3 } })));
    try {
      const owned = thirds.map((s) => s.activeGameIds());
      expect(owned.flat().sort()).toEqual([...ids].sort());
      owned.forEach((list, k) => list.forEach((id) => expect(shardOf(guild(ids.indexOf(id)), 3)).toBe(k)));
    } finally {
      for (const s of thirds) s.close();
    }
  });
});
