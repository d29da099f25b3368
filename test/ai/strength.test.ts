// The strong policy beats random play by a wide margin, and the baseline beats random too.
// Measured (npm run ai:eval): see src/ai/README.md; the thresholds here sit far below the
// measured rates so a seeded sample cannot fail by chance, but a broken policy fails them.
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/engine/index.js';
import type { Identity } from '../../src/engine/types.js';
import type { Policy } from '../../src/ai/policy.js';
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

describe('ai:eval --reveal (EvalJob.reveal)', () => {
  // A policy that ignores what it sees (the first legal action) plays the same game either way, so
  // the views of the two runs can be compared decision by decision.
  const record = (reveal: boolean) => {
    const views: { tag: string; v: GameView }[] = [];
    const spy = (tag: string): Policy => ({
      name: tag,
      usesMemory: false,
      decide: (v, legal) => {
        views.push({ tag, v });
        return legal[0];
      },
    });
    const r = runEval({ ...job('潜伏战线', true, 2), mode: 'seat', reveal }, () => spy('a'), () => spy('b'));
    expect(r.errors).toBe(0);
    return views;
  };
  it("shows A's seats every identity, as dealt, and changes nothing else", () => {
    const shown = record(true);
    const plain = record(false);
    expect(shown.length).toBe(plain.length);
    let a = 0;
    for (let i = 0; i < shown.length; i++) {
      const [x, y] = [shown[i], plain[i]];
      expect(x.tag).toBe(y.tag);
      if (x.tag === 'b') {
        expect(x.v).toEqual(y.v);
        continue;
      }
      a++;
      const ids = x.v.players.map((p) => p.identity);
      expect(ids.filter((id) => id === '潜伏战线').length).toBe(2);
      expect(ids.filter((id) => id === '军情处').length).toBe(2);
      expect(ids.filter((id) => id === '打酱油的').length).toBe(1);
      // What the plain view shows it shows the same; only the hidden identities were added.
      y.v.players.forEach((p, s) => p.identity !== undefined && expect(ids[s]).toBe(p.identity));
      expect({ ...x.v, players: x.v.players.map((p, s) => ({ ...p, identity: y.v.players[s].identity })) }).toEqual(y.v);
    }
    expect(a).toBeGreaterThan(10);
  });
});

describe('ai:eval by identity (seat mode)', () => {
  it('splits the pairs by the identity dealt to the measured seat, as its own view shows it', () => {
    // Each game's A notes the identity its own view shows it (A is made afresh for every game).
    const dealt: (Identity | undefined)[] = [];
    const makeA = (): Policy => {
      const i = dealt.push(undefined) - 1;
      return { name: 'a', usesMemory: false, decide: (v, legal) => ((dealt[i] = v.players[v.you!].identity), legal[0]) };
    };
    const r = runEval({ ...job('潜伏战线', true, 12), mode: 'seat' }, makeA, () => makePolicy('random'));
    const by = Object.entries(r.byIdentity);
    const count = (p: { both: number; onlyA: number; onlyB: number; neither: number }) => p.both + p.onlyA + p.onlyB + p.neither;
    for (const k of ['both', 'onlyA', 'onlyB', 'neither'] as const) expect(by.reduce((s, [, p]) => s + p[k], 0)).toBe(r[k]);
    const seen: Record<string, number> = {};
    for (const id of dealt) if (id) seen[id] = (seen[id] ?? 0) + 1;
    expect(Object.values(seen).reduce((s, x) => s + x, 0)).toBe(12);
    expect(Object.fromEntries(by.map(([id, p]) => [id, count(p)]))).toEqual(seen);
    // Faction mode has one identity: nothing to split.
    expect(runEval(job('潜伏战线', true, 2), makeA, () => makePolicy('random')).byIdentity).toEqual({});
  });
});
