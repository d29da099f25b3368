// SQLite's statements behind TablePrefs (../table-prefs.ts), synchronous (../sqlite.ts makes them a TablePrefs).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../connection.js';
import { gamePings, seats, userPrefs } from '../schema.js';
import { DEFAULT_RESPOND, NO_PING, panelOf, type PingRecord, type RespondPref, type StoredPanel } from '../table-prefs.js';

export type TablePrefsStatements = ReturnType<typeof tablePrefsStatements>;

export function tablePrefsStatements(db: Db) {
  // Written after most decisions and panel clicks: prepared once (drizzle built and better-sqlite3
  // compiled them anew per call: 240 ms of the bot's 15 s busy in 30 s of 60 games).
  const sqlite = db.$client;
  const writePing = sqlite.prepare<[number, string | null, string | null]>(
    'INSERT INTO game_pings (game_id, message_id, ping_key) VALUES (?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET message_id = excluded.message_id, ping_key = excluded.ping_key',
  );
  const writePanel = sqlite.prepare<[string | null, number, number]>('UPDATE seats SET panel = ? WHERE game_id = ? AND seat = ?');
  // Read as a game is prepared and at each player's first click: prepared once too (drizzle built and
  // SQLite compiled them anew per call: with games opening as others end, 2.5% of the event loop at 150
  // live games, 2026-12-07).
  const p = sql.placeholder;
  const pingOf = db.select({ messageId: gamePings.messageId, key: gamePings.key }).from(gamePings).where(eq(gamePings.gameId, p('gameId'))).prepare();
  const seatsOf = db
    .select({ seat: seats.seat, quiet: seats.quietTurn, panel: seats.panel, autopilot: seats.autopilot })
    .from(seats)
    .where(eq(seats.gameId, p('gameId')))
    .orderBy(seats.seat)
    .prepare();
  // A user's row: read inside every commit that owes a DM too (the language of each player it is worded for).
  const prefOf = db
    .select({ respond: userPrefs.respond, locale: userPrefs.locale, dmChannelId: userPrefs.dmChannelId })
    .from(userPrefs)
    .where(eq(userPrefs.userId, p('userId')))
    .prepare();
  const upsert = (column: 'locale' | 'respond' | 'dm_channel_id') =>
    sqlite.prepare<[string, string, number]>(
      `INSERT INTO user_prefs (user_id, ${column}, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET ${column} = excluded.${column}, updated_at = excluded.updated_at`,
    );
  const writeLocale = upsert('locale');
  const writeRespond = upsert('respond');
  const writeDmChannel = upsert('dm_channel_id');
  return {
    ping: (gameId: number): PingRecord => pingOf.get({ gameId }) ?? { ...NO_PING },
    setPing(gameId: number, p: PingRecord): void {
      writePing.run(gameId, p.messageId, p.key);
    },
    /** Per seat: the turn ("round:seat") in which the seat asked not to be asked again, or null. */
    quietTurns(gameId: number): (string | null)[] {
      return seatsOf.all({ gameId }).map((r) => r.quiet);
    },
    setQuiet(gameId: number, seat: number, turn: string | null): void {
      db.update(seats).set({ quietTurn: turn }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat))).run();
    },
    panels(gameId: number): (StoredPanel | null)[] {
      return seatsOf.all({ gameId }).map((r) => panelOf(r.panel));
    },
    setPanel(gameId: number, seat: number, panel: StoredPanel | null): void {
      writePanel.run(panel && JSON.stringify(panel), gameId, seat);
    },
    /** Seats the bot plays for their absent owners. */
    autopilotSeats(gameId: number): number[] {
      return seatsOf
        .all({ gameId })
        .filter((r) => r.autopilot)
        .map((r) => r.seat);
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
      return prefOf.get({ userId })?.respond ?? DEFAULT_RESPOND;
    },
    locale(userId: string): string | null {
      return prefOf.get({ userId })?.locale ?? null;
    },
    setLocale(userId: string, locale: string, now: number): void {
      writeLocale.run(userId, locale, now);
    },
    setRespond(userId: string, respond: RespondPref, now: number): void {
      writeRespond.run(userId, respond, now);
    },
    dmChannel(userId: string): string | null {
      return prefOf.get({ userId })?.dmChannelId ?? null;
    },
    setDmChannel(userId: string, dmChannelId: string, now: number): void {
      writeDmChannel.run(userId, dmChannelId, now);
    },
  };
}
