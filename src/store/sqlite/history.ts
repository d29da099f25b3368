// SQLite's statements behind HistoryRepo (../history.ts), synchronous.
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { pick } from '../columns.js';
import type { Db } from '../connection.js';
import { ENDED, endedAt, RECENT_COLUMNS, recordColumns, withPlayers, type LeaderboardRow, type RecentGame, type ServerRecord } from '../history.js';
import { games, seats } from '../schema.js';

/** Players of this server by wins (then fewer games), over its finished games. AI seats are not listed. */
export function leaderboard(db: Db, guildId: string, limit: number): LeaderboardRow[] {
  const wins = sql<number>`sum(${seats.result} = 'win')`.mapWith(Number);
  return db
    .select({ userId: sql<string>`${seats.userId}`, games: sql<number>`count(*)`.mapWith(Number), wins })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), isNotNull(seats.userId)))
    .groupBy(seats.userId)
    .orderBy(desc(wins), sql`count(*)`, seats.userId)
    .limit(limit)
    .all();
}

/** The server's most recently ended games (finished or aborted), newest first. */
export function recentGames(db: Db, guildId: string, limit: number): RecentGame[] {
  const rows = db
    .select(pick(games, RECENT_COLUMNS))
    .from(games)
    .where(and(eq(games.guildId, guildId), inArray(games.status, ENDED)))
    .orderBy(desc(endedAt(games)), desc(games.id))
    .limit(limit)
    .all();
  if (!rows.length) return [];
  const seatRows = db
    .select({ gameId: seats.gameId, name: seats.name, result: seats.result })
    .from(seats)
    .where(inArray(seats.gameId, rows.map((r) => r.id)))
    .orderBy(seats.gameId, seats.seat)
    .all();
  return withPlayers(rows, seatRows);
}

/** The channel's most recently ended game (finished or aborted), or null. */
export function lastEndedIn(db: Db, guildId: string, channelId: string): number | null {
  const row = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId), inArray(games.status, ENDED)))
    .orderBy(desc(endedAt(games)), desc(games.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

/** A player's record over the server's finished games. */
export function record(db: Db, guildId: string, userId: string): ServerRecord {
  const count = (when: SQL) => sql<number>`coalesce(sum(case when ${when} then 1 else 0 end), 0)`.mapWith(Number);
  return db
    .select(recordColumns(seats, count, sql`${seats.died} = 1`))
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(seats.userId, userId)))
    .get()!;
}

/** SQLite's statements behind HistoryRepo, synchronous. */
export const historyStatements = (db: Db) => ({
  leaderboard: (guildId: string, limit: number) => leaderboard(db, guildId, limit),
  recentGames: (guildId: string, limit: number) => recentGames(db, guildId, limit),
  lastEndedIn: (guildId: string, channelId: string) => lastEndedIn(db, guildId, channelId),
  record: (guildId: string, userId: string) => record(db, guildId, userId),
});
