// How easily a seat's play gives its identity away (issue 38 §2): the strong policy's reading of a
// finished game, from what every player saw. At the start of every turn, every other seat's beliefs
// (the strong policy's: a strategic prior of ½, every kind of evidence at its hand-set ratio) give
// the seat's identity as dealt a chance, until its identity is shown to all (a death shows it: the
// rules tell then, not its play); a seat read well has a high mean log chance, one that hides its
// side a low one. `npm run ai:eval -- --read` compares a policy's seats with the same
// seats played by another on the same seeds.
import { view, type GameEvent, type GameState } from '../engine/index.js';
import { seatLogChances, seenLength, seenRows, type BeliefGame } from './belief-fit.js';
import { EVIDENCE_KINDS } from './beliefs.js';
import { idIndex } from './cards.js';
import { newMemory, observe, visibleTo } from './memory.js';

/** The strong policy's reading: a prior of ½ that another player acts strategically, every weight 1. */
const STRONG_PRIOR = 0.5;
const STRONG_WEIGHTS: readonly number[] = EVIDENCE_KINDS.map(() => 1);

/**
 * A game as its readers saw it: what every player saw (seat 0's list stands for all, as it is the
 * same for every seat: beliefs.ts `seen`), and every seat's beliefs asked at the start of each turn.
 */
export function readGame(dealt: GameState, log: readonly GameEvent[]): BeliefGame {
  const n = dealt.players.length;
  let m = newMemory(view(dealt, 0));
  const moments: [number, number][] = [];
  for (const e of log) {
    if (e.type === 'turnStart') {
      const at = seenLength(m.beliefs.seen);
      for (let seat = 0; seat < n; seat++) moments.push([seat, at]);
    }
    if (visibleTo(e, 0)) m = observe(m, e);
  }
  return { players: n, game: 0, truth: dealt.players.map((p) => idIndex(p.identity)), seen: seenRows(m.beliefs.seen), moments };
}

/** Per seat: the mean log chance the other seats' strong reading gave its identity as dealt (null: never read). */
export function seatReadings(g: BeliefGame): (number | null)[] {
  const { sum, count } = seatLogChances(g, STRONG_PRIOR, STRONG_WEIGHTS);
  return sum.map((s, i) => (count[i] ? s / count[i] : null));
}
