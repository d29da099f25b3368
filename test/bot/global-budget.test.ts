// Processes on leases (SHARD_COUNT, maybe on several machines) share the bot token's global 50
// requests a second (src/run/leases.ts, shareOf): each renewal notes the process's live games in its
// lease rows and sets its REST client's global limit to its share. Two clients that each keep the
// whole 50 draw global 429s from Discord in a burst; with their shares, none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REST, Routes } from 'discord.js';
import { GLOBAL_PER_SECOND, ShardLeases, shareOf } from '../../src/run/leases.js';
import type { LeaseRow } from '../../src/store/leases.js';
import { quiet, twoSqliteBackends } from '../store/pg/helpers.js';
import { startStandIn, type StandIn } from '../support/discord/index.js';

let discord: StandIn | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await discord?.close();
  discord = undefined;
});

const row = (holder: string, liveGames: number, live = true): LeaseRow => ({ shardId: 0, holder, host: 'h', pid: 1, expiresAt: 0, takenAt: 0, liveGames, live });

/** Each client asks `n` requests at once; the global 429s Discord answered. */
async function burst(clients: REST[], n: number): Promise<number> {
  await Promise.all(clients.flatMap((rest) => Array.from({ length: n }, () => rest.get(Routes.user('@me')))));
  return discord!.world.requests.filter((r) => r.status === 429).length;
}

describe("the bot token's global budget across processes on leases", () => {
  it('is shared by live games plus one, at least one each, never more than the whole in all', () => {
    expect(shareOf([row('A', 120)], 'A')).toBe(GLOBAL_PER_SECOND);
    const rows = [row('A', 10), row('A', 10), row('B', 30), row('C', 0), row('D', 500, false)];
    const shares = ['A', 'B', 'C'].map((h) => shareOf(rows, h));
    // 11 : 31 : 1 of 50 (D's lease has expired: it has no share).
    expect(shares).toEqual([12, 36, 1]);
    expect(shares.reduce((a, b) => a + b)).toBeLessThanOrEqual(GLOBAL_PER_SECOND);
    expect(shareOf([row('A', 0), ...Array.from({ length: 80 }, (_, k) => row(`x${k}`, 40))], 'A')).toBe(1);
  });

  it('two processes renewing their leases set their clients to their shares, and a burst of both draws no global 429', async () => {
    discord = await startStandIn();
    const token = discord.env().DISCORD_TOKEN!;
    const { a, b, close } = twoSqliteBackends();
    const clients = [0, 1].map(() => new REST({ api: discord!.apiBase }).setToken(token));
    // As each would alone: the whole budget each, and Discord refuses some of the 80.
    expect(await burst(clients, 40)).toBeGreaterThan(0);
    await discord.close();
    discord = await startStandIn();
    const fresh = [0, 1].map(() => new REST({ api: discord!.apiBase }).setToken(discord!.env().DISCORD_TOKEN!));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const ttlMs = 6_000;
    const processes = [a, b].map((backend, k) => {
      const leases = new ShardLeases(backend, { count: 2, ids: [k], ttlMs, log: quiet });
      leases.budget(
        () => (k === 0 ? 10 : 30),
        (perSecond) => void (fresh[k].options.globalRequestsPerSecond = perSecond),
      );
      return leases;
    });
    for (const p of processes) expect(await p.acquire()).toHaveLength(1);
    for (const p of processes) p.keep(() => undefined);
    // Two renewals each: the second reads the other's live games.
    await vi.advanceTimersByTimeAsync(2 * Math.floor(ttlMs / 3) + 10);
    vi.useRealTimers();
    for (const p of processes) p.stop();
    expect(fresh.map((r) => r.options.globalRequestsPerSecond)).toEqual([13, 36]);

    expect(await burst(fresh, 40)).toBe(0);
    expect(discord.world.requests.filter((r) => /^\/users\/(@|%40)me$/.test(r.path))).toHaveLength(80);
    await close();
  }, 60_000);
});
