// The database schema. drizzle-kit turns this file into the SQL migrations in migrations/;
// `npm run db:generate` after every change, and test/store/schema-drift.test.ts fails until then.
// Times are unix milliseconds in INTEGER columns: they compare and sort as numbers and the engine's
// deadlines are the same unit.
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Lobby defaults a server may set; the engine's own Options fill whatever is left out. */
export interface LobbyDefaults {
  edition?: 'standard' | 'promo' | 'qianzhi';
  roundLimit?: number;
  soySauceAlliance?: boolean;
  altSplit?: boolean;
  aiSeats?: number;
  /** Each game in a thread of its own, started in the channel of /fengsheng start. */
  threads?: boolean;
  [key: string]: unknown;
}

/** Where a player is told that a decision is theirs (guild_settings.pings). */
export const PING_MODES = ['channel', 'dm'] as const;
/** Which response windows a player is asked in (user_prefs.respond). */
export const RESPOND_PREFS = ['all', 'concerned'] as const;
/** How a delivery ended (outbox.outcome). */
export const OUTBOX_OUTCOMES = ['sent', 'failed'] as const;

export const guildSettings = sqliteTable('guild_settings', {
  guildId: text('guild_id').primaryKey(),
  /** null: the bot's default language. */
  language: text('language'),
  lobbyOptions: text('lobby_options', { mode: 'json' }).$type<LobbyDefaults>().notNull().default(sql`'{}'`),
  /** How long a player has for one decision; null turns the timer off. */
  decisionMs: integer('decision_ms').default(60_000),
  /** How long an open lobby waits for players before it closes. */
  lobbyMs: integer('lobby_ms').notNull().default(600_000),
  /** The response clock of response windows (docs/rules.md §8b), 3–30 s. */
  windowMs: integer('window_ms').notNull().default(8_000),
  /** Where a player is told that a decision is theirs: a short channel message that mentions them, or a DM. */
  pings: text('pings', { enum: PING_MODES }).notNull().default('channel'),
  updatedAt: integer('updated_at').notNull(),
});

export const GAME_STATUSES = ['active', 'finished', 'broken', 'aborted'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const games = sqliteTable(
  'games',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('active'),
    /**
     * JSON of exactly what was given to the engine's newGame: replay starts from it. Plain text, parsed
     * by the store, so one damaged row marks its game broken instead of failing every query that reads it.
     */
    setup: text('setup').notNull(),
    /** JSON of the engine's options as the game resolved them, for reading without decoding the snapshot. */
    options: text('options').notNull(),
    /** Per-decision timer the game was started with; replay needs it to rebuild deadlines. */
    decisionMs: integer('decision_ms'),
    /**
     * The response clock of its response windows (docs/rules.md §8b); null for games stored before it
     * existed, whose windows keep the decision timer. Replay needs it too.
     */
    windowMs: integer('window_ms'),
    /**
     * The engine's ENGINE_VERSION (src/engine/version.ts) when the game was created; null for games
     * stored before it was kept. Recovery names it when a replay differs from the snapshot.
     */
    engineVersion: integer('engine_version'),
    /**
     * Engine state after `snapshotVersion` actions, compact encoding (see snapshot.ts): written every
     * SNAPSHOT_EVERY actions and when the game ends (store/commit.ts); the state at `version` is it
     * with the log's rows after it applied (store/replay.ts storedState).
     */
    snapshot: blob('snapshot', { mode: 'buffer' }).notNull(),
    version: integer('version').notNull().default(0),
    /** The version the snapshot is of: at most `version`. */
    snapshotVersion: integer('snapshot_version').notNull().default(0),
    /** Absolute time of the pending decision's deadline, copied out of the snapshot so timers can be found by query. */
    deadline: integer('deadline'),
    tableMessageId: text('table_message_id'),
    /**
     * When a finished game's last table was up on Discord; null while it is owed (a restart shows it,
     * so a kill just after the last action never leaves a table that looks live).
     */
    tableFinalAt: integer('table_final_at'),
    /**
     * Since when the game is held because the bot may not post in its channel (src/discord/outbound/holds.ts):
     * it takes no move but a resume, and has no deadline; null while it plays. Any commit clears it.
     */
    heldSince: integer('held_since'),
    brokenReason: text('broken_reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  (t) => [
    index('games_status_idx').on(t.status, t.deadline),
    index('games_channel_idx').on(t.guildId, t.channelId),
    /** One game in play per channel. */
    uniqueIndex('games_one_active_per_channel').on(t.guildId, t.channelId).where(sql`status = 'active'`),
  ],
);

/** Append-only: a row is written with the snapshot it produced, in one transaction, and never changed. */
export const actions = sqliteTable(
  'actions',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The state version this action produced (1 for the first action). */
    version: integer('version').notNull(),
    /** null: a timeout, which has no seat. */
    seat: integer('seat'),
    action: text('action').notNull(),
    /** The clock the engine was given; replay passes it again so deadlines come out the same. */
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.version] })],
);

/**
 * A game's last ping, beside the game rather than in its row: writing it never waits on the row lock
 * a commit of the same game holds (issue 37), and a foreign key only shares that row.
 */
export const gamePings = sqliteTable('game_pings', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  /** The channel message that told a player a decision is theirs (deleted when the next one is posted). */
  messageId: text('message_id'),
  /** Which ping was sent last: "<decision version>:<kind>", so a restart does not send it again. */
  key: text('ping_key'),
});

export const SEAT_RESULTS = ['win', 'lose', 'draw'] as const;
export type SeatResult = (typeof SEAT_RESULTS)[number];

