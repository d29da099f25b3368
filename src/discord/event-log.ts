// Every event of the games this process hosts, in order: what a seat privately learned (for
// 我的信息) and what an AI seat remembers are folds over it. A game first seen after a restart
// is rebuilt by replaying its stored log, so nothing lives only in memory.
import type { GameEvent } from '../engine/index.js';
import type { GameStore } from '../store/index.js';
import { replay } from '../store/replay.js';

const PRIVATE_KINDS = new Set(['identity', 'peek', 'probeCard', 'sendCard', 'discardCards', 'characterOffer', 'character', 'identitySeen', 'handSeen']);

export class EventLog {
  private readonly games = new Map<number, GameEvent[]>();

  constructor(private readonly store: GameStore) {}

  /** A commit's events; a game first seen part way is left to be rebuilt from its log. */
  note(gameId: number, version: number, events: GameEvent[]): void {
    if (version === 0 && !this.games.has(gameId)) this.games.set(gameId, []);
    this.games.get(gameId)?.push(...events);
  }

  events(gameId: number): GameEvent[] {
    let log = this.games.get(gameId);
    if (!log) {
      log = [];
      this.games.set(gameId, log);
      const head = this.store.repo.head(gameId);
      if (head?.setup)
        replay({ ...head, setup: head.setup }, this.store.repo.log(gameId), (_v, _at, evs) => log!.push(...evs));
    }
    return log;
  }

  /** What only this seat was shown, oldest first. */
  secretsOf(gameId: number, seat: number): GameEvent[] {
    return this.events(gameId).filter((ev) => ev.to !== 'all' && ev.to.includes(seat) && PRIVATE_KINDS.has(ev.type));
  }

  forget(gameId: number): void {
    this.games.delete(gameId);
  }
}
