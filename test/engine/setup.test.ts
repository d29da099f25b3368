import { describe, expect, it } from 'vitest';
import { buildDeck, identitiesFor, newGame } from '../../src/engine/index.js';
import type { Card } from '../../src/engine/types.js';

function tally(cards: Card[]) {
  const t: Record<string, number> = {};
  for (const c of cards) t[`${c.name} ${c.color} ${c.mode}`] = (t[`${c.name} ${c.color} ${c.mode}`] ?? 0) + 1;
  return t;
}

describe('setup (docs/rules.md §2, §3)', () => {
  it('identities by table size, with the optional splits', () => {
    const count = (n: number, alt = false) => {
      const ids = identitiesFor(n, alt);
      return [ids.filter((i) => i === '潜伏战线').length, ids.filter((i) => i === '军情处').length, ids.filter((i) => i === '打酱油的').length];
    };
    expect(count(3)).toEqual([1, 1, 1]);
    expect(count(4)).toEqual([1, 1, 2]);
    expect(count(4, true)).toEqual([2, 2, 0]);
    expect(count(5)).toEqual([2, 2, 1]);
    expect(count(5, true)).toEqual([2, 2, 1]);
    expect(count(6)).toEqual([2, 2, 2]);
    expect(count(6, true)).toEqual([3, 3, 0]);
    expect(count(7)).toEqual([3, 3, 1]);
    expect(count(7, true)).toEqual([2, 2, 3]);
    expect(count(8)).toEqual([3, 3, 2]);
    expect(count(9)).toEqual([3, 3, 3]);
    expect(() => identitiesFor(2, false)).toThrow();
  });

  it('标准版: 81 cards, 24/24/33, per-mode totals 47/26/8 with black 15/16/2', () => {
    const d = buildDeck('standard');
    expect(d).toHaveLength(81);
    expect(d.filter((c) => c.color === '红')).toHaveLength(24);
    expect(d.filter((c) => c.color === '蓝')).toHaveLength(24);
    expect(d.filter((c) => c.color === '黑')).toHaveLength(33);
    expect(d.filter((c) => c.mode === '密电')).toHaveLength(47);
    expect(d.filter((c) => c.mode === '直达')).toHaveLength(26);
    expect(d.filter((c) => c.mode === '文本')).toHaveLength(8);
    expect(d.filter((c) => c.color === '黑' && c.mode === '密电')).toHaveLength(15);
    expect(d.filter((c) => c.color === '黑' && c.mode === '直达')).toHaveLength(16);
    expect(d.filter((c) => c.color === '黑' && c.mode === '文本')).toHaveLength(2);
    expect(tally(d)['锁定 红 密电']).toBe(5);
    expect(tally(d)['识破 黑 直达']).toBe(6);
  });

  it('推广版: 81 cards, 25/25/31, red by mode 10/9/6, black 12/14/5', () => {
    const d = buildDeck('promo');
    expect(d).toHaveLength(81);
    const by = (color: string, mode: string) => d.filter((c) => c.color === color && c.mode === mode).length;
    expect([by('红', '直达'), by('红', '密电'), by('红', '文本')]).toEqual([10, 9, 6]);
    expect([by('蓝', '直达'), by('蓝', '密电'), by('蓝', '文本')]).toEqual([10, 9, 6]);
    expect([by('黑', '直达'), by('黑', '密电'), by('黑', '文本')]).toEqual([12, 14, 5]);
    expect(tally(d)['锁定 黑 直达']).toBe(6);
    expect(tally(d)['截获 黑 密电']).toBe(6);
  });

  it('the 18 试探: each identity has a draw and a discard card in each colour', () => {
    const probes = buildDeck('standard').filter((c) => c.name === '试探');
    expect(probes).toHaveLength(18);
    const keys = new Set(probes.map((c) => `${c.color} ${c.probe!.identity} ${c.probe!.branch}`));
    expect(keys.size).toBe(18);
  });

  it('three cards each, the current player has drawn two more, the first player is seeded', () => {
    const { state } = newGame({ seed: 5, players: ['A', 'B', 'C', 'D'] });
    state.players.forEach((p, i) => expect(p.hand).toHaveLength(i === state.current ? 5 : 3));
    expect(state.deck).toHaveLength(81 - 14);
    const firsts = new Set(Array.from({ length: 20 }, (_, k) => newGame({ seed: k, players: ['A', 'B', 'C', 'D'] }).state.current));
    expect(firsts.size).toBeGreaterThan(1);
  });
});