export const seats = sqliteTable(
  'seats',
  {
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    seat: integer('seat').notNull(),
    /** Discord user id; null for an AI seat. */
    userId: text('user_id'),
    name: text('name').notNull(),
    ai: integer('ai', { mode: 'boolean' }).notNull().default(false),
    /** Filled when the game ends; secret until then. */
    identity: text('identity'),
    character: text('character'),
    result: text('result', { enum: SEAT_RESULTS }),
    died: integer('died', { mode: 'boolean' }),
    /** 本回合不再响应: the turn ("round:seat") in which the bot passes for this seat in response windows. */
    quietTurn: text('quiet_turn'),
    /** The bot plays this seat for its absent owner (docs/rules.md §10) until the owner clicks again. */
    autopilot: integer('autopilot', { mode: 'boolean' }).notNull().default(false),
    /** The player was told in the channel that their DMs are closed (once a game, across restarts). */
    toldDmsClosed: integer('told_dms_closed', { mode: 'boolean' }).notNull().default(false),
    /** The seat's open 我的信息 panel (table-prefs.ts StoredPanel, JSON), so it keeps updating after a restart. */
    panel: text('panel'),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index('seats_user_idx').on(t.userId)],
);

export const userStats = sqliteTable('user_stats', {
  userId: text('user_id').primaryKey(),
  games: integer('games').notNull().default(0),
  wins: integer('wins').notNull().default(0),
  draws: integer('draws').notNull().default(0),
  /** Wins as 潜伏战线. */
  winsLurker: integer('wins_lurker').notNull().default(0),
  /** Wins as 军情处. */
  winsMilitary: integer('wins_military').notNull().default(0),
  /** Wins as 打酱油的. */
  winsSoy: integer('wins_soy').notNull().default(0),
  deaths: integer('deaths').notNull().default(0),
  /** Games won by this player's own declaration of victory. */
  declarations: integer('declarations').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});

/** What a player chose for every game: to be asked in every response window, or only when it concerns them. */
export const userPrefs = sqliteTable('user_prefs', {
  userId: text('user_id').primaryKey(),
  respond: text('respond', { enum: RESPOND_PREFS }).notNull().default('all'),
  /** The player's Discord language as their last interaction said (DMs have none): for what the bot DMs them. */
  locale: text('locale'),
  /** The player's DM channel with the bot (Discord keeps it for good): a restart DMs them without opening it again. */
  dmChannelId: text('dm_channel_id'),
  updatedAt: integer('updated_at').notNull(),
});

/** Lobbies: a game's seats and options before it begins; kept afterwards (game_id set) for its host. */
export const lobbies = sqliteTable(
  'lobbies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    guildId: text('guild_id').notNull(),
    channelId: text('channel_id').notNull(),
    hostId: text('host_id').notNull(),
    /** JSON: edition, altSplit, soySauceAlliance, timer (s), roundLimit. */
    options: text('options').notNull(),
    /** JSON: [{ userId | null, name }] in seat order. */
    seats: text('seats').notNull(),
    messageId: text('message_id'),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('lobbies_channel_idx').on(t.guildId, t.channelId),
    index('lobbies_game_idx').on(t.gameId),
    /** One open lobby (not yet begun) per channel. */
    uniqueIndex('lobbies_one_open_per_channel').on(t.guildId, t.channelId).where(sql`game_id IS NULL`),
  ],
);

export const OUTBOX_KINDS = ['dm', 'post', 'edit', 'delete'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * What the bot owes Discord (outbox.ts): written in the transaction of the change that causes it,
 * delivered after the commit (and after a restart), each create with its own `nonce` so a retry
 * never makes a second message. Delivered rows stay a week, as a record of what was sent.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** dm: a DM to `target` (a user); post: a message in `target` (a channel); edit, delete: `messageId` in `target`. */
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    target: text('target').notNull(),
    /** The message edited or deleted; for a dm or post, the message it made once sent. */
    messageId: text('message_id'),
    /** JSON of the message body, as the REST API takes it. */
    body: text('body').notNull(),
    /** Discord's message nonce (with enforce_nonce): a repeated create returns the first message. */
    nonce: text('nonce').notNull(),
    /** What else its delivery settles: 'table' (the message becomes the game's table), 'ping', or null. */
    purpose: text('purpose'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (back-off after a failed attempt). */
    nextAt: integer('next_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** null: still owed. */
    doneAt: integer('done_at'),
    outcome: text('outcome', { enum: OUTBOX_OUTCOMES }),
  },
  (t) => [index('outbox_owed_idx').on(t.gameId, t.id).where(sql`done_at IS NULL`)],
);

/**
 * One row per shard of a shard count (leases.ts): the process that may drive that shard's games
 * (`holder`, a token new in every process's life) until `expires_at`, renewed by it. A commit checks
 * in its transaction that its game's shard is still its process's (fencing); another process takes
 * a row only once it has expired (or was released: expires_at 0).
 */
export const shardLeases = sqliteTable(
  'shard_leases',
  {
    shardCount: integer('shard_count').notNull(),
    shardId: integer('shard_id').notNull(),
    holder: text('holder').notNull(),
    /** Where the holder runs (host name and pid), for the operator. */
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    expiresAt: integer('expires_at').notNull(),
    takenAt: integer('taken_at').notNull(),
    /** The holder's live games at its last renewal: its share of the bot token's global request budget (run/leases.ts). */
    liveGames: integer('live_games').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shardCount, t.shardId] })],
);

/**
 * Discord lets a bot start one gateway session per 5 s in each of its max_concurrency buckets (shard id
 * % max_concurrency), across all its processes: the next time a bucket may identify (leases.ts, identify).
 */
export const identifySlots = sqliteTable('identify_slots', {
  bucket: integer('bucket').primaryKey(),
  nextAt: integer('next_at').notNull(),
});
