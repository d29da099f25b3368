// stats.ts for PostgreSQL: the same functions, arguments and results, each a Promise. recordFinish runs
// in the transaction of the game's last action.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { GameState } from '../../engine/index.js';
import { finishedSeat, STAT_COUNTERS, type UserStats } from '../stats.js';
import type { PgExec } from './connection.js';
import { seats, userStats } from './schema.js';

export async function pgRecordFinish(db: PgExec, gameId: number, state: GameState, now: number): Promise<void> {
  const rows = await db.select({ seat: seats.seat, userId: seats.userId }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat);
  const counts: (typeof userStats.$inferInsert)[] = [];
  for (const { seat, userId } of rows) {
    const finished = finishedSeat(state, seat);
    if (!finished) continue;
    await db
      .update(seats)
      .set(finished.reveal)
      .where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    if (userId !== null) counts.push({ userId, games: 1, ...finished.counts, updatedAt: now });
  }
  // One statement for every player; a user id appears once per game (one seat each), so ON CONFLICT
  // never meets the same row twice.
  if (!counts.length) return;
  const add = (name: string) => sql`${sql.identifier('user_stats')}.${sql.identifier(name)} + excluded.${sql.identifier(name)}`;
  const added = Object.fromEntries(STAT_COUNTERS.map((k) => [k, add(userStats[k].name)])) as Record<(typeof STAT_COUNTERS)[number], SQL>;
  await db
    .insert(userStats)
    .values(counts)
    .onConflictDoUpdate({ target: userStats.userId, set: { games: add('games'), ...added, updatedAt: sql`excluded.updated_at` } });
}

export async function pgReadUserStats(db: PgExec, userId: string): Promise<UserStats | null> {
  const [row] = await db.select().from(userStats).where(eq(userStats.userId, userId));
  return row ?? null;
}

export function pgStatsRepo(db: PgExec) {
  return {
    recordFinish: (gameId: number, state: GameState, now: number) => pgRecordFinish(db, gameId, state, now),
    read: (userId: string) => pgReadUserStats(db, userId),
  };
}
