// history.ts for PostgreSQL: the same functions, arguments and results, each a Promise.
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { pick } from '../columns.js';
import { ENDED, endedAt, RECENT_COLUMNS, recordColumns, withPlayers, type LeaderboardRow, type RecentGame, type ServerRecord } from '../history.js';
import type { PgExec } from './connection.js';
import { games, seats } from './schema.js';

export function pgLeaderboard(db: PgExec, guildId: string, limit: number): Promise<LeaderboardRow[]> {
  const wins = sql<number>`count(*) filter (where ${seats.result} = 'win')`.mapWith(Number);
  return db
    .select({ userId: sql<string>`${seats.userId}`, games: sql<number>`count(*)`.mapWith(Number), wins })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), isNotNull(seats.userId)))
    .groupBy(seats.userId)
    // COLLATE "C": user ids order bytewise, as SQLite's BINARY does, whatever the database's locale.
    .orderBy(desc(wins), sql`count(*)`, sql`${seats.userId} COLLATE "C"`)
    .limit(limit);
}

export async function pgRecentGames(db: PgExec, guildId: string, limit: number): Promise<RecentGame[]> {
  const rows = await db
    .select(pick(games, RECENT_COLUMNS))
    .from(games)
    .where(and(eq(games.guildId, guildId), inArray(games.status, ENDED)))
    .orderBy(desc(endedAt(games)), desc(games.id))
    .limit(limit);
  if (!rows.length) return [];
  const seatRows = await db
    .select({ gameId: seats.gameId, name: seats.name, result: seats.result })
    .from(seats)
    .where(inArray(seats.gameId, rows.map((r) => r.id)))
    .orderBy(seats.gameId, seats.seat);
  return withPlayers(rows, seatRows);
}

export async function pgLastEndedIn(db: PgExec, guildId: string, channelId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId), inArray(games.status, ENDED)))
    .orderBy(desc(endedAt(games)), desc(games.id))
    .limit(1);
  return row?.id ?? null;
}

export async function pgRecord(db: PgExec, guildId: string, userId: string): Promise<ServerRecord> {
  const count = (when: SQL) => sql<number>`count(*) filter (where ${when})`.mapWith(Number);
  const [row] = await db
    .select(recordColumns(seats, count, sql`${seats.died}`))
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(games.guildId, guildId), eq(games.status, 'finished'), eq(seats.userId, userId)));
  return row;
}

export function pgHistoryRepo(db: PgExec) {
  return {
    leaderboard: (guildId: string, limit: number) => pgLeaderboard(db, guildId, limit),
    recentGames: (guildId: string, limit: number) => pgRecentGames(db, guildId, limit),
    lastEndedIn: (guildId: string, channelId: string) => pgLastEndedIn(db, guildId, channelId),
    record: (guildId: string, userId: string) => pgRecord(db, guildId, userId),
  };
}
