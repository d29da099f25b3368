// Per-server views over finished games: the leaderboard and the recent games list.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, seats, type GameStatus } from './schema.js';

export interface LeaderboardRow {
  userId: string;
  games: number;
  wins: number;
}

export interface RecentGame {
  id: number;
  channelId: string;
  status: GameStatus;
  players: number;
  /** Every seat's name, in seat order. */
  names: string[];
  /** Names of the winning seats; empty for a draw or an aborted game. */
  winners: string[];
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

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
  const ended = sql`coalesce(${games.finishedAt}, ${games.updatedAt})`;
  const rows = db
    .select({
      id: games.id,
      channelId: games.channelId,
      status: games.status,
      createdAt: games.createdAt,
      updatedAt: games.updatedAt,
      finishedAt: games.finishedAt,
    })
    .from(games)
    .where(and(eq(games.guildId, guildId), inArray(games.status, ['finished', 'aborted'])))
    .orderBy(desc(ended), desc(games.id))
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

/** Each ended game with its players' names and winners, from its seat rows (either store's). */
export function withPlayers(
  rows: readonly Omit<RecentGame, 'players' | 'names' | 'winners'>[],
  seatRows: readonly { gameId: number; name: string; result: string | null }[],
): RecentGame[] {
  return rows.map((r) => {
    const mine = seatRows.filter((s) => s.gameId === r.id);
    return { ...r, players: mine.length, names: mine.map((s) => s.name), winners: mine.filter((s) => s.result === 'win').map((s) => s.name) };
  });
}

/** The channel's most recently ended game (finished or aborted), or null. */
export function lastEndedIn(db: Db, guildId: string, channelId: string): number | null {
  const ended = sql`coalesce(${games.finishedAt}, ${games.updatedAt})`;
  const row = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId), inArray(games.status, ['finished', 'aborted'])))
    .orderBy(desc(ended), desc(games.id))
    .limit(1)
    .get();
  return row?.id ?? null;
}

/** Per-server views over ended games. */
export interface HistoryRepo {
  leaderboard(guildId: string, limit: number): Promise<LeaderboardRow[]>;
  recentGames(guildId: string, limit: number): Promise<RecentGame[]>;
  /** The channel's most recently ended game (finished or aborted), or null. */
  lastEndedIn(guildId: string, channelId: string): Promise<number | null>;
}

/** SQLite's statements behind HistoryRepo, synchronous. */
export const historyStatements = (db: Db) => ({
  leaderboard: (guildId: string, limit: number) => leaderboard(db, guildId, limit),
  recentGames: (guildId: string, limit: number) => recentGames(db, guildId, limit),
  lastEndedIn: (guildId: string, channelId: string) => lastEndedIn(db, guildId, channelId),
});
