// Secrets by construction: a view holds only what its seat may know.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { apply, newGame, view } from '../../src/engine/index.js';
import { loadScenario } from '../../src/scenario/load.js';
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

  it("a 试探 used as 锁定 (刀锋's 亮剑) stays face down on the stack: only its user sees it, not its target nor the others", () => {
    const file = new URL('../scenarios/characters/daofeng-liangjian.json', import.meta.url);
    const s0 = loadScenario(JSON.parse(readFileSync(file, 'utf8')), 'daofeng-liangjian.json').state;
    const probe = s0.players[0].hand.find((c) => s0.cards[c].name === '试探')!;
    const r = apply(s0, { kind: 'play', seat: 0, card: probe, as: '锁定', target: 1 });
    if (!r.ok) throw new Error(r.reason);
    expect(r.state.stack.map((it) => [it.card, it.as])).toEqual([[probe, '锁定']]);
    expect([0, 1, 2, null].map((seat) => view(r.state, seat).stack[0].card?.id)).toEqual([probe, undefined, undefined, undefined]);
    // The play event names no card either.
    expect(r.events.find((e) => e.type === 'play')).toMatchObject({ card: undefined, as: '锁定' });
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
