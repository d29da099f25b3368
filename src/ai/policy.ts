// The policy interface: a seat's decision from what that seat may know, never the state.
import type { GameView } from '../engine/index.js';
import { randInt, seedRng, type RngState } from '../engine/rng.js';
import type { Action } from '../engine/types.js';
import type { SeatMemory } from './memory.js';

export interface Policy {
  readonly name: string;
  /** Whether decide() reads the memory; a host may skip folding events for one that does not. */
  readonly usesMemory: boolean;
  /** False when decide() never reads the view (random play on a shared generator): a host may pass a stale one. */
  readonly readsView?: boolean;
  /**
   * One of `legal` (exactly one of the objects given), from the seat's view, the actions the
   * engine lists for that seat now (legalActions(state, seat)), and the seat's memory folded
   * from every event it has seen. Deterministic: the same arguments give the same action.
   */
  decide(view: GameView, legal: readonly Action[], memory?: SeatMemory): Action;
  /** A searching policy's running totals: playouts played and the milliseconds they took. */
  stats?(): { playouts: number; ms: number; overruled?: number; failed?: number };
}

/** A 32-bit seed from what the seat sees, for any randomness a policy wants. */
export function viewSeed(v: GameView, salt = 0): number {
  let h = Math.imul((v.version + 1) ^ salt, 0x9e3779b1) ^ Math.imul((v.you ?? 255) + 7, 0x85ebca6b);
  for (const c of v.hand ?? []) h = Math.imul(h ^ (c.id + 1), 0xc2b2ae35) >>> 0;
  h ^= Math.imul(v.round + 3, 0x27d4eb2f);
  return h >>> 0;
}

export interface RandomPolicyOptions {
  /**
   * A generator shared with whoever drives the game (the simulator): the policy then draws
   * exactly what src/sim/random-play.ts draws. Without one, the choice is seeded from the view.
   */
  rng?: RngState;
}

/** The baseline: a uniformly random legal action. */
export function randomPolicy(o: RandomPolicyOptions = {}): Policy {
  return {
    name: 'random',
    usesMemory: false,
    readsView: !o.rng,
    decide(view, legal) {
      if (legal.length === 0) throw new Error(`random: seat ${view.you} has no legal action`);
      const rng = o.rng ?? seedRng(viewSeed(view));
      return legal[randInt(rng, legal.length)];
    },
  };
}
