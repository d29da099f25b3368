// The Discord layer: interactions in, engine actions through the store, messages out. It holds
// no game rules; the engine decides what is legal, the store commits before anyone is told.
import { performance } from 'node:perf_hooks';
import { MessageFlags, PermissionFlagsBits, type ChatInputCommandInteraction, type Client, type Interaction } from 'discord.js';
import type { GameState } from '../engine/index.js';
import { pickLocale, t, type Locale } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { Committed, GameStore } from '../store/index.js';
import { DeadlineScheduler, realHost, type TimerHost } from '../store/index.js';
import { COMMAND_NAME } from './commands.js';
import { decodeId } from './custom-id.js';
import { Drivers, type SeatPolicy } from './drivers.js';
import { onGameComponent, panelBody } from './game-clicks.js';
import { Panels } from './panels.js';
import { showLog } from './log-view.js';
import { turnRulesPage } from './rules-pages.js';
import { interactionRest } from './client.js';
import { Pings } from './pings.js';
import { TableFlags } from './table-flags.js';
import { onLobbyCommand, onLobbyComponent } from './lobby.js';
import { STORED_AI_LEVEL, type AiLevel, type LobbyRepo } from './lobby-model.js';
import { Publisher } from './publisher.js';
import { EventLog } from './event-log.js';
import { SeatUsers } from './seat-users.js';
import { aiSeats, type AiSeats } from './ai-seats.js';
import { ackUnlessAnsweredIn, type Component } from './reply.js';
import { onInfoCommand } from './slash.js';
import { onReplayCommand, onReplayComponent } from './replay.js';

/** A game click not answered with its panel by then is acknowledged first (Discord allows 3 s). */
const ANSWER_WITHIN_MS = 1_000;

export interface BotOptions {
  client: Client;
  store: GameStore;
  /** Default: the store's. */
  lobbies?: LobbyRepo;
  log: Logger;
  /** Least ms between edits of one table message; default 1000 (Discord's pace), 0 in tests. */
  editIntervalMs?: number;
  /** Pause before a card, skill or other visible action of an AI seat is shown; default 1500. */
  aiDelayMs?: number;
  aiPolicy?: SeatPolicy;
  autopilotPolicy?: SeatPolicy;
  /** The expert's (困难) search budget per decision, in ms of its playout count (src/ai/expert.ts); default 300. */
  aiBudgetMs?: number;
  /** Timers; default real ones. Tests pass their own clock. */
  timerHost?: TimerHost;
  /** Called with the ms from an interaction reaching the bot to its acknowledgement (bench). */
  onAck?: (ms: number) => void;
  /** Called with the ms from a commit to an open panel showing it (bench). */
  onPanelRefresh?: (ms: number) => void;
  /** Seeds for new games; default random. Tests fix them so a game plays the same every run. */
  seeds?: () => number;
}

