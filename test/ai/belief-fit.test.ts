// Fitting how the expert reads the evidence (belief-fit.ts, npm run ai:fit): the fit's measure
// agrees with the beliefs themselves, and the fit reads the games it was fitted on better.
import { describe, expect, it } from 'vitest';
import { beliefLogLikelihood, fitBeliefs, MAX_WEIGHT, type BeliefGame } from '../../src/ai/belief-fit.js';
import { beliefsFrom, EVIDENCE_KINDS, weights } from '../../src/ai/beliefs.js';
import { ID_LIST } from '../../src/ai/cards.js';
import { listOf } from './seen-list.js';
import { beliefFit } from '../../src/ai/learned.js';
import { positions } from '../../src/ai/positions.js';

/** The same measure as beliefLogLikelihood, taken from the beliefs beliefsFrom makes at every moment. */
function fromBeliefs(games: readonly BeliefGame[], prior: number, w: readonly number[]): number {
  const opts = { strategicPrior: prior, weights: Object.fromEntries(EVIDENCE_KINDS.map((k, i) => [k, w[i]])) };
  let sum = 0;
  let count = 0;
  for (const g of games)
    for (const [seat, upto] of g.moments) {
      const b = beliefsFrom(listOf(g, upto), g.players, seat, ID_LIST[g.truth[seat]], opts);
      const t = b.table;
      const a = [...Array(t.count).keys()].find((a) => g.truth.every((id, i) => t.ids[a * t.n + i] === id))!;
      sum += Math.log(weights(b)[a]);
      count++;
    }
  return sum / count;
}

describe('belief-fit', () => {
  const games = positions({ players: 5, characters: true, seed: 77, from: 0, to: 12, beliefEvery: 1 }).beliefs;

  it('keeps every game asked for, with every seat asked at each moment and the list as long as the last moment', () => {
    expect(games.length).toBe(12);
    for (const g of games) {
      expect(g.truth.length).toBe(5);
      expect(g.moments.length % 5).toBe(0);
      expect(Math.max(...g.moments.map((m) => m[1]))).toBe(g.seen.length);
      for (const r of g.seen) expect([2, 12]).toContain(r.length);
    }
  });

  it('its measure is the log chance beliefsFrom gives the identities as dealt, for any prior and weights', () => {
    const ones = EVIDENCE_KINDS.map(() => 1);
    const mixed = EVIDENCE_KINDS.map((_, i) => [0, 0.5, 2.5][i % 3]);
    for (const [prior, w] of [[0.5, ones], [0.9, mixed]] as const) expect(beliefLogLikelihood(games, prior, w)).toBeCloseTo(fromBeliefs(games, prior, w), 9);
  });

  it('fits a prior and weights that read its games at least as well as the strong policy does, no weight above MAX_WEIGHT', () => {
    const fit = fitBeliefs(games, 5);
    const w = EVIDENCE_KINDS.map((k) => fit.weights[k] ?? 1);
    expect(fit.players).toBe(5);
    expect(beliefLogLikelihood(games, fit.strategicPrior, w)).toBeGreaterThan(beliefLogLikelihood(games, 0.5, EVIDENCE_KINDS.map(() => 1)));
    for (const x of w) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(MAX_WEIGHT);
    }
  });

  it('the landed fits: one for every table size of the standard rules, 3 to 9 players', () => {
    for (let players = 3; players <= 9; players++) expect(beliefFit({ players })?.players).toBe(players);
  });
});
