// Secrets by construction: a view holds only what its seat may know.
import { describe, expect, it } from 'vitest';
import { newGame, view } from '../../src/engine/index.js';
import { checkInvariants } from '../../src/sim/invariants.js';
import { playRandomGame } from '../../src/sim/random-play.js';

describe('views', () => {
  it('a seat sees its own hand and identity, only counts of others', () => {
    const { state } = newGame({ seed: 9, players: ['A', 'B', 'C', 'D', 'E'] });
    const v = view(state, 2);
    expect(v.hand!.map((c) => c.id)).toEqual(state.players[2].hand);
    expect(v.identity).toBe(state.players[2].identity);
    for (const p of v.players) {
      if (p.seat !== 2) expect(p.identity).toBeUndefined();
      expect(p.handCount).toBe(state.players[p.seat].hand.length);
    }
    const pub = view(state, null);
    expect(pub.hand).toBeUndefined();
    expect(pub.identity).toBeUndefined();
    expect(JSON.stringify(pub)).not.toMatch(/潜伏战线|军情处|打酱油的/);
  });

  it('random games hold every invariant, views included, at every table size and both editions', () => {
    for (const edition of ['standard', 'promo'] as const)
      for (let players = 3; players <= 9; players++)
        for (let seed = 1; seed <= 6; seed++) {
          const run = playRandomGame({ players, seed: seed * 31 + players, edition, invariants: true });
          expect(run.error).toBeUndefined();
          expect(run.violations).toEqual([]);
          expect(run.state.result).not.toBeNull();
          expect(checkInvariants(run.state)).toEqual([]);
        }
  });
});
