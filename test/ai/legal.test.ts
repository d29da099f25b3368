// The strong policy plays legally at every table, and a table of strong policies ends games.
import { describe, expect, it } from 'vitest';
import { playPolicyGame, StrongPolicy } from '../../src/ai/index.js';
import { runEval } from '../../src/ai/eval.js';
import { gameSeed } from '../../src/sim/random-play.js';

describe('strong policy', () => {
  it('every decision is legal, and the engine invariants hold (all-strong tables, both editions, with and without characters)', () => {
    for (let g = 0; g < 5; g++) {
      const players = [3, 4, 5, 6, 8][g];
      const run = playPolicyGame({
        players,
        seed: gameSeed(41, g),
        edition: g % 2 ? 'promo' : 'standard',
        options: { characters: g % 3 !== 0 },
        seats: () => new StrongPolicy(),
        invariants: true,
      });
      // playPolicyGame stops with an error when a policy picks an action it was not offered.
      expect(run.error).toBeUndefined();
      expect(run.violations).toEqual([]);
      expect(run.state.result).not.toBeNull();
    }
  });

  it('a table of strong policies ends its games, the same on the same seeds', () => {
    // In a seat game with strong everywhere, the all-strong play of each seed is one of the two.
    const r = runEval(
      { mode: 'seat', identity: '潜伏战线', players: 5, characters: true, edition: 'standard', seed: 2, from: 0, to: 40 },
      () => new StrongPolicy(),
      () => new StrongPolicy(),
    );
    expect(r.errors).toBe(0);
    expect(r.onlyA + r.onlyB).toBe(0);
    expect(r.seatGamesB).toBe(200);
    expect(r.drawsB / r.games).toBeLessThan(0.1);
  });
});
