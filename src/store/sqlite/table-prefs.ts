// SQLite's statements behind TablePrefs (../table-prefs.ts), synchronous (../sqlite.ts makes them a TablePrefs).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection.js';
import { gamePings, seats, userPrefs } from '../schema.js';
import { DEFAULT_RESPOND, NO_PING, panelOf, type PingRecord, type RespondPref, type StoredPanel } from '../table-prefs.js';

export type TablePrefsStatements = ReturnType<typeof tablePrefsStatements>;

export function tablePrefsStatements(db: Db) {
  // Read inside every commit that owes a DM (the language of each player it is worded for).
  const localeOf = db.select({ locale: userPrefs.locale }).from(userPrefs).where(eq(userPrefs.userId, sql.placeholder('userId'))).prepare();
  // Written after most decisions and panel clicks: prepared once (drizzle built and better-sqlite3
  // compiled them anew per call: 240 ms of the bot's 15 s busy in 30 s of 60 games).
  const sqlite = db.$client;
  const writePing = sqlite.prepare<[number, string | null, string | null]>(
    'INSERT INTO game_pings (game_id, message_id, ping_key) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id, ping_key = excluded.ping_key',
  );
  const writePanel = sqlite.prepare<[string | null, number, number]>('UPDATE seats SET panel = ? WHERE game_id = ? AND seat = ?');
  return {
    ping(gameId: number): PingRecord {
      const row = db.select({ messageId: gamePings.messageId, key: gamePings.key }).from(gamePings).where(eq(gamePings.gameId, gameId)).get();
      return row ?? { ...NO_PING };
    },
    setPing(gameId: number, p: PingRecord): void {
      writePing.run(gameId, p.messageId, p.key);
    },
    /** Per seat: the turn ("round:seat") in which the seat asked not to be asked again, or null. */
    quietTurns(gameId: number): (string | null)[] {
      return db.select({ seat: seats.seat, quiet: seats.quietTurn }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat).all().map((r) => r.quiet);
    },
    setQuiet(gameId: number, seat: number, turn: string | null): void {
      db.update(seats).set({ quietTurn: turn }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
    },
    panels(gameId: number): (StoredPanel | null)[] {
      return db.select({ panel: seats.panel }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat).all().map((r) => panelOf(r.panel));
    },
    setPanel(gameId: number, seat: number, panel: StoredPanel | null): void {
      writePanel.run(panel && JSON.stringify(panel), gameId, seat);
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
      return db.select({ respond: userPrefs.respond }).from(userPrefs).where(eq(userPrefs.userId, userId)).get()?.respond ?? DEFAULT_RESPOND;
    },
    locale(userId: string): string | null {
      return localeOf.get({ userId })?.locale ?? null;
    },
    setLocale(userId: string, locale: string, now: number): void {
      db.insert(userPrefs).values({ userId, locale, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { locale, updatedAt: now } }).run();
    },
    setRespond(userId: string, respond: RespondPref, now: number): void {
      db.insert(userPrefs).values({ userId, respond, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { respond, updatedAt: now } }).run();
    },
    dmChannel(userId: string): string | null {
      return db.select({ id: userPrefs.dmChannelId }).from(userPrefs).where(eq(userPrefs.userId, userId)).get()?.id ?? null;
    },
    setDmChannel(userId: string, dmChannelId: string, now: number): void {
      db.insert(userPrefs).values({ userId, dmChannelId, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { dmChannelId, updatedAt: now } }).run();
    },
  };
}
