// The coach (提示, issue 38 §3): for a person's seat, the move the expert (困难) would make now and
// why. It decides as a 困难 seat does — in the same search thread, on the seat's view, its legal
// actions and a memory rebuilt from the events that seat was shown — and never reads the state
// past `view(state, seat)` and `legalActions(state, seat)`.
import { legalActions, view, type GameEvent, type GameState } from '../../engine/index.js';
import { rebuildMemory } from '../../ai/index.js';
import { whyMove } from '../../ai/coach.js';
import type { Advice } from '../render/coach.js';
import type { AiSeats } from './ai-seats.js';

/** The coach's advice for a seat of a game, now. */
export type Coach = (gameId: number, state: GameState, seat: number) => Promise<Advice>;

/** A coach that asks `ai` (the bot's AI seats: their search thread) on the events `eventsOf` a game (its stored log). */
export function makeCoach(ai: Pick<AiSeats, 'advise'>, eventsOf: (gameId: number) => Promise<readonly GameEvent[]>): Coach {
  return async (gameId, state, seat) => {
    const v = view(state, seat);
    const legal = legalActions(state, seat);
    if (!legal.length || state.result) return { view: v, move: null };
    // observeAll keeps only the events this seat may see (visibleTo).
    const memory = rebuildMemory(v, await eventsOf(gameId));
    const action = await ai.advise(v, legal, memory);
    return { view: v, move: { action, index: legal.indexOf(action), why: whyMove(v, legal, memory, action) } };
  };
}
