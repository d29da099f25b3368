// What the bot keeps about how a table is played, beside the game itself: the last ping of a game,
// the seats that asked not to be asked again this turn (本回合不再响应), and each player's standing
// choice of which response windows to be asked in. Stored so a restart neither repeats a ping nor
// forgets a toggle.
import { and, eq } from 'drizzle-orm';
import type { Db } from './connection.js';
import { games, seats, userPrefs } from './schema.js';

export type RespondPref = 'all' | 'concerned';

export interface PingRecord {
  messageId: string | null;
  key: string | null;
}

export interface TablePrefs {
  ping(gameId: number): Promise<PingRecord>;
  setPing(gameId: number, p: PingRecord): Promise<void>;
  /** Per seat: the turn ("round:seat") in which the seat asked not to be asked again, or null. */
  quietTurns(gameId: number): Promise<(string | null)[]>;
  setQuiet(gameId: number, seat: number, turn: string | null): Promise<void>;
  /** Seats the bot plays for their absent owners. */
  autopilotSeats(gameId: number): Promise<number[]>;
  setAutopilot(gameId: number, seat: number, on: boolean): Promise<void>;
  /** Marks that the seat of `userId` was told its DMs are closed; false when it had been told already. */
  markToldDmsClosed(gameId: number, userId: string): Promise<boolean>;
  respond(userId: string): Promise<RespondPref>;
  locale(userId: string): Promise<string | null>;
  setLocale(userId: string, locale: string, now: number): Promise<void>;
  setRespond(userId: string, respond: RespondPref, now: number): Promise<void>;
}

export type TablePrefsStatements = ReturnType<typeof tablePrefsStatements>;

/** SQLite's statements behind TablePrefs, synchronous (sqlite.ts makes them a TablePrefs). */
export function tablePrefsStatements(db: Db) {
  return {
    ping(gameId: number): PingRecord {
      const row = db.select({ messageId: games.pingMessageId, key: games.pingKey }).from(games).where(eq(games.id, gameId)).get();
      return row ?? { messageId: null, key: null };
    },
    setPing(gameId: number, p: PingRecord): void {
      db.update(games).set({ pingMessageId: p.messageId, pingKey: p.key }).where(eq(games.id, gameId)).run();
    },
    /** Per seat: the turn ("round:seat") in which the seat asked not to be asked again, or null. */
    quietTurns(gameId: number): (string | null)[] {
      return db.select({ seat: seats.seat, quiet: seats.quietTurn }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat).all().map((r) => r.quiet);
    },
    setQuiet(gameId: number, seat: number, turn: string | null): void {
      db.update(seats).set({ quietTurn: turn }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
    },
    /** Seats the bot plays for their absent owners. */
    autopilotSeats(gameId: number): number[] {
      return db.select({ seat: seats.seat }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.autopilot, true))).all().map((r) => r.seat);
    },
    setAutopilot(gameId: number, seat: number, on: boolean): void {
      db.update(seats).set({ autopilot: on }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
    },
    /**
     * Marks that the seat of `userId` in this game was told its DMs are closed; false when it had been
     * told already (so the channel hears it once a game, whatever restarts come between).
     */
    markToldDmsClosed(gameId: number, userId: string): boolean {
      const r = db
        .update(seats)
        .set({ toldDmsClosed: true })
        .where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), eq(seats.toldDmsClosed, false)))
        .run();
      return r.changes > 0;
    },
    respond(userId: string): RespondPref {
      return db.select({ respond: userPrefs.respond }).from(userPrefs).where(eq(userPrefs.userId, userId)).get()?.respond ?? 'all';
    },
    locale(userId: string): string | null {
      return db.select({ locale: userPrefs.locale }).from(userPrefs).where(eq(userPrefs.userId, userId)).get()?.locale ?? null;
    },
    setLocale(userId: string, locale: string, now: number): void {
      db.insert(userPrefs).values({ userId, locale, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { locale, updatedAt: now } }).run();
    },
    setRespond(userId: string, respond: RespondPref, now: number): void {
      db.insert(userPrefs).values({ userId, respond, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { respond, updatedAt: now } }).run();
    },
  };
}
