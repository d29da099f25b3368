// SQLite's statements behind GamesRepo (../games-repo.ts), synchronous (../sqlite.ts makes them a
// GamesRepo). Statements are prepared once per connection; the commit path runs them inside its transaction.
import { and, asc, eq, gt, isNotNull, isNull, lte, max, min, sql } from 'drizzle-orm';
import { pick } from '../columns.js';
import type { Db } from '../connection.js';
import {
  brokenValues,
  HEAD_COLUMNS,
  INFO_COLUMNS,
  LOG_COLUMNS,
  newGameValues,
  newSeatValues,
  SEAT_COLUMNS,
  snapshotConflict,
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
import { actions, games, seats, type GameStatus } from '../schema.js';
import type { Shard } from '../shard.js';
import { ownedBy } from './shard.js';

export type GamesStatements = ReturnType<typeof gamesStatements>;

export function gamesStatements(db: Db, shard?: Shard) {
  const mine = ownedBy(shard, games.guildId);
  const p = sql.placeholder;
  const head = db.select(pick(games, HEAD_COLUMNS)).from(games).where(eq(games.id, p('id'))).prepare();
  const info = db.select(pick(games, INFO_COLUMNS)).from(games).where(eq(games.id, p('id'))).prepare();
  const snapshot = db.select({ snapshot: games.snapshot }).from(games).where(eq(games.id, p('id'))).prepare();
  // The three statements of every commit are plain better-sqlite3 statements: drizzle's per-call
  // mapping allocates enough that, on this 2-core machine, it showed in the p99 of a commit.
  const sqlite = db.$client;
  const statusOf = sqlite.prepare<[number], [GameStatus, number, number | null]>('SELECT status, version, held_since FROM games WHERE id = ?').raw();
  const insertAction = sqlite.prepare<[number, number, number | null, string, number]>(
    'INSERT INTO actions (game_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)',
  );
  // The names of snapshotValues.
  const update = sqlite.prepare<[SnapshotUpdate]>(
    `UPDATE games SET version = @version, snapshot = COALESCE(@snapshot, snapshot),
            snapshot_version = CASE WHEN @snapshot IS NULL THEN snapshot_version ELSE @version END, deadline = @deadline, status = @status,
            updated_at = @updatedAt, finished_at = @finishedAt, held_since = NULL
      WHERE id = @id AND version = @fromVersion`,
  );
  const seatsOf = db.select(pick(seats, SEAT_COLUMNS)).from(seats).where(eq(seats.gameId, p('id'))).orderBy(asc(seats.seat)).prepare();
  const logOf = db
    .select(pick(actions, LOG_COLUMNS))
    .from(actions)
    .where(and(eq(actions.gameId, p('id')), gt(actions.version, p('after'))))
    .orderBy(asc(actions.version))
    .prepare();
  const nextDeadline = db
    .select({ at: min(games.deadline) })
    .from(games)
    .where(and(eq(games.status, 'active'), isNotNull(games.deadline), mine))
    .prepare();
  // Asked by every /fengsheng in a channel and every game begun.
  const activeIn = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.guildId, p('guildId')), eq(games.channelId, p('channelId')), eq(games.status, 'active')))
    .prepare();
  const due = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.status, 'active'), lte(games.deadline, p('now')), mine))
    .orderBy(asc(games.deadline))
    .prepare();

  return {
    /** Status, version and hold only: enough when the state is already in memory. */
    statusOf: (id: number): [GameStatus, number, number | null] | undefined => statusOf.get(id),

    head(id: number): GameHead | undefined {
      const row = head.get({ id });
      return row && toHead(row);
    },
    snapshot: (id: number): Buffer | undefined => snapshot.get({ id })?.snapshot,

    insertGame(row: NewGameRow): number {
      const inserted = db.insert(games).values(newGameValues(row)).returning({ id: games.id }).get();
      if (row.seats.length) db.insert(seats).values(newSeatValues(inserted.id, row)).run();
      return inserted.id;
    },

    appendAction(gameId: number, row: StoredAction): void {
      insertAction.run(gameId, row.version, row.seat, row.action, row.at);
    },

    /** Guarded by the old version, so a second writer that slipped past the lock could not overwrite. */
    updateSnapshot(u: SnapshotUpdate): void {
      if (update.run(u).changes !== 1) throw snapshotConflict(u);
    },

    markBroken(id: number, reason: string, now: number): void {
      db.update(games).set(brokenValues(reason, now)).where(eq(games.id, id)).run();
    },

    setStatus(id: number, status: GameStatus, now: number, reason: string | null = null): void {
      db.update(games).set(statusValues(status, now, reason)).where(eq(games.id, id)).run();
    },

    setTableMessage(id: number, messageId: string | null, now: number): void {
      db.update(games).set({ tableMessageId: messageId, updatedAt: now }).where(eq(games.id, id)).run();
    },

    setTableFinal(id: number, now: number): void {
      db.update(games).set({ tableFinalAt: now }).where(eq(games.id, id)).run();
    },

    hold(id: number, now: number): boolean {
      const held = and(eq(games.id, id), eq(games.status, 'active'), isNull(games.heldSince));
      return db.update(games).set({ heldSince: now, deadline: null }).where(held).run().changes === 1;
    },

    held(): { id: number; since: number }[] {
      const rows = db.select({ id: games.id, since: games.heldSince }).from(games).where(and(eq(games.status, 'active'), isNotNull(games.heldSince), mine)).all();
      return rows.map((r) => ({ id: r.id, since: r.since! }));
    },

    info(id: number): GameInfo | undefined {
      // Prepared once: the Discord layer asks this several times per click (a query built and
      // prepared each time was 13% of the bot's CPU with 40 games at once).
      const row = info.get({ id });
      return row && toInfo(row);
    },

    seats: (id: number): SeatInfo[] => seatsOf.all({ id }),

    log: (id: number, after = 0): StoredAction[] => logOf.all({ id, after }),

    /** Games a channel is playing now: the bot allows one per channel. */
    activeIn: (guildId: string, channelId: string): number[] => activeIn.all({ guildId, channelId }).map((r) => r.id),

    newestIn(guildId: string, channelId: string): number | null {
      return db.select({ id: max(games.id) }).from(games).where(and(eq(games.guildId, guildId), eq(games.channelId, channelId))).get()?.id ?? null;
    },

    activeIds(): number[] {
      return db.select({ id: games.id }).from(games).where(and(eq(games.status, 'active'), mine)).orderBy(asc(games.id)).all().map((r) => r.id);
    },

    nextDeadline: (): number | null => nextDeadline.get()?.at ?? null,
    due: (now: number): number[] => due.all({ now }).map((r) => r.id),
  };
}
