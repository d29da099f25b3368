// SQLite's statements behind StatsRepo (../stats.ts), synchronous. recordFinish runs in the transaction
// of the game's last action.
import { eq } from 'drizzle-orm';
import type { GameState } from '../../engine/index.js';
import type { Db } from '../connection.js';
import { userStats, type SeatResult } from '../schema.js';
import { finishedSeat, STAT_COUNTERS, type UserStats } from '../stats.js';

type FinishStatements = ReturnType<typeof prepareFinish>;

// Prepared once per connection: built through drizzle on each call, the ten or so statements of a
// finish took 2-30 ms of query building, all inside the commit of the game's last action.
function prepareFinish(db: Db) {
  const sqlite = db.$client;
  const columns = STAT_COUNTERS.map((k) => userStats[k].name);
  return {
    seats: sqlite.prepare<[number], { seat: number; userId: string | null }>('SELECT seat, user_id AS userId FROM seats WHERE game_id = ?'),
    reveal: sqlite.prepare<[string, string | null, SeatResult, number, number, number]>(
      'UPDATE seats SET identity = ?, character = ?, result = ?, died = ? WHERE game_id = ? AND seat = ?',
    ),
    count: sqlite.prepare<Record<string, string | number>>(
      `INSERT INTO user_stats (user_id, games, ${columns.join(', ')}, updated_at)
       VALUES (@userId, 1, ${STAT_COUNTERS.map((k) => `@${k}`).join(', ')}, @now)
       ON CONFLICT (user_id) DO UPDATE SET
         games = games + 1, ${STAT_COUNTERS.map((k, i) => `${columns[i]} = ${columns[i]} + @${k}`).join(', ')}, updated_at = @now`,
    ),
  };
}
const prepared = new WeakMap<object, FinishStatements>();

export function recordFinish(db: Db, gameId: number, state: GameState, now: number): void {
  let st = prepared.get(db.$client);
  if (!st) prepared.set(db.$client, (st = prepareFinish(db)));
  for (const { seat, userId } of st.seats.all(gameId)) {
    const finished = finishedSeat(state, seat);
    if (!finished) continue;
    const { identity, character, result, died } = finished.reveal;
    st.reveal.run(identity, character, result, died ? 1 : 0, gameId, seat);
    if (userId !== null) st.count.run({ userId, ...finished.counts, now });
  }
}

export function readUserStats(db: Db, userId: string): UserStats | null {
  return db.select().from(userStats).where(eq(userStats.userId, userId)).get() ?? null;
}

/** SQLite's statements behind StatsRepo, synchronous. */
export const statsStatements = (db: Db) => ({
  recordFinish: (gameId: number, state: GameState, now: number) => recordFinish(db, gameId, state, now),
  read: (userId: string) => readUserStats(db, userId),
});
