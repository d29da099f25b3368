// The expert policy decides from the seat's view, its legal actions and memory only: a state whose
// hidden parts were dealt again, consistently with the view, gets the same decision. Its worlds
// (sample.ts) are states the seat's view could be a view of.
import { describe, expect, it } from 'vitest';
import { apply, CHARACTER_SETS, legalActions, newGame, view, waitingOn, type Action, type GameView } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { GameState } from '../../src/engine/types.js';
import { ExpertPolicy, newMemory, observeAll, StrongPolicy, type SeatMemory } from '../../src/ai/index.js';
import { sampleWorld } from '../../src/ai/sample.js';
import { characterWin, expertFit } from '../../src/ai/learned.js';
import { canOverrule, LOOK_Z, overrule, OVERRULE_Z } from '../../src/ai/expert.js';
import { checkInvariants } from '../../src/sim/invariants.js';
import { redeal } from './fixtures/redeal.js';
import { playUntil } from './fixtures/strong-games.js';


/** Moments of strong-played games where a seat has a real choice to search, with that seat's memory. */
function moments(count: number, characters: boolean): { s: GameState; seat: number; memory: SeatMemory }[] {
  const out: { s: GameState; seat: number; memory: SeatMemory }[] = [];
  const strong = new StrongPolicy();
  for (let g = 0; out.length < count && g < 20; g++) {
    const start = newGame({ seed: 300 + g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters } });
    let s = start.state;
    let mems = s.players.map((_, i) => observeAll(newMemory(view(s, i)), start.events));
    const rng = seedRng(g);
    let k = 0;
    while (!s.result && out.length < count) {
      const seats = waitingOn(s);
      const seat = seats[randInt(rng, seats.length)];
      const legal = legalActions(s, seat);
      const kind = s.pending?.kind;
      if ((kind === 'send' || kind === 'receive') && legal.length > 1 && k++ % 3 === 0) out.push({ s, seat, memory: mems[seat] });
      const r = apply(s, strong.decide(view(s, seat), legal, mems[seat]));
      if (!r.ok) throw new Error(r.reason);
      mems = mems.map((m) => observeAll(m, r.events));
      s = r.state;
    }
  }
  return out;
}

const keys = (s: GameState, seat: number) => legalActions(s, seat).map((a) => JSON.stringify(a)).sort();

describe('expert policy', () => {
  it('decides the same when the hidden parts are dealt again (the playout search, characters on)', () => {
    const playouts = new ExpertPolicy({ steps: 2000, leaf: 'playout' });
    let searched = 0;
    for (const [i, { s, seat, memory }] of moments(6, true).entries()) {
      const before = playouts.stats().playouts;
      const a = playouts.decide(view(s, seat), legalActions(s, seat), memory);
      if (playouts.stats().playouts > before) searched++;
      const t = redeal(s, seat, i + 1);
      expect(JSON.stringify(playouts.decide(view(t, seat), legalActions(t, seat), memory))).toBe(JSON.stringify(a));
    }
    expect(searched).toBeGreaterThan(3);
  });
  const expert = new ExpertPolicy({ steps: 2000 });
  for (const characters of [false, true]) {
    it(`decides the same when the hidden parts are dealt again (the look-ahead, characters ${characters ? 'on' : 'off'})`, () => {
      const ms = moments(8, characters);
      expect(ms.length).toBe(8);
      let searched = 0;
      for (const [i, { s, seat, memory }] of ms.entries()) {
        const t = redeal(s, seat, i + 1);
        expect(JSON.stringify(view(t, seat))).toBe(JSON.stringify(view(s, seat)));
        expect(JSON.stringify(t)).not.toBe(JSON.stringify(s));
        const before = expert.stats().playouts;
        const a = expert.decide(view(s, seat), legalActions(s, seat), memory);
        if (expert.stats().playouts > before) searched++;
        const b = expert.decide(view(t, seat), legalActions(t, seat), memory);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }
      // The moments are real searches, not the strong policy's answer passed on.
      expect(searched).toBeGreaterThan(4);
    });

    it(`samples worlds the seat's view could be a view of (characters ${characters ? 'on' : 'off'})`, () => {
      for (const [i, { s, seat, memory }] of moments(6, characters).entries()) {
        const v = view(s, seat);
        const w = sampleWorld(v, memory, seedRng(i + 7));
        expect(w).not.toBeNull();
        const wv = view(w!, seat);
        expect(wv.hand).toEqual(v.hand);
        expect(wv.players.map((p) => [p.handCount, p.intel, p.alive, p.locked])).toEqual(v.players.map((p) => [p.handCount, p.intel, p.alive, p.locked]));
        expect([wv.deck, wv.discard, wv.removed, wv.transit, wv.pending?.kind]).toEqual([v.deck, v.discard, v.removed, v.transit, v.pending?.kind]);
        expect(keys(w!, seat)).toEqual(keys(s, seat));
        expect(checkInvariants(w!).filter((x) => x.includes('places'))).toEqual([]);
      }
    });
  }
});

