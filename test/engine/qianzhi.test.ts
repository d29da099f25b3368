// 千智风声, the edition `qianzhi` (docs/rules.md §12, rulings §11): its deck against §11's per-card
// counts, its table sizes and identities, its face-up discards, and the scenarios it refuses.
import { describe, expect, it } from 'vitest';
import { apply, buildDeck, identitiesFor, legalActions, newGame, type GameState } from '../../src/engine/index.js';
import { loadScenario, ScenarioError } from '../../src/scenario/load.js';
import type { Card } from '../../src/engine/types.js';

/** rulings §11, typed from its text: name → [红, 蓝, 黑, mode]. */
const RULING_11: Record<string, [number, number, number, string]> = {
  破译: [3, 3, 4, '密电'],
  锁定: [6, 6, 6, '密电'],
  截获: [2, 2, 9, '直达'],
  烧毁: [2, 2, 3, '直达'],
  转移: [3, 3, 2, '直达'],
  调虎离山: [3, 3, 5, '文本'],
  识破: [1, 1, 3, '直达'],
  真伪莫辨: [1, 1, 0, '密电'],
  调包: [2, 2, 4, '文本'],
  增援: [1, 1, 2, '密电'],
  博弈: [0, 0, 2, '直达'],
  权衡: [0, 0, 2, '直达'],
  试探: [6, 6, 6, '密电'],
};

const names = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

describe('千智风声 deck (rulings §11)', () => {
  const deck = buildDeck('qianzhi');

  it('has 108 cards, each name in the colours and the one mode §11 gives, and no 退回', () => {
    expect(deck).toHaveLength(108);
    const seen: Record<string, [number, number, number, Set<string>]> = {};
    for (const c of deck) {
      const row = (seen[c.name] ??= [0, 0, 0, new Set()]);
      row[c.color === '红' ? 0 : c.color === '蓝' ? 1 : 2]++;
      row[3].add(c.mode);
    }
    expect(Object.keys(seen).sort()).toEqual(Object.keys(RULING_11).sort());
    for (const [name, [r, b, k, mode]] of Object.entries(RULING_11)) {
      const [sr, sb, sk, modes] = seen[name];
      expect([name, sr, sb, sk, [...modes]]).toEqual([name, r, b, k, [mode]]);
    }
    expect(deck.some((c) => c.name === '退回')).toBe(false);
  });

  it('its 18 试探 are a 抽一 and a 弃一 card per identity in each colour', () => {
    const probes = deck.filter((c) => c.name === '试探');
    expect(probes).toHaveLength(18);
    const key = (c: Card) => `${c.color} ${c.probe!.identity} ${c.probe!.branch}`;
    expect(new Set(probes.map(key)).size).toBe(18);
    expect(probes.every((c) => c.probe!.branch === '抽一' || c.probe!.branch === '弃一')).toBe(true);
  });

  it('leaves the standard and promo decks as they were (81 cards, 抽二)', () => {
    for (const e of ['standard', 'promo'] as const) {
      const d = buildDeck(e);
      expect(d).toHaveLength(81);
      expect(d.filter((c) => c.probe?.branch === '抽二')).toHaveLength(9);
    }
  });
});

describe('千智风声 table', () => {
  it('is played by 5 or 6; other sizes are refused at setup with a reason', () => {
    for (const n of [3, 4, 7, 8, 9]) expect(() => newGame({ seed: 1, players: names(n), edition: 'qianzhi' })).toThrow(/5 or 6 players, not/);
    for (const n of [5, 6]) {
      const { state } = newGame({ seed: 1, players: names(n), edition: 'qianzhi' });
      expect(state.cards).toHaveLength(108);
      expect(state.deck).toHaveLength(108 - 3 * n - 2);
    }
  });

  it('uses its identity cards: 5 → 2/2/1, 6 → 2/2/2, optional 3/3/0', () => {
    const count = (s: GameState) => ['潜伏战线', '军情处', '打酱油的'].map((id) => s.players.filter((p) => p.identity === id).length);
    expect(count(newGame({ seed: 3, players: names(5), edition: 'qianzhi' }).state)).toEqual([2, 2, 1]);
    expect(count(newGame({ seed: 3, players: names(6), edition: 'qianzhi' }).state)).toEqual([2, 2, 2]);
    expect(count(newGame({ seed: 3, players: names(6), edition: 'qianzhi', options: { altSplit: true } }).state)).toEqual([3, 3, 0]);
    expect(identitiesFor(5, false)).toHaveLength(5);
  });
});

