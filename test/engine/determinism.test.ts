// Same seed, same game; apply never changes its input; versions go up by one.
import { describe, expect, it } from 'vitest';
import { apply, newGame, view } from '../../src/engine/index.js';
import { seedRng } from '../../src/engine/rng.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { randomAction } from '../../src/sim/random-play.js';

function play(seed: number): { states: string[]; actions: Action[] } {
  let s: GameState = newGame({ seed, players: ['A', 'B', 'C', 'D', 'E'] }).state;
  const rng = seedRng(seed + 1);
  const states = [JSON.stringify(s)];
  const actions: Action[] = [];
  while (!s.result && actions.length < 5000) {
    const a = randomAction(s, rng);
    const before = JSON.stringify(s);
    const r = apply(s, a);
    if (!r.ok) throw new Error(r.reason);
    expect(JSON.stringify(s)).toBe(before);
    expect(r.state.version).toBe(s.version + 1);
    actions.push(a);
    s = r.state;
    states.push(JSON.stringify(s));
  }
  return { states, actions };
}

describe('determinism', () => {
  it('the same seed and actions give the same states', () => {
    const a = play(11);
    const b = play(11);
    expect(a.states).toEqual(b.states);
    expect(JSON.parse(a.states.at(-1)!).result).not.toBeNull();
  });

  it('a stored state goes on exactly like the live one (JSON round trip)', () => {
    const { actions } = play(12);
    let live = newGame({ seed: 12, players: ['A', 'B', 'C', 'D', 'E'] }).state;
    for (const a of actions) {
      const stored: GameState = JSON.parse(JSON.stringify(live));
      const r1 = apply(live, a);
      const r2 = apply(stored, a);
      if (!r1.ok || !r2.ok) throw new Error('refused');
      expect(JSON.stringify(r2.state)).toBe(JSON.stringify(r1.state));
      live = r1.state;
    }
  });

  it('different seeds deal differently', () => {
    const a = newGame({ seed: 1, players: ['A', 'B', 'C'] }).state;
    const b = newGame({ seed: 2, players: ['A', 'B', 'C'] }).state;
    expect(a.deck).not.toEqual(b.deck);
  });

  it('deadlines come from the supplied clock only', () => {
    const s = newGame({ seed: 3, players: ['A', 'B', 'C'] }, { now: 1000, decisionMs: 30_000 }).state;
    expect(s.pending?.deadline).toBe(31_000);
    expect(view(s, 0).pending?.deadline).toBe(31_000);
  });

  it('a resume starts the pending decision clock again and changes nothing else; a finished game refuses it', () => {
    const s = newGame({ seed: 3, players: ['A', 'B', 'C'] }, { now: 1000, decisionMs: 30_000 }).state;
    const r = apply(s, { kind: 'resume' }, { now: 500_000, decisionMs: 30_000 });
    if (!r.ok) throw new Error(r.reason);
    expect(r.events).toEqual([]);
    expect(r.state.version).toBe(s.version + 1);
    expect(r.state.pending).toEqual({ ...s.pending, deadline: 530_000 });
    expect({ ...r.state, version: s.version, pending: s.pending }).toEqual(s);
    // Stale and finished games refuse it like any action.
    expect(apply(r.state, { kind: 'resume', version: s.version }, { now: 1, decisionMs: 1 })).toMatchObject({ ok: false, code: 'stale' });
    expect(apply({ ...s, pending: null }, { kind: 'resume' })).toMatchObject({ ok: false, code: 'gameOver' });
  });
});
