// The Discord layer: interactions in, engine actions through the store, messages out. It holds
// no game rules; the engine decides what is legal, the store commits before anyone is told. The
// Bot makes the parts, wires the client's events to the router (handlers/*.ts do the work), hears
// each commit, and starts and stops.
import type { Client } from 'discord.js';
import { t } from '../i18n/index.js';
import type { Logger } from '../log.js';
import type { Committed, GameStore, LobbiesRepo } from '../store/index.js';
import { DeadlineScheduler, realHost, type TimerHost } from '../store/index.js';
import { interactionRest } from './client.js';
import type { Context } from './context.js';
import { panelBody } from './handlers/game.js';
import { HANDLERS } from './handlers/index.js';
import { Locales } from './locales.js';
import { Panels } from './outbound/panels.js';
import { Pings } from './outbound/pings.js';
import { Publisher } from './outbound/publisher.js';
import { Router } from './router.js';
import { aiSeats, type AiSeats } from './seats/ai-seats.js';
import { Drivers, type SeatPolicy } from './seats/drivers.js';
import type { SeatUsers } from './session/seat-users.js';
import { Sessions } from './session/sessions.js';

export interface BotOptions {
  client: Client;
  /** Opened with the bot's `owes` (outbound/owed.ts): what each commit owes Discord is stored in its transaction. */
  store: GameStore;
  /** Default: the store's. */
  lobbies?: LobbiesRepo;
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
  readonly lobbies: LobbiesRepo;
  readonly log: Logger;
  readonly sessions: Sessions;
  readonly locales: Locales;
  readonly publisher: Publisher;
  readonly drivers: Drivers;
  readonly timers: DeadlineScheduler;
  readonly panels: Panels;
  readonly pings: Pings;
  private readonly ai: AiSeats;
  private readonly router: Router;
  /** Games told that they are paused because their timeouts cannot be saved. */
  private paused: number[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private unsubscribe: (() => void) | null = null;
  private stopping = false;

  constructor(o: BotOptions) {
    this.client = o.client;
    this.store = o.store;
    this.lobbies = o.lobbies ?? o.store.repos.lobbies;
    this.log = o.log;
    this.sessions = new Sessions({ store: o.store, lobbies: this.lobbies, log: o.log, guildLocale: (guildId) => this.locales.guild(guildId) });
    this.locales = new Locales(
      o.store,
      (gameId) => this.sessions.tableLocale(gameId),
      (userId) => this.sessions.flags.localeOf(userId),
    );
    const { users, flags, events } = this.sessions;
    // The lobby's AI level plays its AI seats and its absent players (普通 for lobbies before levels).
    this.ai = aiSeats(events, (gameId) => this.sessions.level(gameId), { budgetMs: o.aiBudgetMs });
    const host = o.timerHost ?? realHost(o.store);
    this.drivers = new Drivers({
      timers: host,
      store: o.store,
      users,
      flags,
      log: o.log,
      aiDelayMs: o.aiDelayMs ?? 1500,
      aiPolicy: o.aiPolicy ?? this.ai.decide,
      autopilotPolicy: o.autopilotPolicy ?? this.ai.decide,
    });
    this.publisher = new Publisher({
      client: o.client,
      store: o.store,
      users,
      log: o.log,
      locale: (gameId) => this.locales.table(gameId),
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
      users,
      panels: this.panels,
      publisher: this.publisher,
      log: o.log,
      timers: host,
      locale: (gameId) => this.locales.table(gameId),
      userLocale: (guildId, userId) => this.locales.user(guildId, userId),
      botSeats: (gameId) => this.drivers.botSeats(gameId),
    });
    this.sessions.attach({ drivers: this.drivers, pings: this.pings, publisher: this.publisher, ai: this.ai });
    const ctx: Context = {
      client: o.client,
      store: o.store,
      lobbies: this.lobbies,
      sessions: this.sessions,
      publisher: this.publisher,
      drivers: this.drivers,
      panels: this.panels,
      pings: this.pings,
      log: o.log,
      locales: this.locales,
      ...(o.seeds ? { seeds: o.seeds } : {}),
    };
    this.router = new Router(ctx, HANDLERS, o.onAck);
  }

  /** Who sits where, per game (the sessions'). */
  get users(): SeatUsers {
    return this.sessions.users;
  }

  /** Wires the client and resumes every game the store recovered. Call before client.login. */
  start(): void {
    this.client.on('interactionCreate', (i) => {
      if (!this.stopping) this.track(this.router.route(i));
    });
    this.client.on('error', (err) => this.log.error({ err }, 'discord client error'));
    this.client.on('messageCreate', (m) => this.track(this.channelGame(m.guildId, m.channelId).then((gameId) => gameId !== null && this.publisher.channelMessage(gameId, m.id))));
    // A deleted message (an old ping) no longer buries the table.
    this.client.on('messageDelete', (m) =>
      this.track(this.channelGame(m.guildId, m.channelId).then((gameId) => gameId !== null && this.publisher.channelMessageGone(gameId, m.id))),
    );
    this.unsubscribe = this.store.subscribe((c) => {
      const waiting = this.sessions.whenReady(c.gameId, () => this.onCommit(c));
      if (waiting) this.track(waiting);
    });
    this.client.once('clientReady', () => this.track(this.resumeGames()));
    void this.timers.start();
  }

  /** The active game of a channel the bot has seen a message in, prepared; null for none. */
  private async channelGame(guildId: string | null, channelId: string): Promise<number | null> {
    const gameId = guildId ? await this.store.activeGameIn(guildId, channelId) : null;
    if (gameId !== null) await this.sessions.prepare(gameId);
    return gameId;
  }

  /** Every recovered game: table refreshed, bot seats poked; broken ones announced. */
  private async resumeGames(): Promise<void> {
    // First what was owed when the last process stopped (or was killed), in the order it was owed.
    const owed = await this.store.repos.outbox.owedGames();
    for (const gameId of owed) await this.sessions.prepare(gameId);
    void this.publisher.sender.resume();
    // A game that ended before its table was first posted gets its final table now.
    for (const gameId of await this.store.repos.outbox.finishedWithoutTable()) {
      await this.sessions.prepare(gameId);
      this.publisher.tableChanged(gameId);
    }
    for (const gameId of await this.store.activeGameIds()) {
      await this.sessions.prepare(gameId);
      const state = this.store.liveState(gameId);
      if (!state) continue;
      this.sessions.setLast(gameId, state);
      if (this.store.known(gameId)) this.publisher.noteRecent(gameId, this.locales.table(gameId), this.sessions.events.events(gameId), state);
      this.publisher.tableChanged(gameId);
      this.pings.committed(gameId, state);
      this.drivers.poke(gameId, state);
    }
    for (const b of this.store.recovery.broken) {
      await this.sessions.prepare(b.gameId);
      this.publisher.notice(b.gameId, b.channelId, t(this.locales.table(b.gameId), 'err.broken', { reason: b.reason }));
    }
  }

  /** A commit of a prepared game: the table, the panels, the pings and the bot seats follow it. */
  private onCommit(c: Committed): void {
    const before = this.sessions.last(c.gameId);
    if (c.action?.kind === 'timeout' && before && this.drivers.timedOut(c.gameId, before)) this.publisher.tableChanged(c.gameId);
    this.sessions.setLast(c.gameId, c.state);
    this.sessions.events.note(c.gameId, c.version, c.events);
    this.publisher.committed(c.gameId, c.state, c.events);
    this.panels.changed(c.gameId, c.state.pending?.opened ?? null, c.finished);
    this.pings.committed(c.gameId, c.state, c.by ?? null);
    if (c.finished) this.sessions.forget(c.gameId);
    else this.drivers.poke(c.gameId, c.state);
  }

  private channelNotice(gameId: number, key: 'err.paused' | 'err.resumed'): void {
    const info = this.store.known(gameId);
    if (info) this.publisher.noticeNow(gameId, info.channelId, t(this.locales.table(gameId), key));
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
    await this.store.close();
    await this.client.destroy();
  }
}
