// The events of the games this process hosts, as far as the bot keeps them: what each seat privately
// learned (for 我的信息), and each commit's events handed to whoever folds them as they come (an AI
// seat's memory). The whole log of a game is read from the store when asked (the coach, the 日志, a seat
// the bot begins to play), so a live game holds its secrets here, not its hundreds of public events.
// A game first seen part way is rebuilt by replaying its stored log, so nothing lives only in memory.
import type { GameEvent } from '../../engine/index.js';
import type { GameStore } from '../../store/index.js';
import { replay } from '../../store/replay.js';

const PRIVATE_KINDS = new Set(['identity', 'peek', 'probeCard', 'sendCard', 'discardCards', 'characterOffer', 'character', 'identitySeen', 'handSeen', 'handTakenCards', 'cardGivenCards', 'handGivenCards']);

const isSecret = (ev: GameEvent) => ev.to !== 'all' && PRIVATE_KINDS.has(ev.type);

/** A game's private events, and the newest version noted. */
interface Log {
  secrets: GameEvent[];
  version: number;
}

/** A game's whole log as stored: its events, oldest first, and the version they end at (-1: no game). */
export interface StoredEvents {
  events: GameEvent[];
  version: number;
}

/** Told every commit's events once, in order, for each game this log follows. */
export type EventListener = (gameId: number, version: number, events: GameEvent[]) => void;

export class EventLog {
  private readonly games = new Map<number, Log>();
  private readonly listeners: EventListener[] = [];

  constructor(private readonly store: GameStore) {}

  /** `l` hears each commit's events noted from now on. */
  listen(l: EventListener): void {
    this.listeners.push(l);
  }

  /**
   * A commit's events; a game first seen part way is left to be rebuilt from its log. A commit the
   * rebuilt log already holds (a new game is loaded from its stored log before its first commit is
   * followed) is not noted twice.
   */
  note(gameId: number, version: number, events: GameEvent[]): void {
    if (version === 0 && !this.games.has(gameId)) this.games.set(gameId, { secrets: [], version: -1 });
    const g = this.games.get(gameId);
    if (!g || version <= g.version) return;
    for (const ev of events) if (isSecret(ev)) g.secrets.push(ev);
    g.version = version;
    for (const l of this.listeners) l(gameId, version, events);
  }

  /** Rebuilds a game first seen part way from its stored log (Bot.prepare). */
  async load(gameId: number): Promise<void> {
    if (!this.games.has(gameId)) this.adopt(gameId, await this.all(gameId));
  }

  /**
   * Rebuilds a game first seen part way from its log as its caller read it (`all`), before the game is
   * prepared: start-up reads each live game's log once, for the table's lines and for this.
   */
  adopt(gameId: number, stored: StoredEvents): void {
    if (this.games.has(gameId)) return;
    this.games.set(gameId, { secrets: stored.events.filter(isSecret), version: stored.version });
  }

  /** Every event of a game as stored now, oldest first: read and replayed from the store, kept nowhere. */
  async all(gameId: number): Promise<StoredEvents> {
    const head = await this.store.repos.games.head(gameId);
    if (!head?.setup) return { events: [], version: -1 };
    const stored = await this.store.repos.games.log(gameId);
    const out: StoredEvents = { events: [], version: -1 };
    replay({ ...head, setup: head.setup }, stored, (v, _at, evs) => {
      out.events.push(...evs);
      out.version = v;
    });
    return out;
  }

  /** What only this seat was shown, oldest first. */
  secretsOf(gameId: number, seat: number): GameEvent[] {
    return (this.games.get(gameId)?.secrets ?? []).filter((ev) => ev.to !== 'all' && ev.to.includes(seat));
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
  }
}
