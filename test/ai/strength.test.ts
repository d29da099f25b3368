// The strong policy beats random play by a wide margin, and the baseline beats random too.
// Measured (npm run ai:eval): see src/ai/README.md; the thresholds here sit far below the
// measured rates so a seeded sample cannot fail by chance, but a broken policy fails them.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../../src/engine/types.js';
import { makePolicy, type PolicyName } from '../../src/ai/index.js';
import { runEval, summary } from '../../src/ai/eval.js';

const job = (identity: Identity, characters: boolean, to: number) =>
  ({ mode: 'faction', identity, players: 5, characters, edition: 'standard', seed: 1, from: 0, to }) as const;

describe('strong policy', () => {
  const cases: [Identity, boolean, number][] = [
    ['潜伏战线', false, 0.7],
    ['军情处', true, 0.7],
    ['打酱油的', true, 0.4],
  ];
  for (const [identity, characters, threshold] of cases) {
    it(`a strong ${identity} beats random opponents in 5-player games (150 seeded games, characters ${characters ? 'on' : 'off'})`, () => {
      const r = runEval(job(identity, characters, 150), () => makePolicy('strong'), () => makePolicy('random'));
      expect(r.errors).toBe(0);
      const s = summary(r, 'strong', 'random', 'faction');
      expect(s.winRateA).toBeGreaterThan(threshold);
      expect(s.ci95[0]).toBeGreaterThan(0.2);
    });
  }
});

describe('baseline policy', () => {
  const play = (a: PolicyName, b: PolicyName) =>
    summary(runEval(job('军情处', true, 120), () => makePolicy(a), () => makePolicy(b)), a, b, 'faction');
  it('beats random opponents, and the strong policy beats it (120 seeded 5-player games, characters on)', () => {
    const vsRandom = play('baseline', 'random');
    expect(vsRandom.winRateA).toBeGreaterThan(0.7);
    expect(vsRandom.ci95[0]).toBeGreaterThan(0.15);
    const strong = play('strong', 'baseline');
    expect(strong.ci95[0]).toBeGreaterThan(0.1);
  });
});
