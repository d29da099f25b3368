// The rows of one game, whichever database holds them: the repository both backends implement (SQLite's
// statements in sqlite/games-repo.ts, PostgreSQL's in pg/games-repo.ts), the columns each read takes,
// and the mapping between the stored rows and the store's types. Only the queries differ by dialect:
// a column the store reads is one key here, plus the two schemas and their migrations.
import { ENGINE_VERSION, type Options, type Setup } from '../engine/index.js';
import { parseJson } from './columns.js';
import type { StoredAction } from './replay.js';
import type { GameStatus, games, seats } from './schema.js';

/** A stored game row (either dialect's: pg/schema.ts keeps SQLite's columns and types). */
type GameRow = typeof games.$inferSelect;
type SeatRow = typeof seats.$inferSelect;

/** What the commit path and recovery read of a game. */
export const HEAD_COLUMNS = ['status', 'version', 'snapshotVersion', 'decisionMs', 'windowMs', 'createdAt', 'setup', 'guildId', 'channelId'] as const;
/** What the Discord layer and export read of a game: its head and the rest of its row but the snapshot. */
export const INFO_COLUMNS = [...HEAD_COLUMNS, 'id', 'options', 'deadline', 'tableMessageId', 'brokenReason', 'updatedAt', 'finishedAt'] as const;
/** A seat as the Discord layer and export read it. */
export const SEAT_COLUMNS = ['seat', 'userId', 'name', 'ai', 'identity', 'character', 'result', 'died'] as const;
/** An action of the log, as replay reads it. */
export const LOG_COLUMNS = ['version', 'seat', 'action', 'at'] as const;

/** A game's head as stored: its JSON still text. */
export type StoredHead = Pick<GameRow, (typeof HEAD_COLUMNS)[number]>;
export type StoredInfo = Pick<GameRow, (typeof INFO_COLUMNS)[number]>;

export type GameHead = Omit<StoredHead, 'setup'> & {
  /** null when the stored JSON is damaged. */
  setup: Setup | null;
};

export type GameInfo = Omit<StoredInfo, 'setup' | 'options'> & {
  /** null when the stored JSON is damaged. */
  setup: Setup | null;
  options: Options | null;
};

export type SeatInfo = Pick<SeatRow, (typeof SEAT_COLUMNS)[number]>;

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
  /** The message that is the game's table from the start (the lobby's, turned into the table), or none yet. */
  tableMessageId?: string | null;
}

export interface SnapshotUpdate {
  id: number;
  fromVersion: number;
  version: number;
  /** The state at `version`, or null: the stored snapshot stays (of an earlier version; the log has the rest). */
  snapshot: Buffer | null;
  deadline: number | null;
  status: GameStatus;
  updatedAt: number;
  finishedAt: number | null;
}

/** The rows of one game. `shard`: the games this process drives (active ids, deadlines); every other read sees all games. */
export interface GamesRepo {
  /** Status, version and since when it is held (null: not held): enough when the state is already in memory. */
  statusOf(id: number): Promise<[GameStatus, number, number | null] | undefined>;
  head(id: number): Promise<GameHead | undefined>;
  snapshot(id: number): Promise<Buffer | undefined>;
  insertGame(row: NewGameRow): Promise<number>;
  appendAction(gameId: number, row: StoredAction): Promise<void>;
  /** Guarded by the old version, so a second writer that slipped past the lock could not overwrite. */
  updateSnapshot(u: SnapshotUpdate): Promise<void>;
  markBroken(id: number, reason: string, now: number): Promise<void>;
  setStatus(id: number, status: GameStatus, now: number, reason?: string | null): Promise<void>;
  setTableMessage(id: number, messageId: string | null, now: number): Promise<void>;
  /** A finished game's last table is up on Discord. */
  setTableFinal(id: number, now: number): Promise<void>;
  /** Holds an active game that is not held yet (no deadline until a commit); false when it was not. */
  hold(id: number, now: number): Promise<boolean>;
  /** The held games this process drives, and since when. */
  held(): Promise<{ id: number; since: number }[]>;
  info(id: number): Promise<GameInfo | undefined>;
  seats(id: number): Promise<SeatInfo[]>;
  /** The game's log in order; `after`: only the rows after that version. */
  log(id: number, after?: number): Promise<StoredAction[]>;
  /** Games a channel is playing now: the bot allows one per channel. */
  activeIn(guildId: string, channelId: string): Promise<number[]>;
  /** The channel's newest game, whatever its status, or null. */
  newestIn(guildId: string, channelId: string): Promise<number | null>;
  activeIds(): Promise<number[]>;
  nextDeadline(): Promise<number | null>;
  due(now: number): Promise<number[]>;
}

export const toHead = (row: StoredHead): GameHead => ({ ...row, setup: parseJson<Setup>(row.setup) });

export const toInfo = (row: StoredInfo): GameInfo => ({ ...row, setup: parseJson<Setup>(row.setup), options: parseJson<Options>(row.options) });

/** A new game's row: active, at version 0, stored by this engine. */
export function newGameValues(row: NewGameRow) {
  return {
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
    tableMessageId: row.tableMessageId ?? null,
  } satisfies typeof games.$inferInsert;
}

/** A new game's seat rows, in seat order; a seat without a user is an AI's. */
export const newSeatValues = (gameId: number, row: NewGameRow) =>
  row.seats.map((s, seat) => ({ gameId, seat, userId: s.userId, name: s.name, ai: s.userId === null }) satisfies typeof seats.$inferInsert);

/** What a committed action changes in its game's row (SQLite's statement binds the same names): a commit ends a hold. */
export const snapshotValues = (u: SnapshotUpdate) =>
  ({
    version: u.version,
    ...(u.snapshot && { snapshot: u.snapshot, snapshotVersion: u.version }),
    deadline: u.deadline,
    status: u.status,
    updatedAt: u.updatedAt,
    finishedAt: u.finishedAt,
    heldSince: null,
  }) satisfies Partial<GameRow>;

export const snapshotConflict = (u: SnapshotUpdate) => new Error(`game ${u.id} is no longer at version ${u.fromVersion}`);

export const brokenValues = (reason: string, now: number) => ({ status: 'broken', brokenReason: reason, deadline: null, updatedAt: now }) satisfies Partial<GameRow>;

/** A game that stops being active (or becomes so again) has no deadline; it is finished when it is not active. */
export const statusValues = (status: GameStatus, now: number, reason: string | null) =>
  ({ status, brokenReason: reason, deadline: null, updatedAt: now, finishedAt: status === 'active' ? null : now }) satisfies Partial<GameRow>;
