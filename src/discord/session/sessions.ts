// One session per game this process hosts: everything the bot keeps about a game between two
// interactions, loaded by one `prepare` and dropped by one `forget`. The session's own record (the
// last committed state, the table's language, the AI level) lives here; the caches of the other
// parts (seats, flags, events; the drivers', pings' and publisher's) are loaded and forgotten only
// through it, so no part is left holding a game the others have dropped.
import type { GameState } from '../../engine/index.js';
import type { Locale } from '../../i18n/index.js';
import { STORED_AI_LEVEL, type AiLevel } from '../../lobby/model.js';
import type { Logger } from '../../log.js';
import type { GameStore, LobbiesRepo } from '../../store/index.js';
import { EventLog } from './event-log.js';
import { SeatUsers } from './seat-users.js';
import { TableFlags } from './table-flags.js';

/** A part of the bot that keeps something per game: loaded in `prepare`, dropped in `forget`. */
export interface GamePart {
  load?(gameId: number): Promise<void>;
  forget?(gameId: number): void;
}

/** The parts outside the session that keep per-game state (the seat drivers, pings, publisher, AI seats). */
export interface SessionParts {
  drivers: GamePart;
  pings: GamePart;
  publisher: GamePart;
  ai: GamePart;
}

interface Session {
  /** The caches loading or loaded (load). */
  loading?: Promise<void>;
  /** Every cache loaded. */
  ready: boolean;
  /** The last committed state: a timeout's commit needs to know whom it decided for. */
  last?: GameState;
  /** The language the game's lobby chose (final once the lobby names the game). */
  locale?: Locale;
  /** The language of a game whose lobby is being begun (not yet final). */
  beginning?: Locale;
  /** The AI level of its lobby. */
  level?: AiLevel;
  /** Whether its lobby allows 提示 (the coach). */
  hints?: boolean;
  /** Commits heard before the session was ready, handled in order once it is. */
  waiting?: Promise<void>;
}

export interface SessionsOptions {
  store: GameStore;
  lobbies: LobbiesRepo;
  log: Logger;
  /** What a channel reads outside a game: the server's language setting (Locales.guild). */
  guildLocale: (guildId: string | null) => Locale;
}

export class Sessions {
  /** Who sits where, per game. */
  readonly users: SeatUsers;
  /** 本回合不再响应 per seat, and each player's standing choices. */
  readonly flags: TableFlags;
  /** Every event of each game, in order. */
  readonly events: EventLog;
  private readonly games = new Map<number, Session>();
  private parts: SessionParts | null = null;

  constructor(private readonly o: SessionsOptions) {
    this.users = new SeatUsers(o.store);
    this.flags = new TableFlags(o.store);
    this.events = new EventLog(o.store);
  }

  /** The parts made after the sessions (they read the users and flags kept here). */
  attach(parts: SessionParts): void {
    this.parts = parts;
  }

  private session(gameId: number): Session {
    let s = this.games.get(gameId);
    if (!s) this.games.set(gameId, (s = { ready: false }));
    return s;
  }

  /**
   * Loads, once per game, everything the synchronous code of the bot reads about it (its row, seats,
   * flags, autopilots, ping, event log, table state, server settings, lobby language and AI level):
   * after this, what runs on a commit reads only these caches and the store's live state.
   */
  prepare(gameId: number): Promise<void> {
    const s = this.session(gameId);
    let p = s.loading;
    if (!p) {
      const loading = this.load(gameId, s);
      s.loading = p = loading;
      loading.catch(() => {
        if (s.loading === loading) s.loading = undefined;
      });
    }
    return s.locale !== undefined ? p : p.then(() => this.loadLobby(gameId, s));
  }

  private async load(gameId: number, s: Session): Promise<void> {
    const info = await this.o.store.game(gameId);
    if (!info) return;
    await this.o.store.guildSettings(info.guildId);
    await this.users.load(gameId);
    await this.flags.load(gameId, this.users.of(gameId));
    await this.parts?.drivers.load?.(gameId);
    await this.parts?.pings.load?.(gameId);
    await this.events.load(gameId);
    await this.parts?.publisher.load?.(gameId);
    s.ready = true;
  }

  /**
   * The language and AI level the game's lobby chose. While a lobby is being begun, its game exists
   * before the lobby names it: it is still the channel's open lobby, and is asked again next time.
   */
  private async loadLobby(gameId: number, s: Session): Promise<void> {
    const info = this.o.store.known(gameId);
    const lobby = await this.o.lobbies.ofGame(gameId);
    const begun = lobby ?? (info ? await this.o.lobbies.inChannel(info.guildId, info.channelId) : null);
    s.level = begun?.options.ai ?? STORED_AI_LEVEL;
    s.hints = begun?.options.hints !== false;
    const l = begun?.options.language ?? this.o.guildLocale(info?.guildId ?? null);
    if (lobby || !info) s.locale = l;
    else s.beginning = l;
  }

  /**
   * Runs `onCommit` for a commit of the game once its session is ready: at once when it is (and no
   * earlier commit still waits), else after `prepare`, in the order the commits came. Returns the
   * wait, or null when it ran at once.
   */
  whenReady(gameId: number, onCommit: () => void): Promise<void> | null {
    const s = this.session(gameId);
    if (!s.waiting && s.ready && (s.locale ?? s.beginning) !== undefined) {
      onCommit();
      return null;
    }
    const before = s.waiting ?? this.prepare(gameId).catch((err: unknown) => this.o.log.error({ gameId, err }, 'could not load a game before its commit'));
    const p = before.then(onCommit);
    s.waiting = p;
    void p.finally(() => {
      if (s.waiting === p) s.waiting = undefined;
    });
    return p;
  }

  /** The game's last committed state, as this process heard it. */
  last(gameId: number): GameState | undefined {
    return this.games.get(gameId)?.last;
  }

  setLast(gameId: number, state: GameState): void {
    this.session(gameId).last = state;
  }

  /** The language its lobby chose (final, else while it is being begun); null when not loaded. */
  tableLocale(gameId: number): Locale | null {
    const s = this.games.get(gameId);
    return s?.locale ?? s?.beginning ?? null;
  }

  /** Whether the game's lobby allows 提示 (allowed unless its host turned it off). */
  hints(gameId: number): boolean {
    return this.games.get(gameId)?.hints ?? true;
  }

  /** The AI level of the game's lobby (普通 for lobbies before levels). */
  level(gameId: number): AiLevel {
    return this.games.get(gameId)?.level ?? STORED_AI_LEVEL;
  }

  /** A game ended: everything kept about it goes (its table's last state stays with the publisher). */
  forget(gameId: number): void {
    this.parts?.drivers.forget?.(gameId);
    this.events.forget(gameId);
    this.parts?.ai.forget?.(gameId);
    this.users.forget(gameId);
    this.flags.forget(gameId);
    this.parts?.pings.forget?.(gameId);
    this.games.delete(gameId);
  }
}
