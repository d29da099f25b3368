// What a finished game leaves besides its log: the seats' revealed identities and results, and the
// players' running statistics. Written in the same transaction as the action that ended the game,
// so statistics can never count a game twice or miss one.
import { eq, sql } from 'drizzle-orm';
import type { GameState, Identity } from '../engine/index.js';
import type { Db } from './connection.js';
import { seats, userStats, type SeatResult } from './schema.js';

const WIN_COLUMN: Record<Identity, 'winsLurker' | 'winsMilitary' | 'winsSoy'> = {
  潜伏战线: 'winsLurker',
  军情处: 'winsMilitary',
  打酱油的: 'winsSoy',
};

export function seatResult(state: GameState, seat: number): SeatResult {
  const r = state.result!;
  if (r.draw) return 'draw';
  return r.winners.includes(seat) ? 'win' : 'lose';
}

export function recordFinish(db: Db, gameId: number, state: GameState, now: number): void {
  const rows = db.select({ seat: seats.seat, userId: seats.userId }).from(seats).where(eq(seats.gameId, gameId)).all();
  for (const { seat, userId } of rows) {
    const p = state.players[seat];
    if (!p) continue;
    const result = seatResult(state, seat);
    // `out` players lost without dying (no intel to send): not a death.
    const died = !p.alive && !p.out;
    db.update(seats)
      .set({ identity: p.identity, result, died })
      .where(sql`${seats.gameId} = ${gameId} AND ${seats.seat} = ${seat}`)
      .run();
    if (userId === null) continue;
    const win = result === 'win' ? 1 : 0;
    const inc = {
      games: 1,
      wins: win,
      draws: result === 'draw' ? 1 : 0,
      winsLurker: 0,
      winsMilitary: 0,
      winsSoy: 0,
      deaths: died ? 1 : 0,
      declarations: state.result!.declarer === seat ? 1 : 0,
    };
    inc[WIN_COLUMN[p.identity]] = win;
    db.insert(userStats)
      .values({ userId, ...inc, updatedAt: now })
      .onConflictDoUpdate({
        target: userStats.userId,
        set: {
          games: sql`${userStats.games} + ${inc.games}`,
          wins: sql`${userStats.wins} + ${inc.wins}`,
          draws: sql`${userStats.draws} + ${inc.draws}`,
          winsLurker: sql`${userStats.winsLurker} + ${inc.winsLurker}`,
          winsMilitary: sql`${userStats.winsMilitary} + ${inc.winsMilitary}`,
          winsSoy: sql`${userStats.winsSoy} + ${inc.winsSoy}`,
          deaths: sql`${userStats.deaths} + ${inc.deaths}`,
          declarations: sql`${userStats.declarations} + ${inc.declarations}`,
          updatedAt: now,
        },
      })
      .run();
  }
}

export type UserStats = typeof userStats.$inferSelect;

export function readUserStats(db: Db, userId: string): UserStats | null {
  return db.select().from(userStats).where(eq(userStats.userId, userId)).get() ?? null;
}
