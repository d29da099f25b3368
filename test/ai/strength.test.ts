// The strong policy plays legally everywhere and beats random play by a wide margin.
// Measured (npm run ai:eval, 2,000 games): see the report; the thresholds here sit far below
// the measured rates so a seeded sample cannot fail by chance, but a broken policy fails them.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../../src/engine/types.js';
import { playPolicyGame, randomPolicy, StrongPolicy } from '../../src/ai/index.js';
import { runJob, wilson } from '../../src/ai/eval.js';
import { gameSeed } from '../../src/sim/random-play.js';

describe('strong policy', () => {
  it('every decision is legal, and the engine invariants hold (all-strong tables, both editions)', () => {
    for (let g = 0; g < 7; g++) {
      const players = 3 + (g % 7);
      const run = playPolicyGame({
        players,
        seed: gameSeed(41, g),
        edition: g % 2 ? 'promo' : 'standard',
        seats: () => new StrongPolicy(),
        invariants: true,
      });
      // playPolicyGame stops with an error when a policy picks an action it was not offered.
      expect(run.error).toBeUndefined();
      expect(run.violations).toEqual([]);
      expect(run.state.result).not.toBeNull();
    }
  });

  const cases: [Identity, number][] = [
    ['潜伏战线', 0.7],
    ['军情处', 0.7],
    ['打酱油的', 0.4],
  ];
  let baseline: ReturnType<typeof runJob> | undefined;
  for (const [identity, threshold] of cases) {
    it(`a strong ${identity} beats random opponents in 5-player games (200 seeded games)`, () => {
      const strong = runJob({ table: 'faction', players: 5, identity, seed: 1, from: 0, to: 200 });
      const base = (baseline ??= runJob({ table: 'baseline', players: 5, seed: 1, from: 0, to: 200 }));
      expect(strong.errors).toBe(0);
      const s = wilson(strong.wins[identity], strong.games);
      const b = wilson(base.wins[identity], base.games);
      expect(s.p).toBeGreaterThan(threshold);
      expect(s.lo).toBeGreaterThan(b.hi);
    });
  }

  it('a table of strong policies rarely draws', () => {
    const r = runJob({ table: 'allStrong', players: 5, seed: 2, from: 0, to: 60 });
    expect(r.errors).toBe(0);
    expect(r.draws / r.games).toBeLessThan(0.1);
  });
});
