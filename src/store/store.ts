// The store the bot talks to: open (guard, migrate, recover), create games, submit actions, fire
// timers. Every method that changes a game goes through that game's queue.
import { randomInt } from 'node:crypto';
import type { Action, Edition, GameState, Options, Setup } from '../engine/index.js';
import type { Lobby } from '../lobby/model.js';
import { logger as rootLogger, type Logger } from '../log.js';
import { applyAndCommit, mayCommit, oweEffects, resync, type CommitContext, type Committed, type Owes, type SubmitResult } from './commit.js';
import type { Owed } from './outbox.js';
import type { Repos, StoreBackend } from './backend.js';
import { databasePath } from './config.js';
import { openDatabase, openFailure, type OpenOptions } from './connection.js';
import type { GameHead, GameInfo, SeatInfo } from './games-repo.js';
import { KeyedQueue } from './queue.js';
import { LeaseLostError, type Fence } from './leases.js';
import { recoverGames, type BrokenGame, type RecoveryReport } from './recovery.js';
import type { Shard } from './shard.js';
import { startGame, storedState } from './replay.js';
import type { GuildSettings } from './settings.js';
import { encodeSnapshot } from './snapshot.js';
import { SqliteBackend } from './sqlite.js';
import { PgBackend } from './pg/backend.js';
import { redactUrl, type PgOpenOptions } from './pg/connection.js';
import { StoreOpenError } from './errors.js';

export interface GameStoreOptions extends OpenOptions, Pick<PgOpenOptions, 'directUrl'> {
  /** Database file; default DATABASE_PATH or ./data/fengsheng.db. */
  path?: string;
  /** DATABASE_URL: a PostgreSQL database (src/store/pg/) instead of the file at `path`. */
  url?: string | null;
  /** Milliseconds since the epoch. Injected by tests; the log's `at` and every deadline come from it. */
  clock?: () => number;
  /** Run inside the game's queue after each commit, before that game's next action: for ordered announcements. */
  onCommit?: (c: Committed) => void | Promise<void>;
  /** Told each committed action's ms from submit to committed (its game's queue, apply, the transaction): metrics. */
  onCommitTime?: (ms: number) => void;
  /** A game was found broken (at recovery or later): its channel should be told. */
  onBroken?: (b: BrokenGame) => void;
  /** Default true: rebuild and check every unfinished game on open. */
  recover?: boolean;
  /** Running as one of several shards: only the games of this shard's guilds are recovered and timed (shard.ts). */
  shard?: Shard;
  /** Default true: checkpoint the WAL from a worker thread rather than inside commits (see checkpointer.ts). */
  checkpointWorker?: boolean;
  /** What each commit (and creation) owes Discord, stored in its transaction (outbox.ts); default nothing. The bot's: src/discord/outbound/owed.ts. */
  owes?: Owes;
  /** On a lease (leases.ts): each commit checks in its transaction that the game's shard is still this process's. */
  fence?: Fence;
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
  /** A message of the game's channel to be its table (the lobby's); default none: the table is posted. */
  tableMessageId?: string;
  /** The lobby this game begins: marked begun in the game's own transaction (a kill leaves both or neither). */
  lobby?: Lobby;
}

export class GameStore {
  /** Told when the hourly check finds the SQLite file damaged (whenDamaged). */
  private readonly damageListeners: ((report: string) => void)[] = [];
  /** The database, behind the asynchronous interfaces (backend.ts): every read and write goes through it. */
  readonly backend: StoreBackend;
  recovery: RecoveryReport = { recovered: [], broken: [], actionsReplayed: 0, ms: 0 };
  private readonly clock: () => number;
  private readonly log: Logger;
  private readonly queue = new KeyedQueue<number>();
  private readonly ctx: CommitContext;
  private readonly listeners = new Set<(c: Committed) => void>();
  /** The games this process has read or written, as their row says: every change of a game's row is made through this store (a
   * game is driven by one process), so the copy follows each commit. The bot's synchronous code reads it (known) after loading it (game). */
  private readonly infos = new Map<number, GameInfo>();
  /** Each server's settings, read once: they are changed only through updateGuildSettings. */
  private readonly settings = new Map<string, GuildSettings>();
  private closed = false;

  private constructor(
    backend: StoreBackend,
    private readonly opts: GameStoreOptions = {},
  ) {
    this.backend = backend;
    this.clock = opts.clock ?? Date.now;
    this.log = opts.logger ?? rootLogger;
    this.ctx = {
      backend,
      live: new Map(),
      unsure: new Set(),
      log: this.log,
      onBroken: (gameId, head, reason) => this.opts.onBroken?.({ gameId, guildId: head.guildId, channelId: head.channelId, reason }),
      owes: opts.owes,
      fence: opts.fence,
    };
  }