describe('千智风声 discards are face up (004: 弃牌采用明弃)', () => {
  const table = (edition: string) => ({
    title: 't',
    edition,
    players: [
      { name: 'A', identity: '军情处', hand: ['试探 蓝 密电 潜伏战线 弃一', '锁定 红 密电'] },
      { name: 'B', identity: '潜伏战线', hand: ['锁定 红 密电', '识破 黑 直达'] },
      { name: 'C', identity: '打酱油的' },
      { name: 'D', identity: '军情处' },
      { name: 'E', identity: '潜伏战线' },
    ],
    deck: ['锁定 黑 密电', '锁定 蓝 密电'],
    current: 'A',
    start: 'play',
  });

  function discardEvents(edition: string) {
    let s = loadScenario(table(edition), 't').state;
    const probe = s.players[0].hand.find((c) => s.cards[c].name === '试探')!;
    const events = [];
    let r = apply(s, { kind: 'play', seat: 0, card: probe, target: 1 });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
    while (s.pending?.kind === 'window') {
      const seat = [0, 1, 2, 3, 4].find((i) => legalActions(s, i).some((a) => a.kind === 'pass'))!;
      r = apply(s, { kind: 'pass', seat });
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    expect(s.pending?.kind).toBe('discard');
    const card = s.players[1].hand.find((c) => s.cards[c].name === '识破')!;
    r = apply(s, { kind: 'choose', seat: 1, card });
    if (!r.ok) throw new Error(r.reason);
    events.push(...r.events);
    return { events, card, state: r.state };
  }

  it('in 千智风声 everyone sees the discarded card, and the user then draws one', () => {
    const { events, card, state } = discardEvents('qianzhi');
    expect(events.find((e) => e.type === 'discard')).toMatchObject({ to: 'all', cards: [card] });
    expect(events.some((e) => e.type === 'discardCards')).toBe(false);
    expect(events.filter((e) => e.type === 'draw')).toMatchObject([{ seat: 0, count: 1 }]);
    expect(state.players[0].hand).toHaveLength(2);
  });

  it('in the standard edition only the owner sees it (暗弃), and the user draws nothing', () => {
    const { events, state } = discardEvents('standard');
    const pub = events.find((e) => e.type === 'discard')!;
    expect(pub.to).toBe('all');
    expect('cards' in pub && pub.cards).toBeFalsy();
    expect(events.find((e) => e.type === 'discardCards')).toMatchObject({ to: [1] });
    expect(state.players[0].hand).toHaveLength(1);
  });
});

describe('千智风声 scenarios that are not valid (rulings §11, exit 2)', () => {
  const base = () => ({
    title: 't',
    edition: 'qianzhi',
    players: ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, identity: '军情处', hand: [] as string[] })),
  });
  const field = (raw: unknown) => {
    try {
      loadScenario(raw, 'f.json');
    } catch (e) {
      if (e instanceof ScenarioError) return e.field;
      throw e;
    }
    return null;
  };

  it('accepts a 5-player table with its cards', () => {
    const raw = base();
    raw.players[0].hand = ['转移 红 直达', '试探 红 密电 军情处 抽一'];
    expect(field(raw)).toBeNull();
  });
  it('refuses a card it lacks (退回)', () => {
    const raw = base();
    raw.players[0].hand = ['退回 红 文本'];
    expect(field(raw)).toBe('players[0].hand[0]');
  });
  it('refuses the standard 试探 branch 抽二', () => {
    const raw = base();
    raw.players[1].hand = ['试探 红 密电 军情处 抽二'];
    expect(field(raw)).toBe('players[1].hand[0]');
  });
  it('refuses 4 or 7 players', () => {
    const four = base();
    four.players.pop();
    expect(field(four)).toBe('players');
    const seven = base();
    seven.players.push({ name: 'F', identity: '军情处', hand: [] }, { name: 'G', identity: '军情处', hand: [] });
    expect(field(seven)).toBe('players');
  });
  it('a standard scenario cannot name the new cards', () => {
    const raw = { ...base(), edition: 'standard' };
    raw.players[0].hand = ['调包 红 文本'];
    expect(field(raw)).toBe('players[0].hand[0]');
  });
});

describe('千智风声: a 试探 answered by 识破 is discarded face up (rulings §11)', () => {
  it('the negated event shows the 试探 to everyone; in the standard edition it does not', () => {
    for (const edition of ['qianzhi', 'standard']) {
      const raw = {
        title: 't',
        edition,
        players: [
          { name: 'A', identity: '军情处', hand: ['试探 蓝 密电 潜伏战线 弃一', '锁定 红 密电'] },
          { name: 'B', identity: '潜伏战线', hand: ['识破 黑 直达'] },
          { name: 'C', identity: '打酱油的' },
          { name: 'D', identity: '军情处' },
          { name: 'E', identity: '潜伏战线' },
        ],
        current: 'A',
        start: 'play',
      };
      let s = loadScenario(raw, 't').state;
      const probe = s.players[0].hand[0];
      const step = (a: Parameters<typeof apply>[1]) => {
        const r = apply(s, a);
        if (!r.ok) throw new Error(r.reason);
        s = r.state;
        return r.events;
      };
      step({ kind: 'play', seat: 0, card: probe, target: 1 });
      step({ kind: 'play', seat: 1, card: s.players[1].hand[0] });
      const events = [];
      while (s.stack.length > 0) {
        const seat = [0, 1, 2, 3, 4].find((i) => legalActions(s, i).some((a) => a.kind === 'pass'))!;
        events.push(...step({ kind: 'pass', seat }));
      }
      const negated = events.find((e) => e.type === 'negated')!;
      expect(negated.to).toBe('all');
      expect('card' in negated ? negated.card : undefined).toBe(edition === 'qianzhi' ? probe : undefined);
    }
  });
});
