// table-prefs.ts for PostgreSQL: the same methods, arguments and results, each a Promise.
import { and, eq } from 'drizzle-orm';
import { DEFAULT_RESPOND, NO_PING, panelOf, type PingRecord, type RespondPref, type StoredPanel } from '../table-prefs.js';
import type { PgExec } from './connection.js';
import { gamePings, seats, userPrefs } from './schema.js';

export function pgTablePrefs(db: PgExec) {
  return {
    async ping(gameId: number): Promise<PingRecord> {
      const [row] = await db.select({ messageId: gamePings.messageId, key: gamePings.key }).from(gamePings).where(eq(gamePings.gameId, gameId));
      return row ?? { ...NO_PING };
    },
    async setPing(gameId: number, p: PingRecord): Promise<void> {
      await db
        .insert(gamePings)
        .values({ gameId, messageId: p.messageId, key: p.key })
        .onConflictDoUpdate({ target: gamePings.gameId, set: { messageId: p.messageId, key: p.key } });
    },
    async quietTurns(gameId: number): Promise<(string | null)[]> {
      const rows = await db.select({ seat: seats.seat, quiet: seats.quietTurn }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat);
      return rows.map((r) => r.quiet);
    },
    async setQuiet(gameId: number, seat: number, turn: string | null): Promise<void> {
      await db.update(seats).set({ quietTurn: turn }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    },
    async panels(gameId: number): Promise<(StoredPanel | null)[]> {
      const rows = await db.select({ panel: seats.panel }).from(seats).where(eq(seats.gameId, gameId)).orderBy(seats.seat);
      return rows.map((r) => panelOf(r.panel));
    },
    async setPanel(gameId: number, seat: number, panel: StoredPanel | null): Promise<void> {
      await db.update(seats).set({ panel: panel && JSON.stringify(panel) }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    },
    async autopilotSeats(gameId: number): Promise<number[]> {
      const rows = await db.select({ seat: seats.seat }).from(seats).where(and(eq(seats.gameId, gameId), eq(seats.autopilot, true))).orderBy(seats.seat);
      return rows.map((r) => r.seat);
    },
    async setAutopilot(gameId: number, seat: number, on: boolean): Promise<void> {
      await db.update(seats).set({ autopilot: on }).where(and(eq(seats.gameId, gameId), eq(seats.seat, seat)));
    },
    async markToldDmsClosed(gameId: number, userId: string): Promise<boolean> {
      const r = await db
        .update(seats)
        .set({ toldDmsClosed: true })
        .where(and(eq(seats.gameId, gameId), eq(seats.userId, userId), eq(seats.toldDmsClosed, false)));
      return (r.rowCount ?? 0) > 0;
    },
    async respond(userId: string): Promise<RespondPref> {
      const [row] = await db.select({ respond: userPrefs.respond }).from(userPrefs).where(eq(userPrefs.userId, userId));
      return row?.respond ?? DEFAULT_RESPOND;
    },
    async locale(userId: string): Promise<string | null> {
      const [row] = await db.select({ locale: userPrefs.locale }).from(userPrefs).where(eq(userPrefs.userId, userId));
      return row?.locale ?? null;
    },
    async setLocale(userId: string, locale: string, now: number): Promise<void> {
      await db.insert(userPrefs).values({ userId, locale, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { locale, updatedAt: now } });
    },
    async setRespond(userId: string, respond: RespondPref, now: number): Promise<void> {
      await db.insert(userPrefs).values({ userId, respond, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { respond, updatedAt: now } });
    },
    async dmChannel(userId: string): Promise<string | null> {
      const [row] = await db.select({ id: userPrefs.dmChannelId }).from(userPrefs).where(eq(userPrefs.userId, userId));
      return row?.id ?? null;
    },
    async setDmChannel(userId: string, dmChannelId: string, now: number): Promise<void> {
      await db.insert(userPrefs).values({ userId, dmChannelId, updatedAt: now }).onConflictDoUpdate({ target: userPrefs.userId, set: { dmChannelId, updatedAt: now } });
    },
  };
}

export type PgTablePrefs = ReturnType<typeof pgTablePrefs>;