  /** The repositories, each call its own statement (or part of the transaction it is made in). */
  get repos(): Repos {
    return this.backend.repos;
  }

  /** Recovery (through the backend's interfaces), then the store serves the bot. */
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
  }

  /** A store on any backend (SQLite's, PostgreSQL's): recovers its unfinished games first. */
  static async over(backend: StoreBackend, opts: Omit<GameStoreOptions, 'path' | 'checkpointWorker'> = {}): Promise<GameStore> {
    const store = new GameStore(backend, opts);
    await store.start();
    return store;
  }

  /** Opens (creating, guarding and migrating) the SQLite file and recovers unfinished games. Throws StoreOpenError on a file it must not touch. */
  static async open(opts: GameStoreOptions = {}): Promise<GameStore> {
    if (opts.url) return openPostgresStore(opts.url, opts);
    const conn = openDatabase(opts.path ?? databasePath(), opts);
    try {
      const backend = new SqliteBackend(conn, { now: opts.clock ?? Date.now, ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.shard ? { shard: opts.shard } : {}) });
      const store = new GameStore(backend, opts);
      await store.start();
      backend.serve(opts.checkpointWorker !== false, (report) => {
        for (const tell of store.damageListeners) tell(report);
      });
      return store;
    } catch (err) {
      conn.close();
      throw openFailure(conn.path, err);
    }
  }

  now = (): number => this.clock();

  /** Stores a new game at version 0 (setup, seats, first snapshot) in one transaction. */
  async createGame(input: NewGame): Promise<Committed> {
    this.assertOpen();
    const now = this.clock();
    const setup = JSON.parse(
      JSON.stringify({ seed: input.seed ?? randomInt(2 ** 31), players: input.seats.map((s) => s.name), edition: input.edition, options: input.options }),
    ) as Setup;
    const settings = await this.guildSettings(input.guildId);
    const decisionMs = input.decisionMs !== undefined ? input.decisionMs : settings.decisionMs;
    const windowMs = input.windowMs ?? settings.windowMs;
    const { state, events } = startGame({ setup, decisionMs, windowMs, createdAt: now });
    const c: Committed = { ok: true, gameId: 0, version: 0, action: null, state, events, finished: false, at: now };
    const deadline = state.pending?.deadline ?? null;
    const id = await this.backend.transaction(async (tx) => {
      if (!(await mayCommit(this.ctx, tx, input.guildId))) throw new LeaseLostError(`server ${input.guildId}`);
      c.gameId = await tx.games.insertGame({
        guildId: input.guildId,
        channelId: input.channelId,
        setup,
        options: state.options,
        decisionMs,
        windowMs,
        snapshot: encodeSnapshot(state),
        deadline,
        createdAt: now,
        seats: input.seats,
        tableMessageId: input.tableMessageId ?? null,
      });
      if (input.lobby) await tx.lobbies.save({ ...input.lobby, gameId: c.gameId });
      await oweEffects(this.ctx, tx, c, input);
      return c.gameId;
    });
    const head: GameHead = { status: 'active', version: 0, snapshotVersion: 0, decisionMs, windowMs, createdAt: now, setup, guildId: input.guildId, channelId: input.channelId };
    this.ctx.live.set(id, { head, state });
    this.infos.set(id, { ...head, id, options: state.options, deadline, tableMessageId: input.tableMessageId ?? null, brokenReason: null, updatedAt: now, finishedAt: null });
    this.log.info({ gameId: id, guildId: input.guildId, channelId: input.channelId, players: setup.players.length, decisionMs }, 'game created');
    this.notify(c);
    return c;
  }

  /**
   * Applies one action: resolves after it is committed (or refused, with nothing written). Actions of one game are applied
   * one at a time in the order submit was called. `by`: the clicker's seat, handed to listeners with the commit, not stored.
   */
  submit(gameId: number, action: Action, precondition?: (state: GameState) => string | null, by?: number): Promise<SubmitResult> {
    if (this.closed) return Promise.reject(new Error('the game store is closed'));
    const asked = performance.now();
    return this.queue.run(gameId, async () => {
      // Checked in the queue, after every earlier action of this game: a click made for a decision
      // that an earlier click (or a timeout) already answered is refused, never applied twice.
      for (const c of await resync(this.ctx, gameId, this.clock())) this.follow(gameId, c), this.notify(c);
      const current = precondition && (await this.state(gameId));
      const why = current ? precondition(current) : null;
      if (why) return { ok: false, gameId, code: why, reason: `precondition failed: ${why}` } as const;
      // While another process holds SQLite's write lock the backend waits (without blocking the
      // event loop) and tries again: only games with an action to commit wait.
      const r = await applyAndCommit(this.ctx, gameId, action, this.clock());
      this.follow(gameId, r);
      if (r.ok) {
        this.opts.onCommitTime?.(performance.now() - asked);
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

  /** The copy of the game's row follows what the commit wrote. */
  private follow(gameId: number, r: SubmitResult): void {
    const info = this.infos.get(gameId);
    if (!info) return;
    if (r.ok) {
      info.version = r.version;
      info.status = r.finished ? 'finished' : 'active';
      info.deadline = r.finished ? null : (r.state.pending?.deadline ?? null);
      info.updatedAt = r.at;
      if (r.finished) info.finishedAt = r.at;
    } else if (r.code === 'broken') {
      info.status = 'broken';
      info.brokenReason = r.reason;
      info.deadline = null;
    }
  }

  /** Submits a timeout to every game whose deadline is at or before now. */
  async fireDueTimeouts(): Promise<SubmitResult[]> {
    return Promise.all((await this.backend.repos.games.due(this.clock())).map((id) => this.submit(id, { kind: 'timeout' })));
  }

  /** The earliest deadline of any active game, for the timer to sleep until. */
  nextDeadline(): Promise<number | null> {
    return this.backend.repos.games.nextDeadline();
  }

  /** Called with every commit (and creation), synchronously, before submit resolves. Returns an unsubscribe. */
  subscribe(listener: (c: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many games this process drives (active, in memory): metrics. */
  get liveGames(): number {
    return this.ctx.live.size;
  }

  /** The current state of an active game this process holds in memory, or null. */
  liveState(gameId: number): GameState | null {
    return this.ctx.live.get(gameId)?.state ?? null;
  }

  /** The current state of a game: from memory when active, else from its stored snapshot and the log's rows after it. */
  async state(gameId: number): Promise<GameState | null> {
    const live = this.ctx.live.get(gameId);
    if (live) return live.state;
    const repo = this.backend.repos.games;
    const head = await repo.head(gameId);
    return head?.setup ? storedState(repo, gameId, { ...head, setup: head.setup }) : null;
  }

  /** The game's row (read once, then followed through every change this store makes). */
  async game(gameId: number): Promise<GameInfo | null> {
    const known = this.infos.get(gameId);
    if (known) return known;
    const info = await this.backend.repos.games.info(gameId);
    if (!info) return null;
    return this.remember(gameId, info);
  }

  /** The game's row if this process has read it (game) or made it; null otherwise. */
  known(gameId: number): GameInfo | null {
    return this.infos.get(gameId) ?? null;
  }

  private remember(gameId: number, info: GameInfo): GameInfo {
    // Bounded: ended games are forgotten first, oldest first.
    if (this.infos.size >= MAX_KNOWN_GAMES)
      for (const [id, g] of this.infos)
        if (g.status !== 'active') {
          this.infos.delete(id);
          if (this.infos.size < MAX_KNOWN_GAMES) break;
        }
    const known = this.infos.get(gameId);
    if (known) return known;
    this.infos.set(gameId, info);
    return info;
  }

  seats(gameId: number): Promise<SeatInfo[]> {
    return this.backend.repos.games.seats(gameId);
  }

  activeGameIds(): Promise<number[]> {
    return this.backend.repos.games.activeIds();
  }

  async activeGameIn(guildId: string, channelId: string): Promise<number | null> {
    return (await this.backend.repos.games.activeIn(guildId, channelId))[0] ?? null;
  }

  /** The channel's newest game, whatever its status, or null. */
  newestGameIn(guildId: string, channelId: string): Promise<number | null> {
    return this.backend.repos.games.newestIn(guildId, channelId);
  }

  /** Runs `work` in the game's queue: no action of the game commits until it settles (keep it short: clicks wait). */
  beforeNextAction<T>(gameId: number, work: () => Promise<T>): Promise<T> {
    return this.queue.run(gameId, work);
  }

  setTableMessage(gameId: number, messageId: string | null): Promise<void> {
    return this.queue.run(gameId, () => this.writeTableMessage(gameId, messageId));
  }

  /** A finished game's last table is up on Discord: a restart need not show it again. */
  tableFinal(gameId: number): Promise<void> {
    return this.queue.run(gameId, () => this.backend.repos.games.setTableFinal(gameId, this.clock()));
  }

  /** Records the game's table message now (call from inside a transaction, in the game's queue or its sender). */
  async writeTableMessage(gameId: number, messageId: string | null): Promise<void> {
    const now = this.clock();
    await this.backend.repos.games.setTableMessage(gameId, messageId, now);
    const info = this.infos.get(gameId);
    if (info) {
      info.tableMessageId = messageId;
      info.updatedAt = now;
    }
  }

  /** Ends an active game without a result (cancelled by a moderator); its log is kept. `owed`: what says so, in the same transaction. */
  async abortGame(gameId: number, reason: string, owed?: () => Owed[]): Promise<boolean> {
    const changed = async (tx: Repos, now: number) => {
      const head = await tx.games.head(gameId);
      if (head?.status === 'active') await tx.games.setStatus(gameId, 'aborted', now, reason);
      return head?.status === 'active';
    };
    const now = await this.changeGame(gameId, changed, owed);
    if (now === null) return false;
    this.ctx.live.delete(gameId);
    const info = this.infos.get(gameId);
    if (info) Object.assign(info, { status: 'aborted', brokenReason: reason, deadline: null, updatedAt: now, finishedAt: now });
    this.log.info({ gameId, reason }, 'game aborted');
    return true;
  }

  /** Holds an active game (the bot may not post in its channel): no deadline, no move but `{ kind: 'resume' }`, whose commit
   * ends the hold. `owed`: what says so. False when the game was not active or already held. */
  async holdGame(gameId: number, owed?: () => Owed[]): Promise<boolean> {
    const now = await this.changeGame(gameId, (tx, at) => tx.games.hold(gameId, at), owed);
    const info = this.infos.get(gameId);
    if (now !== null && info) Object.assign(info, { deadline: null, updatedAt: now });
    if (now !== null) this.log.info({ gameId }, 'game held');
    return now !== null;
  }

  /**
   * A change of a game's row outside its actions and what it owes (worded first, in the game's queue), in
   * one transaction: no action of the game commits in between. Its time, or null when nothing changed.
   */
  private changeGame(gameId: number, change: (tx: Repos, now: number) => Promise<boolean>, owed?: () => Owed[]): Promise<number | null> {
    return this.queue.run(gameId, async () => {
      const now = this.clock();
      const items = owed?.() ?? [];
      const done = await this.backend.transaction(async (tx) => {
        if (!(await mayCommit(this.ctx, tx, gameId)) || !(await change(tx, now))) return false;
        await tx.outbox.add(items, now);
        return true;
      });
      return done ? now : null;
    });
  }

  /** Runs `fn` in one write transaction (outbox rows with the change that owes them). */
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T> {
    this.assertOpen();
    return this.backend.transaction(fn);
  }

  /** Stores messages owed in their own transaction. */ async owe(items: Owed[]): Promise<void> {
    if (items.length) await this.backend.repos.outbox.add(items, this.clock());
  }

  /** The server's settings (read once, then kept: they change only through updateGuildSettings). */
  async guildSettings(guildId: string): Promise<GuildSettings> {
    const known = this.settings.get(guildId);
    if (known) return known;
    const s = await this.backend.repos.settings.read(guildId);
    this.settings.set(guildId, s);
    return s;
  }

  /** The server's settings if read before (guildSettings), else null. */
  knownSettings(guildId: string): GuildSettings | null {
    return this.settings.get(guildId) ?? null;
  }

  async updateGuildSettings(guildId: string, patch: Partial<Omit<GuildSettings, 'guildId'>>): Promise<GuildSettings> {
    const s = await this.backend.repos.settings.write(guildId, patch, this.clock());
    this.settings.set(guildId, s);
    return s;
  }

  /** SQLite: `tell` hears when the hourly check (checkpointer.ts) finds the file damaged, once per damage; it is logged too. */
  whenDamaged(tell: (report: string) => void): void {
    this.damageListeners.push(tell);
  }

  /** A write nobody waits for (a preference): its failure is logged, not thrown. */
  background(write: Promise<unknown>, what: string): void {
    write.catch((err: unknown) => this.log.error({ err }, `could not save ${what}`));
  }

  /** Waits for queued work, then closes the backend. */
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

/** How many games' rows a store keeps (known); beyond it, ended games are forgotten. */
const MAX_KNOWN_GAMES = 10_000;

/**
 * The store on PostgreSQL (DATABASE_URL): migrated (once, under an advisory lock, whichever process
 * comes first) and recovered like the file. A server that cannot be reached is one sentence at
 * start-up (StoreOpenError 'unreachable'), the password never in it.
 */
async function openPostgresStore(url: string, opts: GameStoreOptions): Promise<GameStore> {
  let backend: PgBackend;
  try {
    backend = await PgBackend.open(url, { now: opts.clock ?? Date.now, directUrl: opts.directUrl ?? null, ...(opts.logger ? { logger: opts.logger } : {}), ...(opts.shard ? { shard: opts.shard } : {}) });
  } catch (err) {
    if (err instanceof StoreOpenError) throw err;
    const why = (err as { code?: string }).code ?? (err as Error).message;
    throw new StoreOpenError('unreachable', redactUrl(url), `The PostgreSQL database at ${redactUrl(url)} cannot be reached (${why}); check DATABASE_URL and that the server is up.`);
  }
  try {
    return await GameStore.over(backend, opts);
  } catch (err) {
    await backend.close();
    throw err;
  }
}
