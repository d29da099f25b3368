// The rows of one game: every read and write the commit path, recovery and export make.
// Statements are prepared once per connection; the commit path runs them inside its transaction.
import { and, asc, eq, isNotNull, lte, max, min, sql } from 'drizzle-orm';
import { ENGINE_VERSION, type Options, type Setup } from '../engine/index.js';
import type { Db } from './connection.js';
import type { StoredAction } from './replay.js';
import { actions, games, seats, type GameStatus, type SeatResult } from './schema.js';
import { ownedBy, type Shard } from './shard.js';

export interface GameHead {
  status: GameStatus;
  version: number;
  decisionMs: number | null;
  windowMs: number | null;
  createdAt: number;
  /** null when the stored JSON is damaged. */
  setup: Setup | null;
  guildId: string;
  channelId: string;
}

export interface GameInfo extends GameHead {
  id: number;
  options: Options | null;
  deadline: number | null;
  tableMessageId: string | null;
  brokenReason: string | null;
  updatedAt: number;
  finishedAt: number | null;
}

export interface SeatInfo {
  seat: number;
  userId: string | null;
  name: string;
  ai: boolean;
  identity: string | null;
  character: string | null;
  result: SeatResult | null;
  died: boolean | null;
}

export interface NewGameRow {
  guildId: string;
  channelId: string;
  setup: Setup;
  options: Options;
  decisionMs: number | null;
  windowMs: number | null;
  snapshot: Buffer;
  deadline: number | null;
  createdAt: number;
  seats: { userId: string | null; name: string }[];
}

export interface SnapshotUpdate {
  id: number;
  fromVersion: number;
  version: number;
  snapshot: Buffer;
  deadline: number | null;
  status: GameStatus;
  updatedAt: number;
  finishedAt: number | null;
}

/** A stored JSON column, or null when its text is damaged (the game is then marked broken). */
export function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

const headColumns = {
  status: games.status,
  version: games.version,
  decisionMs: games.decisionMs,
  windowMs: games.windowMs,
  createdAt: games.createdAt,
  setup: games.setup,
  guildId: games.guildId,
  channelId: games.channelId,
};

/** The rows of one game. `shard`: the games this process drives (active ids, deadlines); every other read sees all games. */
export interface GamesRepo {
  /** Status and version only: enough when the state is already in memory. */
  statusOf(id: number): Promise<[GameStatus, number] | undefined>;
  head(id: number): Promise<GameHead | undefined>;
  snapshot(id: number): Promise<Buffer | undefined>;
  insertGame(row: NewGameRow): Promise<number>;
  appendAction(gameId: number, row: StoredAction): Promise<void>;
  /** Guarded by the old version, so a second writer that slipped past the lock could not overwrite. */
  updateSnapshot(u: SnapshotUpdate): Promise<void>;
  markBroken(id: number, reason: string, now: number): Promise<void>;
  setStatus(id: number, status: GameStatus, now: number, reason?: string | null): Promise<void>;
  setTableMessage(id: number, messageId: string | null, now: number): Promise<void>;
  info(id: number): Promise<GameInfo | undefined>;
  seats(id: number): Promise<SeatInfo[]>;
  log(id: number): Promise<StoredAction[]>;
  /** Games a channel is playing now: the bot allows one per channel. */
  activeIn(guildId: string, channelId: string): Promise<number[]>;
  /** The channel's newest game, whatever its status, or null. */
  newestIn(guildId: string, channelId: string): Promise<number | null>;
  activeIds(): Promise<number[]>;
  nextDeadline(): Promise<number | null>;
  due(now: number): Promise<number[]>;
}

/** SQLite's statements behind GamesRepo, synchronous (sqlite.ts makes them a GamesRepo). */
export type GamesStatements = ReturnType<typeof gamesStatements>;

