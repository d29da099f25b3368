// Every event of the games this process hosts, in order: what a seat privately learned (for
// 我的信息) and what an AI seat remembers are folds over it. A game first seen after a restart
// is rebuilt by replaying its stored log, so nothing lives only in memory.
import type { GameEvent } from '../../engine/index.js';
import type { GameStore } from '../../store/index.js';
import { replay } from '../../store/replay.js';

const PRIVATE_KINDS = new Set(['identity', 'peek', 'probeCard', 'sendCard', 'discardCards', 'characterOffer', 'character', 'identitySeen', 'handSeen', 'handTakenCards', 'cardGivenCards', 'handGivenCards']);

/** A game's events, and the newest version they include. */
interface Log {
  events: GameEvent[];
  version: number;
}

export class EventLog {
  private readonly games = new Map<number, Log>();

  constructor(private readonly store: GameStore) {}

  /**
   * A commit's events; a game first seen part way is left to be rebuilt from its log. A commit the
   * rebuilt log already holds (a new game is loaded from its stored log before its first commit is
   * followed) is not noted twice.
   */
  note(gameId: number, version: number, events: GameEvent[]): void {
    if (version === 0 && !this.games.has(gameId)) this.games.set(gameId, { events: [], version: -1 });
    const g = this.games.get(gameId);
    if (!g || version <= g.version) return;
    g.events.push(...events);
    g.version = version;
  }

  /** Rebuilds a game first seen part way from its stored log (Bot.prepare). */
  async load(gameId: number): Promise<void> {
    if (this.games.has(gameId)) return;
    const head = await this.store.repos.games.head(gameId);
    const stored = head?.setup ? await this.store.repos.games.log(gameId) : [];
    if (this.games.has(gameId)) return;
    const log: Log = { events: [], version: -1 };
    if (head?.setup)
      replay({ ...head, setup: head.setup }, stored, (v, _at, evs) => {
        log.events.push(...evs);
        log.version = v;
      });
    this.games.set(gameId, log);
  }

  /**
   * Every event of a loaded game (load), oldest first; none for a game not loaded (or forgotten, as a
   * finished one is): asking keeps nothing, so a later load still reads the whole stored log.
   */
  events(gameId: number): GameEvent[] {
    return this.games.get(gameId)?.events ?? [];
  }

  /** What only this seat was shown, oldest first. */
  secretsOf(gameId: number, seat: number): GameEvent[] {
    return this.events(gameId).filter((ev) => ev.to !== 'all' && ev.to.includes(seat) && PRIVATE_KINDS.has(ev.type));
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
  }
}
