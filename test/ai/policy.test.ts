// The policy contract: decisions come from the seat's view, legal actions and memory only, so
// two states that look the same from a seat give the same decision; and random is the baseline.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, view, waitingOn } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { GameState } from '../../src/engine/types.js';
import { makePolicy, newMemory, observeAll, playPolicyGame, randomPolicy, StrongPolicy, type SeatMemory } from '../../src/ai/index.js';
import { gameSeed, playRandomGame } from '../../src/sim/random-play.js';

/** A state that differs from `s` only in what `seat` cannot see. */
function disguise(s: GameState, seat: number, seed: number): GameState {
  const rng = seedRng(seed);
  const t: GameState = JSON.parse(JSON.stringify(s));
  // Shuffle the deck.
  for (let i = t.deck.length - 1; i > 0; i--) {
    const j = randInt(rng, i + 1);
    [t.deck[i], t.deck[j]] = [t.deck[j], t.deck[i]];
  }
  // Swap hand cards between other players and the deck (hand sizes stay).
  for (let p = 0; p < t.players.length; p++) {
    if (p === seat) continue;
    const h = t.players[p].hand;
    for (let k = 0; k < h.length && t.deck.length > 0; k++) {
      if (randInt(rng, 2)) continue;
      const d = randInt(rng, t.deck.length);
      [h[k], t.deck[d]] = [t.deck[d], h[k]];
    }
  }
  // Swap the identities of two other players whose identity this seat cannot see.
  const seen = view(s, seat).players;
  const hidden = t.players.map((_, i) => i).filter((i) => i !== seat && seen[i].identity === undefined);
  if (hidden.length >= 2) {
    const a = hidden[randInt(rng, hidden.length)];
    const b = hidden[randInt(rng, hidden.length)];
    [t.players[a].identity, t.players[b].identity] = [t.players[b].identity, t.players[a].identity];
  }
  return t;
}

describe('random policy', () => {
  it('with the game generator it plays exactly the simulator\'s random games', () => {
    for (let i = 0; i < 6; i++) {
      for (const players of [3, 5, 9]) {
        const seed = gameSeed(3, i);
        const characters = i % 2 === 1;
        const a = playRandomGame({ players, seed, edition: 'standard', invariants: false, characters });
        const b = playPolicyGame({ players, seed, options: { characters }, seats: (_s, _id, rng) => randomPolicy({ rng }) });
        expect(b.actions).toBe(a.actions);
        expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      }
    }
  });

  it('without a generator it is seeded from the view', () => {
    const s = newGame({ seed: 5, players: ['A', 'B', 'C', 'D', 'E'] }).state;
    const seat = waitingOn(s)[0];
    const p = makePolicy('random');
    const legal = legalActions(s, seat);
    expect(p.decide(view(s, seat), legal)).toBe(p.decide(view(s, seat), legal));
  });
});

describe('strong policy: same view, same decision', () => {
  it('decides alike in states that look the same from its seat, and never reads more', () => {
    const strong = new StrongPolicy();
    let checked = 0;
    let differentStates = 0;
    for (let g = 0; g < 4; g++) {
      const players = [3, 5, 7][g % 3];
      const seed = gameSeed(11, g);
      const start = newGame({ seed, players: Array.from({ length: players }, (_, i) => `P${i}`), options: { characters: g % 2 === 0 } });
      let state = start.state;
      const mem: SeatMemory[] = state.players.map((_, i) => observeAll(newMemory(view(state, i)), start.events));
      const rng = seedRng(seed);
      let steps = 0;
      while (!state.result && steps++ < 3000) {
        const seats = waitingOn(state);
        const seat = seats[randInt(rng, seats.length)];
        const legal = legalActions(state, seat);
        const v = view(state, seat);
        const a = strong.decide(v, legal, mem[seat]);
        expect(legal).toContain(a);
        if (steps % 11 === 0) {
          const other = disguise(state, seat, seed + steps);
          if (JSON.stringify(other) !== JSON.stringify(state)) differentStates++;
          const v2 = view(other, seat);
          const legal2 = legalActions(other, seat);
          expect(v2).toEqual(v);
          expect(legal2).toEqual(legal);
          const b = strong.decide(v2, legal2, mem[seat]);
          expect(b).toEqual(a);
          // and again on the very same arguments
          expect(strong.decide(v, legal, mem[seat])).toBe(a);
          checked++;
        }
        const r = apply(state, a);
        if (!r.ok) throw new Error(r.reason);
        state = r.state;
        for (let i = 0; i < mem.length; i++) mem[i] = observeAll(mem[i], r.events);
      }
      expect(state.result).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(50);
    expect(differentStates).toBeGreaterThan(checked / 2);
  });
});
