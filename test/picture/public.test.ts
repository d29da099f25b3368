// The picture is drawn from the public view only: hidden parts of a state, dealt again, give the
// same picture byte for byte; a seat's own view is refused.
import { describe, expect, it } from 'vitest';
import { decider, view, type GameState } from '../../src/engine/index.js';
import { pictureInput, pictureKey } from '../../src/picture/input.js';
import { seededMoment } from '../../src/picture/moments.js';
import { drawTablePicture } from '../../src/picture/table.js';

/** Deals the hidden parts again: hands swapped with deck cards, the deck reordered, unseen identities and face-down characters swapped, a face-down intel in transit exchanged. */
function redeal(s: GameState): GameState {
  const r = structuredClone(s);
  const pub = view(s, null);
  r.deck.reverse();
  let d = 0;
  for (const p of r.players)
    for (let k = 0; k < p.hand.length && d < r.deck.length; k++, d++) [p.hand[k], r.deck[d]] = [r.deck[d], p.hand[k]];
  const hidden = pub.players.filter((p) => p.identity === undefined).map((p) => p.seat);
  for (let k = 0; k + 1 < hidden.length; k += 2) {
    const [a, b] = [r.players[hidden[k]], r.players[hidden[k + 1]]];
    [a.identity, b.identity] = [b.identity, a.identity];
  }
  if (r.chars) {
    const down = pub.players.filter((p) => p.character === undefined).map((p) => p.seat);
    for (let k = 0; k + 1 < down.length; k += 2) {
      const [a, b] = [r.chars.seats[down[k]], r.chars.seats[down[k + 1]]];
      [a.name, b.name] = [b.name, a.name];
    }
  }
  if (r.transit && !pub.transit?.card && d < r.deck.length) [r.transit.card, r.deck[d]] = [r.deck[d], r.transit.card];
  return r;
}

const MOMENTS = [
  { seed: 9, players: 3, actions: 153 },
  { seed: 6, players: 9, actions: 391 },
  { seed: 1, players: 5, actions: 251 },
  { seed: 21, players: 7, actions: 60 },
  { seed: 4, players: 6, actions: 200 },
];

const NONE = { ai: [], autopilot: [], decider: null };

describe('the table picture shows only the public view', () => {
  for (const m of MOMENTS) {
    it(`${m.players} players, seed ${m.seed}, ${m.actions} actions: a re-dealt state gives the same bytes`, () => {
      const { state } = seededMoment({ ...m, characters: true, edition: 'standard' });
      const other = redeal(state);
      // The re-deal really changed secrets.
      expect(other.players.map((p) => p.hand)).not.toEqual(state.players.map((p) => p.hand));
      const a = pictureInput('zh-CN', view(state, null), { ai: [1], autopilot: [2], decider: decider(state) });
      const b = pictureInput('zh-CN', view(other, null), { ai: [1], autopilot: [2], decider: decider(other) });
      expect(pictureKey(b)).toBe(pictureKey(a));
      expect(drawTablePicture(b).png.equals(drawTablePicture(a).png)).toBe(true);
    });
  }

  it("a seat's own view cannot be drawn", () => {
    const { state } = seededMoment({ seed: 9, players: 3, actions: 10, characters: true, edition: 'standard' });
    expect(() => pictureInput('zh-CN', view(state, 0), NONE)).toThrow(/public view/);
  });

  it('what the picture shows changes its key: a card face in transit, a seat tag, the language', () => {
    const { state } = seededMoment({ seed: 1, players: 5, actions: 251, characters: true, edition: 'standard' });
    const v = view(state, null);
    const base = pictureKey(pictureInput('zh-CN', v, NONE));
    expect(pictureKey(pictureInput('en', v, NONE))).not.toBe(base);
    expect(pictureKey(pictureInput('zh-CN', v, { ...NONE, autopilot: [3] }))).not.toBe(base);
    expect(pictureKey(pictureInput('zh-CN', { ...v, transit: v.transit && { ...v.transit, card: undefined } }, NONE))).not.toBe(base);
    // The version alone (every action bumps it) does not, nor who is still waited on in a
    // response window (rulings §7b: the table never shows it).
    expect(v.pending?.kind).toBe('window');
    expect(pictureKey(pictureInput('zh-CN', { ...v, pending: { ...v.pending!, waitingOn: [] } }, NONE))).toBe(base);
    expect(pictureKey(pictureInput('zh-CN', { ...v, version: v.version + 1 }, NONE))).toBe(base);
  });
});

describe('the play phase in the picture', () => {
  it('千智风声 names its one play phase 摸牌-出牌阶段, the standard edition 出牌阶段(1)', () => {
    const stepAt = (edition: 'qianzhi' | 'standard') => {
      for (let actions = 1; actions < 200; actions++) {
        const { state } = seededMoment({ seed: 3, players: 5, actions, characters: false, edition });
        if (state.pending?.kind === 'window' && state.pending.step === 'play1') return pictureInput('zh-CN', view(state, null), { ai: [], autopilot: [], decider: decider(state) }).pending!.step;
      }
      throw new Error('no play-phase window in 200 actions');
    };
    expect(stepAt('qianzhi')).toBe('play');
    expect(stepAt('standard')).toBe('play1');
  });
});

describe('a finished game', () => {
  it('is drawn where everything ended: no intel in transit, no stack, nothing waited on', () => {
    // A moment with intel in motion and cards on the stack, then ended there (as a death mid-resolution ends one).
    let moving: GameState | undefined;
    for (let actions = 20; actions < 400 && !moving; actions += 7) {
      const { state } = seededMoment({ seed: 3, players: 5, actions, characters: true, edition: 'standard' });
      if (state.transit && state.stack.length && !state.result) moving = state;
    }
    expect(moving, 'a moment with intel in transit and a stack').toBeDefined();
    const live = pictureInput('zh-CN', view(moving!, null), { ai: [], autopilot: [], decider: decider(moving!) });
    expect(live.transit).not.toBeNull();
    expect(live.stack.length).toBeGreaterThan(0);
    const ended: GameState = { ...structuredClone(moving!), result: { winners: [0], declarer: 0, draw: false, reason: 'faction' } };
    const over = pictureInput('zh-CN', view(ended, null), { ai: [], autopilot: [], decider: null });
    expect(over.transit).toBeNull();
    expect(over.stack).toEqual([]);
    expect(over.pending).toBeNull();
  });
});
