// What a finished game leaves besides its log: the seats' revealed identities and results, and the
// players' running statistics. Written in the same transaction as the action that ended the game,
// so statistics can never count a game twice or miss one.
import { eq } from 'drizzle-orm';
import type { GameState } from '../engine/index.js';
import type { Db } from './connection.js';
import { userStats, type SeatResult } from './schema.js';

export function seatResult(state: GameState, seat: number): SeatResult {
  const r = state.result!;
  if (r.draw) return 'draw';
  return r.winners.includes(seat) ? 'win' : 'lose';
}

type FinishStatements = ReturnType<typeof prepareFinish>;

// Prepared once per connection: built through drizzle on each call, the ten or so statements of a
// finish took 2-30 ms of query building, all inside the commit of the game's last action.
function prepareFinish(db: Db) {
  const sqlite = db.$client;
  return {
    seats: sqlite.prepare<[number], { seat: number; userId: string | null }>('SELECT seat, user_id AS userId FROM seats WHERE game_id = ?'),
    reveal: sqlite.prepare<[string, string | null, SeatResult, number, number, number]>(
      'UPDATE seats SET identity = ?, character = ?, result = ?, died = ? WHERE game_id = ? AND seat = ?',
    ),
    count: sqlite.prepare<Record<string, string | number>>(
      `INSERT INTO user_stats (user_id, games, wins, draws, wins_lurker, wins_military, wins_soy, deaths, declarations, updated_at)
       VALUES (@userId, 1, @wins, @draws, @winsLurker, @winsMilitary, @winsSoy, @deaths, @declarations, @now)
       ON CONFLICT (user_id) DO UPDATE SET
         games = games + 1, wins = wins + @wins, draws = draws + @draws, wins_lurker = wins_lurker + @winsLurker,
         wins_military = wins_military + @winsMilitary, wins_soy = wins_soy + @winsSoy, deaths = deaths + @deaths,
         declarations = declarations + @declarations, updated_at = @now`,
    ),
  };
}
const prepared = new WeakMap<object, FinishStatements>();

/** What one finished seat adds to its player's statistics (either store's). */
export function seatCounts(state: GameState, seat: number, result: SeatResult, died: boolean) {
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

export function recordFinish(db: Db, gameId: number, state: GameState, now: number): void {
  let st = prepared.get(db.$client);
  if (!st) prepared.set(db.$client, (st = prepareFinish(db)));
  for (const { seat, userId } of st.seats.all(gameId)) {
    const p = state.players[seat];
    if (!p) continue;
    const result = seatResult(state, seat);
    // `out` players lost without dying (no intel to send): not a death.
    const died = !p.alive && !p.out;
    st.reveal.run(p.identity, state.chars?.seats[seat]?.name ?? null, result, died ? 1 : 0, gameId, seat);
    if (userId === null) continue;
    st.count.run({ userId, ...seatCounts(state, seat, result, died), now });
  }
}

export type UserStats = typeof userStats.$inferSelect;

export function readUserStats(db: Db, userId: string): UserStats | null {
  return db.select().from(userStats).where(eq(userStats.userId, userId)).get() ?? null;
}

/** What a finished game adds to the players' statistics (in the transaction of its last action), and reading them. */
export interface StatsRepo {
  recordFinish(gameId: number, state: GameState, now: number): Promise<void>;
  read(userId: string): Promise<UserStats | null>;
}

/** SQLite's statements behind StatsRepo, synchronous. */
export const statsStatements = (db: Db) => ({
  recordFinish: (gameId: number, state: GameState, now: number) => recordFinish(db, gameId, state, now),
  read: (userId: string) => readUserStats(db, userId),
});