export class Bot {
  readonly client: Client;
  readonly store: GameStore;
  readonly lobbies: LobbyRepo;
  readonly log: Logger;
  readonly publisher: Publisher;
  readonly drivers: Drivers;
  readonly timers: DeadlineScheduler;
  readonly events: EventLog;
  readonly users: SeatUsers;
  readonly flags: TableFlags;
  readonly panels: Panels;
  readonly pings: Pings;
  private readonly ai: AiSeats;
  /** The last committed state per game: a timeout's commit needs to know whom it decided for. */
  private readonly last = new Map<number, GameState>();
  private readonly tableLocales = new Map<number, Locale>();
  /** The language of a game whose lobby is being begun (not yet final). */
  private readonly beginning = new Map<number, Locale>();
  /** Per game: the AI level of its lobby. */
  private readonly levels = new Map<number, AiLevel>();
  /** Games whose caches are loading or loaded (prepare), and those loaded. */
  private readonly prepared = new Map<number, Promise<void>>();
  private readonly ready = new Set<number>();
  /** Games told that they are paused because their timeouts cannot be saved. */
  private paused: number[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private unsubscribe: (() => void) | null = null;
  private stopping = false;
  private readonly onAck?: (ms: number) => void;
  readonly seeds?: () => number;

  constructor(o: BotOptions) {
    this.client = o.client;
    this.store = o.store;
    this.lobbies = o.lobbies ?? o.store.repos.lobbies;
    this.log = o.log;
    this.onAck = o.onAck;
    this.seeds = o.seeds;
    this.events = new EventLog(o.store);
    this.users = new SeatUsers(o.store);
    this.flags = new TableFlags(o.store);
    // The lobby's AI level plays its AI seats and its absent players (普通 for lobbies before levels).
    this.ai = aiSeats(this.events, (gameId) => this.levels.get(gameId) ?? STORED_AI_LEVEL, { budgetMs: o.aiBudgetMs });
    const lobbyLevel = this.ai.decide;
    const host = o.timerHost ?? realHost(o.store);
    this.drivers = new Drivers({
      timers: host,
      store: o.store,
      users: this.users,
      flags: this.flags,
      log: o.log,
      aiDelayMs: o.aiDelayMs ?? 1500,
      aiPolicy: o.aiPolicy ?? lobbyLevel,
      autopilotPolicy: o.autopilotPolicy ?? lobbyLevel,
    });
    this.publisher = new Publisher({
      client: o.client,
      store: o.store,
      users: this.users,
      log: o.log,
      locale: (gameId) => this.tableLocale(gameId),
      userLocale: (guildId, userId) => this.userLocale(guildId, userId),
      editIntervalMs: o.editIntervalMs ?? 1000,
      timers: host,
      seatTags: (gameId) => ({ ai: this.drivers.aiSeats(gameId), autopilot: this.drivers.autopilotSeats(gameId) }),
    });
    this.timers = new DeadlineScheduler(o.store, host, {
      onFault: (err, gameIds) => {
        this.log.error({ err, gameIds }, 'timeouts cannot be saved; retrying with back-off');
        this.paused = gameIds;
        for (const gameId of gameIds) this.channelNotice(gameId, 'err.paused');
      },
      onRecovered: () => {
        this.log.info({ gameIds: this.paused }, 'timeouts can be saved again');
        for (const gameId of this.paused) this.channelNotice(gameId, 'err.resumed');
        this.paused = [];
      },
    });
    this.panels = new Panels({
      log: o.log,
      now: () => o.store.now(),
      render: (gameId, seat, l, focus) => (this.store.liveState(gameId) && this.store.known(gameId) ? panelBody(this, gameId, seat, l, focus) : null),
      rest: interactionRest(o.client),
      onRefresh: o.onPanelRefresh,
    });
    this.pings = new Pings({
      store: o.store,
      users: this.users,
      panels: this.panels,
      publisher: this.publisher,
      log: o.log,
      timers: host,
      locale: (gameId) => this.tableLocale(gameId),
      userLocale: (guildId, userId) => this.userLocale(guildId, userId),
      botSeats: (gameId) => this.drivers.botSeats(gameId),
    });
  }

  /** Wires the client and resumes every game the store recovered. Call before client.login. */
  start(): void {
    this.client.on('interactionCreate', (i) => this.track(this.onInteraction(i)));
    this.client.on('error', (err) => this.log.error({ err }, 'discord client error'));
    this.client.on('messageCreate', (m) => this.track(this.channelGame(m.guildId, m.channelId).then((gameId) => gameId !== null && this.publisher.channelMessage(gameId, m.id))));
    // A deleted message (an old ping) no longer buries the table.
    this.client.on('messageDelete', (m) =>
      this.track(this.channelGame(m.guildId, m.channelId).then((gameId) => gameId !== null && this.publisher.channelMessageGone(gameId, m.id))),
    );
    this.unsubscribe = this.store.subscribe((c) => this.onCommit(c));
    // What each commit owes Discord is stored in its transaction (the caches it words them from are
    // loaded in it first); the publisher's sender delivers it.
    this.store.setEffects(async (c) => {
      // Inside the transaction: a load begun outside it would wait for it to end, so not that one.
      if (!this.ready.has(c.gameId)) await this.load(c.gameId);
      if (!this.tableLocales.has(c.gameId)) await this.loadLobby(c.gameId);
      return this.publisher.owed(c);
    });
    this.client.once('clientReady', () => this.track(this.resumeGames()));
    void this.timers.start();
  }

  /** The active game of a channel the bot has seen a message in, prepared; null for none. */
  private async channelGame(guildId: string | null, channelId: string): Promise<number | null> {
    const gameId = guildId ? await this.store.activeGameIn(guildId, channelId) : null;
    if (gameId !== null) await this.prepare(gameId);
    return gameId;
  }

  /**
   * Loads, once per game, everything the synchronous code of the bot reads about it (its row, seats,
   * flags, autopilots, ping, event log, table state, server settings, lobby language and AI level):
   * after this, what runs on a commit reads only these caches and the store's live state.
   */
  prepare(gameId: number): Promise<void> {
    let p = this.prepared.get(gameId);
    if (!p) {
      p = this.load(gameId);
      this.prepared.set(gameId, p);
      p.catch(() => this.prepared.delete(gameId));
    }
    return this.tableLocales.has(gameId) ? p : p.then(() => this.loadLobby(gameId));
  }

  private async load(gameId: number): Promise<void> {
    const info = await this.store.game(gameId);
    if (!info) return;
    await this.store.guildSettings(info.guildId);
    await this.users.load(gameId);
    await this.flags.load(gameId, this.users.of(gameId));
    await this.drivers.load(gameId);
    await this.pings.load(gameId);
    await this.events.load(gameId);
    await this.publisher.load(gameId);
    this.ready.add(gameId);
  }

  /**
   * The language and AI level the game's lobby chose. While a lobby is being begun, its game exists
   * before the lobby names it: it is still the channel's open lobby, and is asked again next time.
   */
  private async loadLobby(gameId: number): Promise<void> {
    const info = this.store.known(gameId);
    const lobby = await this.lobbies.ofGame(gameId);
    const begun = lobby ?? (info ? await this.lobbies.inChannel(info.guildId, info.channelId) : null);
    this.levels.set(gameId, begun?.options.ai ?? STORED_AI_LEVEL);
    const l = begun?.options.language ?? this.guildLocale(info?.guildId ?? null);
    if (lobby || !info) this.tableLocales.set(gameId, l);
    else this.beginning.set(gameId, l);
  }

  /** Every recovered game: table refreshed, bot seats poked; broken ones announced. */
  private async resumeGames(): Promise<void> {
    // First what was owed when the last process stopped (or was killed), in the order it was owed.
    const owed = await this.store.repos.outbox.owedGames();
    for (const gameId of owed) await this.prepare(gameId);
    void this.publisher.sender.resume();
    // A game that ended before its table was first posted gets its final table now.
    for (const gameId of await this.store.repos.outbox.finishedWithoutTable()) {
      await this.prepare(gameId);
      this.publisher.tableChanged(gameId);
    }
    for (const gameId of await this.store.activeGameIds()) {
      await this.prepare(gameId);
      const state = this.store.liveState(gameId);
      if (!state) continue;
      this.last.set(gameId, state);
      if (this.store.known(gameId)) this.publisher.noteRecent(gameId, this.tableLocale(gameId), this.events.events(gameId), state);
      this.publisher.tableChanged(gameId);
      this.pings.committed(gameId, state);
      this.drivers.poke(gameId, state);
    }
    for (const b of this.store.recovery.broken) {
      await this.prepare(b.gameId);
      this.publisher.notice(b.gameId, b.channelId, t(this.tableLocale(b.gameId), 'err.broken', { reason: b.reason }));
    }
  }

  private onCommit(c: Committed): void {
    const before = this.last.get(c.gameId);
    if (c.action?.kind === 'timeout' && before && this.drivers.timedOut(c.gameId, before)) this.publisher.tableChanged(c.gameId);
    this.last.set(c.gameId, c.state);
    this.events.note(c.gameId, c.version, c.events);
    this.publisher.committed(c.gameId, c.state, c.events);
    this.panels.changed(c.gameId, c.state.pending?.opened ?? null, c.finished);
    this.pings.committed(c.gameId, c.state, c.by ?? null);
    if (c.finished) {
      this.drivers.forget(c.gameId);
      this.events.forget(c.gameId);
      this.ai.forget(c.gameId);
      this.users.forget(c.gameId);
      this.flags.forget(c.gameId);
      this.pings.forget(c.gameId);
      this.last.delete(c.gameId);
      this.tableLocales.delete(c.gameId);
      this.beginning.delete(c.gameId);
      this.levels.delete(c.gameId);
      this.prepared.delete(c.gameId);
      this.ready.delete(c.gameId);
    } else this.drivers.poke(c.gameId, c.state);
  }

  private channelNotice(gameId: number, key: 'err.paused' | 'err.resumed'): void {
    const info = this.store.known(gameId);
    if (info) this.publisher.noticeNow(gameId, info.channelId, t(this.tableLocale(gameId), key));
  }

  /**
   * For what a whole channel reads outside a game (a lobby, notices): the server's setting, else
   * Chinese. Not the server's Discord language: most servers say en-US whoever plays in them.
   */
  guildLocale(guildId: string | null): Locale {
    return pickLocale(guildId ? (this.store.knownSettings(guildId)?.language ?? null) : null, null);
  }

  /** For what a game's channel reads (its table, pings, notices): the host's choice at /fengsheng start, else the server's. Read by prepare. */
  tableLocale(gameId: number): Locale {
    return this.tableLocales.get(gameId) ?? this.beginning.get(gameId) ?? this.guildLocale(this.store.known(gameId)?.guildId ?? null);
  }

  /** For what one player is sent by DM: the server's setting, else the player's own Discord language. */
  userLocale(guildId: string, userId: string): Locale {
    return pickLocale(this.store.knownSettings(guildId)?.language ?? null, this.flags.localeOf(userId));
  }

  /** For what one user reads in answer to an interaction (panels, replies): the server's setting, else their own Discord language. */
  localeFor(i: Interaction): Locale {
    const server = i.guildId ? (this.store.knownSettings(i.guildId)?.language ?? null) : null;
    return pickLocale(server, i.locale);
  }

  canManage(i: Interaction): boolean {
    return i.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
  }

  private async onInteraction(i: Interaction): Promise<void> {
    if (this.stopping) return;
    try {
      if (i.guildId) await this.store.guildSettings(i.guildId);
      await this.flags.noteLocale(i.user.id, i.locale);
      if (i.isChatInputCommand()) {
        if (i.commandName === COMMAND_NAME) await this.onCommand(i);
        return;
      }
      if (i.isButton() || i.isStringSelectMenu()) await this.onComponent(i);
    } catch (err) {
      this.log.error({ err, interaction: i.id, customId: 'customId' in i ? i.customId : undefined }, 'interaction failed');
      // Never leave a player looking at "thinking…": say something went wrong, privately.
      if (i.isRepliable()) {
        const content = t(this.localeFor(i), 'err.internal');
        const answer = i.deferred || i.replied ? i.followUp({ content, flags: MessageFlags.Ephemeral }) : i.reply({ content, flags: MessageFlags.Ephemeral });
        await answer.catch(() => undefined);
      }
    }
  }

  private async onCommand(i: ChatInputCommandInteraction): Promise<void> {
    const sub = i.options.getSubcommand();
    if (['start', 'join', 'leave', 'begin', 'abort'].includes(sub)) return onLobbyCommand(this, i, sub);
    if (sub === 'replay') return onReplayCommand(this, i);
    return onInfoCommand(this, i, sub);
  }

  private async onComponent(i: Component): Promise<void> {
    const started = performance.now();
    const id = decodeId(i.customId);
    if (!id) {
      await i.reply({ content: t(this.localeFor(i), 'err.malformed'), flags: MessageFlags.Ephemeral });
      return;
    }
    if (['join', 'leave', 'begin', 'addai', 'rmai'].includes(id.verb)) return onLobbyComponent(this, i, id);
    if (id.verb === 'rules' && i.isButton()) return turnRulesPage(i, this.localeFor(i), id.args[0] ?? 0);
    // The log is public: anyone in the channel may read it, privately.
    if (id.verb === 'log' && i.isButton()) {
      const info = await this.store.game(id.game);
      return showLog(this, i, info && info.guildId === i.guildId ? id.game : null, this.localeFor(i));
    }
    if (id.verb === 'replay') return onReplayComponent(this, i, id);
    // The clicker's panel is the answer itself (reply.ts), unless the work takes longer than this.
    const cancel = ackUnlessAnsweredIn(i, ANSWER_WITHIN_MS);
    try {
      await onGameComponent(this, i, id);
    } finally {
      cancel();
    }
    this.onAck?.(performance.now() - started);
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /** Resolves when no interaction, bot seat or message is still being worked on. */
  async idle(): Promise<void> {
    for (let k = 0; k < 100; k++) {
      if (!this.inFlight.size && !this.publisher.busy && !this.drivers.busy && !this.panels.busy) return;
      await Promise.allSettled([...this.inFlight]);
      await this.drivers.idle();
      await this.publisher.idle();
      await this.panels.idle();
    }
  }

  /** SIGINT/SIGTERM: finish the action in flight, stop the timers, close the database. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.timers.stop();
    this.drivers.stop();
    await this.ai.close();
    this.unsubscribe?.();
    await Promise.allSettled([...this.inFlight]);
    await this.publisher.idle();
    this.publisher.sender.stop();
    this.store.setEffects(undefined);
    await this.store.close();
    await this.client.destroy();
  }
}
