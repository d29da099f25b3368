// leases.ts for PostgreSQL. Expiry is the server's clock (clock_timestamp, in ms), so machines whose
// clocks differ agree on it. A commit's check locks the lease row FOR KEY SHARE (commits do not wait on
// each other, nor on renewals); a takeover locks it FOR UPDATE first, which waits for the commits in
// flight, and they see the new holder once it commits.
import { sql } from 'drizzle-orm';
import type { LeaseHolder, LeaseRow } from '../leases.js';
import type { PgExec } from './connection.js';

const NOW = sql.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint');

export function pgLeasesRepo(db: PgExec) {
  const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => (await db.execute(q)).rows as T[];
  const list = (count: number) =>
    rows<LeaseRow>(
      sql`SELECT shard_id AS "shardId", holder, host, pid, expires_at AS "expiresAt", taken_at AS "takenAt", live_games AS "liveGames", expires_at >= ${NOW} AS live
          FROM shard_leases WHERE shard_count = ${count} ORDER BY shard_id`,
    );
  return {
    list,
    async identify(bucket: number, spacingMs: number): Promise<number> {
      const claimed = await rows(sql`
        INSERT INTO identify_slots (bucket, next_at) VALUES (${bucket}, ${NOW} + ${spacingMs})
        ON CONFLICT (bucket) DO UPDATE SET next_at = excluded.next_at WHERE identify_slots.next_at <= ${NOW} RETURNING bucket`);
      if (claimed.length) return 0;
      const [row] = await rows<{ wait: number }>(sql`SELECT next_at - ${NOW} AS wait FROM identify_slots WHERE bucket = ${bucket}`);
      return Math.max(1, Number(row?.wait ?? 1));
    },
    async take(who: LeaseHolder, ids: readonly number[] | null): Promise<number[]> {
      // A live lease of another shard count: its processes drive guilds by another rule (a count change under way).
      if ((await rows(sql`SELECT 1 FROM shard_leases WHERE shard_count <> ${who.count} AND expires_at >= ${NOW} LIMIT 1`)).length) return [];
      // First without a lock: a standby looking every second must not queue the live holders' commits
      // (their KEY SHARE locks) behind a FOR UPDATE on rows it cannot take.
      const look = async (lock: boolean, among: readonly number[] | null) => {
        const only = among ? sql` AND shard_id = ANY(${`{${among.join(',')}}`}::int[])` : sql``;
        const found = await rows<{ id: number; free: boolean }>(
          sql`SELECT shard_id AS id, (expires_at < ${NOW} OR holder = ${who.holder}) AS free FROM shard_leases WHERE shard_count = ${who.count}${only}${lock ? sql` FOR UPDATE` : sql``}`,
        );
        const byId = new Map(found.map((r) => [r.id, r.free]));
        const isFree = (id: number) => byId.get(id) !== false;
        return (ids ?? Array.from({ length: who.count }, (_, id) => id)).filter((id) => (among ? among.includes(id) : true) && isFree(id));
      };
      const candidates = await look(false, null);
      if (!candidates.length || (ids && candidates.length !== ids.length)) return [];
      // Then the rows to take, locked (waiting for the commits in flight that checked them) and looked at again.
      const wanted = await look(true, candidates);
      if (!wanted.length || (ids && wanted.length !== ids.length)) return [];
      const got = await rows<{ id: number }>(sql`
        INSERT INTO shard_leases (shard_count, shard_id, holder, host, pid, expires_at, taken_at)
        SELECT ${who.count}, id, ${who.holder}, ${who.host}, ${who.pid}, ${NOW} + ${who.ttlMs}, ${NOW} FROM unnest(${`{${wanted.join(',')}}`}::int[]) AS id
        ON CONFLICT (shard_count, shard_id) DO UPDATE SET holder = excluded.holder, host = excluded.host, pid = excluded.pid,
          expires_at = excluded.expires_at, taken_at = excluded.taken_at
        WHERE shard_leases.expires_at < ${NOW} OR shard_leases.holder = excluded.holder
        RETURNING shard_id AS id`);
      // Another taker inserted a missing row first: all or none, so this transaction takes nothing.
      if (got.length !== wanted.length) throw new Error(`shards ${wanted.join(',')} were taken meanwhile`);
      return [...wanted];
    },
    async renew(who: LeaseHolder, liveGames: number): Promise<number[]> {
      const got = await rows<{ id: number }>(
        sql`UPDATE shard_leases SET expires_at = ${NOW} + ${who.ttlMs}, live_games = ${liveGames} WHERE shard_count = ${who.count} AND holder = ${who.holder} RETURNING shard_id AS id`,
      );
      return got.map((r) => r.id).sort((a, b) => a - b);
    },
    async release(count: number, holder: string): Promise<void> {
      await db.execute(sql`UPDATE shard_leases SET expires_at = 0 WHERE shard_count = ${count} AND holder = ${holder}`);
    },
    async fence(count: number, holder: string, gameId: number): Promise<boolean> {
      const r = await rows(sql`
        SELECT 1 FROM shard_leases l WHERE l.shard_count = ${count} AND l.holder = ${holder}
           AND l.shard_id = (SELECT ((g.guild_id::bigint >> 22) % ${count})::int FROM games g WHERE g.id = ${gameId})
           FOR KEY SHARE OF l`);
      return r.length > 0;
    },
    async fenceGuild(count: number, holder: string, guildId: string): Promise<boolean> {
      const r = await rows(sql`
        SELECT 1 FROM shard_leases l WHERE l.shard_count = ${count} AND l.holder = ${holder}
           AND l.shard_id = ((${guildId}::bigint >> 22) % ${count})::int FOR KEY SHARE OF l`);
      return r.length > 0;
    },
  };
}
