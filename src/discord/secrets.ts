// What each seat has privately learned (its identity, draws, peeks, 试探 it used or received),
// kept from the committed events, and rebuilt from the log after a restart.
import type { GameEvent } from '../engine/index.js';
import type { GameStore } from '../store/index.js';
import { replay } from '../store/replay.js';

const KEEP = new Set(['identity', 'peek', 'probeCard', 'sendCard', 'discardCards']);

export class Secrets {
  private readonly bySeat = new Map<number, Map<number, GameEvent[]>>();

  constructor(private readonly store: GameStore) {}

  /** A commit's events; a game first seen after its start is left to be rebuilt from its log. */
  note(gameId: number, version: number, events: GameEvent[]): void {
    if (version === 0 && !this.bySeat.has(gameId)) this.bySeat.set(gameId, new Map());
    const g = this.bySeat.get(gameId);
    if (!g) return;
    for (const ev of events) {
      if (ev.to === 'all' || !KEEP.has(ev.type)) continue;
      for (const seat of ev.to) {
        if (!g.has(seat)) g.set(seat, []);
        g.get(seat)!.push(ev);
      }
    }
  }

  /** The private events of a seat, oldest first; replays the log once if this process never saw them. */
  of(gameId: number, seat: number): GameEvent[] {
    if (!this.bySeat.has(gameId)) this.rebuild(gameId);
    return this.bySeat.get(gameId)?.get(seat) ?? [];
  }

  private rebuild(gameId: number): void {
    const head = this.store.repo.head(gameId);
    if (!head?.setup) return;
    replay({ setup: head.setup, decisionMs: head.decisionMs, createdAt: head.createdAt }, this.store.repo.log(gameId), (v, _at, events) =>
      this.note(gameId, v, events),
    );
  }

  forget(gameId: number): void {
    this.bySeat.delete(gameId);
  }
}
