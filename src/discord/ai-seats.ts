// The policy the bot plays its seats with: AI seats, and absent players on autopilot. It
// decides from the seat's view, its legal actions and a memory folded from the events that seat
// saw (src/ai), never from the raw state.
import { legalActions, view, type GameState } from '../engine/index.js';
import { makePolicy, newMemory, observeAll, type PolicyName, type SeatMemory } from '../ai/index.js';
import type { SeatPolicy } from './drivers.js';
import type { EventLog } from './event-log.js';

export interface AiSeats {
  decide: SeatPolicy;
  /** A game ended: drop what its seats remembered. */
  forget(gameId: number): void;
}

export function aiSeats(log: EventLog, name: PolicyName = 'strong'): AiSeats {
  const policy = makePolicy(name);
  /** Per game and seat: the memory and how many of the game's events it has folded. */
  const memories = new Map<string, { memory: SeatMemory; folded: number }>();
  const decide: SeatPolicy = (gameId: number, state: GameState, seat: number) => {
    const v = view(state, seat);
    const legal = legalActions(state, seat);
    if (!policy.usesMemory) return policy.decide(v, legal);
    const events = log.events(gameId);
    const key = `${gameId}:${seat}`;
    let m = memories.get(key);
    if (!m) m = { memory: newMemory(v), folded: 0 };
    m = { memory: observeAll(m.memory, events.slice(m.folded)), folded: events.length };
    memories.set(key, m);
    return policy.decide(v, legal, m.memory);
  };
  return {
    decide,
    forget(gameId) {
      for (const key of memories.keys()) if (key.startsWith(`${gameId}:`)) memories.delete(key);
    },
  };
}
