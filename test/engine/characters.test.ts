// Character choice (docs/rules.md §11) and what views show of characters.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn } from '../../src/engine/index.js';
import { CHARACTERS, CHARACTER_NAMES } from '../../src/engine/characters/index.js';
import type { GameState } from '../../src/engine/types.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));

function ok(s: GameState, a: Parameters<typeof apply>[1]): GameState {
  const r = apply(s, a);
  if (!r.ok) throw new Error(r.reason);
  return r.state;
}

describe('characters', () => {
  it('off by default: the game starts as before', () => {
    const { state } = newGame({ seed: 3, players: names(5) });
    expect(state.chars).toBeUndefined();
    expect(state.pending?.kind).toBe('window');
  });

  it('deals two different characters to each player, privately, and waits on everyone', () => {
    const { state, events } = newGame({ seed: 3, players: names(5), options: { characters: true } });
    expect(state.pending?.kind).toBe('chooseCharacter');
    expect(waitingOn(state)).toEqual([0, 1, 2, 3, 4]);
    const all = state.chars!.seats.flatMap((x) => x.offers);
    expect(new Set(all).size).toBe(10);
    for (let i = 0; i < 5; i++) {
      const offers = state.chars!.seats[i].offers;
      expect(offers).toHaveLength(2);
      expect(legalActions(state, i)).toEqual(offers.map((character) => ({ kind: 'pickCharacter', seat: i, character })));
      expect(view(state, i).offers).toEqual(offers);
      expect(view(state, i).identity).toBeUndefined();
    }
    expect(view(state, null).offers).toBeUndefined();
    expect(events.filter((e) => e.type === 'identity')).toHaveLength(0);
    expect(events.filter((e) => e.type === 'characterOffer').every((e) => Array.isArray(e.to) && e.to.length === 1)).toBe(true);
  });

  it('deals from the characters that exist at every table size', () => {
    for (let n = 3; n <= 9; n++) {
      const { state } = newGame({ seed: n, players: names(n), options: { characters: true } });
      for (const x of state.chars!.seats) {
        expect(x.offers).toHaveLength(2);
        expect(x.offers[0]).not.toBe(x.offers[1]);
        for (const c of x.offers) expect(CHARACTER_NAMES).toContain(c);
      }
    }
  });

  it('everyone picks; hidden characters start face down and only their owner sees them', () => {
    let s = newGame({ seed: 5, players: names(5), options: { characters: true } }).state;
    for (let i = 0; i < 5; i++) s = ok(s, { kind: 'pickCharacter', seat: i, character: s.chars!.seats[i].offers[1] });
    expect(s.pending?.kind).toBe('window');
    for (let i = 0; i < 5; i++) {
      const name = s.chars!.seats[i].name!;
      const hidden = CHARACTERS[name].hidden;
      expect(name).toBe(s.chars!.seats[i].offers[1]);
      expect(s.chars!.seats[i].faceUp).toBe(!hidden);
      expect(view(s, i).players[i].character).toBe(name);
      expect(view(s, i).identity).toBe(s.players[i].identity);
      const seen = hidden ? undefined : name;
      for (let j = 0; j < 5; j++) if (j !== i) expect(view(s, j).players[i].character).toBe(seen);
      expect(view(s, null).players[i].character).toBe(seen);
      expect(view(s, null).players[i].gender).toBe(hidden ? undefined : CHARACTERS[name].gender);
    }
  });

  it('a timeout picks the first character offered for whoever has not chosen', () => {
    let s = newGame({ seed: 8, players: names(4), options: { characters: true } }).state;
    s = ok(s, { kind: 'pickCharacter', seat: 2, character: s.chars!.seats[2].offers[1] });
    s = ok(s, { kind: 'timeout' });
    expect(s.chars!.seats.map((x) => x.name)).toEqual([0, 1, 2, 3].map((i) => s.chars!.seats[i].offers[i === 2 ? 1 : 0]));
    expect(s.pending?.kind).toBe('window');
  });

  it('refuses a character not offered, and a second pick', () => {
    let s = newGame({ seed: 8, players: names(4), options: { characters: true } }).state;
    const other = CHARACTER_NAMES.find((c) => !s.chars!.seats[0].offers.includes(c))!;
    const r = apply(s, { kind: 'pickCharacter', seat: 0, character: other });
    expect(r.ok).toBe(false);
    s = ok(s, { kind: 'pickCharacter', seat: 0, character: s.chars!.seats[0].offers[0] });
    expect(apply(s, { kind: 'pickCharacter', seat: 0, character: s.chars!.seats[0].offers[1] }).ok).toBe(false);
  });
});
