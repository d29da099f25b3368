// The same tables, columns, keys and indexes as ../schema.ts, for PostgreSQL. drizzle-kit turns this
// file into migrations/pg/ (`npm run db:generate:pg`); test/store/pg/schema-drift.test.ts fails until
// then. Kept equal to the SQLite schema column for column, so that a row reads back the same whichever
// store holds it: times are milliseconds since the epoch (bigint read as a JS number), the snapshot
// is bytea, and JSON is kept as the very text SQLite keeps (text columns), so an export or a replay
// is byte-identical.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { GAME_STATUSES, OUTBOX_KINDS, OUTBOX_OUTCOMES, PING_MODES, RESPOND_PREFS, SEAT_RESULTS, type LobbyDefaults } from '../schema.js';

/** bytea, handed over as a Buffer both ways (node-postgres reads bytea as a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** JSON kept as text, as SQLite's `text(…, { mode: 'json' })` keeps it. */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (v) => JSON.stringify(v),
    fromDriver: (v) => JSON.parse(v) as T,
  })(name);

/** Milliseconds since the epoch. */
const ms = (name: string) => bigint(name, { mode: 'number' });

export const guildSettings = pgTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  language: text('language'),
  lobbyOptions: jsonText<LobbyDefaults>('lobby_options').notNull().default(sql`'{}'`),
  decisionMs: integer('decision_ms').default(60_000),
  lobbyMs: integer('lobby_ms').notNull().default(600_000),
  windowMs: integer('window_ms').notNull().default(8_000),
  pings: text('pings', { enum: PING_MODES }).notNull().default('channel'),
  updatedAt: ms('updated_at').notNull(),
});

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('active'),
    setup: text('setup').notNull(),
    options: text('options').notNull(),
    decisionMs: integer('decision_ms'),
    windowMs: integer('window_ms'),
    engineVersion: integer('engine_version'),
    snapshot: bytea('snapshot').notNull(),
    version: integer('version').notNull().default(0),
    snapshotVersion: integer('snapshot_version').notNull().default(0),
    deadline: ms('deadline'),
    tableMessageId: text('table_message_id'),
    tableFinalAt: ms('table_final_at'),
    heldSince: ms('held_since'),
    brokenReason: text('broken_reason'),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
    finishedAt: ms('finished_at'),
  },
  (t) => [
    index('games_status_idx').on(t.status, t.deadline),
    index('games_channel_idx').on(t.guildId, t.channelId),
    uniqueIndex('games_one_active_per_channel').on(t.guildId, t.channelId).where(sql`status = 'active'`),
  ],
);

export const actions = pgTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    seat: integer('seat'),
    action: text('action').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version] })],
);

export const gamePings = pgTable('game_pings', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  messageId: text('message_id'),
  key: text('ping_key'),
});

export const seats = pgTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    userId: text('user_id'),
    name: text('name').notNull(),
    ai: boolean('ai').notNull().default(false),
    identity: text('identity'),
    character: text('character'),
    result: text('result', { enum: SEAT_RESULTS }),
    died: boolean('died'),
    quietTurn: text('quiet_turn'),
    autopilot: boolean('autopilot').notNull().default(false),
    toldDmsClosed: boolean('told_dms_closed').notNull().default(false),
    /** The seat's open 我的信息 panel (table-prefs.ts StoredPanel, JSON), so it keeps updating after a restart. */
    panel: text('panel'),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index('seats_user_idx').on(t.userId)],
);

export const userStats = pgTable('user_stats', {
  userId: text('user_id').primaryKey(),
  games: integer('games').notNull().default(0),
  wins: integer('wins').notNull().default(0),
  draws: integer('draws').notNull().default(0),
  winsLurker: integer('wins_lurker').notNull().default(0),
  winsMilitary: integer('wins_military').notNull().default(0),
  winsSoy: integer('wins_soy').notNull().default(0),
  deaths: integer('deaths').notNull().default(0),
  declarations: integer('declarations').notNull().default(0),
  updatedAt: ms('updated_at').notNull(),
});

export const userPrefs = pgTable('user_prefs', {
  userId: text('user_id').primaryKey(),
  respond: text('respond', { enum: RESPOND_PREFS }).notNull().default('all'),
  locale: text('locale'),
  dmChannelId: text('dm_channel_id'),
  updatedAt: ms('updated_at').notNull(),
});

export const lobbies = pgTable(
  'lobbies',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    hostId: text('host_id').notNull(),
    options: text('options').notNull(),
    seats: text('seats').notNull(),
    messageId: text('message_id'),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [
    index('lobbies_channel_idx').on(t.guildId, t.channelId),
    index('lobbies_game_idx').on(t.gameId),
    uniqueIndex('lobbies_one_open_per_channel').on(t.guildId, t.channelId).where(sql`game_id IS NULL`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    target: text('target').notNull(),
    messageId: text('message_id'),
    body: text('body').notNull(),
    nonce: text('nonce').notNull(),
    purpose: text('purpose'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ms('next_at').notNull(),
    createdAt: ms('created_at').notNull(),
    doneAt: ms('done_at'),
    outcome: text('outcome', { enum: OUTBOX_OUTCOMES }),
  },
  (t) => [index('outbox_owed_idx').on(t.gameId, t.id).where(sql`done_at IS NULL`)],
);

/** schema.ts's shard_leases; expires_at and taken_at are the server's clock (leases run on it). */
export const shardLeases = pgTable(
  'shard_leases',
  {
    shardCount: integer('shard_count').notNull(),
    shardId: integer('shard_id').notNull(),
    holder: text('holder').notNull(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    expiresAt: ms('expires_at').notNull(),
    takenAt: ms('taken_at').notNull(),
    liveGames: integer('live_games').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shardCount, t.shardId] })],
);

/** schema.ts's identify_slots, on the server's clock. */
export const identifySlots = pgTable('identify_slots', {
  bucket: integer('bucket').primaryKey(),
  nextAt: ms('next_at').notNull(),
});
