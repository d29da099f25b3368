// ai:forks (src/ai/forks.ts): at the measured seat's decisions, what a variant's overrules of the
// strong choice are worth, both choices played on by strong at every seat.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ExpertPolicy, StrongPolicy } from '../../src/ai/index.js';
import { continuations, runForks } from '../../src/ai/forks.js';
import type { SeatMemory } from '../../src/ai/memory.js';
import { legalActions, type Action, type GameView } from '../../src/engine/index.js';
import { playUntil } from './fixtures/strong-games.js';

describe('forks', () => {
  it('value a variant that always plays as strong at nothing, and an overrule by paired continuations', () => {
    const job = { players: 5, characters: true, seed: 4, from: 0, to: 2, k: 4 };
    // The strong policy as a variant never differs from itself: no fork.
    const same = runForks(job, [new StrongPolicy()]);
    expect(same.errors).toBe(0);
    expect(same.decisions).toBeGreaterThan(10);
    expect(same.records).toEqual([]);
    // A small expert does overrule somewhere in two games; each gain is a mean of differences of wins.
    const r = runForks(job, [new ExpertPolicy({ steps: 4000, margin: 0, z: 0 })]);
    expect(r.errors, r.firstError ?? '').toBe(0);
    expect(r.decisions).toBe(same.decisions);
    expect(r.records.length).toBeGreaterThan(0);
    for (const x of r.records) {
      expect(x.chosen[0]).not.toBe('');
      expect(Math.abs(x.gain[0])).toBeLessThanOrEqual(1);
      expect(['潜伏战线', '军情处', '打酱油的']).toContain(x.identity);
    }
    // Deterministic: the same job gives the same forks.
    expect(runForks(job, [new ExpertPolicy({ steps: 4000, margin: 0, z: 0 })]).records).toEqual(r.records);
  }, 120_000);

  it('plays the edition and the characters of its job (初版: the first-print characters)', () => {
    const job = { players: 5, characters: true, seed: 4, from: 0, to: 1, k: 2 };
    const picks = (characterSet?: 'classic') => {
      const seen: string[] = [];
      // The strong policy, noting the characters it is offered: no fork.
      const strong = new StrongPolicy();
      const spy = {
        name: 'spy',
        usesMemory: true,
        decide: (v: GameView, legal: readonly Action[], m?: SeatMemory) => {
          for (const a of legal) if (a.kind === 'pickCharacter') seen.push(a.character);
          return strong.decide(v, legal, m);
        },
      };
      const r = runForks({ ...job, characterSet }, [spy]);
      expect(r.errors, r.firstError ?? '').toBe(0);
      return seen;
    };
    const classic = picks('classic');
    expect(classic.length).toBeGreaterThan(0);
    expect(classic.every((c) => c.endsWith('·初版'))).toBe(true);
    expect(picks().some((c) => c.endsWith('·初版'))).toBe(false);
  });

  it('plays the same continuations for two choices (the pairing): the same action twice gives the same wins', () => {
    const at = playUntil(11, (s) => s.pending?.kind === 'send');
    expect(at).not.toBeNull();
    const { s, seat, mems } = at!;
    const strong = new StrongPolicy();
    const a = legalActions(s, seat)[0];
    const x = continuations(s, mems, a, seat, 6, 99, strong);
    expect(x).toHaveLength(6);
    expect(x.every((w) => w === 0 || w === 1)).toBe(true);
    expect(continuations(s, mems, a, seat, 6, 99, strong)).toEqual(x);
  });
});

describe('npm run ai:forks', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ai-forks.ts', ...args], { encoding: 'utf8', timeout: 120_000 });

  it('prints each variant with its overrules and their worth per game', () => {
    const r = run('--games', '1', '--k', '2', '--workers', '1', '--variant', 'small={"steps":3000}');
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ games: 1, players: 5, k: 2, errors: 0 });
    expect(out.variants.map((v: { name: string }) => v.name)).toEqual(['small']);
    expect(Object.keys(out.variants[0])).toEqual(['name', 'options', 'overrules', 'pointsPerGame', 'se', 'byKind']);
  }, 120_000);

  it('exits 2 for bad options', () => {
    for (const bad of [['--players', '12'], ['--games', '0'], ['--k', 'x'], ['--variant', 'v={']]) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
    }
  }, 120_000);
});
