// The strong policy beats random play by a wide margin.
// Measured (npm run ai:eval, 2,000 games): see the report; the thresholds here sit far below
// the measured rates so a seeded sample cannot fail by chance, but a broken policy fails them.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../../src/engine/types.js';
import { runJob, wilson } from '../../src/ai/eval.js';

describe('strong policy', () => {
  const cases: [Identity, boolean, number][] = [
    ['潜伏战线', false, 0.7],
    ['军情处', true, 0.7],
    ['打酱油的', true, 0.4],
  ];
  const baselines = new Map<boolean, ReturnType<typeof runJob>>();
  for (const [identity, characters, threshold] of cases) {
    it(`a strong ${identity} beats random opponents in 5-player games (200 seeded games, characters ${characters ? 'on' : 'off'})`, () => {
      const strong = runJob({ table: 'faction', players: 5, identity, seed: 1, from: 0, to: 200, characters });
      if (!baselines.has(characters))
        baselines.set(characters, runJob({ table: 'baseline', players: 5, seed: 1, from: 0, to: 200, characters }));
      const base = baselines.get(characters)!;
      expect(strong.errors).toBe(0);
      const s = wilson(strong.wins[identity], strong.games);
      const b = wilson(base.wins[identity], base.games);
      expect(s.p).toBeGreaterThan(threshold);
      expect(s.lo).toBeGreaterThan(b.hi);
    });
  }

});