describe('the expert chooses its character', () => {
  it('by how often its players won at its kind of table (characterWin), the 初版 characters by theirs', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const expert = new ExpertPolicy();
    const strong = new StrongPolicy();
    let differs = 0;
    for (let seed = 0; seed < 12; seed++) {
      const s = newGame({ seed, players: names, options: { characters: true } }).state;
      for (const seat of waitingOn(s)) {
        const legal = legalActions(s, seat);
        expect(legal.map((a) => a.kind)).toEqual(['pickCharacter', 'pickCharacter']);
        const win = (a: (typeof legal)[number]) => characterWin({ players: 5 }, a.kind === 'pickCharacter' ? a.character : '')!;
        const a = expert.decide(view(s, seat), legal);
        expect(win(a)).toBe(Math.max(...legal.map(win)));
        if (a !== strong.decide(view(s, seat), legal)) differs++;
      }
      // The first-print set by its own table's rates (ai:fit --character-set classic).
      const c = newGame({ seed, players: names, options: { characters: true, characterSet: 'classic' } }).state;
      for (const seat of waitingOn(c)) {
        const legal = legalActions(c, seat);
        const win = (a: (typeof legal)[number]) => characterWin({ players: 5, characterSet: 'classic' }, a.kind === 'pickCharacter' ? a.character : '')!;
        expect(legal.every((a) => win(a) !== undefined)).toBe(true);
        expect(win(expert.decide(view(c, seat), legal))).toBe(Math.max(...legal.map(win)));
      }
    }
    expect(differs).toBeGreaterThan(5);
  });
});

describe('worlds with a face-down user of a skill on the stack', () => {
  it('give that seat a character with the skill, so the stack resolves (声东击西 turns 蝮蛇 face down)', () => {
    let found: { s: GameState; user: number } | null = null;
    for (let g = 0; !found && g < 400; g++) {
      let s = newGame({ seed: 900 + g, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true } }).state;
      const rng = seedRng(g);
      while (!s.result && !found) {
        const it = s.stack.find((x) => x.skill === '声东击西');
        if (it && s.pending?.kind === 'window' && !s.chars!.seats[it.user].faceUp) found = { s, user: it.user };
        const seats = waitingOn(s);
        const seat = seats[randInt(rng, seats.length)];
        const legal = legalActions(s, seat);
        const r = apply(s, legal[randInt(rng, legal.length)]);
        if (!r.ok) throw new Error(r.reason);
        s = r.state;
      }
    }
    expect(found).not.toBeNull();
    const { s, user } = found!;
    const seat = (user + 1) % s.players.length;
    const v = view(s, seat);
    expect(v.players[user].character).toBeUndefined();
    for (let i = 0; i < 20; i++) {
      const w = sampleWorld(v, newMemory(v), seedRng(i));
      expect(w).not.toBeNull();
      expect(w!.chars!.seats[user].name).toBe('蝮蛇');
      // Everyone passing resolves the stack through the user's character.
      expect(apply(w!, { kind: 'timeout' }).ok).toBe(true);
    }
  });
});

