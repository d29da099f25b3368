// What a finished game leaves besides its log: the seats' revealed identities and results, and the
// players' running statistics. Written in the same transaction as the action that ended the game,
// so statistics can never count a game twice or miss one. The repository both backends implement
// (SQLite's statements in sqlite/stats.ts, PostgreSQL's in pg/stats.ts) and what a finished seat writes.
import type { GameState } from '../engine/index.js';
import type { SeatResult, userStats } from './schema.js';

export function seatResult(state: GameState, seat: number): SeatResult {
  const r = state.result!;
  if (r.draw) return 'draw';
  return r.winners.includes(seat) ? 'win' : 'lose';
}

/** The statistics a finished game adds to (besides the count of games): columns of user_stats. */
export const STAT_COUNTERS = ['wins', 'draws', 'winsLurker', 'winsMilitary', 'winsSoy', 'deaths', 'declarations'] as const;
export type StatCounts = Record<(typeof STAT_COUNTERS)[number], number>;

/** What one finished seat adds to its player's statistics (either store's). */
export function seatCounts(state: GameState, seat: number, result: SeatResult, died: boolean): StatCounts {
  const p = state.players[seat];
  const win = result === 'win' ? 1 : 0;
  return {
    wins: win,
    draws: result === 'draw' ? 1 : 0,
    winsLurker: p.identity === '潜伏战线' ? win : 0,
    winsMilitary: p.identity === '军情处' ? win : 0,
    winsSoy: p.identity === '打酱油的' ? win : 0,
    deaths: died ? 1 : 0,
    declarations: state.result!.declarer === seat ? 1 : 0,
  };
}

/**
 * What a finished game reveals of a seat, and what the seat adds to its player's statistics (a user's
 * seat only); null for a seat the game has no player for.
 */
export function finishedSeat(state: GameState, seat: number) {
  const p = state.players[seat];
  if (!p) return null;
  const result = seatResult(state, seat);
  // `out` players lost without dying (no intel to send): not a death.
  const died = !p.alive && !p.out;
  return { reveal: { identity: p.identity, character: state.chars?.seats[seat]?.name ?? null, result, died }, counts: seatCounts(state, seat, result, died) };
}

export type UserStats = typeof userStats.$inferSelect;

/** What a finished game adds to the players' statistics (in the transaction of its last action), and reading them. */
export interface StatsRepo {
  recordFinish(gameId: number, state: GameState, now: number): Promise<void>;
  read(userId: string): Promise<UserStats | null>;
}
