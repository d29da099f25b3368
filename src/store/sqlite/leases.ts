// SQLite's statements behind LeasesRepo (../leases.ts). The clock is this machine's: one file, one machine.
import type Database from 'better-sqlite3';
import type { LeaseHolder, LeaseRow } from '../leases.js';

export function leasesStatements(sqlite: Database.Database, now: () => number = Date.now) {
  const rows = sqlite.prepare<[number, number], Omit<LeaseRow, 'live'> & { live: number }>(
    'SELECT shard_id AS shardId, holder, host, pid, expires_at AS expiresAt, taken_at AS takenAt, live_games AS liveGames, expires_at >= ? AS live FROM shard_leases WHERE shard_count = ? ORDER BY shard_id',
  );
  const list = (count: number): LeaseRow[] => rows.all(now(), count).map((r) => ({ ...r, live: r.live === 1 }));
  const upsert = sqlite.prepare(
    `INSERT INTO shard_leases (shard_count, shard_id, holder, host, pid, expires_at, taken_at) VALUES (@count, @id, @holder, @host, @pid, @expires, @now)
     ON CONFLICT (shard_count, shard_id) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid,
       expires_at = excluded.expires_at, taken_at = excluded.taken_at
     WHERE shard_leases.expires_at < @now OR shard_leases.holder = excluded.holder`,
  );
  const renew = sqlite.prepare<[number, number, number, string], { id: number }>(
    'UPDATE shard_leases SET expires_at = ?, live_games = ? WHERE shard_count = ? AND holder = ? RETURNING shard_id AS id',
  );
  // A live lease of another shard count: its processes drive guilds by another rule (a count change under way).
  const otherCount = sqlite.prepare<[number, number]>('SELECT 1 FROM shard_leases WHERE shard_count <> ? AND expires_at >= ? LIMIT 1').pluck();
  const release = sqlite.prepare<[number, string]>('UPDATE shard_leases SET expires_at = 0 WHERE shard_count = ? AND holder = ?');
  const fence = sqlite
    .prepare<[number, string, number, number]>(
      `SELECT 1 FROM shard_leases WHERE shard_count = ? AND holder = ?
          AND shard_id = (SELECT (CAST(guild_id AS INTEGER) >> 22) % ? FROM games WHERE id = ?)`,
    )
    .pluck();
  const fenceGuild = sqlite.prepare<[number, string, string, number]>('SELECT 1 FROM shard_leases WHERE shard_count = ? AND holder = ? AND shard_id = (CAST(? AS INTEGER) >> 22) % ?').pluck();
  const claim = sqlite.prepare<[number, number, number]>(
    `INSERT INTO identify_slots (bucket, next_at) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE SET next_at = excluded.next_at WHERE identify_slots.next_at <= ?`,
  );
  const nextAt = sqlite.prepare<[number]>('SELECT next_at FROM identify_slots WHERE bucket = ?').pluck();
  return {
    identify(bucket: number, spacingMs: number): number {
      const at = now();
      if (claim.run(bucket, at + spacingMs, at).changes === 1) return 0;
      return Math.max(1, ((nextAt.get(bucket) as number | undefined) ?? at) - at);
    },
    take(who: LeaseHolder, ids: readonly number[] | null): number[] {
      const at = now();
      if (otherCount.get(who.count, at) !== undefined) return [];
      const held = new Map(list(who.count).map((r) => [r.shardId, r]));
      const free = (id: number) => {
        const r = held.get(id);
        return !r || r.expiresAt < at || r.holder === who.holder;
      };
      const wanted = ids ?? Array.from({ length: who.count }, (_, id) => id).filter(free);
      if (!wanted.length || !wanted.every(free)) return [];
      for (const id of wanted) upsert.run({ count: who.count, id, holder: who.holder, host: who.host, pid: who.pid, expires: at + who.ttlMs, now: at });
      return [...wanted];
    },
    renew: (who: LeaseHolder, liveGames: number): number[] =>
      renew
        .all(now() + who.ttlMs, liveGames, who.count, who.holder)
        .map((r) => r.id)
        .sort((a, b) => a - b),
    release(count: number, holder: string): void {
      release.run(count, holder);
    },
    fence: (count: number, holder: string, gameId: number): boolean => fence.get(count, holder, count, gameId) !== undefined,
    fenceGuild: (count: number, holder: string, guildId: string): boolean => fenceGuild.get(count, holder, guildId, count) !== undefined,
    list,
  };
}
