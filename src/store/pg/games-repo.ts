// games-repo.ts for PostgreSQL: the same methods, arguments and results, each a Promise. `db` is the
// pool (each call its own transaction) or the transaction it runs in.
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, min } from 'drizzle-orm';
import { pick } from '../columns.js';
import {
  brokenValues,
  HEAD_COLUMNS,
  INFO_COLUMNS,
  LOG_COLUMNS,
  newGameValues,
  newSeatValues,
  SEAT_COLUMNS,
  snapshotConflict,
  snapshotValues,
  statusValues,
  toHead,
  toInfo,
  type GameHead,
  type GameInfo,
  type NewGameRow,
  type SeatInfo,
  type SnapshotUpdate,
} from '../games-repo.js';
import type { StoredAction } from '../replay.js';
import type { GameStatus } from '../schema.js';
import type { Shard } from '../shard.js';
import type { PgExec } from './connection.js';
import { actions, games, seats } from './schema.js';
import { ownedByPg } from './shard.js';

export function pgGamesRepo(db: PgExec, shard?: Shard) {
  const mine = ownedByPg(shard, games.guildId);
  return {
    /**
     * Status and version, and the game's row locked until the transaction ends: the commit's first
     * read, so two processes committing to one game take turns (outside a transaction the lock
     * ends with the statement).
     */
    async statusOf(id: number): Promise<[GameStatus, number, number | null] | undefined> {
      const [row] = await db.select({ status: games.status, version: games.version, heldSince: games.heldSince }).from(games).where(eq(games.id, id)).for('no key update');
      return row && [row.status, row.version, row.heldSince];
    },

    async head(id: number): Promise<GameHead | undefined> {
      const [row] = await db.select(pick(games, HEAD_COLUMNS)).from(games).where(eq(games.id, id));
      return row && toHead(row);
    },

    async snapshot(id: number): Promise<Buffer | undefined> {
      const [row] = await db.select({ snapshot: games.snapshot }).from(games).where(eq(games.id, id));
      return row?.snapshot;
    },

    async insertGame(row: NewGameRow): Promise<number> {
      const [inserted] = await db.insert(games).values(newGameValues(row)).returning({ id: games.id });
      if (row.seats.length) await db.insert(seats).values(newSeatValues(inserted.id, row));
      return inserted.id;
    },

    async appendAction(gameId: number, row: StoredAction): Promise<void> {
      await db.insert(actions).values({ gameId, version: row.version, seat: row.seat, action: row.action, at: row.at });
    },

    /** Guarded by the old version, so a second writer that slipped past the lock could not overwrite. */
    async updateSnapshot(u: SnapshotUpdate): Promise<void> {
      const r = await db.update(games).set(snapshotValues(u)).where(and(eq(games.id, u.id), eq(games.version, u.fromVersion)));
      if (r.rowCount !== 1) throw snapshotConflict(u);
    },

    async markBroken(id: number, reason: string, now: number): Promise<void> {
      await db.update(games).set(brokenValues(reason, now)).where(eq(games.id, id));
    },

    async setStatus(id: number, status: GameStatus, now: number, reason: string | null = null): Promise<void> {
      await db.update(games).set(statusValues(status, now, reason)).where(eq(games.id, id));
    },

    async setTableMessage(id: number, messageId: string | null, now: number): Promise<void> {
      await db.update(games).set({ tableMessageId: messageId, updatedAt: now }).where(eq(games.id, id));
    },

    async setTableFinal(id: number, now: number): Promise<void> {
      await db.update(games).set({ tableFinalAt: now }).where(eq(games.id, id));
    },

    async hold(id: number, now: number): Promise<boolean> {
      const r = await db.update(games).set({ heldSince: now, deadline: null }).where(and(eq(games.id, id), eq(games.status, 'active'), isNull(games.heldSince)));
      return r.rowCount === 1;
    },

    async held(): Promise<{ id: number; since: number }[]> {
      const rows = await db.select({ id: games.id, since: games.heldSince }).from(games).where(and(eq(games.status, 'active'), isNotNull(games.heldSince), mine));
      return rows.map((r) => ({ id: r.id, since: r.since! }));
    },

    async info(id: number): Promise<GameInfo | undefined> {
      const [row] = await db.select(pick(games, INFO_COLUMNS)).from(games).where(eq(games.id, id));
      return row && toInfo(row);
    },

    seats(id: number): Promise<SeatInfo[]> {
      return db.select(pick(seats, SEAT_COLUMNS)).from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat));
    },

    log(id: number, after = 0): Promise<StoredAction[]> {
      return db
        .select(pick(actions, LOG_COLUMNS))
        .from(actions)
        .where(and(eq(actions.gameId, id), gt(actions.version, after)))
        .orderBy(asc(actions.version));
    },

    /** Games a channel is playing now: the bot allows one per channel. */
    async activeIn(guildId: string, channelId: string): Promise<number[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId), eq(games.status, 'active')));
      return rows.map((r) => r.id);
    },

    /** The channel's newest game, whatever its status, or null. */
    async newestIn(guildId: string, channelId: string): Promise<number | null> {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId)))
        .orderBy(desc(games.id))
        .limit(1);
      return row?.id ?? null;
    },

    async activeIds(): Promise<number[]> {
      const rows = await db.select({ id: games.id }).from(games).where(and(eq(games.status, 'active'), mine)).orderBy(asc(games.id));
      return rows.map((r) => r.id);
    },

    async nextDeadline(): Promise<number | null> {
      const [row] = await db
        .select({ at: min(games.deadline) })
        .from(games)
        .where(and(eq(games.status, 'active'), isNotNull(games.deadline), mine));
      return row?.at ?? null;
    },

    async due(now: number): Promise<number[]> {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.status, 'active'), lte(games.deadline, now), mine))
        .orderBy(asc(games.deadline));
      return rows.map((r) => r.id);
    },
  };
}

export type PgGamesRepo = ReturnType<typeof pgGamesRepo>;
