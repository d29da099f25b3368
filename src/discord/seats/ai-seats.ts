// The policy the bot plays its seats with: AI seats, and absent players on autopilot, at the
// lobby's AI level (简单 baseline, 普通 strong, 困难 expert). It decides from the seat's view, its
// legal actions and a memory folded from the events that seat saw (src/ai), never from the raw
// state. The expert searches in a worker thread: its decisions are promises, and the event loop
// never waits on them.
import { legalActions, view, type Action, type GameState, type GameView } from '../../engine/index.js';
import { makePolicy, newMemory, observeAll, type Policy, type SeatMemory } from '../../ai/index.js';
import { SearchThread } from '../../ai/worker/pool.js';
import type { SeatPolicy } from './drivers.js';
import type { EventLog } from '../session/event-log.js';
import type { AiLevel } from '../../lobby/model.js';

export interface AiSeats {
  decide: SeatPolicy;
  /**
   * The move the expert (困难) would make for a seat from what that seat may know: its view, legal
   * actions and memory, searched in the same thread as the 困难 seats (the coach's 提示).
   */
  advise(view: GameView, legal: readonly Action[], memory: SeatMemory): Promise<Action>;
  /** A game ended: drop what its seats remembered. */
  forget(gameId: number): void;
  /** Stops the search thread. */
  close(): Promise<void>;
}

export function aiSeats(log: EventLog, levelOf: (gameId: number) => AiLevel, o: { budgetMs?: number; capMs?: number } = {}): AiSeats {
  const policies = new Map<AiLevel, Policy>();
  const policy = (level: AiLevel) => {
    let p = policies.get(level);
    if (!p) policies.set(level, (p = makePolicy(level)));
    return p;
  };
  const thread = new SearchThread(o.budgetMs, o.capMs);
  /** Per game and seat: the memory and how many of the game's events it has folded. */
  const memories = new Map<string, { memory: SeatMemory; folded: number }>();
  const decide: SeatPolicy = (gameId: number, state: GameState, seat: number) => {
    const level = levelOf(gameId);
    const p = policy(level);
    const v = view(state, seat);
    const legal = legalActions(state, seat);
    if (!p.usesMemory) return p.decide(v, legal);
    const events = log.events(gameId);
    const key = `${gameId}:${seat}`;
    let m = memories.get(key);
    if (!m) m = { memory: newMemory(v), folded: 0 };
    m = { memory: observeAll(m.memory, events.slice(m.folded)), folded: events.length };
    memories.set(key, m);
    // A single choice needs no thought, and no thread.
    if (level !== 'expert' || legal.length === 1) return p.decide(v, legal, m.memory);
    return thread.decide(v, legal, m.memory);
  };
  return {
    decide,
    advise: async (v, legal, memory) => (legal.length === 1 ? legal[0] : thread.decide(v, legal, memory)),
    forget(gameId) {
      for (const key of memories.keys()) if (key.startsWith(`${gameId}:`)) memories.delete(key);
    },
    close: () => thread.close(),
  };
}
