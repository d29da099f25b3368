// The store the bot talks to: open (guard, migrate, recover), create games, submit actions, fire
// timers. Every method that changes a game goes through that game's queue.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Action, Edition, GameState, Options, Setup } from '../engine/index.js';
import { logger as rootLogger, type Logger } from '../log.js';
import { applyAndCommit, oweEffects, type CommitContext, type Committed, type LiveGame, type SubmitResult } from './commit.js';
import { outboxStatements, type Owed, type OutboxStatements } from './outbox.js';
import { databasePath, LOCKED_GIVE_UP_MS } from './config.js';
import { openDatabase, openFailure, type Connection, type OpenOptions } from './connection.js';
import { gamesStatements, type GameHead, type GameInfo, type GamesStatements, type SeatInfo } from './games-repo.js';
import { lastEndedIn, leaderboard, recentGames, type LeaderboardRow, type RecentGame } from './history.js';
import { KeyedQueue } from './queue.js';
import { recoverGames, type BrokenGame, type RecoveryReport } from './recovery.js';
import type { Shard } from './shard.js';
import { startGame } from './replay.js';
import { readGuildSettings, writeGuildSettings, type GuildSettings } from './settings.js';
import { decodeSnapshot, encodeSnapshot } from './snapshot.js';
import { isBusy, SqliteBackend } from './sqlite.js';
import { readUserStats, type UserStats } from './stats.js';
import { tablePrefsStatements, type TablePrefsStatements } from './table-prefs.js';

export interface GameStoreOptions extends OpenOptions {
  /** Database file; default DATABASE_PATH or ./data/fengsheng.db. */
  path?: string;
  /** Milliseconds since the epoch. Injected by tests; the log's `at` and every deadline come from it. */
  clock?: () => number;
  /** Run inside the game's queue after each commit, before that game's next action: for ordered announcements. */
  onCommit?: (c: Committed) => void | Promise<void>;
  /** A game was found broken (at recovery or later): its channel should be told. */
  onBroken?: (b: BrokenGame) => void;
  /** Default true: rebuild and check every unfinished game on open. */
  recover?: boolean;
  /** Running as one of several shards: only the games of this shard's guilds are recovered and timed (shard.ts). */
  shard?: Shard;
  /** Default true: checkpoint the WAL from a worker thread rather than inside commits (see checkpointer.ts). */
  checkpointWorker?: boolean;
}

/** Delivered outbox rows are kept this long. */
export const OUTBOX_KEEP_MS = 7 * 24 * 3600_000;

export interface NewGame {
  guildId: string;
  channelId: string;
  /** In seat order; userId null for an AI seat. */
  seats: { userId: string | null; name: string }[];
  /** Default: a random one. */
  seed?: number;
  edition?: Edition;
  options?: Partial<Options>;
  /** Per-decision timer; default the server's setting; null for no timer. */
  decisionMs?: number | null;
  /** The response clock of response windows (docs/rules.md §8b); default the server's setting. */
  windowMs?: number;
}

export class GameStore {
  /**
   * The store's database behind the asynchronous interfaces (backend.ts). The bot still reads and
   * writes through the synchronous statements below on the same connection, and opens no
   * transaction of the backend's while doing so.
   */
  readonly backend: SqliteBackend;
  readonly conn: Connection;
  readonly repo: GamesStatements;
  /** Pings, 本回合不再响应 and each player's standing choice (table-prefs.ts). */
  readonly prefs: TablePrefsStatements;
  /** What the bot owes Discord (outbox.ts). */
  readonly outbox: OutboxStatements;
  recovery: RecoveryReport = { recovered: [], broken: [], actionsReplayed: 0, ms: 0 };
  private readonly clock: () => number;
  private readonly log: Logger;
  private readonly queue = new KeyedQueue<number>();
  private readonly ctx: CommitContext;
  private readonly listeners = new Set<(c: Committed) => void>();
  private closed = false;

  private constructor(backend: SqliteBackend, private readonly opts: GameStoreOptions) {
    const conn = backend.conn;
    this.backend = backend;
    this.conn = conn;
    this.clock = opts.clock ?? Date.now;
    this.log = opts.logger ?? rootLogger;
    this.repo = gamesStatements(conn.db, opts.shard);
    this.prefs = tablePrefsStatements(conn.db);
    this.outbox = outboxStatements(conn.db, opts.shard);
    this.ctx = {
      conn,
      repo: this.repo,
      live: new Map(),
      log: this.log,
      onBroken: (gameId, head, reason) => this.opts.onBroken?.({ gameId, guildId: head.guildId, channelId: head.channelId, reason }),
      outbox: this.outbox,
    };
  }

