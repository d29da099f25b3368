// Events carry nothing their audience may not know (issue 16 §5): the sim's event check, and that it
// catches the leaks it is there for.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, newGame, waitingOn } from '../../src/engine/index.js';
import { randInt, seedRng } from '../../src/engine/rng.js';
import type { GameEvent, GameState } from '../../src/engine/types.js';
import { checkEvents } from '../../src/sim/invariants.js';
import { playRandomGame } from '../../src/sim/random-play.js';

/** Plays a seeded random game until `found` holds of a state; returns that state. */
function findState(found: (s: GameState) => boolean, characters = false): GameState {
  for (let seed = 1; seed < 400; seed++) {
    let s = newGame({ seed, players: ['A', 'B', 'C', 'D', 'E'], edition: 'standard', options: { characters } }).state;
    const rng = seedRng(seed);
    while (!s.result) {
      if (found(s)) return s;
      const seats = waitingOn(s);
      const acts = legalActions(s, seats[randInt(rng, seats.length)]);
      const r = apply(s, acts[randInt(rng, acts.length)]);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
  }
  throw new Error('no such state in 400 games');
}

describe('secrets in events', () => {
  it('random games with characters name no card an event audience cannot see', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const run = playRandomGame({ players: 5, seed, edition: 'standard', invariants: true, characters: true });
      expect(run.error).toBeUndefined();
      expect(run.violations).toEqual([]);
    }
  });

  it('flags the id of a face-down 试探 in a public event', () => {
    const s = findState((x) => x.stack.some((it) => it.as === '试探' && it.card >= 0));
    const it = s.stack.find((x) => x.as === '试探')!;
    const leak: GameEvent = { to: 'all', type: 'negate', seat: it.user, card: it.card, as: '试探' };
    expect(checkEvents(s, s, [leak])).toEqual([`event negate to all names card ${it.card}, which it cannot see`]);
    // Its user saw it: the same event to the user alone is no leak.
    expect(checkEvents(s, s, [{ ...leak, to: [it.user] }])).toEqual([]);
    // A bystander is told of it without its id.
    expect(checkEvents(s, s, [{ to: 'all', type: 'negate', seat: it.user, as: '试探' }])).toEqual([]);
  });

  it('flags face-down intel named in a public event, and a private showing sent to everyone', () => {
    const s = findState((x) => !!x.transit && !x.transit.faceUp);
    const card = s.transit!.card;
    expect(checkEvents(s, s, [{ to: 'all', type: 'intelDiscarded', card }])).toHaveLength(1);
    expect(checkEvents(s, s, [{ to: 'all', type: 'peek', seat: 0, card }])).toEqual(['event peek shows its cards to all, beyond the seats it names']);
    // A look by one who may look: fine; its event may go to nobody else.
    const other = [0, 1, 2, 3, 4].find((i) => !(s.transit!.known & (1 << i)))!;
    expect(checkEvents(s, s, [{ to: [other], type: 'peek', seat: other, card }])).toEqual([]);
    expect(checkEvents(s, s, [{ to: [other, (other + 1) % 5], type: 'peek', seat: other, card }])).toHaveLength(1);
  });

  it('counts a card an earlier event of the same action showed to everyone as public', () => {
    // sim --characters on --seed 21, game seed 4208896673: 潜藏伏击 put a black intel on the deck,
    // 真伪莫辨 dealt it face up to another player, then the 烧毁 still waiting on it burned it there.
    const run = playRandomGame({ players: 5, seed: 4208896673, edition: 'standard', invariants: true, characters: true });
    expect(run.violations).toEqual([]);
    const s = findState((x) => !!x.transit && !x.transit.faceUp);
    const card = s.transit!.card;
    const burned: GameEvent = { to: 'all', type: 'burned', seat: 0, card };
    expect(checkEvents(s, s, [burned])).toHaveLength(1);
    expect(checkEvents(s, s, [{ to: 'all', type: 'intel', seat: 0, card }, burned])).toEqual([]);
    // Shown to one seat only, it stays secret from the table.
    expect(checkEvents(s, s, [{ to: [0], type: 'peek', seat: 0, card }, burned])).toHaveLength(1);
  });

  it("a skill's public event never names the hand cards it will discard or place (偷龙转凤, 合谋, 揭露); the check catches it", () => {
    // The sim's game that first showed it (sim --games 400 --seed 1): 偷龙转凤 named its face-down discard to everyone.
    const run = playRandomGame({ players: 5, seed: 2654483275, edition: 'standard', invariants: true, characters: true });
    expect(run.error).toBeUndefined();
    expect(run.violations).toEqual([]);
    // The same event naming a hand card is flagged; to its user alone it is not.
    const s = findState((x) => x.players[0].hand.length > 0);
    const card = s.players[0].hand[0];
    const leak: GameEvent = { to: 'all', type: 'skill', seat: 0, skill: '偷龙转凤', cards: [card] };
    expect(checkEvents(s, s, [leak])).toEqual([`event skill to all names card ${card}, which it cannot see`]);
    expect(checkEvents(s, s, [{ ...leak, to: [0] }])).toEqual([]);
  });
});
