// What a BeliefGame's first entries are as beliefs.ts keeps them (a list, newest first), for tests
// that ask the beliefs themselves at a game's moments.
import type { BeliefGame } from '../../src/ai/belief-fit.js';
import { EVIDENCE_KINDS, type Seen, type SeenList } from '../../src/ai/beliefs.js';

/** The list as beliefs.ts keeps it (newest first), of the game's first `upto` entries. */
export function listOf(g: BeliefGame, upto: number): SeenList {
  let l: SeenList = null;
  for (const r of g.seen.slice(0, upto)) {
    const seen: Seen = r.length === 2 ? { actor: r[0], k: r[1], what: '' } : { actor: r[0], other: r[1], kind: EVIDENCE_KINDS[r[2]], lr: Float64Array.from(r.slice(3)), what: '' };
    l = { seen, prev: l };
  }
  return l;
}