  /** Recovery (through the backend's interfaces), then the backend serves the bot. */
  private async start(): Promise<void> {
    if (this.opts.recover !== false) {
      const { report, live } = await recoverGames(this.backend, this.log, this.clock());
      this.recovery = report;
      for (const [id, g] of live) this.ctx.live.set(id, g);
      for (const b of report.broken) this.opts.onBroken?.(b);
    }
    try {
      await this.backend.repos.outbox.prune(this.clock() - OUTBOX_KEEP_MS);
    } catch (err) {
      this.log.warn({ err }, 'could not forget old delivered messages');
    }
    this.backend.serve(this.opts.checkpointWorker !== false);
  }

  /** Opens (creating, guarding and migrating) the database and recovers unfinished games. Throws StoreOpenError on a file it must not touch. */
  static async open(opts: GameStoreOptions = {}): Promise<GameStore> {
    const conn = openDatabase(opts.path ?? databasePath(), opts);
    try {
      const backend = new SqliteBackend(conn, { now: opts.clock ?? Date.now, ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.shard ? { shard: opts.shard } : {}) });
      const store = new GameStore(backend, opts);
      await store.start();
      return store;
    } catch (err) {
      conn.close();
      throw openFailure(conn.path, err);
    }
  }

  now(): number {
    return this.clock();
  }

  /** Stores a new game at version 0 (setup, seats, first snapshot) in one transaction. */
  createGame(input: NewGame): Committed {
    this.assertOpen();
    const now = this.clock();
    const setup = JSON.parse(
      JSON.stringify({ seed: input.seed ?? randomInt(2 ** 31), players: input.seats.map((s) => s.name), edition: input.edition, options: input.options }),
    ) as Setup;
    const settings = readGuildSettings(this.conn.db, input.guildId);
    const decisionMs = input.decisionMs !== undefined ? input.decisionMs : settings.decisionMs;
    const windowMs = input.windowMs ?? settings.windowMs;
    const { state, events } = startGame({ setup, decisionMs, windowMs, createdAt: now });
    const c: Committed = { ok: true, gameId: 0, version: 0, action: null, state, events, finished: false, at: now };
    const id = this.conn.db.transaction(
      () => {
        c.gameId = this.repo.insertGame({
          guildId: input.guildId,
          channelId: input.channelId,
          setup,
          options: state.options,
          decisionMs,
          windowMs,
          snapshot: encodeSnapshot(state),
          deadline: state.pending?.deadline ?? null,
          createdAt: now,
          seats: input.seats,
        });
        oweEffects(this.ctx, c);
        return c.gameId;
      },
      { behavior: 'immediate' },
    );
    const head: GameHead = { status: 'active', version: 0, decisionMs, windowMs, createdAt: now, setup, guildId: input.guildId, channelId: input.channelId };
    this.ctx.live.set(id, { head, state });
    this.log.info({ gameId: id, guildId: input.guildId, channelId: input.channelId, players: setup.players.length, decisionMs }, 'game created');
    this.notify(c);
    return c;
  }

  /**
   * Applies one action: resolves after it is committed (or refused, with nothing written). Actions of
   * one game are applied one at a time in the order submit was called. `by`: the seat of the person
   * whose click it is, handed to listeners with the commit and not stored.
   */
  submit(gameId: number, action: Action, precondition?: (state: GameState) => string | null, by?: number): Promise<SubmitResult> {
    if (this.closed) return Promise.reject(new Error('the game store is closed'));
    return this.queue.run(gameId, async () => {
      // Checked in the queue, after every earlier action of this game: a click made for a decision
      // that an earlier click (or a timeout) already answered is refused, never applied twice.
      const current = precondition && this.state(gameId);
      const why = current ? precondition(current) : null;
      if (why) return { ok: false, gameId, code: why, reason: `precondition failed: ${why}` } as const;
      const r = await this.commitWhenUnlocked(gameId, action);
      if (r.ok) {
        if (by !== undefined) r.by = by;
        this.notify(r);
        if (this.opts.onCommit) {
          try {
            await this.opts.onCommit(r);
          } catch (err) {
            this.log.error({ gameId, err, version: r.version }, 'onCommit failed after the action was committed');
          }
        }
      }
      return r;
    });
  }

  /**
   * Commits, or while another process holds the write lock (SQLITE_BUSY after BOT_BUSY_TIMEOUT_MS)
   * waits without blocking the event loop and tries again, up to LOCKED_GIVE_UP_MS: only games with
   * an action to commit wait, all on the backend's one probe (SqliteBackend.lockHeld).
   */
  private async commitWhenUnlocked(gameId: number, action: Action): Promise<SubmitResult> {
    const started = performance.now();
    for (;;) {
      while (this.backend.lockWaiting) await this.backend.lockWaiting;
      try {
        return applyAndCommit(this.ctx, gameId, action, this.clock());
      } catch (err) {
        if (!isBusy(err) || performance.now() - started >= LOCKED_GIVE_UP_MS) throw err;
        void this.backend.lockHeld();
      }
    }
  }

  /** Submits a timeout to every game whose deadline is at or before now. */
  async fireDueTimeouts(): Promise<SubmitResult[]> {
    const ids = this.repo.due(this.clock());
    return Promise.all(ids.map((id) => this.submit(id, { kind: 'timeout' })));
  }

  /** The earliest deadline of any active game, for the timer to sleep until. */
  nextDeadline(): number | null {
    return this.repo.nextDeadline();
  }

  /** Called with every commit (and creation), synchronously, before submit resolves. Returns an unsubscribe. */
  subscribe(listener: (c: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The current state of a game: from memory when active, else decoded from its stored snapshot. */
  state(gameId: number): GameState | null {
    const live = this.ctx.live.get(gameId);
    if (live) return live.state;
    const head = this.repo.head(gameId);
    const blob = head && this.repo.snapshot(gameId);
    return head?.setup && blob ? decodeSnapshot(blob, head.setup) : null;
  }

  game(gameId: number): GameInfo | null {
    return this.repo.info(gameId) ?? null;
  }

  seats(gameId: number): SeatInfo[] {
    return this.repo.seats(gameId);
  }

  activeGameIds(): number[] {
    return this.repo.activeIds();
  }

  activeGameIn(guildId: string, channelId: string): number | null {
    return this.repo.activeIn(guildId, channelId)[0] ?? null;
  }

  setTableMessage(gameId: number, messageId: string | null): Promise<void> {
    return this.queue.run(gameId, () => this.repo.setTableMessage(gameId, messageId, this.clock()));
  }

  /**
   * Ends an active game without a result (cancelled by a moderator); its log is kept. `owed`: the
   * messages that say so, stored in the same transaction.
   */
  abortGame(gameId: number, reason: string, owed?: () => Owed[]): Promise<boolean> {
    return this.queue.run(gameId, () => {
      const done = this.transaction(() => {
        const head = this.repo.head(gameId);
        if (!head || head.status !== 'active') return false;
        const items = owed?.() ?? [];
        this.repo.setStatus(gameId, 'aborted', this.clock(), reason);
        this.outbox.add(items, this.clock());
        return true;
      });
      if (!done) return false;
      this.ctx.live.delete(gameId);
      this.log.info({ gameId, reason }, 'game aborted');
      return true;
    });
  }

  /** What every later commit (and creation) owes Discord, stored in its transaction (outbox.ts); the bot sets it. */
  setEffects(effects: ((c: Committed) => Owed[]) | undefined): void {
    this.ctx.effects = effects;
  }

  /** Runs `fn` in one IMMEDIATE transaction (outbox rows with the change that owes them). */
  transaction<T>(fn: () => T): T {
    this.assertOpen();
    return this.conn.db.transaction(fn, { behavior: 'immediate' });
  }

  /** Stores messages owed in their own transaction. */
  owe(items: Owed[]): void {
    if (items.length) this.transaction(() => this.outbox.add(items, this.clock()));
  }

  guildSettings(guildId: string): GuildSettings {
    return readGuildSettings(this.conn.db, guildId);
  }

  updateGuildSettings(guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>): GuildSettings {
    return writeGuildSettings(this.conn.db, guildId, patch, this.clock());
  }

  userStats(userId: string): UserStats | null {
    return readUserStats(this.conn.db, userId);
  }

  leaderboard(guildId: string, limit = 10): LeaderboardRow[] {
    return leaderboard(this.conn.db, guildId, limit);
  }

  recentGames(guildId: string, limit = 10): RecentGame[] {
    return recentGames(this.conn.db, guildId, limit);
  }

  /** The channel's most recently ended game (finished or aborted), or null. */
  lastEndedGameIn(guildId: string, channelId: string): number | null {
    return lastEndedIn(this.conn.db, guildId, channelId);
  }

  /** Waits for queued work, then closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue.drain();
    await this.backend.close();
  }

  /** A listener's failure must not turn a committed action into a failed submit. */
  private notify(c: Committed): void {
    for (const l of this.listeners) {
      try {
        l(c);
      } catch (err) {
        this.log.error({ gameId: c.gameId, err, version: c.version }, 'commit listener failed');
      }
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the game store is closed');
  }
}

export type { LiveGame };
