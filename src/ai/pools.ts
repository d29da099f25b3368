// The colour a seat expects of a card it cannot see. The unseen cards are all the edition's cards
// less its hand, the intel on the table and the discards it knows; intel in flight shows how it
// travels, and the ways of sending are not alike (of the standard deck's 26 直达, 16 are black).
// Players are not alike either: one who sends its black 密电 whenever it can is read as such from
// the faces of what it sent before.
import type { GameView } from '../engine/index.js';
import type { Mode } from '../engine/types.js';
import { faceIndex, modeIndex } from './cards.js';
import type { SeatMemory } from './memory.js';

type Vec3 = [number, number, number];

/** How many cards' worth the pool weighs against a sender's seen sends. */
export const SENT_PRIOR = 4;

/** [red, blue, black] shares of the unseen cards printed with way `mode` (modeIndex), or of all (-1). */
export function unseenColors(v: GameView, m: SeatMemory, mode: number): Vec3 {
  const counts = new Array<number>(9).fill(0);
  for (const c of m.cards) counts[faceIndex(c)]++;
  for (const c of v.hand ?? []) counts[faceIndex(c)]--;
  for (const q of v.players) for (const c of q.intel) counts[faceIndex(c)]--;
  const total: Vec3 = [0, 0, 0];
  for (let k = 0; k < 9; k++) if (mode < 0 || Math.floor(k / 3) === mode) total[k % 3] += counts[k] - m.discardKnown[k];
  for (let x = 0; x < 3; x++) total[x] = Math.max(0.5, total[x]);
  const sum = total[0] + total[1] + total[2];
  return [total[0] / sum, total[1] / sum, total[2] / sum];
}

/**
 * What a sender sends by `mode`: a Dirichlet around `pool`, SENT_PRIOR cards strong, updated by the
 * faces of its earlier sends by that way (`seen`, memory.ts sentSeen, indexed by faceIndex).
 */
export function sentColors(pool: Vec3, seen: readonly number[] | undefined, mode: Mode): Vec3 {
  const i = modeIndex(mode) * 3;
  const n = seen ? seen[i] + seen[i + 1] + seen[i + 2] : 0;
  if (!seen || !n) return pool;
  const out: Vec3 = [0, 0, 0];
  for (let x = 0; x < 3; x++) out[x] = (seen[i + x] + SENT_PRIOR * pool[x]) / (n + SENT_PRIOR);
  return out;
}
