// How a strategic player is expected to value intel: the one model both the belief updates
// (what does this behaviour say about identities?) and the policy's predictions of other
// players (will they take this?) use.
import { BLACK, factionColor, SOY } from './cards.js';

/**
 * How good, for `actor` (identity index), is it that a card of colour `x` lands in front of
 * `recipient` (identity index)? +1 good, -1 bad, 0 indifferent. `self`: the recipient is the actor.
 */
export function goodness(x: number, actor: number, recipient: number, self: boolean): number {
  const fa = factionColor(actor);
  if (self) {
    if (x === BLACK) return -1;
    return x === fa ? 1 : 0;
  }
  if (actor !== SOY) {
    if (recipient === actor) return x === fa ? 1 : x === BLACK ? -1 : 0;
    if (recipient === SOY) return x === BLACK ? 0.3 : 0;
    // the other faction
    return x === BLACK ? 1 : x === factionColor(recipient) ? -1 : 0;
  }
  if (recipient === SOY) return x === BLACK ? 0.5 : 0;
  return x === BLACK ? 1 : x === factionColor(recipient) ? -1 : 0;
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** P_strategic / P_random for a binary choice the actor made with preference g (random: 1/2). */
export const choiceRatio = (g: number, sharpness: number): number => 2 * sigmoid(sharpness * g);

/** Faction relation: +1 same faction, -1 opposing factions, 0 where an 打酱油的 is involved. */
export function relation(a: number, b: number): number {
  if (a === SOY || b === SOY) return 0;
  return a === b ? 1 : -1;
}