export function gamesStatements(db: Db, shard?: Shard) {
  const mine = ownedBy(shard, games.guildId);
  const p = sql.placeholder;
  const head = db.select(headColumns).from(games).where(eq(games.id, p('id'))).prepare();
  const info = db
    .select({
      ...headColumns,
      id: games.id,
      options: games.options,
      deadline: games.deadline,
      tableMessageId: games.tableMessageId,
      brokenReason: games.brokenReason,
      updatedAt: games.updatedAt,
      finishedAt: games.finishedAt,
    })
    .from(games)
    .where(eq(games.id, p('id')))
    .prepare();
  const snapshot = db.select({ snapshot: games.snapshot }).from(games).where(eq(games.id, p('id'))).prepare();
  // The three statements of every commit are plain better-sqlite3 statements: drizzle's per-call
  // mapping allocates enough that, on this 2-core machine, it showed in the p99 of a commit.
  const sqlite = db.$client;
  const statusOf = sqlite.prepare<[number], [GameStatus, number]>('SELECT status, version FROM games WHERE id = ?').raw();
  const insertAction = sqlite.prepare<[number, number, number | null, string, number]>(
    'INSERT INTO actions (game_id, version, seat, action, at) VALUES (?, ?, ?, ?, ?)',
  );
  const update = sqlite.prepare<[SnapshotUpdate]>(
    `UPDATE games SET version = @version, snapshot = @snapshot, deadline = @deadline, status = @status,
            updated_at = @updatedAt, finished_at = @finishedAt
      WHERE id = @id AND version = @fromVersion`,
  );
  const logOf = db
    .select({ version: actions.version, seat: actions.seat, action: actions.action, at: actions.at })
    .from(actions)
    .where(eq(actions.gameId, p('id')))
    .orderBy(asc(actions.version))
    .prepare();
  const nextDeadline = db
    .select({ at: min(games.deadline) })
    .from(games)
    .where(and(eq(games.status, 'active'), isNotNull(games.deadline), mine))
    .prepare();
  const due = db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.status, 'active'), lte(games.deadline, p('now')), mine))
    .orderBy(asc(games.deadline))
    .prepare();

  return {
    /** Status and version only: enough when the state is already in memory. */
    statusOf: (id: number): [GameStatus, number] | undefined => statusOf.get(id),

    head(id: number): GameHead | undefined {
      const row = head.get({ id });
      return row && { ...row, setup: parseJson<Setup>(row.setup) };
    },
    snapshot: (id: number): Buffer | undefined => snapshot.get({ id })?.snapshot,

    insertGame(row: NewGameRow): number {
      const inserted = db
        .insert(games)
        .values({
          guildId: row.guildId,
          channelId: row.channelId,
          status: 'active',
          setup: JSON.stringify(row.setup),
          options: JSON.stringify(row.options),
          decisionMs: row.decisionMs,
          windowMs: row.windowMs,
          engineVersion: ENGINE_VERSION,
          snapshot: row.snapshot,
          version: 0,
          deadline: row.deadline,
          createdAt: row.createdAt,
          updatedAt: row.createdAt,
        })
        .returning({ id: games.id })
        .get();
      if (row.seats.length)
        db.insert(seats)
          .values(row.seats.map((s, seat) => ({ gameId: inserted.id, seat, userId: s.userId, name: s.name, ai: s.userId === null })))
          .run();
      return inserted.id;
    },

    appendAction(gameId: number, row: StoredAction): void {
      insertAction.run(gameId, row.version, row.seat, row.action, row.at);
    },

    /** Guarded by the old version, so a second writer that slipped past the lock could not overwrite. */
    updateSnapshot(u: SnapshotUpdate): void {
      const r = update.run(u);
      if (r.changes !== 1) throw new Error(`game ${u.id} is no longer at version ${u.fromVersion}`);
    },

    markBroken(id: number, reason: string, now: number): void {
      db.update(games).set({ status: 'broken', brokenReason: reason, deadline: null, updatedAt: now }).where(eq(games.id, id)).run();
    },

    setStatus(id: number, status: GameStatus, now: number, reason: string | null = null): void {
      db.update(games)
        .set({ status, brokenReason: reason, deadline: null, updatedAt: now, finishedAt: status === 'active' ? null : now })
        .where(eq(games.id, id))
        .run();
    },

    setTableMessage(id: number, messageId: string | null, now: number): void {
      db.update(games).set({ tableMessageId: messageId, updatedAt: now }).where(eq(games.id, id)).run();
    },

    info(id: number): GameInfo | undefined {
      // Prepared once: the Discord layer asks this several times per click (a query built and
      // prepared each time was 13% of the bot's CPU with 40 games at once).
      const row = info.get({ id });
      return row && { ...row, setup: parseJson<Setup>(row.setup), options: parseJson<Options>(row.options) };
    },

    seats(id: number): SeatInfo[] {
      return db
        .select({
          seat: seats.seat,
          userId: seats.userId,
          name: seats.name,
          ai: seats.ai,
          identity: seats.identity,
          character: seats.character,
          result: seats.result,
          died: seats.died,
        })
        .from(seats)
        .where(eq(seats.gameId, id))
        .orderBy(asc(seats.seat))
        .all();
    },

    log: (id: number): StoredAction[] => logOf.all({ id }),

    /** Games a channel is playing now: the bot allows one per channel. */
    activeIn(guildId: string, channelId: string): number[] {
      return db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.guildId, guildId), eq(games.channelId, channelId), eq(games.status, 'active')))
        .all()
        .map((r) => r.id);
    },

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