describe('worlds of a first-print game', () => {
  it('deal the hidden characters from the set in play and keep its victory intel (characterSet classic, victoryIntel 4)', () => {
    let s = newGame({ seed: 77, players: ['A', 'B', 'C', 'D', 'E'], options: { characters: true, characterSet: 'classic', victoryIntel: 4 } }).state;
    const rng = seedRng(77);
    for (let k = 0; k < 60 && !s.result; k++) {
      const seats = waitingOn(s);
      const legal = legalActions(s, seats[randInt(rng, seats.length)]);
      const r = apply(s, legal[randInt(rng, legal.length)]);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    expect(s.result).toBeNull();
    let dealt = 0;
    for (let seat = 0; seat < 5; seat++) {
      const v = view(s, seat);
      for (let i = 0; i < 5; i++) {
        const w = sampleWorld(v, newMemory(v), seedRng(i));
        if (!w) continue;
        dealt++;
        expect(w.options.characterSet).toBe('classic');
        expect(w.options.victoryIntel).toBe(4);
        for (const c of w.chars!.seats) expect(CHARACTER_SETS.classic).toContain(c.name);
      }
    }
    expect(dealt).toBeGreaterThan(5);
  });
});

describe('the search overrules the strong choice only when sure', () => {
  // Candidate 0 is the strong choice; each row is a candidate's value in the same worlds.
  it('keeps the strong choice when another is better by less than the margin', () => {
    expect(overrule([[0.5, 0.5, 0.5, 0.5], [0.52, 0.52, 0.52, 0.52]], 0)).toBe(0);
  });
  it('keeps it when the gain is within the noise of the paired differences', () => {
    // mean +0.25, standard error 0.25: one standard error, not OVERRULE_Z
    expect(overrule([[0, 0, 0, 0], [1, 0, 0, 0]], 0)).toBe(0);
  });
  it('overrules it when another wins clearly in the same worlds', () => {
    expect(overrule([[0, 0, 1, 0, 0, 0], [1, 1, 1, 1, 0, 1]], 0)).toBe(1);
    expect(overrule([[0.6, 0.6, 0.6], [0.2, 0.2, 0.2], [0.7, 0.7, 0.7]], 1)).toBe(2);
  });
  it('of several that beat it clearly, plays the best', () => {
    expect(overrule([[0, 0, 0, 0], [0.5, 0.5, 0.5, 0.5], [1, 1, 1, 1]], 0)).toBe(2);
  });
  it('compares a pruned candidate on the first worlds only, those it was played in', () => {
    // Candidate 1 was pruned after three worlds: against the strong choice's first three it is clearly better.
    expect(overrule([[0, 0, 0, 5, 5, 5], [1, 1, 1]], 0, 0.5, 2)).toBe(1);
    // Candidate 2 played all six and is no better than the strong choice over them.
    expect(overrule([[0, 0, 0, 5, 5, 5], [0, 0, 0], [1, 1, 1, 1, 1, 1]], 0, 0.5, 2)).toBe(0);
  });
});

describe('pruning: a candidate stops being played once it cannot overrule', () => {
  it('keeps one whose gain may still pass the margin, drops one clearly below it', () => {
    const base = [0, 0, 0, 0, 0, 0];
    expect(canOverrule([1, 1, 1, 1, 1, 1], base, 1)).toBe(true);
    expect(canOverrule([-3, -2, -3, -2, -3, -2], base, 0)).toBe(false);
    // Noisy: mean −0.5, standard error ≈ 1.1; mean + PRUNE_Z × se is above the margin 0.
    expect(canOverrule([-3, 2, -3, 2, -3, 2], base, 0)).toBe(true);
  });
  it('gives the worlds it saves to the others: a pruned search deals more worlds for the same budget', () => {
    const at = playUntil(21, (s, seat) => s.pending?.kind === 'send' && seat >= 0);
    expect(at).not.toBeNull();
    const { s, seat, mems } = at!;
    const legal = legalActions(s, seat);
    const plain = new ExpertPolicy({ steps: 120_000, prune: false });
    const pruned = new ExpertPolicy({ steps: 120_000, prune: true });
    plain.decide(view(s, seat), legal, mems[seat]);
    pruned.decide(view(s, seat), legal, mems[seat]);
    expect(pruned.stats().worlds).toBeGreaterThan(plain.stats().worlds);
  });
});

describe('worlds at a 试探 discard', () => {
  it('resolve the 试探 once: after the card is chosen the game goes on as the real one does', () => {
    let checked = 0;
    for (let g = 0; g < 40 && checked < 4; g++) {
      const at = playUntil(500 + g, (s) => s.pending?.kind === 'discard', g % 2 === 0);
      if (!at) continue;
      const { s, seat, mems } = at;
      const w = sampleWorld(view(s, seat), mems[seat], seedRng(g));
      expect(w).not.toBeNull();
      const a = legalActions(s, seat)[0];
      const real = apply(s, a);
      const dealt = apply(w!, a);
      if (!real.ok || !dealt.ok) throw new Error('a discard refused');
      // Not asked to discard again: the 试探 has left the stack, and the same 出牌阶段 goes on.
      expect(dealt.state.pending?.kind).toBe(real.state.pending?.kind);
      expect(dealt.state.stack.length).toBe(real.state.stack.length);
      expect(view(dealt.state, seat).pending?.step).toBe(view(real.state, seat).pending?.step);
      checked++;
    }
    expect(checked).toBe(4);
  });
});

describe('a faction seat at 9 players searches only windows (FACTION_WINDOWS_FROM)', () => {
  // Up to 12 faction seats' sends and takes of a strong-played game at `players`, each given to `ask`
  // (view, legal actions, memory); returns how many.
  const factionSends = (players: number, ask: (v: GameView, legal: readonly Action[], m: SeatMemory) => void) => {
    const strong = new StrongPolicy();
    let faction = 0;
    const start = newGame({ seed: 7001, players: 'ABCDEFGHI'.slice(0, players).split(''), options: { characters: true } });
    let s = start.state;
    let mems = s.players.map((_, i) => observeAll(newMemory(view(s, i)), start.events));
    const rng = seedRng(7);
    while (!s.result && faction < 12) {
      const seats = waitingOn(s);
      const seat = seats[randInt(rng, seats.length)];
      const legal = legalActions(s, seat);
      const v = view(s, seat);
      const kind = s.pending?.kind;
      if ((kind === 'send' || kind === 'receive') && legal.length > 1 && v.identity !== undefined && v.identity !== '打酱油的') {
        faction++;
        ask(v, legal, mems[seat]);
      }
      const r = apply(s, strong.decide(v, legal, mems[seat]));
      if (!r.ok) throw new Error(r.reason);
      mems = mems.map((m) => observeAll(m, r.events));
      s = r.state;
    }
    return faction;
  };

  it('sends and takes as the strong policy on its fitted reading, without a world dealt; with the rule off it searches them', () => {
    const expert = new ExpertPolicy({ steps: 200 });
    const everywhere = new ExpertPolicy({ steps: 200, factionWindowsFrom: 99 });
    const unsearched = new ExpertPolicy({ steps: 200, margin: 1e9 });
    const faction = factionSends(9, (v, legal, m) => {
      const before = expert.stats().worlds;
      expect(expert.decide(v, legal, m)).toBe(unsearched.decide(v, legal, m));
      expect(expert.stats().worlds).toBe(before);
      everywhere.decide(v, legal, m);
    });
    expect(faction).toBeGreaterThan(5);
    expect(everywhere.stats().worlds).toBeGreaterThan(0);
  });

  it('at 7 players a faction seat searches its sends and takes (a faction of three measured better so)', () => {
    const expert = new ExpertPolicy({ steps: 200 });
    const faction = factionSends(7, (v, legal, m) => {
      expert.decide(v, legal, m);
    });
    expect(faction).toBeGreaterThan(5);
    expect(expert.stats().worlds).toBeGreaterThan(0);
  });
});

describe('where it reads as the strong policy does (READ_AS_STRONG)', () => {
  // The first moment of a strong-played 千智风声 game at `players` where a seat with an identity has a choice.
  const firstChoice = (players: number) => {
    const at = playUntil(8101, (s, seat) => s.version > 40 && legalActions(s, seat).length > 1 && view(s, seat).identity !== undefined, true, { players, edition: 'qianzhi' });
    if (!at) throw new Error('no choice found');
    return { v: view(at.s, at.seat), m: at.mems[at.seat] };
  };
  type Reading = { reading(v: GameView, m: SeatMemory): SeatMemory };

  it('千智风声 at 6 players keeps the strong reading (its memory as it is); at 5 players it reads as fitted', () => {
    const expert = new ExpertPolicy({ steps: 200 }) as unknown as Reading;
    const six = firstChoice(6);
    expect(expert.reading(six.v, six.m)).toBe(six.m);
    const five = firstChoice(5);
    const read = expert.reading(five.v, five.m);
    expect(read).not.toBe(five.m);
    expect(read.beliefs).not.toBe(five.m.beliefs);
    // 提示's reason reads the table as the move does (the same function).
    expect(expertFit(six.v)).toBeUndefined();
    expect(expertFit(five.v)).toBeDefined();
  });
});

describe('how many standard errors an overrule needs (LOOK_Z_AT)', () => {
  // A moment of a strong-played game of this kind where a seat with an identity has a choice, its characters picked.
  const at = (table: { players: number; edition?: 'qianzhi'; characterSet?: 'classic' }) => {
    const m = playUntil(8201, (s, seat) => s.version > 40 && legalActions(s, seat).length > 1 && view(s, seat).identity !== undefined, true, table);
    if (!m) throw new Error('no choice found');
    return view(m.s, m.seat);
  };

  it('初版 at 5 players overrules at 1.5; the standard and 千智风声 5, 初版 7 and 9 at LOOK_Z (2); the options\' z everywhere', () => {
    expect(LOOK_Z).toBe(2);
    const expert = new ExpertPolicy({ steps: 200 });
    expect(expert.zAt(at({ players: 5, characterSet: 'classic' }))).toBe(1.5);
    for (const table of [{ players: 5 }, { players: 7 }, { players: 5, edition: 'qianzhi' as const }, { players: 7, characterSet: 'classic' as const }, { players: 9, characterSet: 'classic' as const }])
      expect(expert.zAt(at(table))).toBe(LOOK_Z);
    expect(new ExpertPolicy({ steps: 200, z: 3 }).zAt(at({ players: 5, characterSet: 'classic' }))).toBe(3);
    expect(new ExpertPolicy({ steps: 200, leaf: 'playout' }).zAt(at({ players: 5, characterSet: 'classic' }))).toBe(OVERRULE_Z);
  });
});
