// Per-server views over finished games: the leaderboard and the recent games list. The repository
// both backends implement (SQLite's statements in sqlite/history.ts, PostgreSQL's in pg/history.ts),
// what it reads, and how a game's players come out of its seat rows.
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { games } from './schema.js';

export interface LeaderboardRow {
  userId: string;
  games: number;
  wins: number;
}

/** What the recent games list reads of a game's row. */
export const RECENT_COLUMNS = ['id', 'channelId', 'status', 'createdAt', 'updatedAt', 'finishedAt'] as const;

export type RecentGame = Pick<typeof games.$inferSelect, (typeof RECENT_COLUMNS)[number]> & {
  players: number;
  /** Every seat's name, in seat order. */
  names: string[];
  /** Names of the winning seats; empty for a draw or an aborted game. */
  winners: string[];
};

/** A player's record in one server (its finished games), as /fengsheng stats shows it. */
export interface ServerRecord {
  games: number;
  wins: number;
  winsLurker: number;
  winsMilitary: number;
  winsSoy: number;
  deaths: number;
}

/**
 * The columns of a player's server record over their seat rows (either store's): `count` is the
 * dialect's count of rows where a condition holds, `died` its test of the seat's died column.
 */
export function recordColumns(s: { result: Column; identity: Column }, count: (when: SQL) => SQL<number>, died: SQL) {
  const win = sql`${s.result} = 'win'`;
  return {
    games: sql<number>`count(*)`.mapWith(Number),
    wins: count(win),
    winsLurker: count(sql`${win} and ${s.identity} = '潜伏战线'`),
    winsMilitary: count(sql`${win} and ${s.identity} = '军情处'`),
    winsSoy: count(sql`${win} and ${s.identity} = '打酱油的'`),
    deaths: count(died),
  };
}

/** The games the views list: those that ended, finished or aborted. */
export const ENDED = ['finished', 'aborted'] as const;

/** When a game ended, for ordering: its finish, or for an aborted game its last change. */
export const endedAt = (t: { finishedAt: Column; updatedAt: Column }): SQL => sql`coalesce(${t.finishedAt}, ${t.updatedAt})`;

/** Per-server views over ended games. */
export interface HistoryRepo {
  leaderboard(guildId: string, limit: number): Promise<LeaderboardRow[]>;
  recentGames(guildId: string, limit: number): Promise<RecentGame[]>;
  /** The channel's most recently ended game (finished or aborted), or null. */
  lastEndedIn(guildId: string, channelId: string): Promise<number | null>;
  /** A player's record over this server's finished games (all zero when they played none). */
  record(guildId: string, userId: string): Promise<ServerRecord>;
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
